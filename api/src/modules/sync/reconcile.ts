import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { newId } from '../../db/ids.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { Job } from '../../jobs/runner.ts';
import type { QuantityReading, VariantRef } from '../marketplaces/public.ts';
import { PlatformError, ReconnectNeeded } from '../marketplaces/public.ts';
import { notifyRunners, pushJobsInsert } from './enqueue-pushes.ts';
import { lockListingSizes } from './listing-locks.ts';
import { importMarketplaceOrder } from './order-import.ts';
import { availableAt, pushableQuantity, sellingLocations } from './pushable-quantity.ts';
import { reconcileJob } from './sync.jobs.ts';
import { connectionAdapter, findSyncConnection, noteConnectionError, type SyncDeps } from './sync-connection.ts';
import { messageOf, writeSyncLog } from './sync-log.ts';

/** The default poll interval (SYNC_POLL_SECONDS' default); the job reschedules itself with the configured one. */
export const DEFAULT_RECONCILE_DELAY_MS = 120_000;
/** Orders modified this long before the last poll are read again: clocks differ and platforms index late. */
const ORDER_OVERLAP_MS = 15 * 60_000;
/** A first poll looks back this far. */
const FIRST_LOOKBACK_MS = 24 * 3_600_000;
const MAX_ORDER_PAGES = 20;

/**
 * Makes sure a reconciliation poll of the connection is queued (one per connection: the key
 * coalesces, and an earlier run time wins). Call inside the transaction that connects or lists.
 */
export async function scheduleReconcile(
  em: EntityManager,
  businessId: string,
  connectionId: string,
  delayMs: number = DEFAULT_RECONCILE_DELAY_MS,
): Promise<void> {
  await enqueueJob(em, reconcileJob, { businessId, key: `reconcile:${connectionId}`, payload: { connectionId }, delayMs });
}

/** At boot: every connected connection gets its poll (a process that was down catches up at once). */
export async function scheduleAllReconciles(em: EntityManager, delayMs: number): Promise<void> {
  // Crosses businesses on purpose (permanent allow-list, scripts/check-tenant-sql.ts): at boot, before any business is in hand, one look-up over every business's connections and their jobs.
  const rows = await em.execute<{ id: string; business_id: string }[]>(
    `SELECT c.id, c.business_id FROM channel_connections c
      WHERE c.status = 'connected'
        AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.coalesce_key = 'reconcile:' || c.id AND j.status IN ('queued', 'running'))`,
  );
  for (const row of rows) await scheduleReconcile(em, row.business_id, row.id, delayMs);
}

type Summary = {
  orders: number;
  recorded: number;
  failed: number;
  checked: number;
  drift: number;
  missing: number;
  /** Why the quantities were not (all) compared this poll. */
  skipped?: string;
};

const BATCH_RUNNING = 'quantities: a batch is running on this connection; compared at a later poll';

async function pollOrders(
  deps: SyncDeps,
  connection: NonNullable<Awaited<ReturnType<typeof findSyncConnection>>>,
  since: Date,
  summary: Summary,
) {
  const adapter = await connectionAdapter(deps, connection);
  let cursor: string | null = null;
  for (let page = 0; page < MAX_ORDER_PAGES; page++) {
    const answer = await adapter.fetchOrders({ since, cursor, pageSize: 50 });
    for (const order of answer.orders) {
      summary.orders++;
      const result = await importMarketplaceOrder(deps.em, connection, order, 'poll');
      if (result.outcome === 'recorded') summary.recorded++;
      if (result.outcome === 'failed' || result.outcome === 'invalid') summary.failed++;
    }
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
}

/** Listed sizes compared per page: one platform read, one stock read and one short transaction each. */
export const RECONCILE_PAGE_SIZE = 500;

type Connection = NonNullable<Awaited<ReturnType<typeof findSyncConnection>>>;

/** A listed size's comparison, as the page's one write reads it (`x`). */
type Checked = {
  id: string;
  variant_id: string;
  outcome: 'missing' | 'match' | 'drift';
  ours: number | null;
  theirs: number | null;
  error: string | null;
  drift_id: string | null;
};

/**
 * Whether a batch (batch-operations: a `batch.run` job, waiting or sending) is working on this
 * connection. Reconciliation then leaves the quantities alone until a later poll: the batch spends
 * the platform's request budget (reading 10,000 sizes from Shopify beside it ran both into "Still
 * rate limited after waiting"), and while it writes, the platform's quantities are in flux, so the
 * comparison would report drift the batch is about to settle and queue pushes that race it.
 */
export async function batchRunningOn(em: EntityManager, businessId: string, connectionId: string): Promise<boolean> {
  const running = await tenantDb(em, businessId)
    .selectFrom('jobs as j')
    .innerJoin('batch_operations as b', (join) => join.on((eb) => eb(eb.ref('b.id'), '=', sql<string>`(j.payload ->> 'batchId')::uuid`)))
    .where('j.kind', '=', 'batch.run')
    .where('j.status', 'in', ['queued', 'running'])
    .where('b.connection_id', '=', connectionId)
    .select('j.id')
    .limit(1)
    .executeTakeFirst();
  return running !== undefined;
}

/**
 * Stores one page's comparison in one statement: every size's platform quantity and check time;
 * for a missing size the error; for a drifted one an open drift row (ours, theirs), its pushed
 * quantity forgotten (so the push sends ours even if it equals our record) and a coalesced push;
 * for a match its open drift resolved. The sizes are locked first, in id order (listing-locks.ts).
 */
async function recordPage(em: EntityManager, connection: Connection, checked: Checked[]): Promise<void> {
  const businessId = connection.business_id;
  await em.transactional(async (tx) => {
    const db = tenantDb(tx, businessId);
    await lockListingSizes(
      db,
      connection.id,
      checked.map((row) => row.variant_id),
    );
    const rows = sql<Checked>`jsonb_to_recordset(${JSON.stringify(checked)}::jsonb)`.as<'c'>(
      sql`c(id uuid, variant_id uuid, outcome text, ours integer, theirs integer, error text, drift_id uuid)`,
    );
    await db
      .with('x', (qc) => qc.selectFrom(rows).select(['c.id', 'c.variant_id', 'c.outcome', 'c.ours', 'c.theirs', 'c.error', 'c.drift_id']))
      .with('seen', (qc) =>
        qc
          .updateTable('channel_listing_variants as lv')
          .from('x')
          .set((eb) => ({
            channel_quantity: eb.ref('x.theirs'),
            channel_checked_at: sql`now()`,
            pushed_quantity: eb.case().when('x.outcome', '=', 'drift').then(null).else(eb.ref('lv.pushed_quantity')).end(),
            last_error: eb.case().when('x.outcome', '=', 'missing').then(eb.ref('x.error')).else(eb.ref('lv.last_error')).end(),
            last_error_at: eb.case().when('x.outcome', '=', 'missing').then(sql<Date>`now()`).else(eb.ref('lv.last_error_at')).end(),
          }))
          .whereRef('lv.id', '=', 'x.id')
          .where('lv.connection_id', '=', connection.id)
          .returning('lv.id'),
      )
      .with('resolved', (qc) =>
        qc
          .updateTable('sync_drift as d')
          .from('x')
          .set({ resolved_at: sql`now()`, resolution: 'in sync at reconciliation' })
          .where('x.outcome', '=', 'match')
          .where('d.connection_id', '=', connection.id)
          .whereRef('d.variant_id', '=', 'x.variant_id')
          .where('d.resolved_at', 'is', null)
          .returning('d.id'),
      )
      .with('drifted', (qc) =>
        qc
          .insertInto('sync_drift')
          .columns(['id', 'connection_id', 'variant_id', 'ours', 'theirs'])
          .expression((eb) =>
            eb
              .selectFrom('x')
              .where('x.outcome', '=', 'drift')
              .select([
                sql<string>`x.drift_id`.as('id'),
                sql<string>`${connection.id}::uuid`.as('connection_id'),
                'x.variant_id',
                sql<number>`x.ours`.as('ours'),
                sql<number>`x.theirs`.as('theirs'),
              ]),
          )
          .onConflict((conflict) =>
            conflict
              .columns(['connection_id', 'variant_id'])
              .where('resolved_at', 'is', null)
              .doUpdateSet((eb) => ({ ours: eb.ref('excluded.ours'), theirs: eb.ref('excluded.theirs') })),
          )
          .returning('sync_drift.id'),
      )
      .with('queued', (qc) => pushJobsInsert(qc, 'quantity', qc.selectFrom('x').where('x.outcome', '=', 'drift').select('x.variant_id')))
      .selectFrom('queued')
      .select(notifyRunners.as('notified'))
      .limit(1)
      .execute();
  });
}

/**
 * What the platform shows against what we should show, page by page through the connection's
 * listed sizes (keyset by id): a difference becomes an open drift row (ours, theirs) and a push
 * that corrects it; a match resolves open drift. Each page is read from the platform, compared
 * with our stock and written in its own short transaction, so a connection with 20,000 sizes
 * neither holds one transaction open across 200 platform calls nor sends a statement per size.
 * Stops early (and says so) when a batch starts on the connection meanwhile.
 */
async function checkQuantities(deps: SyncDeps, connection: Connection, summary: Summary, pageSize: number) {
  const { em } = deps;
  const businessId = connection.business_id;
  let adapter: Awaited<ReturnType<typeof connectionAdapter>> | null = null;
  let after: string | null = null;
  for (;;) {
    if (await batchRunningOn(em, businessId, connection.id)) {
      summary.skipped = BATCH_RUNNING;
      return;
    }
    const from: string | null = after;
    const rows = await tenantDb(em, businessId)
      .selectFrom('channel_listing_variants as lv')
      .innerJoin('channel_listings as l', (join) => join.onRef('l.id', '=', 'lv.listing_id').on('l.status', '=', 'active'))
      .where('lv.connection_id', '=', connection.id)
      .$if(from !== null, (query) => query.where('lv.id', '>', from ?? ''))
      .select((eb) => [
        'lv.id',
        'lv.variant_id',
        'lv.external_sku',
        eb.ref('lv.external_ref').$castTo<VariantRef>().as('external_ref'),
        'l.quantity_cap',
        'l.quantity_buffer',
      ])
      .orderBy('lv.id')
      .limit(pageSize)
      .execute();
    if (rows.length === 0) return;
    adapter ??= await connectionAdapter(deps, connection);
    const readings: QuantityReading[] = await (adapter.fetchQuantities as (refs: VariantRef[]) => Promise<QuantityReading[]>)(
      rows.map((r) => r.external_ref),
    );
    const bySku = new Map(readings.map((r) => [r.sku.toLowerCase(), r.quantity]));
    const available = await availableAt(
      em,
      businessId,
      rows.map((r) => r.variant_id),
      sellingLocations(connection.settings),
    );
    const checked = rows.map((row): Checked => {
      const theirs = bySku.get(row.external_sku.toLowerCase());
      summary.checked++;
      if (theirs === undefined || theirs === null) {
        summary.missing++;
        const error = `${row.external_sku} was not found on the platform`;
        return { id: row.id, variant_id: row.variant_id, outcome: 'missing', ours: null, theirs: null, error, drift_id: null };
      }
      const ours = pushableQuantity({
        available: available.get(row.variant_id) ?? 0,
        buffer: row.quantity_buffer ?? connection.channel_buffer,
        cap: row.quantity_cap,
      });
      if (theirs === ours) return { id: row.id, variant_id: row.variant_id, outcome: 'match', ours, theirs, error: null, drift_id: null };
      summary.drift++;
      return { id: row.id, variant_id: row.variant_id, outcome: 'drift', ours, theirs, error: null, drift_id: newId() };
    });
    await recordPage(em, connection, checked);
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]?.id ?? null;
  }
}

/**
 * `sync.reconcile` for one connection: orders since the last poll (minus an overlap) into the
 * sales entry point, then every listed size's quantity on the platform against ours. Schedules
 * its next run first, so a failure never stops the polling; a connection that must be
 * reconnected or was disconnected is not polled again until it is connected. While a batch works
 * on the connection, its orders are still read (a few calls; a sale must lower the other
 * channels) but its quantities are compared at a later poll (`batchRunningOn`).
 */
export async function reconcileConnection(deps: SyncDeps, job: Job, pollMs: number, pageSize = RECONCILE_PAGE_SIZE): Promise<void> {
  const { em } = deps;
  const businessId = job.businessId ?? '';
  const connectionId = String(job.payload.connectionId ?? '');
  const connection = await findSyncConnection(em, businessId, connectionId);
  if (connection?.status !== 'connected') return;
  await scheduleReconcile(em, businessId, connectionId, pollMs);

  const clock = await tenantDb(em, businessId)
    .selectFrom('channel_connections')
    .where('id', '=', connectionId)
    .select([sql<Date | string>`now()`.as('now'), 'last_sync_at', 'connected_at'])
    .executeTakeFirst();
  // Driver values may arrive as text: make them dates.
  const startedAt = new Date(clock?.now ?? Date.now());
  const from = new Date(clock?.last_sync_at ?? clock?.connected_at ?? startedAt.getTime() - FIRST_LOOKBACK_MS);
  const since = new Date(Math.max(from.getTime() - ORDER_OVERLAP_MS, startedAt.getTime() - 30 * 24 * 3_600_000));
  const summary: Summary = { orders: 0, recorded: 0, failed: 0, checked: 0, drift: 0, missing: 0 };
  const started = Date.now();
  try {
    await pollOrders(deps, connection, since, summary);
    if (connection.sync_enabled) await checkQuantities(deps, connection, summary, pageSize);
  } catch (error) {
    const message = messageOf(error);
    await writeSyncLog(em, [
      {
        businessId,
        connectionId,
        operation: 'reconcile',
        ok: false,
        error: message,
        request: { since: since.toISOString() },
        response: summary,
        durationMs: Date.now() - started,
      },
    ]);
    await noteConnectionError(em, businessId, connectionId, `Reconciliation: ${message}`);
    // Reconnecting is the seller's move; a refusal will not change by asking again before the next poll.
    if (error instanceof ReconnectNeeded || (error instanceof PlatformError && !error.retryable)) return;
    throw error;
  }
  await tenantDb(em, businessId)
    .updateTable('channel_connections')
    .set({ last_sync_at: startedAt, updated_at: sql`now()` })
    .where('id', '=', connectionId)
    .execute();
  await writeSyncLog(em, [
    {
      businessId,
      connectionId,
      operation: 'reconcile',
      ok: true,
      request: { since: since.toISOString() },
      response: summary,
      durationMs: Date.now() - started,
    },
  ]);
}
