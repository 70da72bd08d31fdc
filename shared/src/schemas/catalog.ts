import { z } from 'zod';
import { isCustomSizeFormatId } from '../domain/sizes/resolved-size-format.ts';
import { isSizeFormatId } from '../domain/sizes/size-formats.ts';
import { centsSchema, queryFlagSchema, timestampSchema, uuidSchema } from './common.ts';
import { imageInputSchema, imageRefSchema, MAX_IMAGES_PER_ITEM } from './media.ts';

export const productCategories = ['sneakers', 'apparel', 'accessories', 'collectibles', 'other'] as const;
export const barcodeKinds = ['upc', 'ean', 'custom'] as const;
export const productConditions = ['new', 'new_with_defects', 'pre_owned'] as const;
export const productGrades = ['like_new', 'excellent', 'good', 'fair'] as const;
export const productStatuses = ['draft', 'active', 'archived'] as const;
export const productSorts = ['updated_at', 'created_at', 'title', 'price', 'stock'] as const;

export type ProductCategory = (typeof productCategories)[number];
export type ProductCondition = (typeof productConditions)[number];
export type ProductGrade = (typeof productGrades)[number];
export type ProductStatus = (typeof productStatuses)[number];
export type ProductSort = (typeof productSorts)[number];

/** A built-in format ('us-men') or the business's own ('custom:<uuid>'); the service checks the custom one exists. */
export const productSizeFormatSchema = z
  .string({ error: 'Choose a size format' })
  .trim()
  .refine((value) => isSizeFormatId(value) || isCustomSizeFormatId(value), { error: 'Choose a size format' });

const weight = z
  .number({ error: 'Weight must be a number of grams' })
  .int({ error: 'Weight must be whole grams' })
  .min(0, { error: 'Weight must not be negative' })
  .max(100_000, { error: 'Weight must be at most 100 kg' });

/** Optional text that may be cleared: '' and null both store nothing. */
const clearableText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .nullable()
    .transform((value) => (value === null || value === '' ? null : value));

export const barcodeCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{4,64}$/, { error: 'Barcode must be 4 to 64 letters, digits or dashes' });

export const barcodeInputSchema = z.object({ code: barcodeCodeSchema, kind: z.enum(barcodeKinds).optional() });
export type BarcodeInput = z.input<typeof barcodeInputSchema>;

export const skuSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._/-]{1,64}$/, { error: 'SKU may contain letters, digits, dots, dashes, slashes and underscores' });

const styleCodePattern = /^[A-Za-z0-9 ._/-]{2,40}$/;
const styleCodeMessage = 'Style code may contain letters, digits, spaces, dots, dashes and slashes';
const styleCodeSchema = z.string().trim().regex(styleCodePattern, { error: styleCodeMessage });

export const variantInputSchema = z.object({
  // The service checks the size against the product's format (built-in or custom) and stores the run's spelling.
  size: z.string().trim().min(1, { error: 'Size is required' }).max(20, { error: 'Size must be at most 20 characters' }),
  sku: skuSchema,
  price_cents: centsSchema('Price').optional(),
  weight_grams: weight.optional(),
  barcodes: z.array(barcodeInputSchema).max(10, { error: 'At most 10 barcodes per size' }).default([]),
});
export type VariantInput = z.input<typeof variantInputSchema>;

/** Uploaded images (POST /media) attached to a product, cover first; the server fills in their URLs. */
const imagesSchema = z.array(imageInputSchema).max(MAX_IMAGES_PER_ITEM, { error: `At most ${MAX_IMAGES_PER_ITEM} photos per product` });

const conditionNotesSchema = z.string().trim().max(2000, { error: 'Condition notes must be at most 2000 characters' });
const tagSchema = z.string().trim().min(1).max(40);
const tagsSchema = z.array(tagSchema).max(30, { error: 'At most 30 tags' });

/** Grade belongs to pre-owned items only, and a published pre-owned item has one. */
function checkGrade(
  value: { condition?: ProductCondition | undefined; grade?: ProductGrade | null | undefined; status?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.condition === undefined) return;
  if (value.condition !== 'pre_owned' && value.grade !== undefined && value.grade !== null)
    ctx.addIssue({ code: 'custom', path: ['grade'], message: 'Grade applies to pre-owned items only' });
  if (value.condition === 'pre_owned' && (value.grade === undefined || value.grade === null) && value.status !== 'draft')
    ctx.addIssue({ code: 'custom', path: ['grade'], message: 'Choose a grade for a pre-owned item' });
}

/** The fields of a new product, before the cross-field checks (for importers that check field by field). */
export const productFieldsSchema = z.object({
  title: z.string().trim().min(1, { error: 'Title is required' }).max(200, { error: 'Title must be at most 200 characters' }),
  brand: z.string().trim().max(80).optional(),
  style_code: styleCodeSchema.optional(),
  colorway: z.string().trim().max(120).optional(),
  category: z.enum(productCategories, { error: 'Category must be sneakers, apparel, accessories, collectibles or other' }),
  size_format: productSizeFormatSchema,
  condition: z.enum(productConditions, { error: 'Condition must be new, new with defects or pre-owned' }).default('new'),
  grade: z.enum(productGrades, { error: 'Grade must be like new, excellent, good or fair' }).optional(),
  condition_notes: conditionNotesSchema.optional(),
  status: z.enum(['draft', 'active'], { error: 'A new product is a draft or active' }).default('active'),
  retail_price_cents: centsSchema('Retail price').optional(),
  release_date: z.iso.date({ error: 'Release date must be YYYY-MM-DD' }).optional(),
  description: z.string().max(10_000).optional(),
  tags: tagsSchema.default([]),
  images: imagesSchema.default([]),
  variants: z.array(variantInputSchema).max(100, { error: 'At most 100 sizes per product' }).default([]),
});

export const createProductBodySchema = productFieldsSchema
  .superRefine(checkGrade)
  // A tag typed twice is one tag.
  .transform((product) => ({ ...product, tags: [...new Set(product.tags)] }));
export type CreateProductBody = z.input<typeof createProductBodySchema>;
export type CreateProductInput = z.output<typeof createProductBodySchema>;

/** A change to one existing size: SKU, price or weight (null clears price and weight). */
export const variantUpdateSchema = z.object({
  id: uuidSchema,
  sku: skuSchema.optional(),
  price_cents: centsSchema('Price').nullable().optional(),
  weight_grams: weight.nullable().optional(),
});

/**
 * PATCH /products/:id — only the fields sent change. Size edits ride along in `variants` so one
 * Save of the configure screen is one transaction; messages name `variants.<i>.<field>`.
 */
export const updateProductBodySchema = z
  .object({
    title: z.string().trim().min(1, { error: 'Title is required' }).max(200, { error: 'Title must be at most 200 characters' }).optional(),
    brand: clearableText(80, 'Brand').optional(),
    style_code: z
      .string()
      .trim()
      .nullable()
      .refine((value) => value === null || value === '' || styleCodePattern.test(value), { error: styleCodeMessage })
      .transform((value) => (value === '' ? null : value))
      .optional(),
    colorway: clearableText(120, 'Colorway').optional(),
    category: z.enum(productCategories, { error: 'Category must be sneakers, apparel, accessories, collectibles or other' }).optional(),
    condition: z.enum(productConditions, { error: 'Condition must be new, new with defects or pre-owned' }).optional(),
    grade: z.enum(productGrades, { error: 'Grade must be like new, excellent, good or fair' }).nullable().optional(),
    condition_notes: conditionNotesSchema
      .nullable()
      .transform((value) => (value === null || value === '' ? null : value))
      .optional(),
    retail_price_cents: centsSchema('Retail price').nullable().optional(),
    release_date: z.iso.date({ error: 'Release date must be YYYY-MM-DD' }).nullable().optional(),
    description: clearableText(10_000, 'Description').optional(),
    tags: tagsSchema.optional(),
    images: imagesSchema.optional(),
    variants: z.array(variantUpdateSchema).max(100).optional(),
  })
  .superRefine((value, ctx) => {
    const ids = new Set<string>();
    value.variants?.forEach((variant, i) => {
      if (ids.has(variant.id)) ctx.addIssue({ code: 'custom', path: ['variants', i, 'id'], message: 'This size is listed twice' });
      ids.add(variant.id);
    });
  });
export type UpdateProductBody = z.input<typeof updateProductBodySchema>;
export type UpdateProductInput = z.output<typeof updateProductBodySchema>;

export const addVariantBodySchema = variantInputSchema;
export type AddVariantBody = z.input<typeof addVariantBodySchema>;
export const addBarcodeBodySchema = barcodeInputSchema;
export type AddBarcodeBody = z.input<typeof addBarcodeBodySchema>;

export const barcodeSchema = z.object({ code: z.string(), kind: z.enum(barcodeKinds) });

export const variantSchema = z.object({
  id: uuidSchema,
  size: z.string(),
  sku: z.string(),
  price_cents: z.number().int().nullable(),
  weight_grams: z.number().int().nullable(),
  barcodes: z.array(barcodeSchema),
  on_hand: z.number().int(),
  available: z.number().int(),
});
export type Variant = z.infer<typeof variantSchema>;

export const productImageSchema = imageRefSchema;
export type ProductImage = z.infer<typeof productImageSchema>;

export const productSchema = z.object({
  id: uuidSchema,
  title: z.string(),
  brand: z.string().nullable(),
  style_code: z.string().nullable(),
  colorway: z.string().nullable(),
  category: z.enum(productCategories),
  size_format: z.string(),
  condition: z.enum(productConditions),
  grade: z.enum(productGrades).nullable(),
  condition_notes: z.string().nullable(),
  retail_price_cents: z.number().int().nullable(),
  release_date: z.string().nullable(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  images: z.array(productImageSchema),
  status: z.enum(productStatuses),
  archived_at: timestampSchema.nullable(),
  variants: z.array(variantSchema),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Product = z.infer<typeof productSchema>;

const queryFlag = queryFlagSchema.optional();

/** The filters of the products page; the list, its summary and nothing else share them. */
/** The most product ids one address may name (`?ids=` of the list, the export). */
export const MAX_IDS_IN_QUERY = 200;

/** Comma-separated product ids in a query string, 1 to 200 of them. */
export const productIdListSchema = z
  .string()
  .transform((text) => text.split(',').filter(Boolean))
  .pipe(
    z
      .array(z.uuid({ error: 'Each id must be a product id' }))
      .min(1, { error: 'Name at least one product' })
      .max(MAX_IDS_IN_QUERY, { error: `Name at most ${MAX_IDS_IN_QUERY} products` }),
  );

export const productFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(['active', 'archived', 'draft', 'all'], { error: 'Status must be active, archived, draft or all' }).default('active'),
  brand: z.string().trim().min(1).max(80).optional(),
  category: z.enum(productCategories, { error: 'Category must be sneakers, apparel, accessories, collectibles or other' }).optional(),
  size: z.string().trim().min(1).max(20).optional(),
  /** Products with units on hand at this location. */
  location_id: uuidSchema.optional(),
  in_stock: queryFlag,
  condition: z.enum(productConditions, { error: 'Condition must be new, new_with_defects or pre_owned' }).optional(),
  /** Only these products (comma-separated ids, at most 200): the rows chosen for a bulk action. */
  ids: productIdListSchema.optional(),
});
export type ProductFilter = z.output<typeof productFilterSchema>;

export const productListQuerySchema = productFilterSchema.extend({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  sort: z.enum(productSorts, { error: 'Sort by updated_at, created_at, title, price or stock' }).default('updated_at'),
  /** Omitted: the sort's natural direction (newest, A–Z, highest price, most stock first). */
  dir: z.enum(['asc', 'desc']).optional(),
  /** Count the matches too (capped). The products page asks the summary instead, so typing waits only for the page. */
  with_total: queryFlag,
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

export const productListSchema = z.object({
  items: z.array(productSchema),
  /** Matches counted up to a cap (10,000) when `with_total=true`, else null; `total_is_capped` says the real number is higher. */
  total: z.number().int().nullable(),
  total_is_capped: z.boolean(),
});
export type ProductList = z.infer<typeof productListSchema>;

/**
 * A product as a line of the products table: what the row shows and no more (its first photo, not
 * all; no barcodes, SKUs, prices or descriptions), so a page of 50 is a third of the full shape's
 * bytes to build, send and read.
 */
export const productRowSchema = productSchema
  .pick({
    id: true,
    title: true,
    brand: true,
    style_code: true,
    colorway: true,
    category: true,
    size_format: true,
    condition: true,
    grade: true,
    status: true,
  })
  .extend({
    /** The first photo, shown as the row's thumbnail; null until the product has one. */
    image: productImageSchema.nullable(),
    /** Every size of the product in run order, with its stock summed over all locations. */
    sizes: z.array(z.object({ size: z.string(), on_hand: z.number().int(), available: z.number().int() })),
  });
export type ProductRow = z.infer<typeof productRowSchema>;

export const productRowListSchema = productListSchema.extend({ items: z.array(productRowSchema) });
export type ProductRowList = z.infer<typeof productRowListSchema>;

/** The filtered set as a whole: how many products and what the stock in them is worth. */
export const productSetSummarySchema = z.object({
  products: z.number().int(),
  units_on_hand: z.number().int(),
  value_at_cost_cents: z.number().int(),
  value_at_price_cents: z.number().int(),
  units_without_cost: z.number().int(),
});
export type ProductSetSummary = z.infer<typeof productSetSummarySchema>;

/** What the filter bar offers: brands with their product counts (most first) and the sizes the catalog holds. */
export const productFacetsSchema = z.object({
  brands: z.array(z.object({ brand: z.string(), products: z.number().int() })),
  sizes: z.array(z.string()),
});
export const productFacetsQuerySchema = z.object({
  status: z.enum(['active', 'archived', 'draft', 'all'], { error: 'Status must be active, archived, draft or all' }).default('active'),
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;

/** The sizes a product can have: its format's run, in order. */
export const productSizeRunSchema = z.object({
  size_format: z.string(),
  name: z.string(),
  sizes: z.array(z.string()),
  is_custom: z.boolean(),
});
export type ProductSizeRun = z.infer<typeof productSizeRunSchema>;

export const productParamsSchema = z.object({ businessId: uuidSchema, productId: uuidSchema });
export const variantParamsSchema = productParamsSchema.extend({ variantId: uuidSchema });
export const barcodeParamsSchema = variantParamsSchema.extend({ code: barcodeCodeSchema });
