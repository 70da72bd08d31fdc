import { z } from 'zod';
import { productStatuses } from './catalog.ts';
import { queryFlagSchema, uuidSchema } from './common.ts';
import { locationKinds } from './inventory.ts';

/**
 * Stock by location: products (with their sizes beneath) × the business's locations, on hand and
 * available in each cell, row totals, and column totals over the whole filter (not just the page).
 * `GET …/inventory/stock-by-location` answers one page; `…/stock-by-location.csv` every row.
 */

export const STOCK_GRID_PAGE_SIZE = 50;

const queryFlag = queryFlagSchema.optional();

/** The filters the grid and its CSV share. */
export const stockGridFilterSchema = z.object({
  /** Title, brand, style code or colorway; a SKU (3+ characters) or an exact barcode. */
  q: z.string().trim().max(100, { error: 'Search at most 100 characters' }).optional(),
  brand: z.string().trim().min(1, { error: 'Brand must not be empty' }).max(80, { error: 'Brand is at most 80 characters' }).optional(),
  /** Only this location's column, and "in stock" means in stock there. */
  location_id: z.uuid({ error: 'Location must be a location id' }).optional(),
  /** Only products, and sizes, with units on hand (at the location when one is chosen). */
  in_stock: queryFlag,
});
export type StockGridFilter = z.output<typeof stockGridFilterSchema>;

export const stockGridQuerySchema = stockGridFilterSchema.extend({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int({ error: 'Limit must be a whole number' })
    .min(1, { error: 'Limit must be at least 1' })
    .max(200, { error: 'Limit must be at most 200' })
    .default(STOCK_GRID_PAGE_SIZE),
  offset: z.coerce
    .number({ error: 'Offset must be a number' })
    .int({ error: 'Offset must be a whole number' })
    .min(0, { error: 'Offset must not be negative' })
    .max(1_000_000, { error: 'Offset must be at most 1,000,000' })
    .default(0),
});
export type StockGridQuery = z.output<typeof stockGridQuerySchema>;

const units = z.number().int();

/** One cell: units on hand at the location, and of those the ones not reserved or committed to orders. */
export const stockGridCellSchema = z.object({ on_hand: units, available: units });
export type StockGridCell = z.infer<typeof stockGridCellSchema>;

/** A column: the location and its totals over every product of the filter. */
export const stockGridLocationSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  kind: z.enum(locationKinds),
  is_default: z.boolean(),
  /** Archived locations are columns only while they still hold units. */
  archived: z.boolean(),
  total: stockGridCellSchema,
});
export type StockGridLocation = z.infer<typeof stockGridLocationSchema>;

export const stockGridSizeSchema = z.object({
  variant_id: uuidSchema,
  size: z.string(),
  sku: z.string(),
  /** One per column, in the order of `locations`. */
  cells: z.array(stockGridCellSchema),
  total: stockGridCellSchema,
});
export type StockGridSize = z.infer<typeof stockGridSizeSchema>;

export const stockGridRowSchema = z.object({
  product_id: uuidSchema,
  title: z.string(),
  brand: z.string().nullable(),
  style_code: z.string().nullable(),
  status: z.enum(productStatuses),
  /** The sizes' sums, one per column, in the order of `locations`. */
  cells: z.array(stockGridCellSchema),
  total: stockGridCellSchema,
  /** In size order; with `in_stock`, only the sizes holding units. */
  sizes: z.array(stockGridSizeSchema),
});
export type StockGridRow = z.infer<typeof stockGridRowSchema>;

export const stockGridSchema = z.object({
  locations: z.array(stockGridLocationSchema),
  /** Products by title (then id); archived ones only while they hold units. */
  rows: z.array(stockGridRowSchema),
  /** Over the whole filter: how many products match, and their units at the columns shown. */
  totals: z.object({ products: z.number().int(), on_hand: units, available: units }),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type StockGrid = z.infer<typeof stockGridSchema>;
