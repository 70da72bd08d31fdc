import { makeStyles, Skeleton, SkeletonItem, tokens, typographyStyles } from '@fluentui/react-components';
import { ReceiptRegular } from '@fluentui/react-icons';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { formatMoney } from '../catalog/money.ts';
import { channelKindLabels } from '../channels/channel-labels.ts';
import { Sensitive } from '../demo-mode/sensitive.tsx';
import { LoadFailed } from '../layout/load-failed.tsx';
import { ButtonLink, RouterLink } from '../navigation/router-link.tsx';
import { SaleStatusBadge, saleItemsSummary } from '../retail/sale-status-badge.tsx';
import { useSaleList } from '../retail/use-sales.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    padding: '20px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    minWidth: 0,
    '@media (max-width: 600px)': { padding: '16px' },
  },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px', flexWrap: 'wrap' },
  title: { ...typographyStyles.subtitle2, margin: 0 },
  empty: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '10px',
    padding: '16px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  emptyText: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  // Wide enough to read; on a phone the table scrolls sideways instead of squeezing this into a column of words.
  items: { minWidth: '220px', maxWidth: '320px', overflowWrap: 'anywhere' },
  loss: { color: tokens.colorPaletteRedForeground1 },
  rows: { display: 'flex', flexDirection: 'column', gap: '10px' },
});

/** The latest 20 sales (a spec §7 warm-up call), newest first. */
export function RecentSales({ scope }: { scope: BusinessScope | undefined }) {
  const styles = useStyles();
  const table = useTableStyles();
  const sales = useSaleList(scope, { limit: 20 });
  const items = sales.data?.items ?? [];

  return (
    <section className={styles.card} aria-labelledby="recent-sales">
      <div className={styles.head}>
        <h2 id="recent-sales" className={styles.title}>
          Recent sales
        </h2>
        {items.length > 0 ? <RouterLink to="/sales">All sales</RouterLink> : null}
      </div>
      {sales.isPending ? (
        <Skeleton aria-label="Loading recent sales" className={styles.rows}>
          {['a', 'b', 'c', 'd'].map((key) => (
            <SkeletonItem key={key} size={24} />
          ))}
        </Skeleton>
      ) : sales.isError ? (
        <LoadFailed subject="Recent sales" onRetry={() => void sales.refetch()} retrying={sales.isFetching} />
      ) : items.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyText}>No sales yet. Your first counter sale takes a scan and a click.</p>
          <ButtonLink to="/retail/sales" appearance="primary" icon={<ReceiptRegular />}>
            Open the point of sale
          </ButtonLink>
        </div>
      ) : (
        <DataTable
          label="The latest sales, newest first"
          head={
            <>
              <th className={table.th}>Sale</th>
              <th className={table.th}>When</th>
              <th className={table.th}>Channel</th>
              <th className={table.th}>Customer</th>
              <th className={table.th}>Items</th>
              <th className={`${table.th} ${table.num}`}>Total</th>
              <th className={`${table.th} ${table.num}`}>Profit</th>
              <th className={table.th}>Status</th>
            </>
          }
        >
          {items.map((sale) => (
            <tr key={sale.id}>
              <td className={`${table.td} ${table.nowrap}`}>#{sale.number}</td>
              <td className={`${table.td} ${table.nowrap}`}>{formatWhen(sale.created_at)}</td>
              <td className={`${table.td} ${table.nowrap}`}>{channelKindLabels[sale.channel.kind]}</td>
              <td className={table.td}>
                {sale.customer === null ? <span className={table.muted}>—</span> : <Sensitive kind="name">{sale.customer.name}</Sensitive>}
              </td>
              <td className={`${table.td} ${styles.items}`}>{saleItemsSummary(sale)}</td>
              <td className={`${table.td} ${table.num}`}>
                <Sensitive kind="money">{formatMoney(sale.totals.total_cents, sale.currency)}</Sensitive>
              </td>
              <td className={`${table.td} ${table.num} ${sale.totals.profit_cents < 0 ? styles.loss : ''}`}>
                <Sensitive kind="money">{formatMoney(sale.totals.profit_cents, sale.currency)}</Sensitive>
              </td>
              <td className={table.td}>
                <SaleStatusBadge status={sale.status} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
