import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { tenantDb } from '../../db/tenant-db.ts';
import type { Job } from '../../jobs/runner.ts';
import { RetryLater } from '../../jobs/runner.ts';
import type { ItemResult, VariantRef } from '../marketplaces/public.ts';
import { PlatformError, ReconnectNeeded } from '../marketplaces/public.ts';
import { channelPrices } from './channel-price.ts';
import { lockListingSizes } from './listing-locks.ts';
import { availableAt, pushableQuantity, sellingLocations } from './pushable-quantity.ts';
import { connectionAdapter, findSyncConnection, noteConnectionError, type SyncConnection, type SyncDeps } from './sync-connection.ts';
import { messageOf, type SyncLogInput, writeSyncLog } from './sync-log.ts';

type PushRow = Awaited<ReturnType<typeof pushTargetRows>>[number];

type Wanted = { row: PushRow; value: number };

/** The listing variants a push may touch: active listing, connected connection, channel sync on. */
function pushTargetRows(em: EntityManager, businessId: string, variantId: string) {
  return tenantDb(em, businessId)
    .selectFrom('channel_listing_variants as lv')
    .innerJoin('channel_listings as l', (join) => join.onRef('l.id', '=', 'lv.listing_id').on('l.status', '=', 'active'))
    .innerJoin('channel_connections as c', (join) => join.onRef('c.id', '=', 'lv.connection_id').on('c.status', '=', 'connected'))
    .innerJoin('sales_channels as ch', (join) => join.onRef('ch.id', '=', 'c.channel_id').on('ch.sync_enabled', '=', true))
    .where('lv.variant_id', '=', variantId)
    .select((eb) => [
      'lv.id as listing_variant_id',
      'lv.connection_id',
      'lv.variant_id',
      'lv.external_sku',
      eb.ref('lv.external_ref').$castTo<VariantRef>().as('external_ref'),
      'lv.pushed_quantity',
      'lv.pushed_price_cents',
      'l.quantity_cap',
      'l.quantity_buffer',
      'l.price_override_cents',
      'lv.price_override_cents as size_price_override_cents',
    ])
    .orderBy('lv.connection_id')
    .execute();
}

/** The push targets by connection, in connection order. */
async function pushTargets(em: EntityManager, businessId: string, variantId: string): Promise<Map<string, PushRow[]>> {
  const rows = await pushTargetRows(em, businessId, variantId);
  const byConnection = new Map<string, PushRow[]>();
  for (const row of rows) byConnection.set(row.connection_id, [...(byConnection.get(row.connection_id) ?? []), row]);
  return byConnection;
}

async function wantedQuantities(em: EntityManager, businessId: string, connection: SyncConnection, rows: PushRow[]): Promise<Wanted[]> {
  const available = await availableAt(
    em,
    businessId,
    rows.map((r) => r.variant_id),
    sellingLocations(connection.settings),
  );
  return rows.map((row) => ({
    row,
    value: pushableQuantity({
      available: available.get(row.variant_id) ?? 0,
      buffer: row.quantity_buffer ?? connection.channel_buffer,
      cap: row.quantity_cap,
    }),
  }));
}

async function wantedPrices(em: EntityManager, businessId: string, connection: SyncConnection, rows: PushRow[]): Promise<Wanted[]> {
  const prices = await channelPrices(
    em,
    businessId,
    rows.map((row) => ({
      variantId: row.variant_id,
      channelId: connection.channel_id,
      sizeOverrideCents: row.size_price_override_cents,
      listingOverrideCents: row.price_override_cents,
    })),
  );
  return rows.flatMap((row, i) => {
    const price = prices[i]?.cents;
    return price !== null && price !== undefined && price > 0 ? [{ row, value: price }] : [];
  });
}

type Outcome = { retry: unknown; waitMs: number };

const isRateLimit = (code: string) => code === 'RATE_LIMITED' || code === '2001' || code === 'THROTTLED';

/** Stores each item's answer: the pushed value and time, or the error; drift on a corrected item is resolved. */
async function recordResults(
  em: EntityManager,
  businessId: string,
  connection: SyncConnection,
  kind: 'quantity' | 'price',
  items: Wanted[],
  results: ItemResult[],
  durationMs: number,
): Promise<Outcome> {
  const outcome: Outcome = { retry: null, waitMs: 0 };
  const log: SyncLogInput[] = [];
  await em.transactional(async (tx) => {
    const db = tenantDb(tx, businessId);
    await lockListingSizes(
      db,
      connection.id,
      items.map((item) => item.row.variant_id),
    );
    for (const [i, item] of items.entries()) {
      const result = results[i] ?? {
        sku: item.row.external_sku,
        ok: false,
        error: { code: 'NO_ANSWER', message: 'No result', retryable: true },
      };
      const entry: SyncLogInput = {
        businessId,
        connectionId: connection.id,
        variantId: item.row.variant_id,
        operation: kind,
        ok: result.ok,
        quantity: kind === 'quantity' ? item.value : null,
        priceCents: kind === 'price' ? item.value : null,
        request: { sku: item.row.external_sku, [kind === 'quantity' ? 'quantity' : 'price_cents']: item.value },
        response: result,
        durationMs,
      };
      if (result.ok) {
        await db
          .updateTable('channel_listing_variants')
          .set({
            ...(kind === 'quantity' ? { pushed_quantity: item.value } : { pushed_price_cents: item.value }),
            pushed_at: sql`now()`,
            last_error: null,
            last_error_at: null,
          })
          .where('id', '=', item.row.listing_variant_id)
          .execute();
        if (kind === 'quantity')
          await db
            .updateTable('sync_drift')
            .set({ resolved_at: sql`now()`, resolution: 'corrected by a push' })
            .where('connection_id', '=', connection.id)
            .where('variant_id', '=', item.row.variant_id)
            .where('resolved_at', 'is', null)
            .execute();
      } else {
        entry.error = `${result.error.code}: ${result.error.message}`;
        await db
          .updateTable('channel_listing_variants')
          .set({ last_error: entry.error.slice(0, 1_000), last_error_at: sql`now()` })
          .where('id', '=', item.row.listing_variant_id)
          .execute();
        if (result.error.retryable) {
          if (isRateLimit(result.error.code)) outcome.waitMs = Math.max(outcome.waitMs, 5_000);
          else outcome.retry ??= new Error(`${connection.platform} ${kind} push failed: ${entry.error}`);
        }
      }
      log.push(entry);
    }
    await writeSyncLog(tx, log);
    const failed = log.filter((e) => !e.ok);
    if (failed.length) await noteConnectionError(tx, businessId, connection.id, failed[0]?.error ?? 'push failed');
  });
  return outcome;
}

/** One connection's share of a push: the values it should show, one call, the results recorded. Null when nothing was sent. */
async function pushToConnection(
  deps: SyncDeps,
  businessId: string,
  connectionId: string,
  rows: PushRow[],
  kind: 'quantity' | 'price',
): Promise<Outcome | null> {
  const { em } = deps;
  const connection = await findSyncConnection(em, businessId, connectionId);
  if (!connection) return null;
  const wanted =
    kind === 'quantity' ? await wantedQuantities(em, businessId, connection, rows) : await wantedPrices(em, businessId, connection, rows);
  const items = wanted.filter((w) => w.value !== (kind === 'quantity' ? w.row.pushed_quantity : w.row.pushed_price_cents));
  if (items.length === 0) return null;
  const started = Date.now();
  let results: ItemResult[];
  try {
    const adapter = await connectionAdapter(deps, connection);
    results =
      kind === 'quantity'
        ? await (adapter.setQuantities as (i: { ref: VariantRef; sku: string; quantity: number }[]) => Promise<ItemResult[]>)(
            items.map((w) => ({ ref: w.row.external_ref, sku: w.row.external_sku, quantity: w.value })),
          )
        : await (adapter.setPrices as (i: { ref: VariantRef; sku: string; priceCents: number }[]) => Promise<ItemResult[]>)(
            items.map((w) => ({ ref: w.row.external_ref, sku: w.row.external_sku, priceCents: w.value })),
          );
  } catch (error) {
    // The whole call failed: every item failed the same way.
    const code = error instanceof PlatformError ? error.code : error instanceof ReconnectNeeded ? error.code : 'NETWORK';
    const retryable = error instanceof ReconnectNeeded ? false : error instanceof PlatformError ? error.retryable : true;
    results = items.map((w) => ({ sku: w.row.external_sku, ok: false, error: { code, message: messageOf(error), retryable } }));
  }
  return recordResults(em, businessId, connection, kind, items, results, Date.now() - started);
}

/**
 * The `sync.push_quantity` / `sync.push_price` job for one variant: per connection that lists it
 * (connected, sync on, listing active), the value it should show now; nothing is sent where the
 * platform already has it; one call per connection. A retryable failure retries the job (items
 * that landed are not sent again: their pushed value now matches); a rate limit waits without
 * counting an attempt; a connection that must be reconnected is left alone.
 */
export async function pushVariant(deps: SyncDeps, job: Job, kind: 'quantity' | 'price'): Promise<void> {
  const { em } = deps;
  const businessId = job.businessId ?? '';
  const variantId = String(job.payload.variantId ?? '');
  if (!businessId || !variantId) return;
  const targets = await pushTargets(em, businessId, variantId);
  // The connections at once, not one after another: a sale on eBay must leave Shopify and Square
  // as soon as each answers, not after eBay's own call. Each touches only its own rows.
  // Settled, not raced: a failure on one connection waits for the others' results to be recorded.
  const settled = await Promise.allSettled(
    [...targets].map(([connectionId, rows]) => pushToConnection(deps, businessId, connectionId, rows, kind)),
  );
  const combined: Outcome = { retry: null, waitMs: 0 };
  for (const result of settled) {
    if (result.status === 'rejected') throw result.reason;
    const outcome = result.value;
    if (!outcome) continue;
    combined.retry ??= outcome.retry;
    combined.waitMs = Math.max(combined.waitMs, outcome.waitMs);
  }
  if (combined.waitMs > 0) throw new RetryLater(combined.waitMs, 'rate limited by the platform');
  if (combined.retry) throw combined.retry;
}
