import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { type HighestBidRow, highestBidBasisLabels } from '@tradepost/shared/schemas/highest-bid.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatMoney } from '@tradepost/shared/ui/money.ts';

const useStyles = makeStyles({
  title: { ...typographyStyles.body1Strong, display: 'block' },
  caption: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, display: 'block' },
  bid: { ...typographyStyles.body1Strong, fontSize: tokens.fontSizeBase400 },
});

/** The report's rows: one per size, the bid in bold with what it rests on. */
export function HighestBidTable({ rows, currency }: { rows: readonly HighestBidRow[]; currency: string }) {
  const styles = useStyles();
  const table = useTableStyles();
  const money = (cents: number | null) => (cents === null ? <span className={table.muted}>—</span> : formatMoney(cents, currency));
  return (
    <DataTable
      label="Highest bid per size"
      head={
        <>
          <th className={table.th}>Product</th>
          <th className={table.th}>Size</th>
          <th className={`${table.th} ${table.num}`}>On hand</th>
          <th className={`${table.th} ${table.num}`}>Our price</th>
          <th className={`${table.th} ${table.num}`}>Last sale</th>
          <th className={`${table.th} ${table.num}`}>90-day sales</th>
          <th className={`${table.th} ${table.num}`}>Highest bid</th>
          <th className={table.th}>Basis</th>
        </>
      }
    >
      {rows.map((row) => (
        <tr key={row.variant_id}>
          <td className={table.td}>
            <span className={styles.title}>{row.product_title}</span>
            {row.style_code === null ? null : <span className={styles.caption}>{row.style_code}</span>}
          </td>
          <td className={`${table.td} ${table.nowrap}`}>{row.size_label}</td>
          <td className={`${table.td} ${table.num}`}>{row.on_hand}</td>
          <td className={`${table.td} ${table.num}`}>{money(row.price_cents)}</td>
          <td className={`${table.td} ${table.num}`}>
            {money(row.last_sale_cents)}
            {row.recent_average_cents !== null && row.recent_sales_count > 1 ? (
              <span className={styles.caption}>
                avg of {row.recent_sales_count}: {formatMoney(row.recent_average_cents, currency)}
              </span>
            ) : null}
          </td>
          <td className={`${table.td} ${table.num}`}>{row.sales_90d}</td>
          <td className={`${table.td} ${table.num}`}>
            {row.highest_bid_cents === null ? (
              <span className={table.muted}>No price yet</span>
            ) : (
              <strong className={styles.bid}>{formatMoney(row.highest_bid_cents, currency)}</strong>
            )}
          </td>
          <td className={`${table.td} ${table.nowrap}`}>
            {row.basis === null ? <span className={table.muted}>—</span> : highestBidBasisLabels[row.basis]}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
