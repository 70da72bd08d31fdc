import type { EntityManager } from '@mikro-orm/postgresql';
import type { ConnectionHealth, SyncHealth } from '@tradepost/shared/schemas/sync.ts';
import { type ExpressionBuilder, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);
const int = (value: unknown) => Number(value ?? 0);

/** Rows of a per-connection aggregate, by connection id. */
const byConnection = <T extends { connection_id: string }>(rows: T[]): Map<string, T> =>
  new Map(rows.map((row) => [row.connection_id, row]));

/** `count(*) FILTER (WHERE …)`: PostgreSQL's bigint, as the text the driver gives (`int` reads it). */
const countWhere = (condition: RawBuilder<unknown>) => sql<string>`count(*) FILTER (WHERE ${condition})`;

/** The jobs that concern a connection: those naming it, and pushes, webhook events and batches of its rows. */
const jobOfConnection = (eb: ExpressionBuilder<DB & { c: DB['channel_connections']; j: DB['jobs'] }, 'c' | 'j'>) =>
  eb.or([
    eb(sql`j.payload ->> 'connectionId'`, '=', sql`c.id::text`),
    eb.and([
      eb('j.kind', 'in', ['sync.push_quantity', 'sync.push_price']),
      eb.exists(
        eb
          .selectFrom('channel_listing_variants as lv')
          .select('lv.id')
          .whereRef('lv.connection_id', '=', 'c.id')
          .where(sql`lv.variant_id::text`, '=', sql`j.payload ->> 'variantId'`),
      ),
    ]),
    eb.and([
      eb('j.kind', '=', 'sync.webhook_event'),
      eb.exists(
        eb
          .selectFrom('webhook_events as we')
          .select('we.id')
          .whereRef('we.connection_id', '=', 'c.id')
          .where(sql`we.id::text`, '=', sql`j.payload ->> 'eventId'`),
      ),
    ]),
    eb.and([
      eb('j.kind', '=', 'batch.run'),
      eb.exists(
        eb
          .selectFrom('batch_operations as b')
          .select('b.id')
          .whereRef('b.connection_id', '=', 'c.id')
          .where(sql`b.id::text`, '=', sql`j.payload ->> 'batchId'`),
      ),
    ]),
  ]);

/**
 * Per connection: status, last success, the last 24 hours of calls (error rate and an hourly
 * series), queued and failed work, open drift and webhook health. Routine scheduled jobs (the
 * next poll, the next token refresh) are not counted as queued work.
 */
export async function syncHealth(em: EntityManager, businessId: string): Promise<SyncHealth> {
  const [clock] = await em.execute<{ now: Date; hour: Date }[]>("SELECT now() AS now, date_trunc('hour', now()) AS hour");
  const now = clock?.now ?? new Date();
  const db = tenantDb(em, businessId);
  const connections = await db
    .selectFrom('channel_connections as c')
    .innerJoin('sales_channels as ch', 'ch.id', 'c.channel_id')
    .select([
      'c.id',
      'c.platform',
      'c.account_name',
      'c.environment',
      'c.status',
      'c.status_reason',
      'ch.sync_enabled',
      'c.last_sync_at',
      'c.last_error',
      'c.last_error_at',
    ])
    // CHECK constraints hold platform, environment and status to the connection's values.
    .$narrowType<Pick<ConnectionHealth, 'platform' | 'environment' | 'status'>>()
    .orderBy(sql`c.status = 'disconnected'`)
    .orderBy(sql`array_position(ARRAY['ebay', 'shopify', 'square'], c.platform)`)
    .execute();
  if (connections.length === 0) return { generated_at: new Date(now).toISOString(), connections: [] };

  const lastSuccess = byConnection(
    await db
      .selectFrom('sync_log')
      .where('ok', '=', true)
      .groupBy('connection_id')
      .select((eb) => ['connection_id', eb.fn.max('created_at').as('at')])
      .execute(),
  );
  const hour = sql<string>`date_trunc('hour', created_at)`;
  const hourly = await db
    .selectFrom('sync_log')
    .where('created_at', '>=', sql<string>`date_trunc('hour', now()) - interval '23 hours'`)
    .groupBy(['connection_id', hour])
    .select(['connection_id', hour.as('hour'), countWhere(sql`ok`).as('ok'), countWhere(sql`NOT ok`).as('failed')])
    .execute();
  const jobs = byConnection(
    await db
      .selectFrom('channel_connections as c')
      .innerJoin('jobs as j', (join) => join.on(jobOfConnection))
      .where((eb) =>
        eb.or([
          eb('j.status', 'in', ['queued', 'running']),
          eb.and([eb('j.status', '=', 'failed'), eb('j.finished_at', '>', sql<string>`now() - interval '24 hours'`)]),
        ]),
      )
      .groupBy('c.id')
      .select([
        'c.id as connection_id',
        countWhere(sql`j.status = 'queued' AND j.kind NOT IN ('sync.reconcile', 'sync.refresh_token')`).as('queued'),
        countWhere(sql`j.status = 'running'`).as('running'),
        countWhere(sql`j.status = 'failed'`).as('failed_24h'),
      ])
      .execute(),
  );
  const listings = byConnection(
    await db
      .selectFrom('channel_listings')
      .groupBy('connection_id')
      .select([
        'connection_id',
        countWhere(sql`status = 'active'`).as('active'),
        countWhere(sql`status = 'error' OR (status = 'active' AND last_error IS NOT NULL)`).as('errors'),
      ])
      .execute(),
  );
  const drift = await db
    .selectFrom('sync_drift as d')
    .leftJoin('variants as v', 'v.id', 'd.variant_id')
    .leftJoin('products as p', 'p.id', 'v.product_id')
    .where('d.resolved_at', 'is', null)
    .select([
      'd.id',
      'd.connection_id',
      'd.variant_id',
      'v.product_id',
      'p.title',
      'v.size',
      'v.sku',
      'd.ours',
      'd.theirs',
      'd.detected_at',
    ])
    .orderBy('d.detected_at', 'desc')
    .limit(500)
    .execute();
  const webhooks = byConnection(
    await db
      .selectFrom('webhook_events')
      .groupBy('connection_id')
      .select((eb) => [
        'connection_id',
        eb.fn.max('received_at').as('last_received_at'),
        countWhere(sql`received_at > now() - interval '24 hours'`).as('received_24h'),
        countWhere(sql`status = 'failed'`).as('failed'),
        countWhere(sql`status = 'received'`).as('pending'),
      ])
      .execute(),
  );
  const rejections = byConnection(
    await db
      .selectFrom('webhook_rejections')
      .where('received_at', '>', sql<string>`now() - interval '24 hours'`)
      .groupBy('connection_id')
      // Each row is one refusal plus the ones a flood had counted without a row of their own.
      .select(['connection_id', sql<string>`count(*) + coalesce(sum(suppressed), 0)`.as('rejected')])
      .execute(),
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
