import { Button, makeStyles, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { AppPage } from '@tradepost/shared/ui/page-frame.tsx';
import { NoMarketplaceConnected } from '../../features/batch-operations/marketplace-gate.tsx';
import { useEventDeliveries } from '../../features/events/use-event-deliveries.ts';
import { LoadFailed } from '../../features/layout/load-failed.tsx';
import { useBusinessScope } from '../../features/session/use-business-scope.ts';
import { sinceText } from '../../features/sync/sync-format.ts';
import { useSyncHealth } from '../../features/sync/use-sync-health.ts';
import { ConnectionHealthCard } from './connection-health-card.tsx';
import { EventDeliveriesSection } from './event-deliveries-section.tsx';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '16px' },
  status: {
    ...typographyStyles.body1,
    display: 'flex',
    gap: '8px',
    alignItems: 'center',
    margin: 0,
    color: tokens.colorNeutralForeground3,
  },
});

/**
 * sync-health: per marketplace, whether sync works and what is waiting, failing or out of step; then
 * whether Tradepost's own changes reached the sync at all (shown with or without a marketplace, since
 * a change is handed over either way).
 */
export function SyncHealthPage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const health = useSyncHealth(scope);
  const deliveries = useEventDeliveries(scope, 'problems');
  const fetching = health.isFetching || deliveries.isFetching;

  return (
    <AppPage
      title="Sync Health"
      description="Whether each marketplace hears about your stock and sales: last success, errors, queued work, quantities that differ and the notifications it sends."
      wide
      actions={
        <Button
          icon={fetching ? <Spinner size="tiny" /> : <ArrowClockwiseRegular />}
          onClick={() => {
            void health.refetch();
            void deliveries.refetch();
          }}
          disabled={fetching}
        >
          Refresh
        </Button>
      }
    >
      {health.isPending ? (
        <p className={styles.status}>
          <Spinner size="tiny" aria-hidden="true" /> Loading sync health…
        </p>
      ) : health.isError ? (
        <LoadFailed subject="Sync health" onRetry={() => void health.refetch()} retrying={health.isFetching} />
      ) : health.data.connections.length === 0 ? (
        <NoMarketplaceConnected>
          Once eBay, Shopify or Square is connected, its sync shows here as soon as the first listing or sale goes through.
        </NoMarketplaceConnected>
      ) : (
        <>
          <p className={styles.status} aria-live="polite">
            Updated {sinceText(health.data.generated_at)}; refreshes every 30 seconds.
          </p>
          <div className={styles.list}>
            {health.data.connections.map((connection) => (
              <ConnectionHealthCard key={connection.connection_id} health={connection} />
            ))}
          </div>
        </>
      )}
      <EventDeliveriesSection deliveries={deliveries} />
    </AppPage>
  );
}
