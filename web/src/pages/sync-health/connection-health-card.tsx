import { MessageBar, MessageBarBody, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import type { ConnectionHealth } from '@tradepost/shared/schemas/sync.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { lazy, Suspense } from 'react';
import { ChannelIcon } from '../../features/channels/channel-icon.tsx';
import { ChartBodySkeleton, ChartCard } from '../../features/charts/chart-card.tsx';
import { platformLabels } from '../../features/connections/connection-labels.ts';
import { RouterLink } from '../../features/navigation/router-link.tsx';
import { useCan } from '../../features/session/use-can.ts';
import { ConnectionBadges } from '../../features/sync/sync-badges.tsx';
import { hourText, percentText, sinceText } from '../../features/sync/sync-format.ts';
import { FailedListingsSection } from './failed-listings-section.tsx';
import { type FigureTone, HealthFigure, HealthFigures } from './health-figure.tsx';

// The chart library loads after the figures, in a chunk of its own.
const SyncActivityChart = lazy(() =>
  import('../../features/charts/sync-activity-chart.tsx').then((m) => ({ default: m.SyncActivityChart })),
);

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
    padding: '20px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    minWidth: 0,
    '@media (max-width: 600px)': { padding: '16px' },
  },
  head: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  icon: {
    width: '40px',
    height: '40px',
    display: 'grid',
    placeItems: 'center',
    fontSize: '22px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
  },
  name: { ...typographyStyles.subtitle1, margin: 0 },
  account: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  badges: { display: 'flex', gap: '6px', flexWrap: 'wrap', marginInlineStart: 'auto' },
  sectionTitle: { ...typographyStyles.subtitle2, margin: 0 },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
  lastError: { ...typographyStyles.caption1, margin: 0, color: tokens.colorPaletteRedForeground1, overflowWrap: 'anywhere' },
  tableBox: { maxHeight: '320px', overflowY: 'auto' },
});

const badIf = (wrong: boolean): FigureTone => (wrong ? 'bad' : 'neutral');

/** One marketplace's sync: status, figures, calls per hour, open drift and webhook health. */
export function ConnectionHealthCard({ health }: { health: ConnectionHealth }) {
  const styles = useStyles();
  const canConnect = useCan()('connections:manage');
  const table = useTableStyles();
  const platform = platformLabels[health.platform];
  const rate = health.error_rate_24h;
  const chartTitle = `${platform}: calls per hour, last 24 hours`;
  const size = (s: string | null) => (s === null ? '—' : s);
  const quiet = health.operations_24h === 0;

  return (
    <article className={styles.card} aria-labelledby={`health-${health.connection_id}`}>
      <div className={styles.head}>
        <span className={styles.icon} aria-hidden="true">
          <ChannelIcon kind={health.platform} />
        </span>
        <div>
          <h2 id={`health-${health.connection_id}`} className={styles.name}>
            {platform}
          </h2>
          <p className={styles.account}>{health.account_name ?? 'Account name not known yet'}</p>
        </div>
        <span className={styles.badges}>
          <ConnectionBadges status={health.status} environment={health.environment} />
        </span>
      </div>

      {health.status === 'reconnect_needed' ? (
        <MessageBar intent="error">
          <MessageBarBody>
            {health.status_reason ?? `${platform} stopped accepting Tradepost’s access.`} Nothing is sent there until{' '}
            {canConnect ? (
              <>
                you <RouterLink to="/sales-channels-management">connect it again</RouterLink>.
              </>
            ) : (
              'the owner connects it again.'
            )}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {!health.sync_enabled && health.status === 'connected' ? (
        <MessageBar intent="warning">
          <MessageBarBody>
            Stock sync is off for {platform}: quantities are not sent. <RouterLink to="/sales-channels-management">Turn it on</RouterLink>.
          </MessageBarBody>
        </MessageBar>
      ) : null}

      <HealthFigures>
        <HealthFigure
          term="Last success"
          value={sinceText(health.last_success_at)}
          sub={health.last_sync_at ? `Checked ${sinceText(health.last_sync_at)}` : 'Not checked yet'}
        />
        <HealthFigure
          term="Error rate, 24 h"
          value={percentText(rate)}
          sub={quiet ? 'Nothing sent' : `${health.failures_24h} of ${health.operations_24h} calls failed`}
          tone={badIf(rate !== null && rate > 0.05)}
        />
        <HealthFigure
          term="Queued work"
          value={String(health.jobs.queued + health.jobs.running)}
          sub={health.jobs.failed_24h > 0 ? `${health.jobs.failed_24h} gave up in 24 h` : 'Nothing gave up'}
          tone={badIf(health.jobs.failed_24h > 0)}
        />
        <HealthFigure
          term="Listings"
          value={String(health.listings.active)}
          sub={health.listings.errors > 0 ? `${health.listings.errors} with errors` : 'No errors'}
          tone={badIf(health.listings.errors > 0)}
        />
        <HealthFigure
          term="Quantity drift"
          value={String(health.drift.length)}
          sub={health.drift.length === 0 ? 'Matches our stock' : 'Sizes that differ'}
          tone={badIf(health.drift.length > 0)}
        />
      </HealthFigures>

      {health.last_error ? (
        <p className={styles.lastError}>
          Last error{health.last_error_at ? ` (${formatWhen(health.last_error_at)})` : ''}: {health.last_error}
        </p>
      ) : null}

      <FailedListingsSection connectionId={health.connection_id} platform={platform} listings={health.failed_listings} />

      <ChartCard
        title={chartTitle}
        description="Quantity, price, listing and order calls: succeeded and failed. A listing our checks refused before sending counts as failed."
        empty={quiet ? `Nothing was sent to ${platform} in the last 24 hours. A sale or a stock change will show here.` : undefined}
        chart={
          <Suspense fallback={<ChartBodySkeleton label={`Loading ${chartTitle.toLowerCase()}`} />}>
            <SyncActivityChart points={health.hourly} title={chartTitle} />
          </Suspense>
        }
        table={
          <div className={styles.tableBox}>
            <DataTable
              label={`${chartTitle}, as numbers`}
              head={
                <>
                  <th className={table.th}>Hour</th>
                  <th className={`${table.th} ${table.num}`}>Succeeded</th>
                  <th className={`${table.th} ${table.num}`}>Failed</th>
                </>
              }
            >
              {health.hourly.map((point) => (
                <tr key={point.hour}>
                  <td className={table.td}>{hourText(point.hour)}</td>
                  <td className={`${table.td} ${table.num}`}>{point.ok}</td>
                  <td className={`${table.td} ${table.num}`}>{point.failed}</td>
                </tr>
              ))}
            </DataTable>
          </div>
        }
      />

      <section aria-labelledby={`drift-${health.connection_id}`}>
        <h3 id={`drift-${health.connection_id}`} className={styles.sectionTitle}>
          Quantity drift
        </h3>
        {health.drift.length === 0 ? (
          <p className={styles.muted}>Every listed size shows what we would send, as of the last check.</p>
        ) : (
          <DataTable
            label={`${platform} sizes whose quantity differs`}
            head={
              <>
                <th className={table.th}>Product and size</th>
                <th className={table.th}>SKU</th>
                <th className={`${table.th} ${table.num}`}>Ours</th>
                <th className={`${table.th} ${table.num}`}>{platform}</th>
                <th className={table.th}>Found</th>
              </>
            }
          >
            {health.drift.map((d) => (
              <tr key={d.id}>
                <td className={table.td}>
                  <RouterLink
                    to={`/inventory/debug2?${new URLSearchParams({ ...(d.product_id ? { product: d.product_id } : {}), variant: d.variant_id }).toString()}`}
                  >
                    {d.title ?? 'Unknown product'} · {size(d.size)}
                  </RouterLink>
                </td>
                <td className={`${table.td} ${table.nowrap}`}>{d.sku ?? '—'}</td>
                <td className={`${table.td} ${table.num}`}>{d.ours}</td>
                <td className={`${table.td} ${table.num} ${table.minus}`}>{d.theirs}</td>
                <td className={`${table.td} ${table.nowrap}`}>{sinceText(d.detected_at)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>

      <section aria-labelledby={`webhooks-${health.connection_id}`}>
        <h3 id={`webhooks-${health.connection_id}`} className={styles.sectionTitle}>
          Notifications from {platform}
        </h3>
        <HealthFigures>
          <HealthFigure term="Last received" value={sinceText(health.webhooks.last_received_at)} />
          <HealthFigure term="Received, 24 h" value={String(health.webhooks.received_24h)} />
          <HealthFigure
            term="Rejected, 24 h"
            value={String(health.webhooks.rejected_24h)}
            sub={health.webhooks.rejected_24h > 0 ? 'Signature did not verify' : 'All verified'}
            tone={badIf(health.webhooks.rejected_24h > 0)}
          />
          <HealthFigure
            term="Failed events"
            value={String(health.webhooks.failed)}
            sub={health.webhooks.pending > 0 ? `${health.webhooks.pending} waiting` : 'None waiting'}
            tone={badIf(health.webhooks.failed > 0)}
          />
        </HealthFigures>
      </section>
    </article>
  );
}
