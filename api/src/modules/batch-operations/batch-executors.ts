import type { EntityManager } from '@mikro-orm/postgresql';
import type { MarketplaceBatchType } from '@tradepost/shared/schemas/batch-operations.ts';
import { sql } from 'kysely';
import { tenantDb } from '../../db/tenant-db.ts';
import { AppError } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';
import type { AnyAdapter } from '../connections/public.ts';
import type { ItemResult, Platform } from '../marketplaces/public.ts';
import { EBAY_BULK_LIMIT, PlatformError, ReconnectNeeded, SHOPIFY_INPUT_LIMIT, SQUARE_CHANGES_LIMIT } from '../marketplaces/public.ts';
import {
  availableAt,
  channelPrices,
  endListing,
  listProduct,
  lockListingSizes,
  messageOf,
  pushableQuantity,
  type SyncConnection,
  type SyncDeps,
  sellingLocations,
  writeSyncLog,
} from '../sync/public.ts';
import { jsonRows } from './json-rows.ts';

/** An item taken for sending: pending items get their request built now, `sending` ones keep theirs. */
export type ClaimedItem = {
  id: string;
  seq: number;
  product_id: string | null;
  variant_id: string | null;
  sku: string | null;
  input: Record<string, unknown>;
  request: Record<string, unknown>;
};

export type ItemOutcome = {
  id: string;
  ok: boolean;
  response: unknown;
  error: string | null;
  /** The platform kept refusing for its rate limit: not an answer about the item, send it again later. */
  rateLimited: boolean;
};

export type Prepared = { id: string; request: Record<string, unknown> } | { id: string; error: string };

export type ExecutorContext = {
  /** Outside any transaction: item results and listing rows are written as they come. */
  em: EntityManager;
  deps: SyncDeps;
  businessId: string;
  batchId: string;
  connection: SyncConnection;
  adapter: AnyAdapter;
};

export type Executor = {
  /** Items per round: the platform's bulk limit for price and quantity, one product for listing work. */
  chunkSize: number;
  /** Reads current state and fixes what will be sent for each pending item. */
  prepare(context: ExecutorContext, items: Omit<ClaimedItem, 'request'>[]): Promise<Prepared[]>;
  /** Sends one chunk; answers one outcome per item. ReconnectNeeded propagates. */
  send(context: ExecutorContext, items: ClaimedItem[]): Promise<ItemOutcome[]>;
  /** What a succeeded item leaves behind, in the transaction that marks it succeeded (a failed item changes nothing). */
  settle?(tx: EntityManager, context: ExecutorContext, succeeded: SettledItem[]): Promise<void>;
};

/** An item just marked succeeded, as it was asked for. */
export type SettledItem = { id: string; variant_id: string | null; input: Record<string, unknown> };

/** The platform's bulk limits (tests/simulators/README.md): eBay 25 per bulk call, Shopify 250 inputs, Square 100 changes. */
const bulkLimit: Record<Platform, number> = { ebay: EBAY_BULK_LIMIT, shopify: SHOPIFY_INPUT_LIMIT, square: SQUARE_CHANGES_LIMIT };

/** The listing row of each of these sizes on the batch's connection, by variant id. */
async function listedVariants(context: ExecutorContext, variantIds: string[]) {
  const ids = variantIds.filter((id) => id !== '');
  const rows =
    ids.length === 0
      ? []
      : await tenantDb(context.em, context.businessId)
          .selectFrom('channel_listing_variants as lv')
          .innerJoin('channel_listings as l', 'l.id', 'lv.listing_id')
          .select([
            'lv.variant_id',
            'l.id as listing_id',
            'l.status as listing_status',
            'lv.external_sku',
            'lv.external_ref',
            'l.price_override_cents',
            'l.quantity_cap',
            'l.quantity_buffer',
          ])
          .where('lv.connection_id', '=', context.connection.id)
          .where('lv.variant_id', 'in', ids)
          .execute();
  return new Map(rows.map((row) => [row.variant_id, row]));
}

const notListed = (row: { listing_status: string } | undefined): string | null => {
  if (!row) return 'This size is no longer listed on this platform';
  if (row.listing_status === 'ended') return 'The listing has ended: relist it first';
  return null;
};

function outcomeOf(id: string, result: ItemResult | undefined): ItemOutcome {
  if (!result) return { id, ok: false, response: null, error: 'The platform returned no result for this item', rateLimited: false };
  if (result.ok) return { id, ok: true, response: result, error: null, rateLimited: false };
  return {
    id,
    ok: false,
    response: result,
    error: `${result.error.code}: ${result.error.message}`,
    rateLimited: result.error.code === 'RATE_LIMITED',
  };
}

/** Price: an absolute price per size (resending it changes nothing more). */
const priceExecutor = (platform: Platform): Executor => ({
  chunkSize: bulkLimit[platform],
  async prepare(context, items) {
    const listed = await listedVariants(
      context,
      items.map((item) => item.variant_id ?? ''),
    );
    // Items without a price go back to the channel's price: the size's own price is dropped when
    // they succeed (settle), so it is left out here (listing override, price rule, variant price).
    const backTo = items.flatMap((item) => {
      const row = listed.get(item.variant_id ?? '');
      if (!row || typeof item.input.price_cents === 'number') return [];
      return [
        {
          variantId: row.variant_id,
          channelId: context.connection.channel_id,
          sizeOverrideCents: null,
          listingOverrideCents: row.price_override_cents,
        },
      ];
    });
    const prices = await channelPrices(context.em, context.businessId, backTo);
    const defaults = new Map(backTo.map((target, i) => [target.variantId, prices[i]?.cents ?? null]));
    return items.map((item) => {
      const row = listed.get(item.variant_id ?? '');
      const problem = notListed(row);
      if (problem || !row) return { id: item.id, error: problem ?? 'Not listed' };
      const price = typeof item.input.price_cents === 'number' ? item.input.price_cents : defaults.get(row.variant_id);
      if (price === null || price === undefined) return { id: item.id, error: 'This size has no price' };
      return { id: item.id, request: { operation: 'setPrices', sku: row.external_sku, ref: row.external_ref, price_cents: price } };
    });
  },
  async send(context, items) {
    const results = await (context.adapter.setPrices as (updates: unknown[]) => Promise<ItemResult[]>)(
      items.map((item) => ({ ref: item.request.ref, sku: item.request.sku, priceCents: item.request.price_cents })),
    );
    const outcomes = items.map((item, i) => outcomeOf(item.id, results[i]));
    await recordPushes(context, 'price', items, outcomes);
    return outcomes;
  },
  async settle(tx, context, succeeded) {
    // A size repriced by hand keeps that price through later automatic pushes (channel-price.ts);
    // an item without a price goes back to the channel's price.
    const sizePrices = succeeded.map((item) => ({
      variant_id: item.variant_id,
      price_cents: typeof item.input.price_cents === 'number' ? item.input.price_cents : null,
    }));
    const db = tenantDb(tx, context.businessId);
    await lockListingSizes(
      db,
      context.connection.id,
      sizePrices.flatMap((size) => (size.variant_id ? [size.variant_id] : [])),
    );
    await db
      .updateTable('channel_listing_variants as lv')
      .from(jsonRows(sizePrices, 'variant_id uuid, price_cents integer'))
      .set((eb) => ({ price_override_cents: eb.ref('x.price_cents') }))
      .where('lv.connection_id', '=', context.connection.id)
      .whereRef('lv.variant_id', '=', 'x.variant_id')
      .execute();
    // A price push that read the old price while this batch ran is corrected (it sends nothing otherwise).
    const repriced = succeeded.flatMap((item) => (item.variant_id ? [item.variant_id] : []));
    if (repriced.length > 0) await emit(tx, context.businessId, 'price.changed', { variant_ids: repriced });
  },
});

/** Quantity: an absolute quantity per size (0 takes the size off sale). */
const quantityExecutor = (platform: Platform): Executor => ({
  chunkSize: bulkLimit[platform],
  async prepare(context, items) {
    const variantIds = items.map((item) => item.variant_id ?? '');
    const listed = await listedVariants(context, variantIds);
    const available = await availableAt(context.em, context.businessId, variantIds, sellingLocations(context.connection.settings));
    return items.map((item) => {
      const row = listed.get(item.variant_id ?? '');
      const problem = notListed(row);
      if (problem || !row) return { id: item.id, error: problem ?? 'Not listed' };
      const quantity =
        typeof item.input.quantity === 'number'
          ? item.input.quantity
          : pushableQuantity({
              available: available.get(row.variant_id) ?? 0,
              buffer: row.quantity_buffer ?? context.connection.channel_buffer,
              cap: row.quantity_cap,
            });
      return { id: item.id, request: { operation: 'setQuantities', sku: row.external_sku, ref: row.external_ref, quantity } };
    });
  },
  async send(context, items) {
    const results = await (context.adapter.setQuantities as (updates: unknown[]) => Promise<ItemResult[]>)(
      items.map((item) => ({ ref: item.request.ref, sku: item.request.sku, quantity: item.request.quantity })),
    );
    const outcomes = items.map((item, i) => outcomeOf(item.id, results[i]));
    await recordPushes(context, 'quantity', items, outcomes);
    return outcomes;
  },
});

/** What we told the platform, on the listing row (as the sync engine does) and in the sync log. */
async function recordPushes(context: ExecutorContext, kind: 'price' | 'quantity', items: ClaimedItem[], outcomes: ItemOutcome[]) {
  const value = (item: ClaimedItem) => Number(kind === 'price' ? item.request.price_cents : item.request.quantity);
  const db = tenantDb(context.em, context.businessId);
  for (const [i, item] of items.entries()) {
    const outcome = outcomes[i];
    if (!outcome || outcome.rateLimited || item.variant_id === null) continue;
    const pushed = kind === 'price' ? { pushed_price_cents: value(item) } : { pushed_quantity: value(item) };
    await db
      .updateTable('channel_listing_variants')
      .set(outcome.ok ? { ...pushed, pushed_at: sql`now()`, last_error: null } : { last_error: outcome.error, last_error_at: sql`now()` })
      .where('connection_id', '=', context.connection.id)
      .where('variant_id', '=', item.variant_id)
      .execute();
  }
  await writeSyncLog(
    context.em,
    items.flatMap((item, i) => {
      const outcome = outcomes[i];
      if (!outcome || outcome.rateLimited) return [];
      return [
        {
          businessId: context.businessId,
          connectionId: context.connection.id,
          variantId: item.variant_id,
          batchId: context.batchId,
          operation: kind,
          ok: outcome.ok,
          ...(kind === 'price' ? { priceCents: value(item) } : { quantity: value(item) }),
          error: outcome.error,
          request: { sku: item.request.sku, [kind === 'price' ? 'price_cents' : 'quantity']: value(item) },
          response: outcome.response,
        },
      ];
    }),
  );
}

/** A thrown error about one product (a refusal, a bad product) is that item's answer; a lost connection stops the batch. */
function failureOf(id: string, error: unknown): ItemOutcome {
  // The listing service answers a lost authorisation as 409 RECONNECT_NEEDED: that is about the connection, not the item.
  if (error instanceof ReconnectNeeded || (error instanceof AppError && error.code === 'RECONNECT_NEEDED')) throw error;
  const platform =
    error instanceof PlatformError ? error : error instanceof Error && error.cause instanceof PlatformError ? error.cause : null;
  const response = platform
    ? { status: platform.status, code: platform.code, retryable: platform.retryable, body: platform.body }
    : error instanceof AppError
      ? { status: error.statusCode, code: error.code, details: error.details ?? null }
      : null;
  return { id, ok: false, response, error: messageOf(error), rateLimited: platform?.code === 'RATE_LIMITED' };
}

/** List and relist: the sync engine's complete listing upsert, one product at a time (full state: safe to send again). */
const listExecutor: Executor = {
  chunkSize: 1,
  async prepare(_context, items) {
    return items.map((item) => ({ id: item.id, request: { operation: 'listProduct', product_id: item.product_id } }));
  },
  async send(context, items) {
    const outcomes: ItemOutcome[] = [];
    for (const item of items) {
      try {
        const listing = await listProduct(context.deps, {
          businessId: context.businessId,
          connectionId: context.connection.id,
          productId: String(item.request.product_id),
        });
        outcomes.push({ id: item.id, ok: true, response: listing, error: null, rateLimited: false });
      } catch (error) {
        outcomes.push(failureOf(item.id, error));
      }
    }
    return outcomes;
  },
};

/** End: withdraws the product's listing (ending an ended listing again changes nothing). */
const endExecutor: Executor = {
  chunkSize: 1,
  async prepare(context, items) {
    const productIds = items.flatMap((item) => (item.product_id ? [item.product_id] : []));
    const rows =
      productIds.length === 0
        ? []
        : await tenantDb(context.em, context.businessId)
            .selectFrom('channel_listings')
            .select(['id', 'product_id', 'status'])
            .where('connection_id', '=', context.connection.id)
            .where('product_id', 'in', productIds)
            .execute();
    const byProduct = new Map(rows.map((row) => [row.product_id, row]));
    return items.map((item) => {
      const listing = byProduct.get(item.product_id ?? '');
      if (!listing) return { id: item.id, error: 'This product is not listed on this platform' };
      return { id: item.id, request: { operation: 'endListing', listing_id: listing.id } };
    });
  },
  async send(context, items) {
    const outcomes: ItemOutcome[] = [];
    for (const item of items) {
      try {
        const listing = await endListing(context.deps, { businessId: context.businessId, listingId: String(item.request.listing_id) });
        outcomes.push({ id: item.id, ok: true, response: listing ?? { ended: true }, error: null, rateLimited: false });
      } catch (error) {
        outcomes.push(failureOf(item.id, error));
      }
    }
    return outcomes;
  },
};

export function executorFor(operation: MarketplaceBatchType, platform: Platform): Executor {
  switch (operation) {
    case 'price':
      return priceExecutor(platform);
    case 'quantity':
      return quantityExecutor(platform);
    case 'list':
    case 'relist':
      return listExecutor;
    case 'end':
      return endExecutor;
  }
}

/** A whole chunk the adapter threw for (not ReconnectNeeded): every item of it gets that answer. */
export function chunkFailure(items: ClaimedItem[], error: unknown): ItemOutcome[] {
  return items.map((item) => failureOf(item.id, error));
}
