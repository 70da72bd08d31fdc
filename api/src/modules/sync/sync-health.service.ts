import type { EntityManager } from '@mikro-orm/postgresql';
import type { ConnectionHealth, Drift, SyncHealth } from '@tradepost/shared/schemas/sync.ts';

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);
const int = (value: unknown) => Number(value ?? 0);

type ConnectionRow = Pick<
  ConnectionHealth,
  'platform' | 'account_name' | 'environment' | 'status' | 'status_reason' | 'sync_enabled' | 'last_error'
> & {
  id: string;
  last_sync_at: Date | null;
  last_error_at: Date | null;
};

/** Rows of a per-connection aggregate, by connection id. */
async function byConnection<T extends { connection_id: string }>(
  em: EntityManager,
  sql: string,
  params: unknown[],
): Promise<Map<string, T>> {
  const rows = await em.execute<T[]>(sql, params);
  return new Map(rows.map((row) => [row.connection_id, row]));
}

/**
 * Per connection: status, last success, the last 24 hours of calls (error rate and an hourly
 * series), queued and failed work, open drift and webhook health. Routine scheduled jobs (the
 * next poll, the next token refresh) are not counted as queued work.
 */
export async function syncHealth(em: EntityManager, businessId: string): Promise<SyncHealth> {
  const [clock] = await em.execute<{ now: Date; hour: Date }[]>("SELECT now() AS now, date_trunc('hour', now()) AS hour");
  const now = clock?.now ?? new Date();
  const connections = await em.execute<ConnectionRow[]>(
    `SELECT c.id, c.platform, c.account_name, c.environment, c.status, c.status_reason, ch.sync_enabled, c.last_sync_at, c.last_error, c.last_error_at
       FROM channel_connections c JOIN sales_channels ch ON ch.id = c.channel_id
      WHERE c.business_id = ?
      ORDER BY c.status = 'disconnected', array_position(ARRAY['ebay', 'shopify', 'square'], c.platform)`,
    [businessId],
  );
  if (connections.length === 0) return { generated_at: new Date(now).toISOString(), connections: [] };

  const lastSuccess = await byConnection<{ connection_id: string; at: Date }>(
    em,
    'SELECT connection_id, max(created_at) AS at FROM sync_log WHERE business_id = ? AND ok GROUP BY connection_id',
    [businessId],
  );
  const hourly = await em.execute<{ connection_id: string; hour: Date; ok: string; failed: string }[]>(
    `SELECT connection_id, date_trunc('hour', created_at) AS hour, count(*) FILTER (WHERE ok) AS ok, count(*) FILTER (WHERE NOT ok) AS failed
       FROM sync_log WHERE business_id = ? AND created_at >= date_trunc('hour', now()) - interval '23 hours'
      GROUP BY 1, 2`,
    [businessId],
  );
  const jobs = await byConnection<{ connection_id: string; queued: string; running: string; failed_24h: string }>(
    em,
    `SELECT c.id AS connection_id,
            count(*) FILTER (WHERE j.status = 'queued' AND j.kind NOT IN ('sync.reconcile', 'sync.refresh_token')) AS queued,
            count(*) FILTER (WHERE j.status = 'running') AS running,
            count(*) FILTER (WHERE j.status = 'failed') AS failed_24h
       FROM channel_connections c
       JOIN jobs j ON j.business_id = c.business_id AND (
              j.payload ->> 'connectionId' = c.id::text
           OR (j.kind IN ('sync.push_quantity', 'sync.push_price') AND EXISTS (
                 SELECT 1 FROM channel_listing_variants lv WHERE lv.connection_id = c.id AND lv.variant_id::text = j.payload ->> 'variantId'))
           OR (j.kind = 'sync.webhook_event' AND EXISTS (
                 SELECT 1 FROM webhook_events we WHERE we.connection_id = c.id AND we.id::text = j.payload ->> 'eventId'))
           OR (j.kind = 'batch.run' AND EXISTS (
                 SELECT 1 FROM batch_operations b WHERE b.connection_id = c.id AND b.id::text = j.payload ->> 'batchId')))
      WHERE c.business_id = ?
        AND (j.status IN ('queued', 'running') OR (j.status = 'failed' AND j.finished_at > now() - interval '24 hours'))
      GROUP BY c.id`,
    [businessId],
  );
  const listings = await byConnection<{ connection_id: string; active: string; errors: string }>(
    em,
    `SELECT connection_id, count(*) FILTER (WHERE status = 'active') AS active,
            count(*) FILTER (WHERE status = 'error' OR (status = 'active' AND last_error IS NOT NULL)) AS errors
       FROM channel_listings WHERE business_id = ? GROUP BY connection_id`,
    [businessId],
  );
  const drift = await em.execute<(Omit<Drift, 'detected_at'> & { connection_id: string; detected_at: Date })[]>(
    `SELECT d.id, d.connection_id, d.variant_id, v.product_id, p.title, v.size, v.sku, d.ours, d.theirs, d.detected_at
       FROM sync_drift d LEFT JOIN variants v ON v.id = d.variant_id LEFT JOIN products p ON p.id = v.product_id
      WHERE d.business_id = ? AND d.resolved_at IS NULL
      ORDER BY d.detected_at DESC LIMIT 500`,
    [businessId],
  );
  const webhooks = await byConnection<{
    connection_id: string;
    last_received_at: Date | null;
    received_24h: string;
    failed: string;
    pending: string;
  }>(
    em,
    `SELECT connection_id, max(received_at) AS last_received_at,
            count(*) FILTER (WHERE received_at > now() - interval '24 hours') AS received_24h,
            count(*) FILTER (WHERE status = 'failed') AS failed,
            count(*) FILTER (WHERE status = 'received') AS pending
       FROM webhook_events WHERE business_id = ? GROUP BY connection_id`,
    [businessId],
  );
  const rejections = await byConnection<{ connection_id: string; rejected: string }>(
    em,
    `SELECT connection_id, count(*) AS rejected FROM webhook_rejections
      WHERE business_id = ? AND received_at > now() - interval '24 hours' GROUP BY connection_id`,
    [businessId],
  );

  const firstHour = new Date(clock?.hour ?? now).getTime() - 23 * 3_600_000;
  return {
    generated_at: new Date(now).toISOString(),
    connections: connections.map((c) => {
      const points = Array.from({ length: 24 }, (_, i) => ({ hour: new Date(firstHour + i * 3_600_000).toISOString(), ok: 0, failed: 0 }));
      for (const row of hourly) {
        if (row.connection_id !== c.id) continue;
        const index = Math.round((new Date(row.hour).getTime() - firstHour) / 3_600_000);
        const point = points[index];
        if (point) {
          point.ok += int(row.ok);
          point.failed += int(row.failed);
        }
      }
      const operations = points.reduce((sum, p) => sum + p.ok + p.failed, 0);
      const failures = points.reduce((sum, p) => sum + p.failed, 0);
      const job = jobs.get(c.id);
      const hooks = webhooks.get(c.id);
      return {
        connection_id: c.id,
        platform: c.platform,
        account_name: c.account_name,
        environment: c.environment,
        status: c.status,
        status_reason: c.status_reason,
        sync_enabled: c.sync_enabled,
        last_success_at: iso(lastSuccess.get(c.id)?.at),
        last_sync_at: iso(c.last_sync_at),
        last_error: c.last_error,
        last_error_at: iso(c.last_error_at),
        operations_24h: operations,
        failures_24h: failures,
        error_rate_24h: operations === 0 ? null : failures / operations,
        hourly: points,
        jobs: { queued: int(job?.queued), running: int(job?.running), failed_24h: int(job?.failed_24h) },
        listings: { active: int(listings.get(c.id)?.active), errors: int(listings.get(c.id)?.errors) },
        drift: drift
          .filter((d) => d.connection_id === c.id)
          .map(({ connection_id: _, detected_at, ...d }) => ({ ...d, detected_at: new Date(detected_at).toISOString() })),
        webhooks: {
          last_received_at: iso(hooks?.last_received_at),
          received_24h: int(hooks?.received_24h),
          rejected_24h: int(rejections.get(c.id)?.rejected),
          failed: int(hooks?.failed),
          pending: int(hooks?.pending),
        },
      };
    }),
  };
}
