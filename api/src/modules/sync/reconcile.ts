import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { newId } from '../../db/ids.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { Job } from '../../jobs/runner.ts';
import type { QuantityReading, VariantRef } from '../marketplaces/public.ts';
import { PlatformError, ReconnectNeeded } from '../marketplaces/public.ts';
import { enqueueQuantityPush } from './enqueue-pushes.ts';
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

type Summary = { orders: number; recorded: number; failed: number; checked: number; drift: number; missing: number };

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

/**
 * What the platform shows against what we should show: a difference becomes an open drift row
 * (ours, theirs) and a push that corrects it; a match resolves open drift.
 */
async function checkQuantities(deps: SyncDeps, connection: NonNullable<Awaited<ReturnType<typeof findSyncConnection>>>, summary: Summary) {
  const { em } = deps;
  const businessId = connection.business_id;
  const rows = await tenantDb(em, businessId)
    .selectFrom('channel_listing_variants as lv')
    .innerJoin('channel_listings as l', (join) => join.onRef('l.id', '=', 'lv.listing_id').on('l.status', '=', 'active'))
    .where('lv.connection_id', '=', connection.id)
    .select((eb) => [
      'lv.id as listing_variant_id',
      'lv.variant_id',
      'lv.external_sku',
      eb.ref('lv.external_ref').$castTo<VariantRef>().as('external_ref'),
      'lv.pushed_quantity',
      'l.quantity_cap',
      'l.quantity_buffer',
    ])
    .orderBy('lv.external_sku')
    .execute();
  if (rows.length === 0) return;
  const adapter = await connectionAdapter(deps, connection);
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
  await em.transactional(async (tx) => {
    const db = tenantDb(tx, businessId);
    await lockListingSizes(
      db,
      connection.id,
      rows.map((row) => row.variant_id),
    );
    for (const row of rows) {
      const theirs = bySku.get(row.external_sku.toLowerCase());
      summary.checked++;
      if (theirs === undefined || theirs === null) {
        summary.missing++;
        await db
          .updateTable('channel_listing_variants')
          .set({
            channel_quantity: null,
            channel_checked_at: sql`now()`,
            last_error: `${row.external_sku} was not found on the platform`,
            last_error_at: sql`now()`,
          })
          .where('id', '=', row.listing_variant_id)
          .execute();
        continue;
      }
      const ours = pushableQuantity({
        available: available.get(row.variant_id) ?? 0,
        buffer: row.quantity_buffer ?? connection.channel_buffer,
        cap: row.quantity_cap,
      });
      if (theirs === ours) {
        await db
          .updateTable('channel_listing_variants')
          .set({ channel_quantity: theirs, channel_checked_at: sql`now()` })
          .where('id', '=', row.listing_variant_id)
          .execute();
        await db
          .updateTable('sync_drift')
          .set({ resolved_at: sql`now()`, resolution: 'in sync at reconciliation' })
          .where('connection_id', '=', connection.id)
          .where('variant_id', '=', row.variant_id)
          .where('resolved_at', 'is', null)
          .execute();
        continue;
      }
      summary.drift++;
      // Forget what we think we pushed, so the push below sends ours even if it equals our record.
      await db
        .updateTable('channel_listing_variants')
        .set({ channel_quantity: theirs, channel_checked_at: sql`now()`, pushed_quantity: null })
        .where('id', '=', row.listing_variant_id)
        .execute();
      await db
        .insertInto('sync_drift')
        .values({ id: newId(), connection_id: connection.id, variant_id: row.variant_id, ours, theirs })
        .onConflict((conflict) =>
          conflict
            .columns(['connection_id', 'variant_id'])
            .where('resolved_at', 'is', null)
            .doUpdateSet((eb) => ({ ours: eb.ref('excluded.ours'), theirs: eb.ref('excluded.theirs') })),
        )
        .execute();
      if (connection.sync_enabled) await enqueueQuantityPush(tx, businessId, row.variant_id);
    }
  });
}

/**
 * `sync.reconcile` for one connection: orders since the last poll (minus an overlap) into the
 * sales entry point, then every listed size's quantity on the platform against ours. Schedules
 * its next run first, so a failure never stops the polling; a connection that must be
 * reconnected or was disconnected is not polled again until it is connected.
 */
export async function reconcileConnection(deps: SyncDeps, job: Job, pollMs: number): Promise<void> {
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
    if (connection.sync_enabled) await checkQuantities(deps, connection, summary);
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
