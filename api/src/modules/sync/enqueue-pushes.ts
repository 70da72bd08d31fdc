import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantDb } from '../../db/tenant-db.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { pushPriceJob, pushQuantityJob } from './sync.jobs.ts';

// Pushes are coalesced per variant (a burst of changes on one size becomes one push that reads the
// current value) and enqueued inside the caller's transaction. The sync engine's subscribers call
// these when other areas publish stock, price and channel events; sync's own code calls them directly.

export const enqueueQuantityPush = (em: EntityManager, businessId: string, variantId: string) =>
  enqueueJob(em, pushQuantityJob, { businessId, key: `qty:${variantId}`, payload: { variantId } });

export const enqueuePricePush = (em: EntityManager, businessId: string, variantId: string) =>
  enqueueJob(em, pushPriceJob, { businessId, key: `price:${variantId}`, payload: { variantId } });

/** Whether any of these variants is on a live listing: one indexed look-up, in the caller's transaction. */
export async function anyListed(em: EntityManager, businessId: string, variantIds: readonly string[]): Promise<boolean> {
  const listed = await tenantDb(em, businessId)
    .selectFrom('channel_listing_variants as v')
    .innerJoin('channel_listings as l', 'l.id', 'v.listing_id')
    .where('l.status', 'in', ['active', 'pending'])
    .where('v.variant_id', 'in', [...new Set(variantIds)])
    .select('v.variant_id')
    .limit(1)
    .executeTakeFirst();
  return listed !== undefined;
}

/**
 * After stock moved: one coalesced push per variant that is listed on any channel. Variants
 * listed nowhere cost one indexed lookup and enqueue nothing.
 */
export async function enqueueQuantityPushes(em: EntityManager, businessId: string, variantIds: readonly string[]): Promise<void> {
  if (variantIds.length === 0) return;
  const rows = await em.execute<{ variant_id: string }[]>(
    `SELECT DISTINCT v.variant_id
       FROM channel_listing_variants v
       JOIN channel_listings l ON l.id = v.listing_id AND l.status IN ('active', 'pending')
      WHERE v.business_id = ? AND v.variant_id = ANY(?::uuid[])`,
    [businessId, `{${[...new Set(variantIds)].join(',')}}`],
  );
  for (const row of rows) await enqueueQuantityPush(em, businessId, row.variant_id);
}

/**
 * After a price input changed (a variant's or product's price, a listing's override, a channel's
 * price rule): one coalesced price push per listed variant. Pass variant ids, or a product or
 * channel to cover all of theirs.
 */
export async function enqueuePricePushes(
  em: EntityManager,
  businessId: string,
  scope: readonly string[] | { productId: string } | { channelId: string },
): Promise<void> {
  if (Array.isArray(scope) && scope.length === 0) return;
  const filter = Array.isArray(scope)
    ? { sql: 'v.variant_id = ANY(?::uuid[])', param: `{${scope.join(',')}}` }
    : 'productId' in scope
      ? { sql: 'l.product_id = ?', param: scope.productId }
      : { sql: 'c.channel_id = ?', param: (scope as { channelId: string }).channelId };
  const rows = await em.execute<{ variant_id: string }[]>(
    `SELECT DISTINCT v.variant_id
       FROM channel_listing_variants v
       JOIN channel_listings l ON l.id = v.listing_id AND l.status IN ('active', 'pending')
       JOIN channel_connections c ON c.id = v.connection_id
      WHERE v.business_id = ? AND ${filter.sql}`,
    [businessId, filter.param],
  );
  for (const row of rows) await enqueuePricePush(em, businessId, row.variant_id);
}

/**
 * After a channel's buffer, sync switch or selling locations changed: a quantity push for every
 * variant listed on that channel (the push reads the new buffer; with sync off it sends nothing).
 */
export async function enqueueChannelQuantityPushes(em: EntityManager, businessId: string, channelId: string): Promise<void> {
  const rows = await em.execute<{ variant_id: string }[]>(
    `SELECT DISTINCT v.variant_id FROM channel_listing_variants v JOIN channel_connections c ON c.id = v.connection_id
      WHERE v.business_id = ? AND c.channel_id = ?`,
    [businessId, channelId],
  );
  await enqueueQuantityPushes(
    em,
    businessId,
    rows.map((r) => r.variant_id),
  );
}
