import type { EntityManager } from '@mikro-orm/postgresql';
import type { Job } from '../../jobs/runner.ts';
import { RetryLater } from '../../jobs/runner.ts';
import type { ItemResult, VariantRef } from '../marketplaces/public.ts';
import { PlatformError, ReconnectNeeded } from '../marketplaces/public.ts';
import { channelPrices } from './channel-price.ts';
import { availableAt, pushableQuantity, sellingLocations } from './pushable-quantity.ts';
import { connectionAdapter, findSyncConnection, noteConnectionError, type SyncConnection, type SyncDeps } from './sync-connection.ts';
import { messageOf, type SyncLogInput, writeSyncLog } from './sync-log.ts';

type PushRow = {
  listing_variant_id: string;
  connection_id: string;
  variant_id: string;
  external_sku: string;
  external_ref: VariantRef;
  pushed_quantity: number | null;
  pushed_price_cents: number | null;
  quantity_cap: number | null;
  quantity_buffer: number | null;
  price_override_cents: number | null;
  size_price_override_cents: number | null;
};

type Wanted = { row: PushRow; value: number };

/** The listing variants a push may touch: active listing, connected connection, channel sync on. */
async function pushTargets(em: EntityManager, businessId: string, variantId: string): Promise<Map<string, PushRow[]>> {
  const rows = await em.execute<PushRow[]>(
    `SELECT lv.id AS listing_variant_id, lv.connection_id, lv.variant_id, lv.external_sku, lv.external_ref, lv.pushed_quantity,
            lv.pushed_price_cents, l.quantity_cap, l.quantity_buffer, l.price_override_cents,
            lv.price_override_cents AS size_price_override_cents
       FROM channel_listing_variants lv
       JOIN channel_listings l ON l.id = lv.listing_id AND l.status = 'active'
       JOIN channel_connections c ON c.id = lv.connection_id AND c.status = 'connected'
       JOIN sales_channels ch ON ch.id = c.channel_id AND ch.sync_enabled
      WHERE lv.business_id = ? AND lv.variant_id = ?
      ORDER BY lv.connection_id`,
    [businessId, variantId],
  );
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
        const column = kind === 'quantity' ? 'pushed_quantity' : 'pushed_price_cents';
        await tx.execute(
          `UPDATE channel_listing_variants SET ${column} = ?, pushed_at = now(), last_error = NULL, last_error_at = NULL WHERE id = ?`,
          [item.value, item.row.listing_variant_id],
        );
        if (kind === 'quantity')
          await tx.execute(
            `UPDATE sync_drift SET resolved_at = now(), resolution = 'corrected by a push'
              WHERE connection_id = ? AND variant_id = ? AND resolved_at IS NULL`,
            [connection.id, item.row.variant_id],
          );
      } else {
        entry.error = `${result.error.code}: ${result.error.message}`;
        await tx.execute('UPDATE channel_listing_variants SET last_error = ?, last_error_at = now() WHERE id = ?', [
          entry.error.slice(0, 1_000),
          item.row.listing_variant_id,
        ]);
        if (result.error.retryable) {
          if (isRateLimit(result.error.code)) outcome.waitMs = Math.max(outcome.waitMs, 5_000);
          else outcome.retry ??= new Error(`${connection.platform} ${kind} push failed: ${entry.error}`);
        }
      }
      log.push(entry);
    }
    await writeSyncLog(tx, log);
    const failed = log.filter((e) => !e.ok);
    if (failed.length) await noteConnectionError(tx, connection.id, failed[0]?.error ?? 'push failed');
  });
  return outcome;
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
  const combined: Outcome = { retry: null, waitMs: 0 };
  for (const [connectionId, rows] of targets) {
    const connection = await findSyncConnection(em, businessId, connectionId);
    if (!connection) continue;
    const wanted =
      kind === 'quantity' ? await wantedQuantities(em, businessId, connection, rows) : await wantedPrices(em, businessId, connection, rows);
    const items = wanted.filter((w) => w.value !== (kind === 'quantity' ? w.row.pushed_quantity : w.row.pushed_price_cents));
    if (items.length === 0) continue;
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
    const outcome = await recordResults(em, businessId, connection, kind, items, results, Date.now() - started);
    combined.retry ??= outcome.retry;
    combined.waitMs = Math.max(combined.waitMs, outcome.waitMs);
  }
  if (combined.waitMs > 0) throw new RetryLater(combined.waitMs, 'rate limited by the platform');
  if (combined.retry) throw combined.retry;
}
