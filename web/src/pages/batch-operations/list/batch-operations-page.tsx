import { Button, Field, makeStyles, Select, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { TaskListLtrRegular } from '@fluentui/react-icons';
import type { BatchFilters } from '@tradepost/shared/query/batch-operations.ts';
import {
  type BatchOperationType,
  type BatchStatus,
  batchOperationTypes,
  batchStatuses,
} from '@tradepost/shared/schemas/batch-operations.ts';
import { type MarketplacePlatform, marketplacePlatforms } from '@tradepost/shared/schemas/connections.ts';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useSearchParams } from 'react-router-dom';
import { batchStatusLabels, formatDuration, operationLabels } from '../../../features/batch-operations/batch-labels.ts';
import { BatchProgress, BatchStatusBadge } from '../../../features/batch-operations/batch-progress.tsx';
import { useBatchList, useRefreshOnFinishedBatches } from '../../../features/batch-operations/use-batch-operations.ts';
import { platformLabels } from '../../../features/connections/connection-labels.ts';
import { EmptyState } from '../../../features/layout/empty-state.tsx';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { RouterLink } from '../../../features/navigation/router-link.tsx';
import { useBatchUpdates } from '../../../features/realtime/use-batch-updates.ts';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { batchTitle } from '../batch-title.ts';

const useStyles = makeStyles({
  filters: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 200px))',
    gap: '12px',
    alignItems: 'end',
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1.4fr) minmax(200px, 1fr) 150px',
    gap: '8px 20px',
    alignItems: 'center',
    padding: '14px 4px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    '@media (max-width: 760px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  title: { ...typographyStyles.body1Strong, display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  sub: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, display: 'block', marginTop: '2px' },
  rate: {
    ...typographyStyles.body1,
    textAlign: 'end',
    fontVariantNumeric: 'tabular-nums',
    '@media (max-width: 760px)': { textAlign: 'start' },
  },
  live: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, margin: 0 },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
  more: { alignSelf: 'center', marginTop: '12px' },
});

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

const streamLabels = {
  connected: 'Live',
  connecting: 'Connecting…',
  disconnected: 'Not live',
  error: 'Not live: refreshing every few seconds',
} as const;

/** batch-operations: every batch, newest first, with live progress bars, status and success rate. */
export function BatchOperationsPage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  useRefreshOnFinishedBatches(scope);
  const { connection } = useBatchUpdates();
  const [params, setParams] = useSearchParams();
  const filters: BatchFilters = {
    status: pick<BatchStatus>(params.get('status'), batchStatuses),
    platform: pick<MarketplacePlatform>(params.get('platform'), marketplacePlatforms),
    operation_type: pick<BatchOperationType>(params.get('type'), batchOperationTypes),
  };
  const list = useBatchList(scope, filters);
  const batches = list.data?.pages.flatMap((page) => page.batches) ?? [];
  const filtered = Object.values(filters).some((value) => value !== undefined);

  const update = (key: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  return (
    <AppPage
      title="Batch Operations"
      description="Bulk listing, relisting, ending, price and quantity changes on your marketplaces. Each runs in the background within the platform's limits; open one to see every item's request and answer."
      wide
    >
      <PageSection
        id="batches"
        title="Batches"
        icon={<TaskListLtrRegular />}
        aside={
          <p className={styles.live} aria-live="polite">
            {streamLabels[connection]}
          </p>
        }
      >
        <div className={styles.filters}>
          <Field label="Status">
            <Select value={filters.status ?? ''} onChange={(_, d) => update('status', d.value)}>
              <option value="">All statuses</option>
              {batchStatuses.map((s) => (
                <option key={s} value={s}>
                  {batchStatusLabels[s]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Marketplace">
            <Select value={filters.platform ?? ''} onChange={(_, d) => update('platform', d.value)}>
              <option value="">All marketplaces</option>
              {marketplacePlatforms.map((p) => (
                <option key={p} value={p}>
                  {platformLabels[p]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Operation">
            <Select value={filters.operation_type ?? ''} onChange={(_, d) => update('type', d.value)}>
              <option value="">All operations</option>
              {batchOperationTypes.map((t) => (
                <option key={t} value={t}>
                  {operationLabels[t]}
                </option>
              ))}
            </Select>
          </Field>
        </div>

        {list.isPending ? (
          <p className={styles.muted}>
            <Spinner size="tiny" aria-hidden="true" /> Loading batches…
          </p>
        ) : list.isError ? (
          <LoadFailed subject="The batches" onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : batches.length === 0 ? (
          <EmptyState
            title={filtered ? 'No batch matches these filters' : 'No batch operations yet'}
            actions={filtered ? undefined : <RouterLink to="/ebay-listings">Go to eBay Listings</RouterLink>}
          >
            {filtered
              ? 'Choose another status, marketplace or operation.'
              : 'Select products (on Products, eBay Listings or a sync page) and choose an action: it runs here as a batch.'}
          </EmptyState>
        ) : (
          <ul className={styles.list} aria-label="Batch operations">
            {batches.map((batch) => (
              <li key={batch.id} className={styles.row}>
                <div>
                  <span className={styles.title}>
                    <RouterLink to={`/batch-operations/debug/${batch.id}`}>
                      {batchTitle(batch)} · {batch.total.toLocaleString()} {batch.total === 1 ? 'item' : 'items'}
                    </RouterLink>
                    <BatchStatusBadge status={batch.status} />
                  </span>
                  <span className={styles.sub}>
                    {formatWhen(batch.created_at)}
                    {batch.created_by ? ` · by ${batch.created_by.name}` : ''}
                  </span>
                </div>
                <BatchProgress batch={batch} />
                <div className={styles.rate}>
                  {batch.succeeded.toLocaleString()} done · {batch.failed.toLocaleString()} failed
                  <span className={styles.sub}>{formatDuration(batch.duration_ms)}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage ? (
          <Button className={styles.more} onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        ) : null}
      </PageSection>
    </AppPage>
  );
}
