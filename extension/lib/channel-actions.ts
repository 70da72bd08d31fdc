import { type BatchOperation, batchDetailSchema, batchOperationSchema } from '@tradepost/shared/schemas/batch-operations.ts';
import { adjustmentResultSchema, locationSchema } from '@tradepost/shared/schemas/inventory.ts';
import {
  type InventoryControlRow,
  inventoryControlSchema,
  type Listing,
  type ListingConnection,
  listingSchema,
} from '@tradepost/shared/schemas/listings.ts';
import { type Sale, saleSchema } from '@tradepost/shared/schemas/sales.ts';
import { z } from 'zod';
import type { AuthService } from './auth-service.ts';
import type { MessageOf } from './messages.ts';
import type { StockLocation } from './stock-view.ts';

/** A product's place on the marketplaces, as the listing panel shows it. */
export type ChannelState = {
  /** Every marketplace the business connected (or once did), in the matrix's order. */
  connections: ListingConnection[];
  /** This product's listings, at most one per connection. */
  listings: Listing[];
  /** Sizes with what is available now; empty when the product is not active (the matrix holds active ones). */
  variants: InventoryControlRow['variants'];
  /** Every location, for adjusting stock and in-store sales. */
  locations: StockLocation[];
};

/**
 * The background worker's marketplace actions for the panels: the product's listing state (the
 * inventory-control matrix), list, end, adjust stock, a price batch and a manual sale. Each is one
 * call of the API with the session's client; the panel shows the answer or the API's words.
 */
export function createChannelActions(auth: AuthService) {
  async function scope() {
    const { client, session } = await auth.signedInClient();
    return { client, base: `/businesses/${encodeURIComponent(session.user.business.id)}` };
  }

  return {
    async channelState({ product_id, search }: Omit<MessageOf<'channel-state'>, 'type'>): Promise<ChannelState> {
      const { client, base } = await scope();
      const [matrix, locations] = await Promise.all([
        // The matrix searches title, style code and SKU; the product is picked out by id.
        client.get(`${base}/listings/inventory-control`, { query: { search, limit: 100 }, schema: inventoryControlSchema, fresh: true }),
        client.get(`${base}/locations`, { schema: z.array(locationSchema) }),
      ]);
      const row = matrix.rows.find((item) => item.product_id === product_id);
      return {
        connections: matrix.connections,
        listings: row?.listings ?? [],
        variants: row?.variants ?? [],
        locations: locations.map((location) => ({ id: location.id, name: location.name })),
      };
    },

    async listProduct({ connection_id, product_id }: Omit<MessageOf<'list-product'>, 'type'>): Promise<Listing> {
      const { client, base } = await scope();
      return client.post(`${base}/listings`, { body: { connection_id, product_id }, schema: listingSchema });
    },

    /**
     * Ends the product's listing on one connection as an `end` batch: the API's CORS rule admits
     * only GET, HEAD and POST from extension origins, so `DELETE /listings/:id` cannot be sent from
     * here to a server the extension has no host grant for. The batch ends it the same way.
     */
    async endListing({ connection_id, product_id }: Omit<MessageOf<'end-listing'>, 'type'>): Promise<BatchOperation> {
      const { client, base } = await scope();
      return client.post(`${base}/batch-operations`, {
        body: { connection_id, operation_type: 'end', items: [{ product_id }] },
        schema: batchOperationSchema,
      });
    },

    /** One line in or out of one location; answers the size's level there afterwards. */
    async adjustStock({
      location_id,
      variant_id,
      quantity,
      reason,
    }: Omit<MessageOf<'adjust-stock'>, 'type'>): Promise<{ on_hand: number }> {
      const { client, base } = await scope();
      const result = await client.post(`${base}/inventory/adjustments`, {
        body: { location_id, lines: [{ variant_id, quantity, reason }] },
        schema: adjustmentResultSchema,
      });
      const level = result.levels.find((item) => item.variant_id === variant_id && item.location_id === location_id);
      return { on_hand: level?.on_hand ?? 0 };
    },

    /** The API's price change: a price batch on one connection, whose progress comes on the batch stream. */
    async applyPrice({ connection_id, items }: Omit<MessageOf<'apply-price'>, 'type'>): Promise<BatchOperation> {
      const { client, base } = await scope();
      return client.post(`${base}/batch-operations`, {
        body: { connection_id, operation_type: 'price', items },
        schema: batchOperationSchema,
      });
    },

    /** Where a batch stands now: the stream tells what changes, this what was missed before it connected. */
    async batchStatus(batchId: string): Promise<BatchOperation> {
      const { client, base } = await scope();
      const detail = await client.get(`${base}/batch-operations/${encodeURIComponent(batchId)}`, {
        query: { limit: 1 },
        schema: batchDetailSchema,
        fresh: true,
      });
      return detail.batch;
    },

    async recordSale({ channel, variant_id, unit_price_cents, location_id }: Omit<MessageOf<'record-sale'>, 'type'>): Promise<Sale> {
      const { client, base } = await scope();
      return client.post(`${base}/sales`, {
        body: {
          channel,
          ...(location_id === undefined ? {} : { location_id }),
          lines: [{ variant_id, quantity: 1, unit_price_cents }],
        },
        schema: saleSchema,
      });
    },
  };
}

export type ChannelActions = ReturnType<typeof createChannelActions>;
