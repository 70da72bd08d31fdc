import { Button, makeStyles, mergeClasses, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import { useDebouncedValue } from '@tradepost/shared/ui/use-debounced-value.ts';
import { memo, type RefObject, useRef, useState } from 'react';
import { formatMoney } from '../../../features/catalog/money.ts';
import { productMeta } from '../../../features/catalog/product-picker.tsx';
import { ProductSearchBox } from '../../../features/catalog/product-search-box.tsx';
import { useLastAnswer, useProductSearch } from '../../../features/catalog/use-products.ts';
import { useStockAt } from '../../../features/inventory/use-stock-at.ts';
import type { CartItem } from '../../../features/retail/cart-model.ts';
import { cartItems } from '../../../features/retail/pos-items.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  status: {
    ...typographyStyles.body1,
    margin: 0,
    color: tokens.colorNeutralForeground3,
    display: 'flex',
    gap: '8px',
    alignItems: 'center',
  },
  caption: {
    ...typographyStyles.caption1Strong,
    margin: 0,
    color: tokens.colorNeutralForeground3,
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
  },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  product: {
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    padding: '12px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  title: { ...typographyStyles.body1Strong, margin: 0, color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
  meta: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  sizes: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(92px, 1fr))',
    gap: '6px',
    margin: 0,
    padding: 0,
    border: 'none',
    minWidth: 0,
  },
  size: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '2px',
    height: 'auto',
    minHeight: '64px',
    padding: '6px 4px',
    minWidth: 0,
  },
  sizeLabel: { ...typographyStyles.title2, lineHeight: '1.1', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  sizePrice: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground2, fontVariantNumeric: 'tabular-nums' },
  sizeStock: { ...typographyStyles.caption2, color: tokens.colorNeutralForeground3 },
  none: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
  noPrice: { color: tokens.colorPaletteDarkOrangeForeground1 },
});

type PosSearchProps = {
  /** Where the sale leaves from: sizes show what is available there. */
  locationId: string | null;
  scope: BusinessScope | undefined;
  /** Enter in the box: the page decides (an exact code, or the only size in stock); true when it added, which clears the box. */
  onSubmit: (text: string, shown: readonly Product[]) => Promise<boolean>;
  onAdd: (item: CartItem) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The box's label and hint (the trade panel has two boxes). */
  label?: string;
  hint?: string;
  /** Focus the box on mount (the point of sale); a panel among others leaves focus alone. */
  autoFocus?: boolean;
  /** Scans typed while the box has focus stay in it (a page without its own scan handler). */
  scanField?: boolean;
  /** `in_stock`: only sizes with stock here (selling); `all`: every size (taking items in). */
  sizes?: 'in_stock' | 'all';
  /** Show recently updated products while the box is empty (else nothing until something is typed). */
  showRecent?: boolean;
};

/**
 * Search the catalog at the counter: each product shows its sizes in stock as big buttons that add
 * one unit. The typed text lives here, so a keystroke re-renders the box, not the cart: a scanner's
 * burst must not be slowed into looking like a person typing.
 */
export function PosSearch({
  scope,
  locationId,
  onSubmit,
  onAdd,
  inputRef,
  label = 'Find an item',
  hint = 'Scan a barcode anywhere on this page, or type a title, style code or SKU and press Enter.',
  autoFocus = true,
  scanField = false,
  sizes = 'in_stock',
  showRecent = true,
}: PosSearchProps) {
  const styles = useStyles();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, 150);
  const search = useProductSearch(scope, q, 8);
  const shown = useLastAnswer(search.data);
  const products = shown.data?.items;
  const stockHere = useStockAt(
    scope,
    (products ?? []).flatMap((product) => product.variants.map((v) => v.id)),
    locationId,
  );
  const firstSize = useRef<HTMLButtonElement | null>(null);

  return (
    <div className={styles.root}>
      {/* ArrowDown in the box moves to the first size button. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only listens to keys of the input inside */}
      <div
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && firstSize.current !== null) {
            event.preventDefault();
            firstSize.current.focus();
          }
        }}
      >
        <ProductSearchBox
          value={text}
          onChange={setText}
          onSubmit={(value) => {
            void onSubmit(value, products ?? []).then((added) => {
              if (added) setText('');
            });
          }}
          label={label}
          hint={hint}
          inputRef={inputRef}
          scanner
          scanField={scanField}
          autoFocus={autoFocus}
        />
      </div>
      {!showRecent && q.trim() === '' ? null : products === undefined ? (
        <p className={styles.status}>
          <Spinner size="tiny" aria-hidden="true" /> Searching…
        </p>
      ) : products.length === 0 ? (
        <p className={styles.status}>
          {q.trim() === '' ? 'Your catalog is empty. Add products first, then sell them here.' : `Nothing matches “${q.trim()}”.`}
        </p>
      ) : (
        <PosResults
          products={products}
          stockHere={stockHere.data}
          recent={q.trim() === ''}
          busy={search.isFetching || shown.previous}
          currency={scope?.currency ?? 'USD'}
          onAdd={onAdd}
          firstSize={firstSize}
          allSizes={sizes === 'all'}
        />
      )}
    </div>
  );
}

type PosResultsProps = {
  products: readonly Product[];
  /** Available at the location the sale leaves from; until it loads, the total across locations. */
  stockHere: ReadonlyMap<string, number> | undefined;
  recent: boolean;
  busy: boolean;
  currency: string;
  onAdd: (item: CartItem) => void;
  firstSize: RefObject<HTMLButtonElement | null>;
  /** Every size, stock or not (taking items in). */
  allSizes?: boolean;
};

/** The matches; memoised so typing does not redraw every size button. */
const PosResults = memo(function PosResults({
  products,
  stockHere,
  recent,
  busy,
  currency,
  onAdd,
  firstSize,
  allSizes = false,
}: PosResultsProps) {
  const styles = useStyles();
  return (
    <>
      <p className={styles.caption}>{recent ? 'Recently updated' : 'Matches'}</p>
      <ul className={styles.list} aria-label="Products" aria-busy={busy}>
        {products.map((product, productIndex) => {
          const available = new Map(product.variants.map((v) => [v.id, stockHere?.get(v.id) ?? (stockHere ? 0 : v.available)]));
          const items = cartItems(product).filter((item) => allSizes || (available.get(item.variantId) ?? 0) > 0);
          return (
            <li key={product.id} className={styles.product}>
              <div>
                <p className={styles.title}>{product.title}</p>
                <p className={styles.meta}>{productMeta(product) || product.category}</p>
              </div>
              {items.length === 0 ? (
                <span className={styles.none}>
                  {allSizes ? 'No sizes yet' : stockHere ? 'No stock here in any size' : 'No stock in any size'}
                </span>
              ) : (
                <fieldset className={styles.sizes} aria-label={`Sizes of ${product.title}`}>
                  {items.map((item, i) => (
                    <Button
                      key={item.variantId}
                      ref={productIndex === 0 && i === 0 ? firstSize : undefined}
                      className={styles.size}
                      title={`Add ${item.title}, ${item.size}`}
                      onClick={() => onAdd(item)}
                    >
                      {/* The name a screen reader hears starts with what the button does, then what is on it. */}
                      <span className={styles.hidden}>Add {product.title}, size </span>
                      <span className={styles.sizeLabel}>{item.shortSize}</span>{' '}
                      <span className={mergeClasses(styles.sizePrice, item.priceCents === null && styles.noPrice)}>
                        {item.priceCents === null ? 'No price' : formatMoney(item.priceCents, currency)}
                      </span>{' '}
                      <span className={styles.sizeStock}>
                        {available.get(item.variantId) ?? 0} {stockHere ? 'here' : 'left'}
                      </span>
                    </Button>
                  ))}
                </fieldset>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
});
