import type { EntityManager } from '@mikro-orm/postgresql';
import { enqueue, enqueueQuantityPushes } from '../../jobs/queue.ts';

// Hooks for the places that change what a marketplace should show (besides stock movements,
// which the ledger hooks itself): each enqueues coalesced pushes inside the caller's transaction.

/**
 * After a price input changed (a variant's or product's price, a listing's override, a channel's
 * price rule): one coalesced price push per listed variant. Call inside the change's transaction.
 * Pass variant ids, or a product or channel to cover all of theirs.
 */
export async function enqueuePricePushes(
  em: EntityManager,
  businessId: string,
  scope: string[] | { productId: string } | { channelId: string },
): Promise<void> {
  const filter = Array.isArray(scope)
    ? { sql: 'v.variant_id = ANY(?::uuid[])', param: `{${scope.join(',')}}` }
    : 'productId' in scope
      ? { sql: 'l.product_id = ?', param: scope.productId }
      : { sql: 'c.channel_id = ?', param: scope.channelId };
  if (Array.isArray(scope) && scope.length === 0) return;
  const rows = await em.execute<{ variant_id: string }[]>(
    `SELECT DISTINCT v.variant_id
       FROM channel_listing_variants v
       JOIN channel_listings l ON l.id = v.listing_id AND l.status IN ('active', 'pending')
       JOIN channel_connections c ON c.id = v.connection_id
      WHERE v.business_id = ? AND ${filter.sql}`,
    [businessId, filter.param],
  );
  for (const row of rows)
    await enqueue(em, { kind: 'sync.push_price', businessId, key: `price:${row.variant_id}`, payload: { variantId: row.variant_id } });
}

/**
 * After a channel's buffer or sync switch changed: a quantity push for every variant listed on
 * that channel (the push reads the new buffer; with sync off it sends nothing).
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
