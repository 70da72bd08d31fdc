import { z } from 'zod';
import { applyPriceChange, type PriceChange } from '../domain/pricing.ts';
import { productIdListSchema } from './catalog.ts';
import { centsSchema, MAX_CENTS, timestampSchema, uuidSchema } from './common.ts';
import { connectionEnvironments, connectionStatuses, marketplacePlatformSchema } from './connections.ts';
import { listingStatuses } from './listings.ts';
import { syncLogEntrySchema } from './sync.ts';

// Batch operations (issue #6): many list/relist/end/price/quantity changes on one marketplace,
// run by a durable job within the platform's limits, with one result per item; and (issue #17)
// changes to Tradepost's own catalog run the same way: catalog prices and archiving. Also the
// marketplace pages' read models and the import of existing listings as products.

/** Work on one marketplace connection. */
export const marketplaceBatchTypes = ['list', 'relist', 'end', 'price', 'quantity'] as const;
/** Work on the catalog itself (no connection): a size's own price, a product's status. */
export const catalogBatchTypes = ['catalog_price', 'archive'] as const;
export const batchOperationTypes = [...marketplaceBatchTypes, ...catalogBatchTypes] as const;
export type BatchOperationType = (typeof batchOperationTypes)[number];
export type CatalogBatchType = (typeof catalogBatchTypes)[number];
export type MarketplaceBatchType = (typeof marketplaceBatchTypes)[number];
export const isCatalogBatch = (type: BatchOperationType): type is CatalogBatchType =>
  (catalogBatchTypes as readonly string[]).includes(type);

export const batchStatuses = ['queued', 'running', 'completed', 'partially_failed', 'failed'] as const;
export type BatchStatus = (typeof batchStatuses)[number];

export const batchItemStatuses = ['pending', 'sending', 'succeeded', 'failed'] as const;
export type BatchItemStatus = (typeof batchItemStatuses)[number];

/** The most items one batch may hold. */
export const BATCH_ITEM_LIMIT = 10_000;

const productItemSchema = z.strictObject({ product_id: uuidSchema });
const priceItemSchema = z.strictObject({
  variant_id: uuidSchema,
  /**
   * Kept as the size's own price on the listing when the item succeeds. Absent: back to the channel's
   * price (listing override, price rule, variant price), dropping the size's own price.
   */
  price_cents: centsSchema('Price', { min: 1 }).optional(),
});
const quantityItemSchema = z.strictObject({
  variant_id: uuidSchema,
  /** Absent: the quantity the sync engine would push now (available after buffer and cap). */
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int({ error: 'Quantity must be a whole number' })
    .min(0, { error: 'Quantity must not be negative' })
    .max(100_000, { error: 'Quantity must be at most 100,000' })
    .optional(),
});

const itemsOf = <T extends z.ZodType>(item: T) =>
  z
    .array(item, { error: 'Items must be a list' })
    .min(1, { error: 'Add at least one item' })
    .max(BATCH_ITEM_LIMIT, { error: `A batch holds at most ${BATCH_ITEM_LIMIT.toLocaleString('en-US')} items` });

const batchBase = { connection_id: uuidSchema };

export const createBatchBodySchema = z.discriminatedUnion(
  'operation_type',
  [
    z.object({ ...batchBase, operation_type: z.literal('list'), items: itemsOf(productItemSchema) }),
    z.object({ ...batchBase, operation_type: z.literal('relist'), items: itemsOf(productItemSchema) }),
    z.object({ ...batchBase, operation_type: z.literal('end'), items: itemsOf(productItemSchema) }),
    z.object({ ...batchBase, operation_type: z.literal('price'), items: itemsOf(priceItemSchema) }),
    z.object({ ...batchBase, operation_type: z.literal('quantity'), items: itemsOf(quantityItemSchema) }),
  ],
  { error: 'Operation type must be list, relist, end, price or quantity' },
);
export type CreateBatchBody = z.infer<typeof createBatchBodySchema>;

/**
 * A change to many catalog prices: one new price, an amount up or down, or a percentage (basis
 * points: -1000 is 10% off), each optionally rounded up to the next .99.
 */
export const catalogPriceChangeSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('set'), cents: centsSchema('Price', { min: 1 }), round_to_99: z.boolean().default(false) }),
    z.strictObject({
      kind: z.literal('amount'),
      cents: z
        .number({ error: 'Amount must be a number of cents' })
        .int({ error: 'Amount must be whole cents' })
        .min(-MAX_CENTS, { error: 'Amount is too large' })
        .max(MAX_CENTS, { error: 'Amount is too large' })
        .refine((cents) => cents !== 0, { error: 'Amount must not be 0' }),
      round_to_99: z.boolean().default(false),
    }),
    z.strictObject({
      kind: z.literal('percent'),
      basis_points: z
        .number({ error: 'Percentage must be a number' })
        .int({ error: 'Percentage must have at most two decimals' })
        .min(-9_999, { error: 'Percentage must be at least -99.99' })
        .max(50_000, { error: 'Percentage must be at most 500' })
        .refine((bp) => bp !== 0, { error: 'Percentage must not be 0' }),
      round_to_99: z.boolean().default(false),
    }),
  ],
  { error: 'Kind must be set, amount or percent' },
);
export type CatalogPriceChange = z.infer<typeof catalogPriceChangeSchema>;

export const toPriceChange = (change: CatalogPriceChange): PriceChange =>
  change.kind === 'percent'
    ? { kind: 'percent', basisPoints: change.basis_points, roundTo99: change.round_to_99 }
    : { kind: change.kind, cents: change.cents, roundTo99: change.round_to_99 };

/**
 * One size's new catalog price under the change, or why it gets none: the one rule both the
 * dialog's preview and the batch apply. The size's price is its own, else the product's retail
 * price. Rounding to .99 goes UP to the next price ending in .99 unless it already ends so
 * (123.40 → 123.99, 123.99 stays, 124.00 → 124.99), the usual retail rule and the one channel
 * price rules use (shared/src/domain/pricing.ts): .99 is a price point, and rounding up never takes
 * a price below what the change asked for.
 */
export function catalogPriceOutcome(
  currentCents: number | null,
  change: CatalogPriceChange,
): { ok: true; cents: number } | { ok: false; error: string } {
  if (currentCents === null && change.kind !== 'set')
    return { ok: false, error: 'This size has no price to change: set one price for it instead' };
  const cents = applyPriceChange(currentCents ?? 0, toPriceChange(change));
  if (cents <= 0) return { ok: false, error: 'The new price would be 0 or less, so this size keeps its price' };
  if (cents > MAX_CENTS)
    return { ok: false, error: 'The new price would be above the largest price allowed, so this size keeps its price' };
  return { ok: true, cents };
}

const catalogPriceItemSchema = z.strictObject({ variant_id: uuidSchema });

/** `POST …/batch-operations/catalog`: a change to the catalog itself, one item per size or product. */
export const createCatalogBatchBodySchema = z.discriminatedUnion(
  'operation_type',
  [
    z.object({ operation_type: z.literal('catalog_price'), change: catalogPriceChangeSchema, items: itemsOf(catalogPriceItemSchema) }),
    z.object({ operation_type: z.literal('archive'), items: itemsOf(productItemSchema) }),
  ],
  { error: 'Operation type must be catalog_price or archive' },
);
export type CreateCatalogBatchBody = z.input<typeof createCatalogBatchBodySchema>;
export type CatalogBatchRequest = z.infer<typeof createCatalogBatchBodySchema>;

export const batchOperationSchema = z.object({
  id: uuidSchema,
  /** Null for a change to the catalog itself (catalog_price, archive). */
  connection_id: uuidSchema.nullable(),
  platform: marketplacePlatformSchema.nullable(),
  operation_type: z.enum(batchOperationTypes),
  status: z.enum(batchStatuses),
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** Items not answered yet (pending or being sent). */
  remaining: z.number().int(),
  /** succeeded / answered so far; null before the first answer. */
  success_rate: z.number().min(0).max(1).nullable(),
  created_by: z.object({ id: uuidSchema, name: z.string() }).nullable(),
  created_at: timestampSchema,
  started_at: timestampSchema.nullable(),
  finished_at: timestampSchema.nullable(),
  /** From start to finish, or to now while it runs. */
  duration_ms: z.number().int().nullable(),
});
export type BatchOperation = z.infer<typeof batchOperationSchema>;

export const batchListQuerySchema = z.object({
  status: z.enum(batchStatuses, { error: `Status must be one of ${batchStatuses.join(', ')}` }).optional(),
  platform: marketplacePlatformSchema.optional(),
  operation_type: z.enum(batchOperationTypes, { error: `Operation type must be one of ${batchOperationTypes.join(', ')}` }).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type BatchListQuery = z.infer<typeof batchListQuerySchema>;

export const batchListSchema = z.object({ batches: z.array(batchOperationSchema), next_cursor: z.string().nullable() });
export type BatchList = z.infer<typeof batchListSchema>;

export const batchItemSchema = z.object({
  seq: z.number().int(),
  product_id: uuidSchema.nullable(),
  variant_id: uuidSchema.nullable(),
  sku: z.string().nullable(),
  /** Product title and size, for people. */
  label: z.string(),
  input: z.record(z.string(), z.unknown()),
  status: z.enum(batchItemStatuses),
  attempts: z.number().int(),
  error: z.string().nullable(),
  updated_at: timestampSchema,
});
export type BatchItem = z.infer<typeof batchItemSchema>;

export const batchItemDetailSchema = batchItemSchema.extend({
  /** Exactly what was sent for this item (the debug screen). */
  request: z.unknown(),
  response: z.unknown(),
});
export type BatchItemDetail = z.infer<typeof batchItemDetailSchema>;

export const batchItemsQuerySchema = z.object({
  status: z.enum(batchItemStatuses, { error: `Status must be one of ${batchItemStatuses.join(', ')}` }).optional(),
  /** The last seq of the previous page (a batch's positions are PostgreSQL integers). */
  cursor: z.coerce
    .number()
    .int()
    .min(0)
    .max(2_147_483_647, { error: 'Cursor must be a position in this batch, as a previous page gave it' })
    .optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const batchDetailSchema = z.object({
  batch: batchOperationSchema,
  items: z.array(batchItemSchema),
  next_cursor: z.string().nullable(),
});
export type BatchDetail = z.infer<typeof batchDetailSchema>;

export const batchParamsSchema = z.object({ businessId: uuidSchema, batchId: uuidSchema });
export const batchItemParamsSchema = batchParamsSchema.extend({ seq: z.coerce.number().int().min(1) });

// Marketplace pages: our listings on one platform, read from channel_listings.

export const marketplaceConnectionSchema = z.object({
  id: uuidSchema,
  status: z.enum(connectionStatuses),
  environment: z.enum(connectionEnvironments),
  account_name: z.string().nullable(),
  status_reason: z.string().nullable(),
  last_sync_at: timestampSchema.nullable(),
  last_error: z.string().nullable(),
});
export type MarketplaceConnection = z.infer<typeof marketplaceConnectionSchema>;

export const marketplaceVariantSchema = z.object({
  variant_id: uuidSchema,
  size: z.string(),
  sku: z.string(),
  /** Our available units now, across all locations. */
  available: z.number().int(),
  price_cents: z.number().int().nullable(),
  listed: z
    .object({
      external_sku: z.string(),
      external_ref: z.record(z.string(), z.unknown()),
      pushed_quantity: z.number().int().nullable(),
      pushed_price_cents: z.number().int().nullable(),
      pushed_at: timestampSchema.nullable(),
      channel_quantity: z.number().int().nullable(),
      last_error: z.string().nullable(),
    })
    .nullable(),
});
export type MarketplaceVariant = z.infer<typeof marketplaceVariantSchema>;

export const marketplaceProductSchema = z.object({
  product_id: uuidSchema,
  title: z.string(),
  brand: z.string().nullable(),
  style_code: z.string().nullable(),
  image_url: z.string().nullable(),
  listing: z
    .object({
      id: uuidSchema,
      status: z.enum(listingStatuses),
      external_id: z.string().nullable(),
      external_url: z.string().nullable(),
      last_error: z.string().nullable(),
      listed_at: timestampSchema.nullable(),
      ended_at: timestampSchema.nullable(),
      updated_at: timestampSchema,
    })
    .nullable(),
  variants: z.array(marketplaceVariantSchema),
  /** Sizes with a listing row on this platform. */
  listed_sizes: z.number().int(),
  /** Listed sizes whose last push failed. */
  size_errors: z.number().int(),
  last_pushed_at: timestampSchema.nullable(),
});
export type MarketplaceProduct = z.infer<typeof marketplaceProductSchema>;

export const marketplaceProductsQuerySchema = z.object({
  /** listed: products with a listing on this platform (any status); all: every active product. */
  scope: z.enum(['listed', 'all'], { error: 'Scope must be listed or all' }).default('listed'),
  status: z.enum([...listingStatuses, 'not_listed'], { error: 'Status must be pending, active, ended, error or not_listed' }).optional(),
  search: z.string().trim().max(100).optional(),
  /** Only these products (comma-separated ids, at most 200): the products table's bulk actions read their listings. */
  product_ids: productIdListSchema.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type MarketplaceProductsQuery = z.infer<typeof marketplaceProductsQuerySchema>;

export const listingCountsSchema = z.object({
  active: z.number().int(),
  pending: z.number().int(),
  ended: z.number().int(),
  error: z.number().int(),
});

export const marketplaceProductsSchema = z.object({
  connection: marketplaceConnectionSchema.nullable(),
  counts: listingCountsSchema,
  products: z.array(marketplaceProductSchema),
  next_cursor: z.string().nullable(),
});
export type MarketplaceProducts = z.infer<typeof marketplaceProductsSchema>;

export const marketplaceParamsSchema = z.object({ businessId: uuidSchema, platform: marketplacePlatformSchema });
export const marketplaceProductParamsSchema = marketplaceParamsSchema.extend({ productId: uuidSchema });

export const marketplaceProductDetailSchema = z.object({
  connection: marketplaceConnectionSchema.nullable(),
  product: marketplaceProductSchema,
  recent_sync: z.array(syncLogEntrySchema),
});
export type MarketplaceProductDetail = z.infer<typeof marketplaceProductDetailSchema>;

export const marketplaceOverviewSchema = z.object({
  connection: marketplaceConnectionSchema.nullable(),
  counts: listingCountsSchema,
  listed_variants: z.number().int(),
  /** Listed sizes whose last push failed. */
  variant_errors: z.number().int(),
  units_listed: z.number().int(),
  open_failed_orders: z.number().int(),
  sales_30d: z.number().int(),
  revenue_30d_cents: z.number().int(),
  recent_orders: z.array(
    z.object({
      id: uuidSchema,
      number: z.number().int(),
      external_order_id: z.string().nullable(),
      ordered_at: timestampSchema,
      status: z.string(),
      total_cents: z.number().int(),
      units: z.number().int(),
    }),
  ),
  recent_batches: z.array(batchOperationSchema),
});
export type MarketplaceOverview = z.infer<typeof marketplaceOverviewSchema>;

// Importing a platform's existing listings as products.

export const externalListingsQuerySchema = z.object({ cursor: z.string().max(2000).optional() });

export const listingMatchSchema = z.object({
  /** sku: a size's SKU is ours (SKU, SKU mapping or barcode); style_code: the style code is; none: a new product. */
  kind: z.enum(['sku', 'style_code', 'none']),
  product_id: uuidSchema.nullable(),
  product_title: z.string().nullable(),
  /** Already linked to this listing: importing again changes nothing. */
  linked: z.boolean(),
});

export const externalListingSchema = z.object({
  external_id: z.string(),
  title: z.string(),
  brand: z.string().nullable(),
  style_code: z.string().nullable(),
  image_url: z.string().nullable(),
  url: z.string().nullable(),
  status: z.enum(['active', 'ended', 'draft']),
  variants: z.array(
    z.object({
      sku: z.string(),
      size: z.string().nullable(),
      price_cents: z.number().int(),
      quantity: z.number().int(),
      barcode: z.string().nullable(),
    }),
  ),
  match: listingMatchSchema,
  /** Why this listing cannot be imported as it is (no SKU, no size …); null when it can. */
  problem: z.string().nullable(),
});
export type ExternalListing = z.infer<typeof externalListingSchema>;

export const externalListingPageSchema = z.object({
  connection: marketplaceConnectionSchema.extend({ platform: marketplacePlatformSchema }),
  listings: z.array(externalListingSchema),
  /** The cursor this page was read with (send it back with the selection). */
  cursor: z.string().nullable(),
  next_cursor: z.string().nullable(),
});
export type ExternalListingPage = z.infer<typeof externalListingPageSchema>;

export const importListingsBodySchema = z.object({
  /** The page the listings were chosen on: the server reads it again from the platform. */
  cursor: z.string().max(2000).nullable().default(null),
  external_ids: z
    .array(z.string().min(1).max(200), { error: 'external_ids must be a list' })
    .min(1, { error: 'Choose at least one listing' })
    .max(200, { error: 'Import at most 200 listings at a time' }),
  size_format: z.string().min(1).max(80).default('us-men'),
  category: z.enum(['sneakers', 'apparel', 'accessories', 'collectibles', 'other']).default('sneakers'),
  /** New products start with the platform's quantities as opening stock at this location (default: the default location). */
  location_id: uuidSchema.optional(),
});
export type ImportListingsBody = z.input<typeof importListingsBodySchema>;

export const importListingResultSchema = z.object({
  external_id: z.string(),
  title: z.string(),
  outcome: z.enum(['created', 'linked', 'already_linked', 'failed']),
  product_id: uuidSchema.nullable(),
  /** Sizes linked (or created) and SKU mappings added. */
  variants_linked: z.number().int(),
  variants_created: z.number().int(),
  sku_mappings_added: z.number().int(),
  /** Why it failed, or what was skipped. */
  message: z.string().nullable(),
});
export type ImportListingResult = z.infer<typeof importListingResultSchema>;

export const importListingsResultSchema = z.object({
  results: z.array(importListingResultSchema),
  created: z.number().int(),
  linked: z.number().int(),
  failed: z.number().int(),
});
export type ImportListingsResult = z.infer<typeof importListingsResultSchema>;
