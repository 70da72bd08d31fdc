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

/** The distinct variants on live (active or pending) listings, to narrow with a where. */
const listedVariants = (em: EntityManager, businessId: string) =>
  tenantDb(em, businessId)
    .selectFrom('channel_listing_variants as v')
    .innerJoin('channel_listings as l', (join) => join.onRef('l.id', '=', 'v.listing_id').on('l.status', 'in', ['active', 'pending']))
    .select('v.variant_id')
    .distinct();

/**
 * After stock moved: one coalesced push per variant that is listed on any channel. Variants
 * listed nowhere cost one indexed lookup and enqueue nothing.
 */
export async function enqueueQuantityPushes(em: EntityManager, businessId: string, variantIds: readonly string[]): Promise<void> {
  if (variantIds.length === 0) return;
  const rows = await listedVariants(em, businessId)
    .where('v.variant_id', 'in', [...new Set(variantIds)])
    .execute();
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
  const listed = listedVariants(em, businessId).innerJoin('channel_connections as c', 'c.id', 'v.connection_id');
  const rows = await (Array.isArray(scope)
    ? listed.where('v.variant_id', 'in', scope)
    : 'productId' in scope
      ? listed.where('l.product_id', '=', scope.productId)
      : listed.where('c.channel_id', '=', (scope as { channelId: string }).channelId)
  ).execute();
  for (const row of rows) await enqueuePricePush(em, businessId, row.variant_id);
}

/**
 * After a channel's buffer, sync switch or selling locations changed: a quantity push for every
 * variant listed on that channel (the push reads the new buffer; with sync off it sends nothing).
 */
export async function enqueueChannelQuantityPushes(em: EntityManager, businessId: string, channelId: string): Promise<void> {
  const rows = await tenantDb(em, businessId)
    .selectFrom('channel_listing_variants as v')
    .innerJoin('channel_connections as c', 'c.id', 'v.connection_id')
    .where('c.channel_id', '=', channelId)
    .select('v.variant_id')
    .distinct()
    .execute();
  await enqueueQuantityPushes(
    em,
    businessId,
    rows.map((r) => r.variant_id),
  );
}
