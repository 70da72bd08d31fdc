import { z } from 'zod';
import { uuidSchema } from './common.ts';

// PDF import (docs/product.md, Purchasing): a vendor's invoice or order PDF becomes the lines of a
// draft purchase order. The text is read from the PDF (no OCR: a scanned PDF has none), lines are
// found with the vendor's parsing rules, each is matched to one of our sizes or flagged, and the
// user reviews them before the purchase order is created through the usual route.

/** The largest PDF the import reads. */
export const PDF_IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/**
 * How one vendor's documents are read. `auto` finds lines that hold a style code or SKU, a size, a
 * quantity and a money amount wherever they stand; `pattern` reads each text line with the user's
 * regular expression, whose named groups are `sku`, `size`, `quantity` and `cost` (cost optional).
 */
export const importRulesSchema = z.object({
  mode: z.enum(['auto', 'pattern'], { error: 'Mode must be auto or pattern' }),
  pattern: z.string().max(500, { error: 'Pattern must be at most 500 characters' }).nullable(),
  /** Lines before the first one containing this text are ignored (a header block). */
  start_after: z.string().max(120).nullable(),
  /** Lines from the first one containing this text are ignored (totals, terms). */
  stop_at: z.string().max(120).nullable(),
  /** The money amount on a line is the line total, not the unit cost. */
  cost_is_line_total: z.boolean(),
});
export type ImportRules = z.infer<typeof importRulesSchema>;
export const defaultImportRules: ImportRules = { mode: 'auto', pattern: null, start_after: null, stop_at: null, cost_is_line_total: false };

/** One line found in the document, matched to a size or flagged with why not. */
export const importedLineSchema = z.object({
  /** The document's text the line was read from. */
  text: z.string(),
  page: z.number().int(),
  sku: z.string().nullable(),
  size: z.string().nullable(),
  quantity: z.number().int().nullable(),
  unit_cost_cents: z.number().int().nullable(),
  match: z
    .object({
      variant_id: uuidSchema,
      product_id: uuidSchema,
      product_title: z.string(),
      size_label: z.string(),
      sku: z.string().nullable(),
    })
    .nullable(),
  /** Why the line needs the user: "No product with style code DD1391-100", "Size 14.5 not found on …", "No quantity". */
  problem: z.string().nullable(),
});
export type ImportedLine = z.infer<typeof importedLineSchema>;

export const importPreviewSchema = z.object({
  page_count: z.number().int(),
  /** False for a scanned PDF: no text to read (the answer's `lines` is then empty). */
  has_text: z.boolean(),
  lines: z.array(importedLineSchema),
  /** The rules used (the vendor's saved ones unless the request sent others to try). */
  rules: importRulesSchema,
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/**
 * An uploaded PDF, read once: its text lines are kept (a day) so rules can be tried on it again and
 * again without sending the file each time.
 */
export const importDocumentSchema = z.object({
  id: uuidSchema,
  file_name: z.string().nullable(),
  page_count: z.number().int(),
  has_text: z.boolean(),
  created_at: z.string(),
});
export type ImportDocument = z.infer<typeof importDocumentSchema>;

export const importPreviewBodySchema = z.object({
  vendor_id: uuidSchema,
  /** Rules to try instead of the vendor's saved ones (nothing is saved). */
  rules: importRulesSchema.optional(),
});
export type ImportPreviewBody = z.input<typeof importPreviewBodySchema>;
