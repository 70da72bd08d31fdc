import { z } from 'zod';
import { businessParamsSchema, timestampSchema, uuidSchema } from './common.ts';
import { connectionEnvironments, connectionStatuses, marketplacePlatforms } from './connections.ts';
import { imageRefSchema } from './media.ts';

// Listings of our products on connected marketplaces (issue #6): the inventory-control matrix,
// listing a product now, ending a listing and its per-listing overrides.

export const listingStatuses = ['pending', 'active', 'ended', 'error'] as const;
export type ListingStatus = (typeof listingStatuses)[number];

/** Where a size's price on a channel comes from, first match wins: its own, the listing's, the price rule, the product's. */
export const priceSources = ['size', 'listing', 'rule', 'product'] as const;
export type PriceSource = (typeof priceSources)[number];

export const listingVariantSchema = z.object({
  variant_id: uuidSchema,
  external_sku: z.string(),
  /** This size's own price on this listing; null: it follows the listing's price or the channel's rule. */
  price_override_cents: z.number().int().nullable(),
  /** The price this size sells at on the channel now, and where it comes from; null: no price known. */
  price_cents: z.number().int().nullable(),
  price_source: z.enum(priceSources).nullable(),
  /** What we last told the platform; null before the first push. */
  pushed_quantity: z.number().int().nullable(),
  pushed_price_cents: z.number().int().nullable(),
  pushed_at: timestampSchema.nullable(),
  /** What the platform said it had at the last reconciliation. */
  channel_quantity: z.number().int().nullable(),
  last_error: z.string().nullable(),
});
export type ListingVariant = z.infer<typeof listingVariantSchema>;

export const listingSchema = z.object({
  id: uuidSchema,
  connection_id: uuidSchema,
  platform: z.enum(marketplacePlatforms),
  product_id: uuidSchema,
  status: z.enum(listingStatuses),
  external_id: z.string().nullable(),
  external_url: z.string().nullable(),
  price_override_cents: z.number().int().nullable(),
  quantity_cap: z.number().int().nullable(),
  quantity_buffer: z.number().int().nullable(),
  last_error: z.string().nullable(),
  listed_at: timestampSchema.nullable(),
  ended_at: timestampSchema.nullable(),
  variants: z.array(listingVariantSchema),
});
export type Listing = z.infer<typeof listingSchema>;

/** A connected (or once connected) marketplace as a column of the matrix. */
export const listingConnectionSchema = z.object({
  id: uuidSchema,
  platform: z.enum(marketplacePlatforms),
  account_name: z.string().nullable(),
  environment: z.enum(connectionEnvironments),
  status: z.enum(connectionStatuses),
  sync_enabled: z.boolean(),
  quantity_buffer: z.number().int(),
});
export type ListingConnection = z.infer<typeof listingConnectionSchema>;

export const inventoryControlRowSchema = z.object({
  product_id: uuidSchema,
  title: z.string(),
  brand: z.string().nullable(),
  style_code: z.string().nullable(),
  size_format: z.string(),
  image: imageRefSchema.nullable(),
  variants: z.array(
    z.object({
      id: uuidSchema,
      size: z.string(),
      sku: z.string(),
      available: z.number().int(),
      price_cents: z.number().int().nullable(),
    }),
  ),
  /** One entry per connection column that has a listing of this product. */
  listings: z.array(listingSchema),
});
export type InventoryControlRow = z.infer<typeof inventoryControlRowSchema>;

export const inventoryControlQuerySchema = z.object({
  search: z.string().trim().max(100, { error: 'Search must be at most 100 characters' }).optional(),
  connection_id: uuidSchema.optional(),
  cursor: z
    .string()
    .max(400)
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'Cursor is not one this list gave out' })
    .optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int({ error: 'Limit must be a whole number' })
    .min(1, { error: 'Limit must be at least 1' })
    .max(100, { error: 'Limit must be at most 100' })
    .default(25),
});
export type InventoryControlQuery = z.input<typeof inventoryControlQuerySchema>;

export const inventoryControlSchema = z.object({
  connections: z.array(listingConnectionSchema),
  rows: z.array(inventoryControlRowSchema),
  next_cursor: z.string().nullable(),
});
export type InventoryControl = z.infer<typeof inventoryControlSchema>;

export const createListingBodySchema = z.object({
  connection_id: uuidSchema,
  product_id: uuidSchema,
  /** Only these sizes (sizes already listed stay listed); all sizes when absent. */
  variant_ids: z.array(uuidSchema).min(1, { error: 'Choose at least one size' }).max(200).optional(),
});
export type CreateListingBody = z.infer<typeof createListingBodySchema>;

const nullableCount = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number` })
    .min(0, { error: `${label} must not be negative` })
    .max(max, { error: `${label} must be at most ${max.toLocaleString('en-US')}` })
    .nullable()
    .optional();

export const updateListingBodySchema = z
  .object({
    /** Null goes back to the channel's price rule (or the variant's price). */
    price_override_cents: nullableCount('Price override', 100_000_000),
    /** At most this many units are offered; null: no cap. */
    quantity_cap: nullableCount('Quantity cap', 100_000),
    /** Units held back on this listing; null: the channel's buffer. */
    quantity_buffer: nullableCount('Quantity buffer', 1000),
    /** Sizes' own prices on this listing; a null price goes back to the listing's or the channel's. */
    size_prices: z
      .array(
        z.strictObject({
          variant_id: uuidSchema,
          price_cents: z
            .number({ error: 'Size price must be a number of cents' })
            .int({ error: 'Size price must be whole cents' })
            .min(1, { error: 'Size price must be more than zero' })
            .max(100_000_000, { error: 'Size price must be at most 1,000,000.00' })
            .nullable(),
        }),
        { error: 'Size prices must be a list' },
      )
      .max(200, { error: 'At most 200 sizes at once' })
      .optional(),
  })
  .strict();
export type UpdateListingBody = z.infer<typeof updateListingBodySchema>;

export const listingParamsSchema = businessParamsSchema.extend({ listingId: uuidSchema });
