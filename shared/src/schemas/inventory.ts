import { z } from 'zod';
import { centsSchema, timestampSchema, uuidSchema } from './common.ts';

export const locationKinds = ['warehouse', 'store', 'virtual'] as const;

export const locationSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  kind: z.enum(locationKinds),
  is_default: z.boolean(),
  archived: z.boolean(),
});
export type Location = z.infer<typeof locationSchema>;

export const createLocationBodySchema = z.object({
  name: z.string().trim().min(1, { error: 'Name is required' }).max(80),
  kind: z.enum(locationKinds, { error: 'Kind must be warehouse, store or virtual' }),
  is_default: z.boolean().optional(),
});

export const adjustmentReasonCodes = ['received', 'damaged', 'lost', 'found', 'correction', 'return_to_vendor', 'other'] as const;
export const adjustmentReasonSchema = z.enum(adjustmentReasonCodes, {
  error: 'Reason must be one of received, damaged, lost, found, correction, return_to_vendor, other',
});

const quantity = z
  .number({ error: 'Quantity must be a number' })
  .int({ error: 'Quantity must be a whole number' })
  .refine((q) => q !== 0, { error: 'Quantity must not be zero' })
  .refine((q) => Math.abs(q) <= 100_000, { error: 'Quantity must be at most 100,000' });

/** Stock in (positive) or out (negative) of one location, with a reason code. */
export const createAdjustmentBodySchema = z.object({
  location_id: uuidSchema,
  note: z.string().trim().max(500).optional(),
  lines: z
    .array(
      z.object({
        variant_id: uuidSchema,
        quantity,
        reason: adjustmentReasonSchema,
        /** Cost of each unit added; stock added with a cost becomes a FIFO cost lot. */
        unit_cost_cents: centsSchema('Unit cost').optional(),
      }),
    )
    .min(1, { error: 'Add at least one line' })
    .max(500, { error: 'At most 500 lines per adjustment' }),
});
export type CreateAdjustmentBody = z.input<typeof createAdjustmentBodySchema>;

export const stockLevelSchema = z.object({
  variant_id: uuidSchema,
  location_id: uuidSchema,
  on_hand: z.number().int(),
  reserved: z.number().int(),
  committed: z.number().int(),
  available: z.number().int(),
});
export type StockLevel = z.infer<typeof stockLevelSchema>;

export const movementSchema = z.object({
  id: uuidSchema,
  variant_id: uuidSchema,
  location_id: uuidSchema,
  on_hand_delta: z.number().int(),
  reserved_delta: z.number().int(),
  committed_delta: z.number().int(),
  reason: z.string(),
  reason_code: z.string().nullable(),
  reference_type: z.string().nullable(),
  reference_id: z.string().nullable(),
  note: z.string().nullable(),
  user_id: z.string().nullable(),
  created_at: timestampSchema,
});
export type Movement = z.infer<typeof movementSchema>;

export const adjustmentResultSchema = z.object({
  adjustment_id: uuidSchema,
  movements: z.array(movementSchema),
  levels: z.array(stockLevelSchema),
});

/** A variant's ledger: its movements, and per location the level beside the sum of its movements. */
export const variantLedgerSchema = z.object({
  variant_id: uuidSchema,
  movements: z.array(movementSchema),
  reconciliation: z.array(
    z.object({
      location_id: uuidSchema,
      level: stockLevelSchema,
      ledger: z.object({ on_hand: z.number().int(), reserved: z.number().int(), committed: z.number().int() }),
      matches: z.boolean(),
    }),
  ),
  lots: z.array(
    z.object({
      id: uuidSchema,
      source: z.string(),
      quantity_received: z.number().int(),
      quantity_remaining: z.number().int(),
      unit_cost_cents: z.number().int(),
      acquired_at: timestampSchema,
    }),
  ),
});

export const inventorySummarySchema = z.object({
  units_on_hand: z.number().int(),
  units_available: z.number().int(),
  variants_in_stock: z.number().int(),
  products: z.number().int(),
  /** Remaining FIFO lots at their cost; units without a cost lot are counted separately. */
  value_at_cost_cents: z.number().int(),
  value_at_price_cents: z.number().int(),
  units_without_cost: z.number().int(),
  locations: z.number().int(),
});
export type InventorySummary = z.infer<typeof inventorySummarySchema>;

export const transferStatuses = ['draft', 'in_transit', 'received', 'cancelled'] as const;

const transferQuantity = z
  .number({ error: 'Quantity must be a number' })
  .int({ error: 'Quantity must be a whole number' })
  .min(1, { error: 'Quantity must be at least 1' })
  .max(100_000);

export const createTransferBodySchema = z
  .object({
    from_location_id: uuidSchema,
    to_location_id: uuidSchema,
    note: z.string().trim().max(500).optional(),
    lines: z
      .array(z.object({ variant_id: uuidSchema, quantity: transferQuantity }))
      .min(1, { error: 'Add at least one line' })
      .max(500),
  })
  .superRefine((body, ctx) => {
    if (body.from_location_id === body.to_location_id) {
      ctx.addIssue({ code: 'custom', path: ['to_location_id'], message: 'Choose a different location to transfer to' });
    }
    const seen = new Set<string>();
    body.lines.forEach((line, i) => {
      if (seen.has(line.variant_id))
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'variant_id'], message: 'This size is already on the transfer' });
      seen.add(line.variant_id);
    });
  });
export type CreateTransferBody = z.input<typeof createTransferBodySchema>;

export const receiveTransferBodySchema = z.object({
  lines: z
    .array(z.object({ variant_id: uuidSchema, quantity: transferQuantity }))
    .min(1, { error: 'Scan or enter at least one item' })
    .max(500),
});

export const transferSchema = z.object({
  id: uuidSchema,
  from_location_id: uuidSchema,
  to_location_id: uuidSchema,
  status: z.enum(transferStatuses),
  note: z.string().nullable(),
  lines: z.array(z.object({ variant_id: uuidSchema, quantity: z.number().int(), quantity_received: z.number().int() })),
  created_at: timestampSchema,
  shipped_at: timestampSchema.nullable(),
  received_at: timestampSchema.nullable(),
});
export type Transfer = z.infer<typeof transferSchema>;

/** `ids` is a comma-separated list of variant ids (up to 200). */
export const variantSummaryQuerySchema = z.object({
  ids: z
    .string()
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .superRefine((ids, ctx) => {
      if (ids.length === 0 || ids.some((id) => !uuidSchema.safeParse(id).success)) {
        ctx.addIssue({ code: 'custom', message: 'ids must be variant ids separated by commas' });
      } else if (ids.length > 200) {
        ctx.addIssue({ code: 'custom', message: 'At most 200 ids' });
      }
    }),
});

export const variantSummarySchema = z.object({
  variant_id: uuidSchema,
  product_id: uuidSchema,
  title: z.string(),
  size: z.string(),
  size_format: z.string(),
  sku: z.string(),
  barcodes: z.array(z.string()),
  price_cents: z.number().int().nullable(),
  levels: z.array(z.object({ location_id: uuidSchema, on_hand: z.number().int(), available: z.number().int() })),
});
export type VariantSummary = z.infer<typeof variantSummarySchema>;

export const countStatuses = ['in_progress', 'completed', 'cancelled'] as const;

/** Starts a count of one location: every variant with a level there, or only the given products' sizes. */
export const createCountBodySchema = z.object({
  location_id: uuidSchema,
  name: z.string().trim().min(1, { error: 'Name must not be empty' }).max(120, { error: 'Name must be at most 120 characters' }).optional(),
  /** A blind count hides the expected quantities from the counters until it is completed. */
  blind: z.boolean().optional(),
  product_ids: z
    .array(uuidSchema)
    .min(1, { error: 'Choose at least one product, or leave the filter out to count everything' })
    .max(500, { error: 'At most 500 products per count' })
    .optional(),
});
export type CreateCountBody = z.input<typeof createCountBodySchema>;

const countQuantity = z
  .number({ error: 'Quantity must be a number' })
  .int({ error: 'Quantity must be a whole number' })
  .refine((q) => q !== 0, { error: 'Quantity must not be zero' })
  .refine((q) => Math.abs(q) <= 100_000, { error: 'Quantity must be at most 100,000' });

/** One scan (or a typed barcode): adds `quantity` (default 1; negative takes back a mis-scan) to the line's count. */
export const countScanBodySchema = z
  .object({
    barcode: z
      .string()
      .trim()
      .min(1, { error: 'Barcode must not be empty' })
      .max(64, { error: 'Barcode must be at most 64 characters' })
      .optional(),
    variant_id: uuidSchema.optional(),
    quantity: countQuantity.default(1),
  })
  .superRefine((body, ctx) => {
    if ((body.barcode === undefined) === (body.variant_id === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['barcode'], message: 'Send either a barcode or a variant_id' });
    }
  });
export type CountScanBody = z.input<typeof countScanBodySchema>;

export const setCountLineBodySchema = z.object({
  counted: z
    .number({ error: 'Counted must be a number' })
    .int({ error: 'Counted must be a whole number' })
    .min(0, { error: 'Counted must not be negative' })
    .max(1_000_000, { error: 'Counted must be at most 1,000,000' }),
});

export const completeCountBodySchema = z.object({
  /** Treat lines nobody counted as counted zero (their stock is written off) instead of refusing. */
  accept_zero_for_uncounted: z.boolean().optional(),
});

export const countListQuerySchema = z.object({
  status: z.enum(countStatuses, { error: 'Status must be in_progress, completed or cancelled' }).optional(),
});

/**
 * One line of a count. `expected` is frozen when the count starts (or when a surprise item is first
 * scanned); it and `variance` are null while a blind count is in progress.
 */
export const countLineSchema = z.object({
  variant_id: uuidSchema,
  product_id: uuidSchema,
  product_title: z.string(),
  size: z.string(),
  sku: z.string(),
  expected: z.number().int().nullable(),
  counted: z.number().int().nullable(),
  variance: z.number().int().nullable(),
  added_during_count: z.boolean(),
  counted_at: timestampSchema.nullable(),
});
export type CountLine = z.infer<typeof countLineSchema>;

export const countTotalsSchema = z.object({
  lines: z.number().int(),
  counted_lines: z.number().int(),
  uncounted_lines: z.number().int(),
  units_counted: z.number().int(),
  /** Null while a blind count is in progress. */
  units_expected: z.number().int().nullable(),
  /** Sum of the counted lines' variances; null while a blind count is in progress. */
  variance_units: z.number().int().nullable(),
});

export const countSummarySchema = z.object({
  id: uuidSchema,
  location_id: uuidSchema,
  name: z.string(),
  blind: z.boolean(),
  status: z.enum(countStatuses),
  product_ids: z.array(uuidSchema).nullable(),
  totals: countTotalsSchema,
  created_at: timestampSchema,
  completed_at: timestampSchema.nullable(),
  cancelled_at: timestampSchema.nullable(),
});
export type CountSummary = z.infer<typeof countSummarySchema>;

export const countSchema = countSummarySchema.extend({ lines: z.array(countLineSchema) });
export type Count = z.infer<typeof countSchema>;

export const countScanResultSchema = z.object({
  line: countLineSchema,
  /** True when the scanned item was not on the count and was added by this scan. */
  added: z.boolean(),
  totals: countTotalsSchema,
});
export type CountScanResult = z.infer<typeof countScanResultSchema>;

export const completeCountResultSchema = z.object({
  count: countSchema,
  movements: z.array(movementSchema),
  levels: z.array(stockLevelSchema),
});
