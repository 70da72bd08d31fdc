import type { EntityManager } from '@mikro-orm/postgresql';
import type { SyncStateListing, VariantSyncState } from '@tradepost/shared/schemas/sync.ts';
import { sql } from 'kysely';
import { tenantDb } from '../../db/tenant-db.ts';
import { NotFound } from '../../errors.ts';
import type { ConnectionSettings } from '../connections/public.ts';
import { availableAt, pushableQuantity, sellingLocations } from './pushable-quantity.ts';
import { syncLogEntries } from './sync-log.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * inventory/debug2: everything the sync engine knows about one size — per listing what we last
 * pushed and when, what the platform showed at the last check, what a push would send now and
 * the last error; the recent sync log, its jobs and the webhook events that concerned it.
 */
export async function variantSyncState(em: EntityManager, businessId: string, variantId: string): Promise<VariantSyncState> {
  const db = tenantDb(em, businessId);
  const variant = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .where('v.id', '=', variantId)
    .select((eb) => [
      'v.id',
      'v.product_id',
      'p.title',
      'v.size',
      'p.size_format',
      'v.sku',
      sql<number>`coalesce(${eb
        .selectFrom('stock_levels as l')
        .whereRef('l.variant_id', '=', 'v.id')
        .select(sql`sum(l.on_hand - l.reserved - l.committed)`.as('available'))}, 0)::int`.as('available'),
    ])
    .executeTakeFirst();
  if (!variant) throw new NotFound('Variant not found');

  const rows = await db
    .selectFrom('channel_listing_variants as lv')
    .innerJoin('channel_listings as l', 'l.id', 'lv.listing_id')
    .innerJoin('channel_connections as c', 'c.id', 'lv.connection_id')
    .innerJoin('sales_channels as ch', 'ch.id', 'c.channel_id')
    .where('lv.variant_id', '=', variantId)
    .select((eb) => [
      'lv.id as listing_variant_id',
      'lv.listing_id',
      'l.status as listing_status',
      'lv.connection_id',
      'c.platform',
      'c.account_name',
      'c.environment',
      'c.status as connection_status',
      'ch.sync_enabled',
      'l.external_id',
      'lv.external_sku',
      'lv.external_ref',
      'lv.pushed_quantity',
      'lv.pushed_price_cents',
      'lv.pushed_at',
      'lv.channel_quantity',
      'lv.channel_checked_at',
      'lv.last_error',
      'lv.last_error_at',
      'l.quantity_cap',
      'l.quantity_buffer',
      'ch.quantity_buffer as channel_buffer',
      eb.ref('c.settings').$castTo<ConnectionSettings>().as('settings'),
    ])
    // CHECK constraints hold these to the listing's and the connection's values.
    .$narrowType<Pick<SyncStateListing, 'listing_status' | 'platform' | 'environment' | 'connection_status'>>()
    .orderBy(sql`array_position(ARRAY['ebay', 'shopify', 'square'], c.platform)`)
    .execute();
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

  const log = await syncLogEntries(db).where('s.variant_id', '=', variantId).orderBy('s.created_at', 'desc').limit(50).execute();
  const jobs = await db
    .selectFrom('jobs')
    .where('kind', 'in', ['sync.push_quantity', 'sync.push_price'])
    .where(sql`payload ->> 'variantId'`, '=', variantId)
    .where((eb) =>
      eb.or([eb('status', 'in', ['queued', 'running', 'failed']), eb('finished_at', '>', sql<string>`now() - interval '1 hour'`)]),
    )
    .select(['id', 'kind', 'status', 'attempts', 'run_at', 'last_error'])
    // A CHECK constraint holds a job's status to these four.
    .$narrowType<Pick<VariantSyncState['jobs'][number], 'status'>>()
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
  const skus = [...new Set([variant.sku, ...rows.map((r) => r.external_sku)].map((s) => s.toLowerCase()))];
  // Events that became (or failed to become) sales of this size, and events whose body names its SKU.
  const webhooks = await db
    .selectFrom('webhook_events as we')
    .innerJoin('channel_connections as c', 'c.id', 'we.connection_id')
    .where('we.received_at', '>', sql<string>`now() - interval '30 days'`)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('sales as s')
            .innerJoin('sale_lines as sl', 'sl.sale_id', 's.id')
            .select('s.id')
            .whereRef('s.channel_id', '=', 'c.channel_id')
            .where('s.external_order_id', '=', sql<string>`we.payload ->> 'order_id'`)
            .where('sl.variant_id', '=', variantId),
        ),
        sql<boolean>`EXISTS (SELECT 1 FROM unnest(${skus}::text[]) AS sku(value) WHERE position(sku.value IN lower(we.payload::text)) > 0)`,
      ]),
    )
    .select([
      'we.id',
      'we.connection_id',
      'we.platform',
      'we.event_id',
      'we.topic',
      'we.status',
      'we.deliveries',
      'we.error',
      'we.received_at',
      'we.processed_at',
    ])
    // The platform is the connection's (stored with the event), the status held by a CHECK constraint.
    .$narrowType<Pick<VariantSyncState['webhooks'][number], 'platform' | 'status'>>()
    .orderBy('we.received_at', 'desc')
    .limit(20)
    .execute();

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
