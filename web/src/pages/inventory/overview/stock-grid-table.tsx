import { Button, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { compareSizeLabels } from '@tradepost/shared/domain/sizes/size-order.ts';
import type { StockGrid, StockGridCell, StockGridSize } from '@tradepost/shared/schemas/inventory-grid.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatCount } from '../../../features/inventory/inventory-figures.tsx';
import { RouterLink } from '../../../features/navigation/router-link.tsx';

const useStyles = makeStyles({
  // A row's header cell reads like the other cells: plain weight, at the start.
  rowHead: { fontWeight: tokens.fontWeightRegular, textAlign: 'start' },
  product: { display: 'flex', alignItems: 'flex-start', gap: '4px', minWidth: '180px' },
  toggle: { flexShrink: 0, minWidth: '24px' },
  toggleSpacer: { display: 'inline-block', width: '24px', flexShrink: 0 },
  title: { ...typographyStyles.body1Strong, display: 'block' },
  sub: { ...typographyStyles.caption1, display: 'block', color: tokens.colorNeutralForeground3 },
  sizeRow: { backgroundColor: tokens.colorNeutralBackground2 },
  size: { paddingInlineStart: '38px', whiteSpace: 'nowrap' },
  sizeLabel: { ...typographyStyles.body1Strong },
  sku: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, marginInlineStart: '8px' },
  available: { ...typographyStyles.caption1, display: 'block', color: tokens.colorNeutralForeground3 },
  strong: { fontWeight: tokens.fontWeightSemibold },
  totals: { backgroundColor: tokens.colorNeutralBackground3, fontWeight: tokens.fontWeightSemibold },
  totalColumn: { borderLeftWidth: '1px', borderLeftStyle: 'solid', borderLeftColor: tokens.colorNeutralStroke2 },
});

/** Sizes as people count them (9, 9.5, 10 … 4Y after 13.5C), whatever order they came in. */
export const sizesInOrder = (sizes: readonly StockGridSize[]): StockGridSize[] =>
  [...sizes].sort((a, b) => compareSizeLabels(a.size, b.size) || a.sku.localeCompare(b.sku));

/** Units on hand, and beneath them the available ones when orders hold some. A zero is quiet. */
function Figure({ cell, strong = false }: { cell: StockGridCell; strong?: boolean }) {
  const styles = useStyles();
  const table = useTableStyles();
  return (
    <>
      <span className={cell.on_hand === 0 ? table.muted : strong ? styles.strong : undefined}>{formatCount(cell.on_hand)}</span>
      {cell.available === cell.on_hand ? null : <span className={styles.available}>{formatCount(cell.available)} available</span>}
    </>
  );
}

type StockGridTableProps = {
  grid: StockGrid;
  /** Products whose sizes show beneath them. */
  expanded: ReadonlySet<string>;
  onToggle: (productId: string) => void;
};

/**
 * Products × locations: each product's units per location and in all, its sizes beneath it when
 * opened, and a last row with every column's units over the whole filter (not just this page).
 */
export function StockGridTable({ grid, expanded, onToggle }: StockGridTableProps) {
  const styles = useStyles();
  const table = useTableStyles();
  const num = mergeClasses(table.td, table.num);
  const totalNum = mergeClasses(table.td, table.num, styles.totalColumn);
  const products = grid.totals.products;
  return (
    <DataTable
      label={`Stock by location: ${formatCount(products)} ${products === 1 ? 'product' : 'products'}`}
      head={
        <>
          <th className={table.th} scope="col">
            Product
          </th>
          {grid.locations.map((location) => (
            <th key={location.id} className={mergeClasses(table.th, table.num)} scope="col">
              {location.name}
              {location.archived ? ' (archived)' : ''}
            </th>
          ))}
          <th className={mergeClasses(table.th, table.num, styles.totalColumn)} scope="col">
            Total
          </th>
        </>
      }
    >
      {grid.rows.flatMap((row) => {
        const open = expanded.has(row.product_id);
        const details = [row.brand, row.style_code].filter((part) => part !== null && part !== '').join(' · ');
        const sizeCount = `${row.sizes.length} ${row.sizes.length === 1 ? 'size' : 'sizes'}`;
        const lines = [
          <tr key={row.product_id}>
            <th className={mergeClasses(table.td, styles.rowHead)} scope="row">
              <div className={styles.product}>
                {row.sizes.length > 0 ? (
                  <Button
                    className={styles.toggle}
                    size="small"
                    appearance="subtle"
                    icon={open ? <ChevronDownRegular /> : <ChevronRightRegular />}
                    aria-expanded={open}
                    aria-label={`${open ? 'Hide' : 'Show'} sizes of ${row.title}`}
                    onClick={() => onToggle(row.product_id)}
                  />
                ) : (
                  <span className={styles.toggleSpacer} />
                )}
                <span>
                  <RouterLink className={styles.title} to={`/products/${row.product_id}/configure`}>
                    {row.title}
                  </RouterLink>
                  <span className={styles.sub}>
                    {details === '' ? sizeCount : `${details} · ${sizeCount}`}
                    {row.status === 'archived' ? ' · archived' : ''}
                  </span>
                </span>
              </div>
            </th>
            {row.cells.map((cell, index) => (
              <td key={grid.locations[index]?.id ?? index} className={num}>
                <Figure cell={cell} />
              </td>
            ))}
            <td className={totalNum}>
              <Figure cell={row.total} strong />
            </td>
          </tr>,
        ];
        if (open) {
          for (const size of sizesInOrder(row.sizes)) {
            lines.push(
              <tr key={size.variant_id} className={styles.sizeRow}>
                <th className={mergeClasses(table.td, styles.rowHead, styles.size)} scope="row">
                  <span className={styles.sizeLabel}>{size.size}</span> <span className={styles.sku}>{size.sku}</span>
                </th>
                {size.cells.map((cell, index) => (
                  <td key={grid.locations[index]?.id ?? index} className={num}>
                    <Figure cell={cell} />
                  </td>
                ))}
                <td className={totalNum}>
                  <Figure cell={size.total} />
                </td>
              </tr>,
            );
          }
        }
        return lines;
      })}
      <tr className={styles.totals}>
        <th className={mergeClasses(table.td, styles.rowHead, styles.strong)} scope="row">
          All {formatCount(products)} {products === 1 ? 'product' : 'products'}
        </th>
        {grid.locations.map((location) => (
          <td key={location.id} className={num}>
            <Figure cell={location.total} strong />
          </td>
        ))}
        <td className={totalNum}>
          <Figure cell={grid.totals} strong />
        </td>
      </tr>
    </DataTable>
  );
}
