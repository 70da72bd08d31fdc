import type { EntityManager } from '@mikro-orm/postgresql';
import type { SyncLogEntry, SyncStateListing, VariantSyncState } from '@tradepost/shared/schemas/sync.ts';
import { NotFound } from '../../errors.ts';
import type { ConnectionSettings } from '../connections/public.ts';
import { availableAt, pushableQuantity, sellingLocations } from './pushable-quantity.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

type ListingRow = Omit<SyncStateListing, 'pushable_now' | 'pushed_at' | 'channel_checked_at' | 'last_error_at'> & {
  pushed_at: Date | null;
  channel_checked_at: Date | null;
  last_error_at: Date | null;
  quantity_cap: number | null;
  quantity_buffer: number | null;
  channel_buffer: number;
  settings: ConnectionSettings;
};

/**
 * inventory/debug2: everything the sync engine knows about one size — per listing what we last
 * pushed and when, what the platform showed at the last check, what a push would send now and
 * the last error; the recent sync log, its jobs and the webhook events that concerned it.
 */
export async function variantSyncState(em: EntityManager, businessId: string, variantId: string): Promise<VariantSyncState> {
  const [variant] = await em.execute<VariantSyncState['variant'][]>(
    `SELECT v.id, v.product_id, p.title, v.size, p.size_format, v.sku,
            coalesce((SELECT sum(on_hand - reserved - committed) FROM stock_levels l WHERE l.variant_id = v.id), 0)::int AS available
       FROM variants v JOIN products p ON p.id = v.product_id
      WHERE v.business_id = ? AND v.id = ?`,
    [businessId, variantId],
  );
  if (!variant) throw new NotFound('Variant not found');

  const rows = await em.execute<ListingRow[]>(
    `SELECT lv.id AS listing_variant_id, lv.listing_id, l.status AS listing_status, lv.connection_id, c.platform, c.account_name, c.environment,
            c.status AS connection_status, ch.sync_enabled, l.external_id, lv.external_sku, lv.external_ref, lv.pushed_quantity,
            lv.pushed_price_cents, lv.pushed_at, lv.channel_quantity, lv.channel_checked_at, lv.last_error, lv.last_error_at,
            l.quantity_cap, l.quantity_buffer, ch.quantity_buffer AS channel_buffer, c.settings
       FROM channel_listing_variants lv
       JOIN channel_listings l ON l.id = lv.listing_id
       JOIN channel_connections c ON c.id = lv.connection_id
       JOIN sales_channels ch ON ch.id = c.channel_id
      WHERE lv.business_id = ? AND lv.variant_id = ?
      ORDER BY array_position(ARRAY['ebay', 'shopify', 'square'], c.platform)`,
    [businessId, variantId],
  );
  const listings: SyncStateListing[] = [];
  for (const { quantity_cap, quantity_buffer, channel_buffer, settings, ...row } of rows) {
    const available = await availableAt(em, businessId, [variantId], sellingLocations(settings));
    listings.push({
      ...row,
      pushed_at: iso(row.pushed_at),
      channel_checked_at: iso(row.channel_checked_at),
      last_error_at: iso(row.last_error_at),
      pushable_now: pushableQuantity({
        available: available.get(variantId) ?? 0,
        buffer: quantity_buffer ?? channel_buffer,
        cap: quantity_cap,
      }),
    });
  }

  const log = await em.execute<(Omit<SyncLogEntry, 'created_at'> & { created_at: Date })[]>(
    `SELECT s.id, s.connection_id, c.platform, s.variant_id, s.operation, s.ok, s.quantity, s.price_cents, s.error, s.request, s.response,
            s.duration_ms, s.created_at
       FROM sync_log s JOIN channel_connections c ON c.id = s.connection_id
      WHERE s.business_id = ? AND s.variant_id = ?
      ORDER BY s.created_at DESC LIMIT 50`,
    [businessId, variantId],
  );
  const jobs = await em.execute<(Omit<VariantSyncState['jobs'][number], 'run_at'> & { run_at: Date })[]>(
    `SELECT id, kind, status, attempts, run_at, last_error FROM jobs
      WHERE business_id = ? AND kind IN ('sync.push_quantity', 'sync.push_price') AND payload ->> 'variantId' = ?
        AND (status IN ('queued', 'running', 'failed') OR finished_at > now() - interval '1 hour')
      ORDER BY created_at DESC LIMIT 20`,
    [businessId, variantId],
  );
  const skus = [...new Set([variant.sku, ...rows.map((r) => r.external_sku)].map((s) => s.toLowerCase()))];
  // Events that became (or failed to become) sales of this size, and events whose body names its SKU.
  const webhooks = await em.execute<
    (Omit<VariantSyncState['webhooks'][number], 'received_at' | 'processed_at'> & {
      received_at: Date;
      processed_at: Date | null;
    })[]
  >(
    `SELECT we.id, we.connection_id, we.platform, we.event_id, we.topic, we.status, we.deliveries, we.error, we.received_at, we.processed_at
       FROM webhook_events we JOIN channel_connections c ON c.id = we.connection_id
      WHERE we.business_id = ? AND we.received_at > now() - interval '30 days'
        AND (EXISTS (SELECT 1 FROM sales s JOIN sale_lines sl ON sl.sale_id = s.id
                      WHERE s.business_id = we.business_id AND s.channel_id = c.channel_id
                        AND s.external_order_id = we.payload ->> 'order_id' AND sl.variant_id = ?)
             OR EXISTS (SELECT 1 FROM unnest(?::text[]) AS sku(value) WHERE position(sku.value IN lower(we.payload::text)) > 0))
      ORDER BY we.received_at DESC LIMIT 20`,
    [businessId, variantId, `{${skus.map((s) => `"${s.replace(/["\\]/g, '\\$&')}"`).join(',')}}`],
  );

  return {
    variant,
    listings,
    log: log.map((entry) => ({ ...entry, created_at: new Date(entry.created_at).toISOString() })),
    jobs: jobs.map((job) => ({ ...job, run_at: new Date(job.run_at).toISOString() })),
    webhooks: webhooks.map((event) => ({
      ...event,
      received_at: new Date(event.received_at).toISOString(),
      processed_at: iso(event.processed_at),
    })),
  };
}
