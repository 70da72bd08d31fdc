import { MessageBar, MessageBarBody, makeStyles, mergeClasses, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowSyncRegular, BoxArrowUpRegular, ReceiptRegular, TaskListLtrRegular } from '@fluentui/react-icons';
import type { MarketplacePlatform } from '@tradepost/shared/schemas/connections.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { formatDuration, operationLabels } from '../../../features/batch-operations/batch-labels.ts';
import { BatchProgress, BatchStatusBadge } from '../../../features/batch-operations/batch-progress.tsx';
import { ConnectionLine, NotConnected, ReconnectNotice } from '../../../features/batch-operations/marketplace-gate.tsx';
import { useRefreshOnFinishedBatches } from '../../../features/batch-operations/use-batch-operations.ts';
import { useMarketplaceOverview } from '../../../features/batch-operations/use-marketplace-pages.ts';
import { formatMoney } from '../../../features/catalog/money.ts';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { ButtonLink, RouterLink } from '../../../features/navigation/router-link.tsx';
import { saleNumberLabel } from '../../../features/sales/sale-model.ts';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: '20px', minWidth: 0 },
  account: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '8px 16px' },
  accountText: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
    gap: '12px',
    margin: 0,
  },
  figure: {
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    padding: '14px 16px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  figureLabel: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  figureValue: { ...typographyStyles.title3, margin: 0, fontVariantNumeric: 'tabular-nums' },
  warn: { color: tokens.colorPaletteRedForeground1 },
  links: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
  batch: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(180px, 280px)',
    gap: '8px 16px',
    alignItems: 'center',
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  batches: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '14px' },
  batchTitle: { ...typographyStyles.body1Strong, display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  sub: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, display: 'block' },
});

const texts = {
  shopify: {
    title: 'Shopify',
    sync: '/shopify-sync',
    description: 'Your Shopify store at a glance: what is listed, what sold, and the latest batch work.',
  },
  square: {
    title: 'Square Dashboard',
    sync: '/square-sync',
    description: 'Your Square catalog at a glance: what is listed, what sold through Square, and the latest batch work.',
  },
} as const;

function Figure({ label, value, warn = false }: { label: string; value: string | number; warn?: boolean }) {
  const styles = useStyles();
  return (
    <div className={styles.figure}>
      <dt className={styles.figureLabel}>{label}</dt>
      <dd className={mergeClasses(styles.figureValue, warn && styles.warn)}>{value}</dd>
    </div>
  );
}

function MarketplaceOverviewPage({ platform }: { platform: Exclude<MarketplacePlatform, 'ebay'> }) {
  const styles = useStyles();
  const table = useTableStyles();
  const scope = useBusinessScope();
  useRefreshOnFinishedBatches(scope);
  const overview = useMarketplaceOverview(scope, platform);
  const text = texts[platform];
  const currency = scope?.currency ?? 'USD';
  const data = overview.data;

  return (
    <AppPage title={text.title} description={text.description} wide>
      {overview.isPending ? (
        <p className={styles.muted}>
          <Spinner size="tiny" aria-hidden="true" /> Loading…
        </p>
      ) : overview.isError || data === undefined ? (
        <LoadFailed subject="The overview" onRetry={() => void overview.refetch()} retrying={overview.isFetching} />
      ) : data.connection === null || data.connection.status === 'disconnected' ? (
        <NotConnected platform={platform} what="its listings, orders and batches" />
      ) : (
        <div className={styles.body}>
          <ReconnectNotice platform={platform} connection={data.connection} />
          <div className={styles.account}>
            <ConnectionLine platform={platform} connection={data.connection} />
            <p className={styles.accountText}>
              {data.connection.last_sync_at ? `Last checked ${formatWhen(data.connection.last_sync_at)}` : 'Not checked yet'}
            </p>
          </div>
          {data.connection.last_error ? (
            <MessageBar intent="warning">
              <MessageBarBody>Last problem: {data.connection.last_error}</MessageBarBody>
            </MessageBar>
          ) : null}
          <dl className={styles.figures} aria-label="Figures">
            <Figure label="Active listings" value={data.counts.active} />
            <Figure label="Sizes listed" value={data.listed_variants} />
            <Figure label="Units offered" value={data.units_listed} />
            <Figure
              label="Listings with errors"
              value={data.counts.error + data.variant_errors}
              warn={data.counts.error + data.variant_errors > 0}
            />
            <Figure label="Sales, 30 days" value={data.sales_30d} />
            <Figure label="Revenue, 30 days" value={formatMoney(data.revenue_30d_cents, currency)} />
          </dl>
          <div className={styles.links}>
            <ButtonLink to={text.sync} appearance="primary" icon={<ArrowSyncRegular />}>
              Sync products
            </ButtonLink>
            <ButtonLink to="/create-products-from-listings" appearance="secondary" icon={<BoxArrowUpRegular />}>
              Import {text.title.split(' ')[0]} listings
            </ButtonLink>
            {data.open_failed_orders > 0 ? (
              <ButtonLink to="/failed-orders" appearance="secondary">
                {data.open_failed_orders} failed {data.open_failed_orders === 1 ? 'order' : 'orders'} to fix
              </ButtonLink>
            ) : null}
          </div>

          <PageSection id="orders" title="Recent orders" icon={<ReceiptRegular />}>
            {data.recent_orders.length === 0 ? (
              <p className={styles.muted}>No orders from {text.title.split(' ')[0]} yet. They appear here as soon as they arrive.</p>
            ) : (
              <DataTable
                label="Recent orders"
                head={
                  <>
                    <th className={table.th}>Date</th>
                    <th className={table.th}>Sale</th>
                    <th className={mergeClasses(table.th, table.num)}>Units</th>
                    <th className={mergeClasses(table.th, table.num)}>Total</th>
                    <th className={table.th}>Status</th>
                  </>
                }
              >
                {data.recent_orders.map((order) => (
                  <tr key={order.id}>
                    <td className={mergeClasses(table.td, table.nowrap)}>{formatWhen(order.ordered_at)}</td>
                    <td className={table.td}>
                      <RouterLink to={`/sales?sale=${order.id}`}>{saleNumberLabel(order.number)}</RouterLink>
                      {order.external_order_id ? <span className={styles.sub}>{order.external_order_id}</span> : null}
                    </td>
                    <td className={mergeClasses(table.td, table.num)}>{order.units}</td>
                    <td className={mergeClasses(table.td, table.num)}>{formatMoney(order.total_cents, currency)}</td>
                    <td className={table.td}>{order.status}</td>
                  </tr>
                ))}
              </DataTable>
            )}
          </PageSection>

          <PageSection
            id="batches"
            title="Recent batches"
            icon={<TaskListLtrRegular />}
            aside={<RouterLink to={`/batch-operations?platform=${platform}`}>All batches</RouterLink>}
          >
            {data.recent_batches.length === 0 ? (
              <p className={styles.muted}>No batch work yet. Select products on the sync page to list them or push stock.</p>
            ) : (
              <ul className={styles.batches}>
                {data.recent_batches.map((batch) => (
                  <li key={batch.id} className={styles.batch}>
                    <div>
                      <span className={styles.batchTitle}>
                        <RouterLink to={`/batch-operations/debug/${batch.id}`}>
                          {operationLabels[batch.operation_type]} · {batch.total} {batch.total === 1 ? 'item' : 'items'}
                        </RouterLink>
                        <BatchStatusBadge status={batch.status} />
                      </span>
                      <span className={styles.sub}>
                        {formatWhen(batch.created_at)} · {formatDuration(batch.duration_ms)}
                      </span>
                    </div>
                    <BatchProgress batch={batch} />
                  </li>
                ))}
              </ul>
            )}
          </PageSection>
        </div>
      )}
    </AppPage>
  );
}

/** shopify (behind the Shopify-enabled guard). */
export function ShopifyPage() {
  return <MarketplaceOverviewPage platform="shopify" />;
}

/** square-dashboard. */
export function SquareDashboardPage() {
  return <MarketplaceOverviewPage platform="square" />;
}
