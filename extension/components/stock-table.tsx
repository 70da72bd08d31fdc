import { makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components';
import { formatMoney } from '@tradepost/shared/ui/money.ts';
import type { ProductStock } from '../lib/stock-view.ts';

const useStyles = makeStyles({
  scroller: {
    overflowX: 'auto',
    maxHeight: '240px',
    overflowY: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  // Columns as wide as their content (location names vary), scrolling sideways when they do not fit.
  table: { minWidth: '100%', tableLayout: 'auto' },
  number: { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  headerText: { whiteSpace: 'nowrap' },
  numberHeader: { justifyContent: 'flex-end', whiteSpace: 'nowrap' },
  header: { position: 'sticky', top: 0, backgroundColor: tokens.colorNeutralBackground1, zIndex: 1 },
  current: {
    backgroundColor: tokens.colorBrandBackground2,
    fontWeight: tokens.fontWeightSemibold,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalS },
});

/**
 * Stock of one product: a row per size, a column per location that holds some, then what is
 * available in all and the average cost. The listing's own size is highlighted.
 */
export function StockTable({ stock, currentVariantId }: { stock: ProductStock; currentVariantId?: string | null }) {
  const styles = useStyles();
  if (stock.rows.length === 0) {
    return <Text className={styles.empty}>No sizes yet: add them to the product in Tradepost.</Text>;
  }
  return (
    <div className={styles.scroller}>
      <Table size="extra-small" className={styles.table} aria-label={`Stock of ${stock.product.title} by size and location`}>
        <TableHeader className={styles.header}>
          <TableRow>
            <TableHeaderCell button={{ className: styles.headerText }}>Size</TableHeaderCell>
            {stock.locations.map((location) => (
              <TableHeaderCell key={location.id} button={{ className: styles.numberHeader }}>
                {location.name}
              </TableHeaderCell>
            ))}
            <TableHeaderCell button={{ className: styles.numberHeader }}>Available</TableHeaderCell>
            <TableHeaderCell button={{ className: styles.numberHeader }}>Cost</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {stock.rows.map((row) => {
            const current = row.variant_id === currentVariantId;
            return (
              <TableRow key={row.variant_id} className={current ? styles.current : undefined} aria-current={current ? 'true' : undefined}>
                <TableCell>{row.size}</TableCell>
                {stock.locations.map((location) => {
                  const level = row.levels[location.id];
                  return (
                    <TableCell key={location.id} className={styles.number}>
                      {level === undefined ? <span className={styles.muted}>–</span> : level.on_hand}
                    </TableCell>
                  );
                })}
                <TableCell className={styles.number}>{row.available}</TableCell>
                <TableCell className={styles.number}>
                  {row.cost_cents === null ? <span className={styles.muted}>–</span> : formatMoney(row.cost_cents, stock.currency)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
