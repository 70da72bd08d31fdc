import { Badge, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import type { SyncStateListing, VariantSyncState } from '@tradepost/shared/schemas/sync.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../features/catalog/money.ts';
import { ChannelIcon } from '../../../features/channels/channel-icon.tsx';
import { platformLabels } from '../../../features/connections/connection-labels.ts';
import { ConnectionBadges, ListingStatusBadge } from '../../../features/sync/sync-badges.tsx';

const useStyles = makeStyles({
  cards: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))', gap: '12px' },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '10px',
    padding: '16px',
    minWidth: 0,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  head: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  name: { ...typographyStyles.subtitle2, margin: 0, display: 'inline-flex', gap: '6px', alignItems: 'center' },
  facts: { display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '4px 12px', margin: 0, ...typographyStyles.body1 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' },
  differs: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  error: { ...typographyStyles.caption1, margin: 0, color: tokens.colorPaletteRedForeground1, overflowWrap: 'anywhere' },
  raw: {
    ...typographyStyles.caption1,
    fontFamily: tokens.fontFamilyMonospace,
    margin: 0,
    padding: '8px',
    maxHeight: '220px',
    overflow: 'auto',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  summary: { cursor: 'pointer', ...typographyStyles.caption1Strong },
});

const when = (iso: string | null) => (iso === null ? 'never' : formatWhen(iso));
const count = (value: number | null) => (value === null ? '—' : String(value));

function Facts({ rows }: { rows: [string, ReactNode, boolean?][] }) {
  const styles = useStyles();
  return (
    <dl className={styles.facts}>
      {rows.map(([term, value, differs]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt className={styles.term}>{term}</dt>
          <dd className={mergeClasses(styles.value, differs && styles.differs)}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Raw JSON, folded: debugging detail one click away. */
export function RawJson({ label, value }: { label: string; value: unknown }) {
  const styles = useStyles();
  if (value === null || value === undefined) return null;
  return (
    <details>
      <summary className={styles.summary}>{label}</summary>
      <pre className={styles.raw}>{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

/** Per marketplace listing this size: what we told it, what it showed, what we would tell it now. */
export function ListingStates({ listings, currency }: { listings: SyncStateListing[]; currency: string }) {
  const styles = useStyles();
  return (
    <div className={styles.cards}>
      {listings.map((l) => {
        const platform = platformLabels[l.platform];
        const stale = l.pushed_quantity !== l.pushable_now;
        const drift = l.channel_quantity !== null && l.channel_quantity !== l.pushable_now;
        return (
          <section key={l.listing_variant_id} className={styles.card} aria-label={`${platform} state`}>
            <div className={styles.head}>
              <h3 className={styles.name}>
                <ChannelIcon kind={l.platform} /> {platform}
              </h3>
              <ListingStatusBadge status={l.listing_status} />
              <ConnectionBadges status={l.connection_status} environment={l.environment} />
              {l.sync_enabled ? null : (
                <Badge appearance="outline" color="warning">
                  Sync off
                </Badge>
              )}
            </div>
            <Facts
              rows={[
                ['Account', l.account_name ?? '—'],
                ['External SKU', l.external_sku],
                ['Listing id', l.external_id ?? '—'],
                ['Pushed quantity', `${count(l.pushed_quantity)} · ${when(l.pushed_at)}`, stale],
                ['Pushed price', l.pushed_price_cents === null ? '—' : formatMoney(l.pushed_price_cents, currency)],
                ['Seen on platform', `${count(l.channel_quantity)} · ${when(l.channel_checked_at)}`, drift],
                ['Pushable now', String(l.pushable_now)],
              ]}
            />
            {l.last_error ? (
              <p className={styles.error}>
                Last error{l.last_error_at ? ` (${formatWhen(l.last_error_at)})` : ''}: {l.last_error}
              </p>
            ) : null}
            <RawJson label="External reference" value={l.external_ref} />
          </section>
        );
      })}
    </div>
  );
}

const operationLabels: Record<VariantSyncState['log'][number]['operation'], string> = {
  quantity: 'Quantity',
  price: 'Price',
  list: 'List',
  end: 'End',
  order_import: 'Order',
  reconcile: 'Reconcile',
  refresh: 'Token refresh',
};

export function SyncLogTable({ log, currency }: { log: VariantSyncState['log']; currency: string }) {
  const table = useTableStyles();
  return (
    <DataTable
      label="Sync log, newest first"
      head={
        <>
          <th className={table.th}>When</th>
          <th className={table.th}>Marketplace</th>
          <th className={table.th}>What</th>
          <th className={table.th}>Result</th>
          <th className={`${table.th} ${table.num}`}>Value</th>
          <th className={table.th}>Detail</th>
        </>
      }
    >
      {log.map((entry) => (
        <tr key={entry.id}>
          <td className={`${table.td} ${table.nowrap}`}>{formatWhen(entry.created_at)}</td>
          <td className={table.td}>{platformLabels[entry.platform]}</td>
          <td className={table.td}>{operationLabels[entry.operation]}</td>
          <td className={table.td}>
            <Badge appearance="tint" color={entry.ok ? 'success' : 'danger'}>
              {entry.ok ? 'OK' : 'Failed'}
            </Badge>
          </td>
          <td className={`${table.td} ${table.num}`}>
            {entry.quantity !== null ? entry.quantity : entry.price_cents !== null ? formatMoney(entry.price_cents, currency) : '—'}
          </td>
          <td className={table.td}>
            {entry.error ? <span className={table.minus}>{entry.error}</span> : null}
            <RawJson label="Request" value={entry.request} />
            <RawJson label="Response" value={entry.response} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

export function JobsTable({ jobs }: { jobs: VariantSyncState['jobs'] }) {
  const table = useTableStyles();
  return (
    <DataTable
      label="Sync jobs of this size"
      head={
        <>
          <th className={table.th}>Job</th>
          <th className={table.th}>Status</th>
          <th className={`${table.th} ${table.num}`}>Attempts</th>
          <th className={table.th}>Runs at</th>
          <th className={table.th}>Last error</th>
        </>
      }
    >
      {jobs.map((job) => (
        <tr key={job.id}>
          <td className={table.td}>{job.kind === 'sync.push_price' ? 'Push price' : 'Push quantity'}</td>
          <td className={table.td}>{job.status}</td>
          <td className={`${table.td} ${table.num}`}>{job.attempts}</td>
          <td className={`${table.td} ${table.nowrap}`}>{formatWhen(job.run_at)}</td>
          <td className={table.td}>{job.last_error ?? '—'}</td>
        </tr>
      ))}
    </DataTable>
  );
}

export function WebhooksTable({ webhooks }: { webhooks: VariantSyncState['webhooks'] }) {
  const table = useTableStyles();
  return (
    <DataTable
      label="Notifications that concerned this size"
      head={
        <>
          <th className={table.th}>Received</th>
          <th className={table.th}>Marketplace</th>
          <th className={table.th}>Topic</th>
          <th className={table.th}>Status</th>
          <th className={`${table.th} ${table.num}`}>Deliveries</th>
          <th className={table.th}>Event id</th>
        </>
      }
    >
      {webhooks.map((event) => (
        <tr key={event.id}>
          <td className={`${table.td} ${table.nowrap}`}>{formatWhen(event.received_at)}</td>
          <td className={table.td}>{platformLabels[event.platform]}</td>
          <td className={table.td}>{event.topic}</td>
          <td className={table.td}>
            {event.status}
            {event.error ? <span className={table.minus}> · {event.error}</span> : null}
          </td>
          <td className={`${table.td} ${table.num}`}>{event.deliveries}</td>
          <td className={`${table.td} ${table.muted}`}>{event.event_id}</td>
        </tr>
      ))}
    </DataTable>
  );
}
