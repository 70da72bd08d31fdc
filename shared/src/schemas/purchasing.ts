import { z } from 'zod';
import { centsSchema, queryFlagSchema, timestampSchema, uuidSchema } from './common.ts';
import { payoutSchema } from './payouts.ts';

// Purchasing (docs/product.md, Purchasing): vendors, purchase orders and receiving. Stock bought on a
// purchase order enters the ledger only when it is received, as FIFO cost lots at the landed unit
// cost (the unit cost plus the line's share of shipping, duties and fees).

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional()
    .transform((value) => (value === '' ? undefined : value));

const quantitySchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number` })
    .min(1, { error: `${label} must be at least 1` })
    .max(100_000, { error: `${label} is too large` });

// ---------------------------------------------------------------------------------------------
// Vendors

export const vendorInputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(120, { error: 'Name must be at most 120 characters' }),
  contact_name: optionalText(120, 'Contact name'),
  email: z
    .string({ error: 'Email must be text' })
    .trim()
    .max(254)
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.email({ error: 'Enter a valid email address' }).optional()),
  phone: optionalText(40, 'Phone'),
  /** Payment terms as the vendor states them: "Net 30", "Prepaid", "COD". */
  terms: optionalText(80, 'Terms'),
  currency: z
    .string({ error: 'Currency must be text' })
    .regex(/^[A-Z]{3}$/, { error: 'Currency must be a three-letter ISO code such as USD' })
    .optional(),
  notes: optionalText(2000, 'Notes'),
});
export type VendorInput = z.input<typeof vendorInputSchema>;
export const updateVendorBodySchema = vendorInputSchema.partial();
export type UpdateVendorBody = z.input<typeof updateVendorBodySchema>;

export const vendorSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  contact_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  terms: z.string().nullable(),
  /** Defaults to the business currency when not given. */
  currency: z.string(),
  notes: z.string().nullable(),
  archived: z.boolean(),
  created_at: timestampSchema,
  /** Purchase orders placed with this vendor (any status but cancelled). */
  order_count: z.number().int(),
  /** What was received from this vendor, at landed cost, in cents. */
  spend_cents: z.number().int(),
  last_order_at: timestampSchema.nullable(),
});
export type Vendor = z.infer<typeof vendorSchema>;

export const vendorListQuerySchema = z.object({
  q: z.string().trim().max(120).optional(),
  include_archived: queryFlagSchema.default(false),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type VendorListQuery = z.input<typeof vendorListQuerySchema>;
export const vendorListSchema = z.object({ items: z.array(vendorSchema), total: z.number().int() });
export type VendorList = z.infer<typeof vendorListSchema>;

/** CSV import: the text of a file with a header row (name, contact_name, email, phone, terms, currency, notes). */
export const vendorImportBodySchema = z.object({
  // Under the API's 100 kB cap on any JSON text field: about 900 vendors; a longer list goes in parts.
  csv: z
    .string({ error: 'CSV must be text' })
    .min(1, { error: 'The file is empty' })
    .max(90_000, { error: 'The file is too large (90,000 characters at most): import it in parts' }),
});
export const vendorImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  /** Rows refused, each with its 1-based line number in the file and the field at fault; nothing of such a row is written. */
  errors: z.array(z.object({ line: z.number().int(), field: z.string(), message: z.string() })),
});
export type VendorImportResult = z.infer<typeof vendorImportResultSchema>;

// ---------------------------------------------------------------------------------------------
// Purchase orders

export const purchaseOrderStatuses = ['draft', 'ordered', 'partially_received', 'received', 'closed', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof purchaseOrderStatuses)[number];
export const purchaseOrderStatusLabels: Record<PurchaseOrderStatus, string> = {
  draft: 'Draft',
  ordered: 'Ordered',
  partially_received: 'Partially received',
  received: 'Received',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

/** How shipping, duties and fees are shared over the lines: by each line's value, or per unit. */
export const landedCostSpreads = ['value', 'quantity'] as const;
export type LandedCostSpread = (typeof landedCostSpreads)[number];

export const landedCostsSchema = z.object({
  shipping_cents: centsSchema('Shipping'),
  duties_cents: centsSchema('Duties'),
  fees_cents: centsSchema('Fees'),
  spread: z.enum(landedCostSpreads, { error: 'Spread must be value or quantity' }),
});
export type LandedCosts = z.infer<typeof landedCostsSchema>;

export const purchaseOrderLineInputSchema = z.object({
  variant_id: uuidSchema,
  quantity: quantitySchema('Quantity'),
  unit_cost_cents: centsSchema('Unit cost'),
});

const lineListSchema = z
  .array(purchaseOrderLineInputSchema)
  .min(1, { error: 'Add at least one line' })
  .max(1000)
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((line, i) => {
      if (seen.has(line.variant_id))
        ctx.addIssue({ code: 'custom', path: [i, 'variant_id'], message: 'This size is already on the order' });
      seen.add(line.variant_id);
    });
  });

/** A date without time (the day the vendor says the goods arrive). */
const expectedDateSchema = z.iso.date({ error: 'Expected date must be a date (YYYY-MM-DD)' });

export const createPurchaseOrderBodySchema = z.object({
  vendor_id: uuidSchema,
  /** Where the goods are to be received; the receipt may still choose another. */
  location_id: uuidSchema,
  expected_on: expectedDateSchema.optional(),
  note: optionalText(2000, 'Note'),
  landed_costs: landedCostsSchema.optional(),
  lines: lineListSchema,
});
export type CreatePurchaseOrderBody = z.input<typeof createPurchaseOrderBodySchema>;

/** Lines and landed costs change only on a draft; the expected date and note until the order is closed or cancelled. */
export const updatePurchaseOrderBodySchema = z.object({
  vendor_id: uuidSchema.optional(),
  location_id: uuidSchema.optional(),
  expected_on: expectedDateSchema.nullable().optional(),
  note: optionalText(2000, 'Note').nullable(),
  landed_costs: landedCostsSchema.optional(),
  lines: lineListSchema.optional(),
});
export type UpdatePurchaseOrderBody = z.input<typeof updatePurchaseOrderBodySchema>;

export const purchaseOrderLineSchema = z.object({
  id: uuidSchema,
  variant_id: uuidSchema,
  product_id: uuidSchema,
  product_title: z.string(),
  size_label: z.string(),
  sku: z.string().nullable(),
  quantity_ordered: z.number().int(),
  quantity_received: z.number().int(),
  unit_cost_cents: z.number().int(),
  /** Unit cost plus this line's share of the landed costs, per unit: the cost its lots get. */
  landed_unit_cost_cents: z.number().int(),
});
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLineSchema>;

export const purchaseOrderTotalsSchema = z.object({
  units_ordered: z.number().int(),
  units_received: z.number().int(),
  /** Sum of quantity × unit cost. */
  subtotal_cents: z.number().int(),
  /** Shipping + duties + fees. */
  landed_cents: z.number().int(),
  total_cents: z.number().int(),
});

/**
 * `order`: goods ordered from a vendor, received later (whole or in parts). `in_store`: goods bought
 * at the counter from a walk-in seller (a customer) or a vendor, received at once and paid by a
 * payout (shown as a purchase order too, so a vendor's history, the lots and the receipts are one).
 */
export const purchaseOrderKinds = ['order', 'in_store'] as const;
export type PurchaseOrderKind = (typeof purchaseOrderKinds)[number];

export const purchaseOrderSummarySchema = z.object({
  id: uuidSchema,
  /** Per business, from 1001: shown as "PO-1001". */
  number: z.number().int(),
  kind: z.enum(purchaseOrderKinds),
  /** Who sold us the goods: a vendor, or (in-store purchases) a customer; exactly one is set. */
  vendor_id: uuidSchema.nullable(),
  customer_id: uuidSchema.nullable(),
  /** The vendor's or the customer's name. */
  seller_name: z.string(),
  /** Set when the purchase was the customer's side of a trade. */
  trade_id: uuidSchema.nullable(),
  location_id: uuidSchema,
  status: z.enum(purchaseOrderStatuses),
  expected_on: z.string().nullable(),
  totals: purchaseOrderTotalsSchema,
  created_at: timestampSchema,
  ordered_at: timestampSchema.nullable(),
  received_at: timestampSchema.nullable(),
  closed_at: timestampSchema.nullable(),
  cancelled_at: timestampSchema.nullable(),
});
export type PurchaseOrderSummary = z.infer<typeof purchaseOrderSummarySchema>;

export const purchaseOrderSchema = purchaseOrderSummarySchema.extend({
  note: z.string().nullable(),
  landed_costs: landedCostsSchema,
  lines: z.array(purchaseOrderLineSchema),
  /** In-store purchases: how the seller is (or was) paid; null for vendor orders. */
  payout: payoutSchema.nullable(),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

export const purchaseOrderListQuerySchema = z.object({
  status: z.enum(['all', 'open', ...purchaseOrderStatuses]).default('all'),
  kind: z.enum(['all', ...purchaseOrderKinds]).default('all'),
  vendor_id: uuidSchema.optional(),
  customer_id: uuidSchema.optional(),
  /** Matches the number ("1001" or "PO-1001") or the seller's name. */
  q: z.string().trim().max(120).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type PurchaseOrderListQuery = z.input<typeof purchaseOrderListQuerySchema>;
export const purchaseOrderListSchema = z.object({ items: z.array(purchaseOrderSummarySchema), total: z.number().int() });
export type PurchaseOrderList = z.infer<typeof purchaseOrderListSchema>;

/** "PO-1001": how people say a purchase order's number. */
export const purchaseOrderLabel = (number: number): string => `PO-${number}`;

// ---------------------------------------------------------------------------------------------
// Receiving

export const receivePurchaseOrderBodySchema = z.object({
  location_id: uuidSchema,
  lines: z
    .array(z.object({ line_id: uuidSchema, quantity: quantitySchema('Quantity') }))
    .min(1, { error: 'Enter at least one quantity to receive' })
    .max(1000),
  /** Receiving more than ordered is refused (409 OVER_RECEIPT) unless confirmed. */
  confirm_over_receipt: z.boolean().default(false),
});
export type ReceivePurchaseOrderBody = z.input<typeof receivePurchaseOrderBodySchema>;

/** One scan at the receiving desk: one unit of the line whose size has this barcode. */
export const scanReceiveBodySchema = z.object({
  barcode: z.string({ error: 'Barcode is required' }).trim().min(1, { error: 'Barcode is required' }).max(64),
  location_id: uuidSchema,
  confirm_over_receipt: z.boolean().default(false),
});
export type ScanReceiveBody = z.input<typeof scanReceiveBodySchema>;

/** An unknown barcode mapped to a size at the receiving desk: kept on the size, so the next scan finds it. */
export const barcodeMappingBodySchema = z.object({
  barcode: z.string({ error: 'Barcode is required' }).trim().min(1, { error: 'Barcode is required' }).max(64),
  variant_id: uuidSchema,
});
export type BarcodeMappingBody = z.input<typeof barcodeMappingBodySchema>;

export const receiptResultSchema = z.object({
  purchase_order: purchaseOrderSchema,
  /** The lines this receipt touched, with how many units each got now. */
  received: z.array(
    z.object({ line_id: uuidSchema, variant_id: uuidSchema, quantity: z.number().int(), unit_cost_cents: z.number().int() }),
  ),
});
export type ReceiptResult = z.infer<typeof receiptResultSchema>;

/** The cost lots a purchase order's receipts made, at the landed unit cost (`GET …/purchase-orders/:id/lots`). */
export const purchaseOrderLotSchema = z.object({
  lot_id: uuidSchema,
  variant_id: uuidSchema,
  product_title: z.string(),
  size_label: z.string(),
  location_id: uuidSchema,
  quantity: z.number().int(),
  remaining: z.number().int(),
  unit_cost_cents: z.number().int(),
  received_at: timestampSchema,
});
export type PurchaseOrderLot = z.infer<typeof purchaseOrderLotSchema>;
export const purchaseOrderLotsSchema = z.object({ items: z.array(purchaseOrderLotSchema) });
