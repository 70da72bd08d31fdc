import { z } from 'zod';
import { fieldErrorSchema, uuidSchema } from './common.ts';

/**
 * The one CSV shape of import and export: one row per variant and its stock at one location. Rows
 * of one product share the style code (or the title when there is none).
 */
export const CATALOG_CSV_COLUMNS = [
  'style_code',
  'title',
  'brand',
  'colorway',
  'category',
  'size_format',
  'retail_price',
  'size',
  'sku',
  'barcodes',
  'price',
  'location',
  'quantity',
  'unit_cost',
] as const;
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number];

/** Without these headers a file cannot describe a variant; the other columns may be left out. */
export const REQUIRED_CSV_COLUMNS: readonly CatalogCsvColumn[] = ['title', 'category', 'size_format', 'size', 'sku'];

/** What each column holds, shown in the import dialog and written as the template's example. */
export const CATALOG_CSV_COLUMN_HELP: Record<CatalogCsvColumn, { description: string; example: string }> = {
  style_code: { description: 'Manufacturer style code. Rows with the same style code are one product.', example: 'DZ5485-612' },
  title: {
    description: 'Product title. Groups the rows of a product that has no style code.',
    example: 'Air Jordan 1 Retro High OG Chicago',
  },
  brand: { description: 'Brand name.', example: 'Jordan' },
  colorway: { description: 'Colorway.', example: 'Varsity Red/Black' },
  category: { description: 'sneakers, apparel, accessories, collectibles or other.', example: 'sneakers' },
  size_format: {
    description: 'Size run: us-men, us-women, gs, ps, toddler, eu, uk, cm, apparel, waist, one-size or your own.',
    example: 'us-men',
  },
  retail_price: { description: 'Retail price as a decimal in your currency.', example: '180.00' },
  size: { description: 'A size of the size run, e.g. 10.5, 7Y or XL.', example: '10.5' },
  sku: { description: 'Your SKU for this size, unique in your catalog.', example: 'AJ1-CHI-105' },
  barcodes: { description: 'UPC, EAN or your own codes; separate several with |.', example: '195866123456' },
  price: { description: 'Your selling price for this size, as a decimal.', example: '329.99' },
  location: { description: 'Location name for the stock; empty means your default location.', example: 'Main warehouse' },
  quantity: { description: 'Units to add at that location (added to what you have). Empty or 0 adds none.', example: '2' },
  unit_cost: { description: 'What one unit cost you, as a decimal; recorded as the cost of the added units.', example: '210.00' },
};

/** What committing a good row does. */
export const importRowOutcomes = ['create_product', 'add_size', 'add_stock', 'unchanged'] as const;
export type ImportRowOutcome = (typeof importRowOutcomes)[number];

/** One data row of the file as the preview sees it; `errors` name the column (`field`) that is wrong. */
export const importRowSchema = z.object({
  /** Row number as a spreadsheet shows it: the header is row 1, the first data row is row 2. */
  row: z.number().int(),
  style_code: z.string(),
  title: z.string(),
  size: z.string(),
  sku: z.string(),
  location: z.string().nullable(),
  quantity: z.number().int().nullable(),
  /** Null on a bad row: nothing will happen to it. */
  outcome: z.enum(importRowOutcomes).nullable(),
  errors: z.array(fieldErrorSchema),
  /** Things the row asks for that an import does not do (existing products keep their details). */
  notes: z.array(z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importSummarySchema = z.object({
  rows: z.number().int(),
  bad_rows: z.number().int(),
  new_products: z.number().int(),
  new_sizes: z.number().int(),
  stock_rows: z.number().int(),
  units: z.number().int(),
  unchanged: z.number().int(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importPreviewSchema = z.object({
  /** Problems of the file as a whole (a missing header, no rows): `field` is `file` or `columns.<name>`. */
  file_errors: z.array(fieldErrorSchema),
  rows: z.array(importRowSchema),
  summary: importSummarySchema,
  /** True when there is no file error and no bad row. */
  can_commit: z.boolean(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  import_id: uuidSchema,
  summary: importSummarySchema,
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** The CSV text itself (Content-Type: text/csv). */
export const importBodySchema = z.string({ error: 'Send the CSV file as the body with Content-Type text/csv' });

export const importQuerySchema = z.object({
  /** Chosen by the client once per file, so a retried commit cannot add the same stock twice. */
  import_id: uuidSchema.optional(),
});

/**
 * Where a row error lands in a 400 answer's `details`: `rows.<row>.<column>`, e.g. `rows.3.size`.
 * File-level errors keep their own field (`file`, `columns.sku`).
 */
export const rowErrorField = (row: number, column: string) => `rows.${row}.${column}`;

/** The reverse of `rowErrorField`, for showing a failed commit's details in the preview table. */
export function parseRowErrorField(field: string): { row: number; column: string } | null {
  const match = /^rows\.(\d+)\.(\w+)$/.exec(field);
  if (match === null) return null;
  return { row: Number(match[1]), column: match[2] ?? '' };
}

/** A file answer (PDF bytes, or a CSV stream on the server): sent as it is, never serialised. */
export const fileResponseSchema = z.custom<Uint8Array | AsyncIterable<unknown>>(
  (value) => value instanceof Uint8Array || (typeof value === 'object' && value !== null && Symbol.asyncIterator in value),
);

export const labelLayouts = ['thermal', 'sheet'] as const;
export type LabelLayout = (typeof labelLayouts)[number];

export const MAX_LABELS_PER_PDF = 500;

export const labelParamsSchema = z.object({ businessId: uuidSchema, variantId: uuidSchema });
export const labelQuerySchema = z.object({ layout: z.enum(labelLayouts).default('thermal') });

export const labelsPdfBodySchema = z
  .object({
    items: z
      .array(
        z.object({
          variant_id: uuidSchema,
          copies: z
            .number({ error: 'Copies must be a number' })
            .int({ error: 'Copies must be a whole number' })
            .min(1, { error: 'At least 1 copy' })
            .max(MAX_LABELS_PER_PDF, { error: `At most ${MAX_LABELS_PER_PDF} copies` }),
        }),
      )
      .min(1, { error: 'Choose at least one variant' })
      .max(MAX_LABELS_PER_PDF),
    layout: z.enum(labelLayouts).default('thermal'),
  })
  .refine((body) => body.items.reduce((sum, item) => sum + item.copies, 0) <= MAX_LABELS_PER_PDF, {
    path: ['items'],
    error: `At most ${MAX_LABELS_PER_PDF} labels in one PDF`,
  });
export type LabelsPdfBody = z.input<typeof labelsPdfBodySchema>;

export const labelVariantsQuerySchema = z.object({
  /** Comma-separated variant ids. */
  ids: z
    .string()
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(z.array(uuidSchema).min(1, { error: 'Name at least one variant' }).max(200)),
});

/** What the labels dialog shows per variant before printing. */
export const labelVariantSchema = z.object({
  variant_id: uuidSchema,
  title: z.string(),
  size: z.string(),
  size_label: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  price_cents: z.number().int().nullable(),
  on_hand: z.number().int(),
});
export type LabelVariant = z.infer<typeof labelVariantSchema>;

const quoteCell = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/**
 * The downloadable template: the header and two rows of one product (the second size has stock at
 * the default location and no barcode), so the shape explains itself when opened in a spreadsheet.
 */
export function catalogCsvTemplate(): string {
  const first = CATALOG_CSV_COLUMNS.map((column) => CATALOG_CSV_COLUMN_HELP[column].example);
  const secondSize: Partial<Record<CatalogCsvColumn, string>> = {
    size: '11',
    sku: 'AJ1-CHI-11',
    barcodes: '',
    location: '',
    quantity: '1',
  };
  const second = CATALOG_CSV_COLUMNS.map((column) => secondSize[column] ?? CATALOG_CSV_COLUMN_HELP[column].example);
  return `${[CATALOG_CSV_COLUMNS.join(','), first.map(quoteCell).join(','), second.map(quoteCell).join(',')].join('\r\n')}\r\n`;
}
