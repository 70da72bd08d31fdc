import type { EntityManager } from '@mikro-orm/postgresql';
import type { ConnectionHealth, FailedListing, SyncHealth } from '@tradepost/shared/schemas/sync.ts';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);
const int = (value: unknown) => Number(value ?? 0);

/** Rows of a per-connection aggregate, by connection id. */
const byConnection = <T extends { connection_id: string }>(rows: T[]): Map<string, T> =>
  new Map(rows.map((row) => [row.connection_id, row]));

/** `count(*) FILTER (WHERE …)`: PostgreSQL's bigint, as the text the driver gives (`int` reads it). */
const countWhere = (condition: RawBuilder<unknown>) => sql<string>`count(*) FILTER (WHERE ${condition})`;

/** A listing (`l`) whose last call failed: never live (error), or live with a change the platform refused. */
const FAILED_LISTING = sql<boolean>`(l.status = 'error' OR (l.status = 'active' AND l.last_error IS NOT NULL))`;

/** Kinds whose payload names the connection (`connectionId`). */
const CONNECTION_JOBS = ['sync.reconcile', 'sync.refresh_token'];
const PUSH_JOBS = ['sync.push_quantity', 'sync.push_price'];
const WEBHOOK_JOB = 'sync.webhook_event';
const BATCH_JOB = 'batch.run';

/** A uuid the job's payload names, as a uuid: the key of an indexed look-up, never a text comparison. */
const payloadId = (key: string) => sql<string>`(o.payload ->> ${sql.lit(key)})::uuid`;

/**
 * Queued, running and recently failed jobs per connection, in one statement: the business's open
 * jobs of the connection-related kinds come from the jobs index (business, kind, status), then each
 * kind finds its connection by an indexed look-up of the id its payload names — the connection
 * itself, a push's listed sizes, a webhook event, a batch. Routine scheduled jobs (the next poll,
 * the next token refresh) are not counted as queued work.
 */
async function jobsByConnection(db: Kysely<DB>) {
  const rows = await db
    .with('o', (qc) =>
      qc
        .selectFrom('jobs as j')
        .where('j.kind', 'in', [...CONNECTION_JOBS, ...PUSH_JOBS, WEBHOOK_JOB, BATCH_JOB])
        .where('j.status', 'in', ['queued', 'running', 'failed'])
        .where((eb) => eb.or([eb('j.status', '<>', 'failed'), eb('j.finished_at', '>', sql<string>`now() - interval '24 hours'`)]))
        .select(['j.id', 'j.kind', 'j.status', 'j.payload']),
    )
    .with('linked', (qc) =>
      qc
        .selectFrom('o')
        .innerJoin('channel_connections as c', (join) => join.on((eb) => eb(eb.ref('c.id'), '=', payloadId('connectionId'))))
        .where('o.kind', 'in', CONNECTION_JOBS)
        .select(['o.kind', 'o.status', 'c.id as connection_id'])
        .unionAll(
          qc
            .selectFrom('o')
            .innerJoin('channel_listing_variants as lv', (join) =>
              join.on((eb) => eb(eb.ref('lv.variant_id'), '=', payloadId('variantId'))),
            )
            .where('o.kind', 'in', PUSH_JOBS)
            .select(['o.kind', 'o.status', 'lv.connection_id']),
        )
        .unionAll(
          qc
            .selectFrom('o')
            .innerJoin('webhook_events as we', (join) => join.on((eb) => eb(eb.ref('we.id'), '=', payloadId('eventId'))))
            .where('o.kind', '=', WEBHOOK_JOB)
            .select(['o.kind', 'o.status', 'we.connection_id']),
        )
        .unionAll(
          qc
            .selectFrom('o')
            .innerJoin('batch_operations as b', (join) => join.on((eb) => eb(eb.ref('b.id'), '=', payloadId('batchId'))))
            .where('o.kind', '=', BATCH_JOB)
            // A catalog batch (catalog_price, archive) has no connection.
            .where('b.connection_id', 'is not', null)
            .select(['o.kind', 'o.status', 'b.connection_id'])
            .$narrowType<{ connection_id: string }>(),
        ),
    )
    .selectFrom('linked')
    .groupBy('linked.connection_id')
    .select([
      'linked.connection_id',
      countWhere(sql`status = 'queued' AND kind NOT IN ('sync.reconcile', 'sync.refresh_token')`).as('queued'),
      countWhere(sql`status = 'running'`).as('running'),
      countWhere(sql`status = 'failed'`).as('failed_24h'),
    ])
    .execute();
  return byConnection(rows);
}

/**
 * Per connection: status, last success, the last 24 hours of calls (error rate and an hourly
 * series; a listing attempt our own checks refused is in `sync_log` as a failed call too, as the
 * seller saw it fail: see `listProduct`), queued and failed work, open drift and webhook health.
 * Routine scheduled jobs (the next poll, the next token refresh) are not counted as queued work.
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
      // The newest successful call: the first entry of the index on (business, connection, created_at) WHERE ok.
      (eb) =>
        eb
          .selectFrom('sync_log as s')
          .whereRef('s.connection_id', '=', 'c.id')
          .where('s.ok', '=', true)
          .orderBy('s.created_at', 'desc')
          .limit(1)
          .select('s.created_at')
          .as('last_success_at'),
    ])
    // CHECK constraints hold platform, environment and status to the connection's values.
    .$narrowType<Pick<ConnectionHealth, 'platform' | 'environment' | 'status'>>()
    .orderBy(sql`c.status = 'disconnected'`)
    .orderBy(sql`array_position(ARRAY['ebay', 'shopify', 'square'], c.platform)`)
    .execute();
  if (connections.length === 0) return { generated_at: new Date(now).toISOString(), connections: [] };

  const connectionIds = connections.map((c) => c.id);
  const hour = sql<string>`date_trunc('hour', created_at)`;
  const hourly = await db
    .selectFrom('sync_log')
    // By connection: the index (business, connection, created_at) reads each one's last 24 hours.
    .where('connection_id', 'in', connectionIds)
    .where('created_at', '>=', sql<string>`date_trunc('hour', now()) - interval '23 hours'`)
    .groupBy(['connection_id', hour])
    .select(['connection_id', hour.as('hour'), countWhere(sql`ok`).as('ok'), countWhere(sql`NOT ok`).as('failed')])
    .execute();
  const jobs = await jobsByConnection(db);
  const listings = byConnection(
    await db
      .selectFrom('channel_listings as l')
      .groupBy('l.connection_id')
      .select(['l.connection_id', countWhere(sql`l.status = 'active'`).as('active'), countWhere(FAILED_LISTING).as('errors')])
      .execute(),
  );
  // The listings behind `errors`: what the platform said, and when.
  const failedListings = await db
    .selectFrom('channel_listings as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .where('l.connection_id', 'in', connectionIds)
    .where(FAILED_LISTING)
    .select(['l.id as listing_id', 'l.connection_id', 'l.product_id', 'p.title', 'l.status', 'l.last_error', 'l.updated_at'])
    // CHECK constraints hold the status to the listing's values.
    .$narrowType<{ status: FailedListing['status'] }>()
    .orderBy('l.updated_at', 'desc')
    .limit(500)
    .execute();
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
        last_success_at: iso(c.last_success_at),
        last_sync_at: iso(c.last_sync_at),
        last_error: c.last_error,
        last_error_at: iso(c.last_error_at),
        operations_24h: operations,
        failures_24h: failures,
        error_rate_24h: operations === 0 ? null : failures / operations,
        hourly: points,
        jobs: { queued: int(job?.queued), running: int(job?.running), failed_24h: int(job?.failed_24h) },
        listings: { active: int(listings.get(c.id)?.active), errors: int(listings.get(c.id)?.errors) },
        failed_listings: failedListings
          .filter((l) => l.connection_id === c.id)
          .slice(0, 50)
          .map((l) => ({
            listing_id: l.listing_id,
            product_id: l.product_id,
            title: l.title,
            status: l.status,
            message: l.last_error ?? 'The platform gave no reason',
            failed_at: new Date(l.updated_at).toISOString(),
          })),
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
