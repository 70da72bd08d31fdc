import { z } from 'zod';
import { canonicalSize, getSizeFormat, sizeFormatIdSchema } from '../domain/sizes/size-formats.ts';
import { timestampSchema, uuidSchema } from './common.ts';

export const productCategories = ['sneakers', 'apparel', 'accessories', 'collectibles', 'other'] as const;
export const barcodeKinds = ['upc', 'ean', 'custom'] as const;

const money = (label: string) =>
  z
    .number({ error: `${label} must be a number of cents` })
    .int({ error: `${label} must be whole cents` })
    .min(0, { error: `${label} must not be negative` })
    .max(100_000_000);

export const barcodeInputSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,64}$/, { error: 'Barcode must be 4 to 64 letters, digits or dashes' }),
  kind: z.enum(barcodeKinds).optional(),
});

export const variantInputSchema = z.object({
  size: z.string().trim().min(1, { error: 'Size is required' }).max(20),
  sku: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._/-]{1,64}$/, { error: 'SKU may contain letters, digits, dots, dashes, slashes and underscores' }),
  price_cents: money('Price').optional(),
  weight_grams: z.number().int().min(0).max(100_000).optional(),
  barcodes: z.array(barcodeInputSchema).max(10).default([]),
});

export const createProductBodySchema = z
  .object({
    title: z.string().trim().min(1, { error: 'Title is required' }).max(200),
    brand: z.string().trim().max(80).optional(),
    style_code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9 ._/-]{2,40}$/, { error: 'Style code may contain letters, digits, spaces, dots, dashes and slashes' })
      .optional(),
    colorway: z.string().trim().max(120).optional(),
    category: z.enum(productCategories, { error: 'Category must be sneakers, apparel, accessories, collectibles or other' }),
    size_format: sizeFormatIdSchema,
    retail_price_cents: money('Retail price').optional(),
    release_date: z.iso.date({ error: 'Release date must be YYYY-MM-DD' }).optional(),
    description: z.string().max(10_000).optional(),
    tags: z.array(z.string().trim().min(1).max(40)).max(30).default([]),
    variants: z.array(variantInputSchema).max(100, { error: 'At most 100 sizes per product' }).default([]),
  })
  // Every size must belong to the product's size format; it is stored in the format's own spelling.
  .transform((product, ctx) => {
    const variants = product.variants.map((variant, i) => {
      const size = canonicalSize(product.size_format, variant.size);
      if (size === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['variants', i, 'size'],
          message: `Size ${variant.size} is not in the ${getSizeFormat(product.size_format).name} size run`,
        });
      }
      return { ...variant, size: size ?? variant.size };
    });
    return { ...product, variants };
  });
export type CreateProductBody = z.input<typeof createProductBodySchema>;

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

export const productSchema = z.object({
  id: uuidSchema,
  title: z.string(),
  brand: z.string().nullable(),
  style_code: z.string().nullable(),
  colorway: z.string().nullable(),
  category: z.enum(productCategories),
  size_format: z.string(),
  retail_price_cents: z.number().int().nullable(),
  release_date: z.string().nullable(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  status: z.enum(['active', 'archived']),
  variants: z.array(variantSchema),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Product = z.infer<typeof productSchema>;

export const productListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  sort: z.enum(['updated_at', 'title', 'created_at']).default('updated_at'),
  status: z.enum(['active', 'archived', 'all']).default('active'),
});

export const productListSchema = z.object({
  items: z.array(productSchema),
  /** Matches, counted up to a cap (10,000); `total_is_capped` says the real number is higher. */
  total: z.number().int(),
  total_is_capped: z.boolean(),
});

export const productParamsSchema = z.object({ businessId: uuidSchema, productId: uuidSchema });
