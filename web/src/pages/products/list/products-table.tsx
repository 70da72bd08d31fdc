import { Badge, Checkbox, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import type { ProductRow } from '@tradepost/shared/schemas/catalog.ts';
import type { RowSelectionState } from '@tradepost/shared/ui/row-selection.ts';
import { type CSSProperties, type MouseEvent, useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { conditionText, statusLabels } from '../../../features/catalog/product-labels.ts';
import { SizeStockChips } from '../../../features/catalog/size-stock-chips.tsx';
import { WindowedRows } from '../../../features/catalog/windowed-rows.tsx';
import { PhotoThumb } from '../../../features/media/photo-thumb.tsx';
import { RouterLink } from '../../../features/navigation/router-link.tsx';
import { useNarrowViewport } from '../../../features/shell/use-narrow-viewport.ts';

const WIDE_ROW = 60;
const NARROW_ROW = 118;

const useStyles = makeStyles({
  table: {
    display: 'block',
    borderCollapse: 'collapse',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    minWidth: 0,
  },
  grid: {
    display: 'grid',
    // Title and brand first: at 1280 px a title like "adidas Samba OG Cloud White" and a brand such
    // as "New Balance" whole; the sizes column says "+N" for what it cannot hold.
    gridTemplateColumns: '32px minmax(0, 3.7fr) minmax(0, 1fr) minmax(0, 1.25fr) minmax(0, 2fr) 64px 72px 120px',
    alignItems: 'center',
    columnGap: '12px',
    padding: '0 16px',
    boxSizing: 'border-box',
  },
  head: {
    ...typographyStyles.caption1Strong,
    textAlign: 'start',
    height: '40px',
    color: tokens.colorNeutralForeground3,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
  },
  th: { textAlign: 'start', padding: 0, fontWeight: 'inherit', whiteSpace: 'nowrap' },
  thead: { display: 'block' },
  row: {
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
  },
  chosen: {
    backgroundColor: tokens.colorBrandBackground2,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover },
  },
  check: { display: 'flex', alignItems: 'center', marginInlineStart: '-8px' },
  cardCheck: { position: 'absolute', top: '6px', right: '6px' },
  titleLink: {
    ...typographyStyles.body1Strong,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    ':hover': { textDecorationLine: 'underline' },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px', borderRadius: tokens.borderRadiusSmall },
  },
  titleLine: { display: 'flex', alignItems: 'center', gap: '6px', minWidth: 0 },
  badge: { flexShrink: 0 },
  cell: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', ...typographyStyles.body1 },
  number: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  thNumber: { textAlign: 'end' },
  productCell: { display: 'flex', alignItems: 'center', gap: '12px', minWidth: 0 },
  thumb: { width: '40px', fontSize: '18px' },
  titleCell: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  title: { ...typographyStyles.body1Strong, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  sub: {
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground3,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: '12px', justifyContent: 'flex-end', whiteSpace: 'nowrap' },
  card: {
    cursor: 'pointer',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    gap: '6px',
    padding: '0 44px 0 14px',
    boxSizing: 'border-box',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    minWidth: 0,
  },
  cardLine: { display: 'flex', alignItems: 'center', gap: '12px', minWidth: 0, justifyContent: 'space-between' },
  figures: {
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground2,
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
});

const sum = (product: ProductRow, key: 'on_hand' | 'available') => product.sizes.reduce((total, stock) => total + stock[key], 0);
export const configureLink = (product: ProductRow) => `/products/${encodeURIComponent(product.id)}/configure`;
const stockLink = (product: ProductRow) => `/inventory/adjustments?product=${encodeURIComponent(product.id)}`;
const ledgerLink = (product: ProductRow) => `/inventory/debug?product=${encodeURIComponent(product.id)}`;

type ProductsTableProps = {
  products: readonly ProductRow[];
  total: number;
  onNearEnd: () => void;
  /** The rows chosen for a bulk action (the page's one selection). */
  selection: RowSelectionState;
};

/**
 * The catalog as a table whose rows exist only while in view (fixed row height, page scroll), so
 * scrolling through thousands of loaded products stays smooth. Narrow screens get a card per row.
 * A row opens the product's configure screen; its title is the keyboard's way there.
 */
export function ProductsTable({ products, total, onNearEnd, selection }: ProductsTableProps) {
  const styles = useStyles();
  const narrow = useNarrowViewport();
  const navigate = useNavigate();
  const nearEnd = useCallback(() => onNearEnd(), [onNearEnd]);
  const open = (product: ProductRow) => (event: MouseEvent<HTMLTableRowElement>) => {
    // Links and buttons inside the row do their own thing; a text selection is not a click.
    if ((event.target as HTMLElement).closest('a, button, input, label, [data-row-check]') !== null || window.getSelection()?.toString())
      return;
    navigate(configureLink(product));
  };

  const title = (product: ProductRow) => {
    const condition = conditionText(product.condition, product.grade);
    return (
      <span className={styles.titleLine} title={product.title}>
        <RouterLink to={configureLink(product)} className={styles.titleLink}>
          {product.title}
        </RouterLink>
        {product.status === 'active' ? null : (
          <Badge className={styles.badge} size="small" appearance="tint" color={product.status === 'archived' ? 'subtle' : 'warning'}>
            {statusLabels[product.status]}
          </Badge>
        )}
        {condition === null ? null : (
          <Badge className={styles.badge} size="small" appearance="tint" color="informative">
            {condition}
          </Badge>
        )}
      </span>
    );
  };

  const check = (product: ProductRow, className: string) => (
    <td className={className} data-row-check="">
      <Checkbox
        checked={selection.isSelected(product.id)}
        aria-label={`Select ${product.title}`}
        onClick={selection.onCheckboxClick}
        onChange={() => selection.onCheckboxChange(product.id)}
      />
    </td>
  );

  const actions = (product: ProductRow) => (
    <>
      <RouterLink to={stockLink(product)}>
        Add stock<span className={styles.hidden}> to {product.title}</span>
      </RouterLink>
      <RouterLink to={ledgerLink(product)}>
        Ledger<span className={styles.hidden}> of {product.title}</span>
      </RouterLink>
    </>
  );

  const wideRow = (product: ProductRow, index: number, style: CSSProperties) => (
    <tr
      aria-rowindex={index + 2}
      aria-selected={selection.isSelected(product.id)}
      data-row-id={product.id}
      className={mergeClasses(styles.grid, styles.row, selection.isSelected(product.id) && styles.chosen)}
      style={style}
      onClick={open(product)}
    >
      {check(product, styles.check)}
      <td className={styles.productCell}>
        <PhotoThumb image={product.image} alt="" className={styles.thumb} />
        <span className={styles.titleCell}>
          {title(product)}
          <span className={styles.sub}>{product.colorway ?? product.category}</span>
        </span>
      </td>
      <td className={mergeClasses(styles.cell, styles.code, product.style_code === null && styles.muted)}>{product.style_code ?? '—'}</td>
      <td className={mergeClasses(styles.cell, product.brand === null && styles.muted)} title={product.brand ?? undefined}>
        {product.brand ?? '—'}
      </td>
      <td className={styles.cell}>
        <SizeStockChips sizeFormat={product.size_format} sizes={product.sizes} />
      </td>
      <td className={mergeClasses(styles.cell, styles.number)}>{sum(product, 'on_hand')}</td>
      <td className={mergeClasses(styles.cell, styles.number)}>{sum(product, 'available')}</td>
      <td className={styles.actions}>{actions(product)}</td>
    </tr>
  );

  const narrowRow = (product: ProductRow, index: number, style: CSSProperties) => (
    <tr
      aria-rowindex={index + 2}
      aria-selected={selection.isSelected(product.id)}
      data-row-id={product.id}
      className={mergeClasses(styles.card, selection.isSelected(product.id) && styles.chosen)}
      style={style}
      onClick={open(product)}
    >
      {check(product, styles.cardCheck)}
      <td className={styles.productCell}>
        <PhotoThumb image={product.image} alt="" className={styles.thumb} />
        <span className={styles.titleCell}>
          {title(product)}
          <span className={styles.sub}>{[product.style_code, product.brand].filter(Boolean).join(' · ') || product.category}</span>
        </span>
      </td>
      <td className={styles.cell}>
        <SizeStockChips sizeFormat={product.size_format} sizes={product.sizes} />
      </td>
      <td className={styles.cardLine}>
        <span className={styles.figures}>
          {sum(product, 'on_hand')} on hand · {sum(product, 'available')} available
        </span>
        <span className={styles.actions}>{actions(product)}</span>
      </td>
    </tr>
  );

  return (
    <table aria-label="Products" aria-rowcount={total + 1} className={styles.table} onKeyDown={selection.onKeyDown}>
      <thead className={narrow ? styles.hidden : styles.thead}>
        <tr aria-rowindex={1} className={mergeClasses(styles.grid, styles.head)}>
          <th scope="col" className={mergeClasses(styles.th, styles.check)}>
            <Checkbox
              checked={selection.pageState}
              aria-label={`Select all ${products.length} shown`}
              onChange={selection.togglePage}
              disabled={products.length === 0}
            />
          </th>
          <th scope="col" className={styles.th}>
            Title
          </th>
          <th scope="col" className={styles.th}>
            Style code
          </th>
          <th scope="col" className={styles.th}>
            Brand
          </th>
          <th scope="col" className={styles.th}>
            Sizes in stock
          </th>
          <th scope="col" className={mergeClasses(styles.th, styles.thNumber)}>
            On hand
          </th>
          <th scope="col" className={mergeClasses(styles.th, styles.thNumber)}>
            Available
          </th>
          <th scope="col" className={mergeClasses(styles.th, styles.thNumber)}>
            <span className={styles.hidden}>Actions</span>
          </th>
        </tr>
      </thead>
      <WindowedRows
        as="tbody"
        items={products}
        rowHeight={narrow ? NARROW_ROW : WIDE_ROW}
        getKey={(product) => product.id}
        renderRow={narrow ? narrowRow : wideRow}
        onNearEnd={nearEnd}
      />
    </table>
  );
}
