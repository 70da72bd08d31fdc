import { z } from 'zod';
import { canonicalSize, getSizeFormat, isSizeFormatId } from '../domain/sizes/size-formats.ts';
import { productCategories } from './catalog.ts';
import { centsSchema, timestampSchema, uuidSchema } from './common.ts';
import { imageInputSchema, MAX_IMAGES_PER_ITEM } from './media.ts';

/** How worn a pre-owned pair is, best first (docs/product.md, Catalog → Condition). */
export const preownedGrades = ['like_new', 'excellent', 'good', 'fair'] as const;
export type PreownedGrade = (typeof preownedGrades)[number];

/** Where the unit came from; it becomes the source of its cost lot. */
export const preownedSources = ['in_store_purchase', 'trade', 'opening'] as const;
export type PreownedSource = (typeof preownedSources)[number];

/**
 * Where an item is in its life: captured but unfinished, published with its unit in stock, its unit
 * gone (sold or otherwise taken out through the ledger), or put away for good.
 */
export const preownedStates = ['draft', 'in_stock', 'sold', 'archived'] as const;
export type PreownedState = (typeof preownedStates)[number];

/** List filter: `active` is what is for sale now (published, unit in stock). */
export const preownedListStatuses = ['draft', 'active', 'sold', 'archived', 'all'] as const;

/** Optional text: blank means "not set", so a cleared input clears the value. */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

const styleCode = z
  .string()
  .trim()
  .transform((value) => (value === '' ? null : value))
  .pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9 ._/-]{2,40}$/, { error: 'Style code may contain letters, digits, spaces, dots, dashes and slashes' })
      .nullable(),
  )
  .nullable()
  .optional();

const sku = z
  .string()
  .trim()
  .transform((value) => (value === '' ? null : value))
  .pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._/-]{1,64}$/, { error: 'SKU may contain letters, digits, dots, dashes, slashes and underscores' })
      .nullable(),
  )
  .nullable()
  .optional();

const barcode = z
  .string()
  .trim()
  .transform((value) => (value === '' ? null : value))
  .pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9-]{4,64}$/, { error: 'Barcode must be 4 to 64 letters, digits or dashes' })
      .nullable(),
  )
  .nullable()
  .optional();

/** Everything an item carries besides its title; every field may be left out of a draft. */
const itemFields = {
  brand: optionalText(80, 'Brand'),
  style_code: styleCode,
  colorway: optionalText(120, 'Colorway'),
  category: z.enum(productCategories, { error: 'Category must be sneakers, apparel, accessories, collectibles or other' }).optional(),
  /** A built-in size format id ('us-men') or the business's own format. */
  size_format: z.string().trim().min(1, { error: 'Choose a size format' }).max(40).optional(),
  /** Free text, checked against the size format when that format is a built-in one. */
  size: optionalText(20, 'Size'),
  grade: z.enum(preownedGrades, { error: 'Grade must be like new, excellent, good or fair' }).nullable().optional(),
  condition_notes: optionalText(2000, 'Notes'),
  images: z
    .array(imageInputSchema)
    .max(MAX_IMAGES_PER_ITEM, { error: `At most ${MAX_IMAGES_PER_ITEM} photos per item` })
    .optional(),
  price_cents: centsSchema('Price').nullable().optional(),
  unit_cost_cents: centsSchema('Cost').nullable().optional(),
  location_id: uuidSchema.nullable().optional(),
  acquired_via: z.enum(preownedSources, { error: 'Source must be in_store_purchase, trade or opening' }).optional(),
  /** Left out, the item gets a SKU of its own (PO-…). */
  sku,
  barcode,
};

const title = z.string().trim().min(1, { error: 'Title is required' }).max(200, { error: 'Title must be at most 200 characters' });

/** A new item: saved as a draft, or published at once (`publish: true`, which needs everything). */
export const createPreownedBodySchema = z.object({
  publish: z.boolean().default(false),
  title,
  ...itemFields,
});
export type CreatePreownedBody = z.input<typeof createPreownedBodySchema>;

/** Changes to an item; fields left out stay as they are, null clears. */
export const updatePreownedBodySchema = z.object({ title: title.optional(), ...itemFields });
export type UpdatePreownedBody = z.input<typeof updatePreownedBodySchema>;

export const preownedItemSchema = z.object({
  id: uuidSchema,
  variant_id: uuidSchema.nullable(),
  state: z.enum(preownedStates),
  title: z.string(),
  brand: z.string().nullable(),
  style_code: z.string().nullable(),
  colorway: z.string().nullable(),
  category: z.enum(productCategories),
  size_format: z.string(),
  size: z.string().nullable(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  grade: z.enum(preownedGrades).nullable(),
  condition_notes: z.string().nullable(),
  images: z.array(z.object({ media_id: uuidSchema, url: z.string(), thumb_url: z.string() })),
  price_cents: z.number().int().nullable(),
  unit_cost_cents: z.number().int().nullable(),
  location_id: uuidSchema.nullable(),
  location_name: z.string().nullable(),
  acquired_via: z.enum(preownedSources),
  on_hand: z.number().int(),
  published_at: timestampSchema.nullable(),
  /** Days from publishing until the unit left, or until now while it is in stock. */
  days_in_stock: z.number().int().nullable(),
  /** What publishing still needs (drafts only), as field names. */
  missing: z.array(z.string()),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type PreownedItem = z.infer<typeof preownedItemSchema>;

export const preownedListQuerySchema = z.object({
  status: z.enum(preownedListStatuses, { error: 'Status must be draft, active, sold, archived or all' }).default('active'),
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(60),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type PreownedListQuery = z.input<typeof preownedListQuerySchema>;

export const preownedListSchema = z.object({
  items: z.array(preownedItemSchema),
  total: z.number().int(),
  /** Items per state across the business (not just this search), for tabs and the drafts link. */
  counts: z.object({ draft: z.number().int(), in_stock: z.number().int(), sold: z.number().int(), archived: z.number().int() }),
});
export type PreownedList = z.infer<typeof preownedListSchema>;

export const preownedParamsSchema = z.object({ businessId: uuidSchema, productId: uuidSchema });

/** What publishing requires, in the order a form shows them, with the message when one is missing. */
export const publishRequirements = [
  { field: 'title', label: 'title', message: 'Title is required' },
  { field: 'size', label: 'size', message: 'Enter the size before publishing' },
  { field: 'grade', label: 'grade', message: 'Choose a grade before publishing' },
  { field: 'price_cents', label: 'price', message: 'Enter a price before publishing' },
  { field: 'unit_cost_cents', label: 'cost', message: 'Enter what you paid (the cost) before publishing' },
  { field: 'location_id', label: 'location', message: 'Choose where the item is stocked before publishing' },
] as const;
export type PublishField = (typeof publishRequirements)[number]['field'];

type Publishable = { [K in PublishField]: unknown };

/** The fields an item still lacks before it can be published; empty when it is complete. */
export function missingForPublish(item: Publishable): PublishField[] {
  return publishRequirements
    .filter(({ field }) => {
      const value = item[field];
      return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
    })
    .map(({ field }) => field);
}

/**
 * A size as stored: a built-in format's own spelling ('7y' → '7Y'), or the text as typed for a
 * custom format. `error` says why a built-in format refuses it.
 */
export function checkPreownedSize(sizeFormat: string, size: string): { size: string } | { error: string } {
  const text = size.trim();
  if (!isSizeFormatId(sizeFormat)) return { size: text };
  const canonical = canonicalSize(sizeFormat, text);
  return canonical === null ? { error: `Size ${text} is not in the ${getSizeFormat(sizeFormat).name} size run` } : { size: canonical };
}
