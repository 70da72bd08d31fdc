import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  makeStyles,
  mergeClasses,
  Spinner,
  Tab,
  TabList,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowLeftRegular } from '@fluentui/react-icons';
import type { BatchItemStatus } from '@tradepost/shared/schemas/batch-operations.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { type KeyboardEvent, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { apiFormErrors } from '../../../features/account/api-form-errors.ts';
import { formatDuration, formatRate } from '../../../features/batch-operations/batch-labels.ts';
import { BatchProgress, BatchStatusBadge, ItemStatusBadge } from '../../../features/batch-operations/batch-progress.tsx';
import {
  ITEM_PAGE_SIZE,
  useBatch,
  useBatchItem,
  useRefreshOnFinishedBatches,
  useRetryFailedItems,
} from '../../../features/batch-operations/use-batch-operations.ts';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { batchTitle } from '../batch-title.ts';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: '20px', minWidth: 0 },
  summary: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(220px, 360px)',
    gap: '16px 24px',
    alignItems: 'center',
    '@media (max-width: 760px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  facts: { display: 'flex', flexWrap: 'wrap', gap: '8px 24px', margin: 0 },
  fact: { display: 'flex', flexDirection: 'column', gap: '2px' },
  factLabel: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  factValue: { ...typographyStyles.body1Strong, margin: 0 },
  split: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1.3fr) minmax(0, 1fr)',
    gap: '20px',
    alignItems: 'start',
    '@media (max-width: 960px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  row: {
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  error: {
    ...typographyStyles.caption1,
    color: tokens.colorPaletteRedForeground1,
    display: 'block',
    maxWidth: '320px',
    overflowWrap: 'anywhere',
  },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  inspector: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0, position: 'sticky', top: '16px' },
  jsonTitle: { ...typographyStyles.subtitle2, margin: 0 },
  json: {
    margin: 0,
    padding: '12px',
    maxHeight: '360px',
    overflow: 'auto',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
  pager: { display: 'flex', justifyContent: 'space-between', gap: '8px', flexWrap: 'wrap', marginTop: '8px' },
});

type Filter = BatchItemStatus | 'all';
const filters: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'failed', label: 'Failed' },
  { value: 'succeeded', label: 'Done' },
  { value: 'pending', label: 'Waiting' },
  { value: 'sending', label: 'Sending' },
];

/** The selected item's exact request and the platform's answer. */
function ItemInspector({ batchId, seq }: { batchId: string; seq: number | null }) {
  const styles = useStyles();
  const scope = useBusinessScope();
  const item = useBatchItem(scope, batchId, seq);
  if (seq === null) return <p className={styles.muted}>Select an item to see the request sent for it and the answer.</p>;
  if (item.isPending)
    return (
      <p className={styles.muted}>
        <Spinner size="tiny" aria-hidden="true" /> Loading item {seq}…
      </p>
    );
  if (item.isError) return <LoadFailed subject={`Item ${seq}`} onRetry={() => void item.refetch()} retrying={item.isFetching} />;
  const detail = item.data;
  return (
    <section className={styles.inspector} aria-label={`Item ${seq}: request and response`}>
      <p className={styles.jsonTitle}>
        #{detail.seq} {detail.label}
      </p>
      <p className={styles.muted}>
        <ItemStatusBadge status={detail.status} /> {detail.attempts} {detail.attempts === 1 ? 'attempt' : 'attempts'} · updated{' '}
        {formatWhen(detail.updated_at)}
      </p>
      {detail.error ? <span className={styles.error}>{detail.error}</span> : null}
      <h3 className={styles.jsonTitle}>Request</h3>
      <pre className={styles.json}>{detail.request === null ? 'Not sent yet.' : JSON.stringify(detail.request, null, 2)}</pre>
      <h3 className={styles.jsonTitle}>Response</h3>
      <pre className={styles.json}>{detail.response === null ? 'No answer yet.' : JSON.stringify(detail.response, null, 2)}</pre>
    </section>
  );
}

/** batch-operations/debug/:batchId: every item's status, attempts and error; one item's request and response; retry the failed ones. */
export function BatchDebugPage() {
  const styles = useStyles();
  const table = useTableStyles();
  const { batchId = '' } = useParams();
  const scope = useBusinessScope();
  useRefreshOnFinishedBatches(scope);
  const [params, setParams] = useSearchParams();
  const filter = (filters.find((f) => f.value === params.get('status'))?.value ?? 'all') as Filter;
  const seqParam = Number(params.get('item'));
  const selected = Number.isInteger(seqParam) && seqParam > 0 ? seqParam : null;
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const after = cursors.at(-1) ?? null;
  const detail = useBatch(scope, batchId, filter, after);
  const retry = useRetryFailedItems(scope);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === 'all') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, seq: number) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      update({ item: String(seq) });
    }
  };
  const back = (
    <ButtonLink to="/batch-operations" appearance="subtle" icon={<ArrowLeftRegular />}>
      Batch Operations
    </ButtonLink>
  );

  if (detail.isPending && detail.data === undefined)
    return (
      <AppPage title="Batch" actions={back}>
        <p className={styles.muted}>
          <Spinner size="tiny" aria-hidden="true" /> Loading the batch…
        </p>
      </AppPage>
    );
  if (detail.data === undefined)
    return (
      <AppPage title="Batch" actions={back}>
        <MessageBar intent="error">
          <MessageBarBody>This batch could not be found. Go back to the list of batch operations.</MessageBarBody>
        </MessageBar>
      </AppPage>
    );

  const { batch, items, next_cursor: nextCursor } = detail.data;
  const running = batch.status === 'queued' || batch.status === 'running';
  const refusal = retry.error ? (apiFormErrors(retry.error, [], 'The failed items could not be retried.').general ?? null) : null;
  return (
    <AppPage
      title={batchTitle(batch)}
      description={`${batch.total.toLocaleString()} ${batch.total === 1 ? 'item' : 'items'}, started ${formatWhen(batch.created_at)}${
        batch.created_by ? ` by ${batch.created_by.name}` : ''
      }.`}
      wide
      actions={back}
    >
      <div className={styles.body}>
        <div className={styles.summary}>
          <dl className={styles.facts}>
            <div className={styles.fact}>
              <dt className={styles.factLabel}>Status</dt>
              <dd className={styles.factValue}>
                <BatchStatusBadge status={batch.status} />
              </dd>
            </div>
            <div className={styles.fact}>
              <dt className={styles.factLabel}>Succeeded</dt>
              <dd className={styles.factValue}>{batch.succeeded.toLocaleString()}</dd>
            </div>
            <div className={styles.fact}>
              <dt className={styles.factLabel}>Failed</dt>
              <dd className={styles.factValue}>{batch.failed.toLocaleString()}</dd>
            </div>
            <div className={styles.fact}>
              <dt className={styles.factLabel}>Success rate</dt>
              <dd className={styles.factValue}>{formatRate(batch.success_rate)}</dd>
            </div>
            <div className={styles.fact}>
              <dt className={styles.factLabel}>Duration</dt>
              <dd className={styles.factValue}>{formatDuration(batch.duration_ms)}</dd>
            </div>
          </dl>
          <BatchProgress batch={batch} label="Progress" />
        </div>
        {batch.failed > 0 && !running ? (
          <MessageBar intent="warning" layout="multiline">
            <MessageBarBody>
              {batch.failed.toLocaleString()} {batch.failed === 1 ? 'item' : 'items'} failed. Fix the cause shown on each (
              {batch.platform === null
                ? 'a size without a price, a price that would fall to 0'
                : 'reconnect, a missing price, a listing ended on the platform'}
              ), then retry only those: the others keep their result.
            </MessageBarBody>
            <MessageBarActions>
              <Button
                appearance="primary"
                icon={retry.isPending ? <Spinner size="tiny" /> : <ArrowClockwiseRegular />}
                disabledFocusable={retry.isPending}
                onClick={() => retry.mutate(batch.id)}
              >
                Retry failed items
              </Button>
            </MessageBarActions>
          </MessageBar>
        ) : null}
        {refusal ? (
          <MessageBar intent="error">
            <MessageBarBody>{refusal}</MessageBarBody>
          </MessageBar>
        ) : null}

        <PageSection
          id="items"
          title="Items"
          description={
            batch.platform === null
              ? 'Select an item to see exactly what was asked of it and what changed.'
              : 'Select an item to see exactly what was sent for it and what the platform answered.'
          }
        >
          <TabList
            selectedValue={filter}
            onTabSelect={(_, data) => {
              setCursors([null]);
              update({ status: String(data.value), item: null });
            }}
            aria-label="Items by status"
          >
            {filters.map((f) => (
              <Tab key={f.value} value={f.value}>
                {f.label}
              </Tab>
            ))}
          </TabList>
          <div className={styles.split}>
            <div>
              {items.length === 0 ? (
                <p className={styles.muted}>
                  No item {filter === 'all' ? '' : `is ${filters.find((f) => f.value === filter)?.label.toLowerCase()} `}in this batch.
                </p>
              ) : (
                <DataTable
                  label="Batch items"
                  head={
                    <>
                      <th className={mergeClasses(table.th, table.num)}>#</th>
                      <th className={table.th}>Item</th>
                      <th className={table.th}>Status</th>
                      <th className={mergeClasses(table.th, table.num)}>Attempts</th>
                      <th className={table.th}>Error</th>
                    </>
                  }
                >
                  {items.map((item) => (
                    <tr
                      key={item.seq}
                      className={mergeClasses(styles.row, item.seq === selected && table.highlight)}
                      tabIndex={0}
                      aria-selected={item.seq === selected}
                      aria-label={`Item ${item.seq}, ${item.label}, ${item.status}`}
                      onClick={() => update({ item: String(item.seq) })}
                      onKeyDown={(event) => onRowKey(event, item.seq)}
                    >
                      <td className={mergeClasses(table.td, table.num)}>{item.seq}</td>
                      <td className={table.td}>
                        {item.label}
                        {item.sku ? <span className={mergeClasses(table.muted, styles.code)}> {item.sku}</span> : null}
                      </td>
                      <td className={table.td}>
                        <ItemStatusBadge status={item.status} />
                      </td>
                      <td className={mergeClasses(table.td, table.num)}>{item.attempts}</td>
                      <td className={table.td}>{item.error ? <span className={styles.error}>{item.error}</span> : '—'}</td>
                    </tr>
                  ))}
                </DataTable>
              )}
              {cursors.length === 1 && nextCursor === null ? null : (
                <div className={styles.pager}>
                  <Button appearance="subtle" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
                    Previous {ITEM_PAGE_SIZE}
                  </Button>
                  <Button appearance="subtle" disabled={nextCursor === null} onClick={() => setCursors((c) => [...c, nextCursor])}>
                    Next {ITEM_PAGE_SIZE}
                  </Button>
                </div>
              )}
            </div>
            <ItemInspector batchId={batch.id} seq={selected} />
          </div>
        </PageSection>
      </div>
    </AppPage>
  );
}
