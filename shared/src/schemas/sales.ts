import { z } from 'zod';
import { importedAddressSchema, shippingAddressInputSchema } from './address.ts';
import { centsSchema, timestampSchema, uuidSchema } from './common.ts';
import { checkPayment, salePaymentFields } from './payments.ts';
import { channelKindSchema, fulfillmentStatuses, saleSchema, saleStatuses, shippingAddressSchema } from './sales-answers.ts';

export {
  type ChannelKind,
  channelKindSchema,
  channelKinds,
  type Dashboard,
  dashboardPeriodSchema,
  dashboardSchema,
  type FulfillmentStatus,
  fulfillmentStatuses,
  marketplaceChannelKinds,
  type Sale,
  type SaleLine,
  saleLineSchema,
  saleListSchema,
  saleSchema,
  saleStatuses,
  saleTotalsSchema,
} from './sales-answers.ts';

export const channelSchema = z.object({
  id: uuidSchema,
  kind: channelKindSchema,
  name: z.string(),
  enabled: z.boolean(),
  sync_enabled: z.boolean(),
  quantity_buffer: z.number().int(),
  sales_30d: z.number().int(),
  revenue_30d_cents: z.number().int(),
  open_failed_orders: z.number().int(),
});
export type Channel = z.infer<typeof channelSchema>;

export const updateChannelBodySchema = z.object({
  name: z.string().trim().min(1, { error: 'Name is required' }).max(80).optional(),
  enabled: z.boolean().optional(),
  sync_enabled: z.boolean().optional(),
  quantity_buffer: z
    .number({ error: 'Quantity buffer must be a number' })
    .int({ error: 'Quantity buffer must be a whole number' })
    .min(0, { error: 'Quantity buffer must not be negative' })
    .max(1000, { error: 'Quantity buffer must be at most 1,000' })
    .optional(),
});

const quantity = z
  .number({ error: 'Quantity must be a number' })
  .int({ error: 'Quantity must be a whole number' })
  .min(1, { error: 'Quantity must be at least 1' })
  .max(10_000, { error: 'Quantity must be at most 10,000' });

export const customerInputSchema = z.object({
  name: z.string().trim().min(1, { error: 'Name is required' }).max(120),
  email: z.email({ error: 'E-mail must be a valid address' }).max(254).optional(),
  phone: z.string().trim().max(40).optional(),
  notes: z.string().trim().max(2000).optional(),
});
export type CustomerInput = z.infer<typeof customerInputSchema>;

export const customerSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  orders: z.number().int(),
  spent_cents: z.number().int(),
  last_order_at: timestampSchema.nullable(),
  /** What the customer holds as store credit (shared/src/schemas/store-credit.ts). */
  store_credit_cents: z.number().int(),
  created_at: timestampSchema,
});
export type Customer = z.infer<typeof customerSchema>;

export const customerListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/** A sale typed in Tradepost (manual order or in-store checkout): lines name our variants. */
const createSaleFieldsSchema = z.object({
  channel: z.enum(['manual', 'in_store', 'wholesale', 'network'], { error: 'Channel must be manual, in_store, wholesale or network' }),
  /**
   * The caller's idempotency key: the web app makes one per checkout, so a retried request or a
   * double click records the sale once. Generated when absent.
   */
  external_order_id: z.string().trim().min(1).max(120).optional(),
  customer_id: uuidSchema.optional(),
  customer: customerInputSchema.optional(),
  /** In-store sales leave from this location; manual orders are allocated by the pick rules when absent. */
  location_id: uuidSchema.optional(),
  shipping_cents: centsSchema('Shipping').default(0),
  note: z.string().trim().max(2000).optional(),
  lines: z
    .array(
      z.object({
        variant_id: uuidSchema,
        quantity,
        unit_price_cents: centsSchema('Price'),
        fees_cents: centsSchema('Fees').default(0),
        tax_cents: centsSchema('Tax').default(0),
      }),
    )
    .min(1, { error: 'Add at least one item' })
    .max(200),
  /** Where a manual order ships to (printed on the packing slip). */
  shipping_address: shippingAddressInputSchema.optional(),
  ...salePaymentFields,
});

/** What the customer pays for a typed sale as sent: the lines at their prices, shipping and tax. */
export const typedSaleTotalCents = (body: {
  shipping_cents?: number | undefined;
  lines: readonly { quantity: number; unit_price_cents: number; tax_cents?: number | undefined }[];
}): number =>
  body.lines.reduce((sum, line) => sum + line.quantity * line.unit_price_cents + (line.tax_cents ?? 0), body.shipping_cents ?? 0);

/** A sale typed in Tradepost: its payment, if given, must fit its total (a split adds up exactly). */
export const createSaleBodySchema = createSaleFieldsSchema.superRefine((body, ctx) => {
  for (const problem of checkPayment(body, typedSaleTotalCents(body))) {
    ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  }
});
export type CreateSaleBody = z.input<typeof createSaleBodySchema>;

/** An order as a channel sends it: lines name the channel's SKUs. The import entry point. */
export const externalOrderSchema = z.object({
  external_order_id: z.string().trim().min(1, { error: 'Order id is required' }).max(120),
  ordered_at: z.iso.datetime({ error: 'Ordered at must be an ISO date and time' }).optional(),
  customer: customerInputSchema.optional(),
  shipping_cents: centsSchema('Shipping').default(0),
  shipping_address: importedAddressSchema.optional(),
  lines: z
    .array(
      z.object({
        sku: z.string().trim().min(1, { error: 'SKU is required' }).max(120),
        title: z.string().max(300).optional(),
        quantity,
        unit_price_cents: centsSchema('Price'),
        fees_cents: centsSchema('Fees').default(0),
        tax_cents: centsSchema('Tax').default(0),
      }),
    )
    .min(1, { error: 'An order needs at least one line' })
    .max(200),
});
export type ExternalOrder = z.output<typeof externalOrderSchema>;
export type ExternalOrderInput = z.input<typeof externalOrderSchema>;

export const saleListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  sort: z.enum(['created_at', 'ordered_at']).default('created_at'),
  status: z.enum([...saleStatuses, 'all']).default('all'),
  channel: z.optional(channelKindSchema),
  customer_id: uuidSchema.optional(),
  q: z.string().trim().max(100).optional(),
});

export const saleParamsSchema = z.object({ businessId: uuidSchema, saleId: uuidSchema });

export const recordOutcomeSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('recorded'), sale: saleSchema }),
  /** The channel's order id was recorded before: nothing changed. */
  z.object({ outcome: z.literal('duplicate'), sale: saleSchema }),
  z.object({ outcome: z.literal('failed'), failed_order_id: uuidSchema, reason_code: z.string(), reason: z.string() }),
]);
export type RecordOutcome = z.infer<typeof recordOutcomeSchema>;

export const cancelSaleBodySchema = z.object({
  /** Lines and quantities to cancel; absent means the whole sale. */
  lines: z
    .array(z.object({ line_id: uuidSchema, quantity }))
    .max(200)
    .optional(),
  reason: z.string().trim().max(500).optional(),
});

export const refundBodySchema = z.object({
  amount_cents: centsSchema('Amount').refine((n) => n > 0, { error: 'Amount must be more than zero' }),
  reason: z.string().trim().max(500).optional(),
  /** Shipped units that came back and go on the shelf again, at their FIFO cost. */
  restock: z
    .array(z.object({ line_id: uuidSchema, quantity }))
    .max(200)
    .default([]),
});

export const failedOrderSchema = z.object({
  id: uuidSchema,
  channel: z.object({ id: uuidSchema, kind: channelKindSchema, name: z.string() }),
  external_order_id: z.string(),
  payload: externalOrderSchema,
  reason_code: z.enum(['unknown_sku', 'no_stock', 'split_not_allowed']),
  reason: z.string(),
  status: z.enum(['open', 'resolved', 'dismissed']),
  attempts: z.number().int(),
  sale_id: uuidSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type FailedOrder = z.infer<typeof failedOrderSchema>;

export const failedOrderParamsSchema = z.object({ businessId: uuidSchema, failedOrderId: uuidSchema });

export const mapSkuBodySchema = z.object({
  external_sku: z.string().trim().min(1, { error: 'SKU is required' }).max(120),
  variant_id: uuidSchema,
});

/** Allocate by hand: for each order line (by index), the location to take it from. */
export const retryFailedOrderBodySchema = z.object({
  locations: z
    .array(z.object({ line: z.number().int().min(0), location_id: uuidSchema }))
    .max(200)
    .optional(),
});

export const pickRuleInputSchema = z.object({
  name: z.string().trim().min(1, { error: 'Name is required' }).max(80),
  /** Absent: the rule applies to every channel. */
  channel_id: uuidSchema.nullable().default(null),
  location_ids: z.array(uuidSchema).min(1, { error: 'Choose at least one location' }).max(50),
  strategy: z.enum(['priority', 'most_available'], { error: 'Strategy must be priority or most_available' }).default('priority'),
  allow_split: z.boolean().default(true),
  enabled: z.boolean().default(true),
});
export type PickRuleInput = z.input<typeof pickRuleInputSchema>;

export const pickRuleSchema = z.object({
  id: uuidSchema,
  position: z.number().int(),
  name: z.string(),
  channel_id: uuidSchema.nullable(),
  location_ids: z.array(uuidSchema),
  strategy: z.enum(['priority', 'most_available']),
  allow_split: z.boolean(),
  enabled: z.boolean(),
});
export type PickRule = z.infer<typeof pickRuleSchema>;

export const reorderPickRulesBodySchema = z.object({ ids: z.array(uuidSchema).max(100) });

export const fulfillmentLineSchema = z.object({
  id: uuidSchema,
  sale_line_id: uuidSchema,
  variant_id: uuidSchema,
  title: z.string(),
  size: z.string(),
  sku: z.string(),
  barcodes: z.array(z.string()),
  quantity: z.number().int(),
  quantity_picked: z.number().int(),
});

export const fulfillmentSchema = z.object({
  id: uuidSchema,
  sale_id: uuidSchema,
  sale_number: z.number().int(),
  channel: channelKindSchema,
  customer_name: z.string().nullable(),
  /** The sale's shipping address: what packing needs, so the fulfillment role sees it. */
  shipping_address: z.nullable(shippingAddressSchema),
  location_id: uuidSchema,
  status: z.enum(fulfillmentStatuses),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  created_at: timestampSchema,
  shipped_at: timestampSchema.nullable(),
  lines: z.array(fulfillmentLineSchema),
});
export type Fulfillment = z.infer<typeof fulfillmentSchema>;

export const fulfillmentListQuerySchema = z.object({
  status: z.enum([...fulfillmentStatuses, 'open', 'all']).default('open'),
  /** One channel kind, or several separated by commas (the retail screen asks for its own). */
  channel: z
    .string()
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((kind) => kind.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(channelKindSchema).min(1))
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

export const fulfillmentParamsSchema = z.object({ businessId: uuidSchema, fulfillmentId: uuidSchema });

export const fulfillmentScanBodySchema = z.object({ code: z.string().trim().min(1, { error: 'Scan a barcode' }).max(64) });

export const fulfillmentScanResultSchema = z.object({
  line_id: uuidSchema,
  title: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  quantity_picked: z.number().int(),
  /** Every unit of the order is picked; the fulfillment is now packed. */
  complete: z.boolean(),
  fulfillment: fulfillmentSchema,
});

export const shipFulfillmentBodySchema = z.object({
  carrier: z.string().trim().min(1, { error: 'Carrier is required' }).max(40),
  tracking_number: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 -]{4,60}$/, { error: 'Tracking number must be 4 to 60 letters, digits, spaces or dashes' }),
});

export const fulfillmentStatusBodySchema = z.object({ status: z.enum(['picking', 'packed', 'pending']) });

export const roundingModes = ['none', 'whole', '.99', '.95', '.49'] as const;

export const priceRuleInputSchema = z.object({
  markup_percent: z
    .number({ error: 'Markup must be a number' })
    .min(-90, { error: 'Markup must be at least −90%' })
    .max(1000, { error: 'Markup must be at most 1,000%' }),
  rounding: z.enum(roundingModes, { error: 'Rounding must be none, whole, .99, .95 or .49' }),
  min_margin_percent: z
    .number({ error: 'Minimum margin must be a number' })
    .min(0, { error: 'Minimum margin must not be negative' })
    .max(95, { error: 'Minimum margin must be at most 95%' })
    .nullable()
    .default(null),
  enabled: z.boolean().default(true),
});
export type PriceRuleInput = z.input<typeof priceRuleInputSchema>;

export const priceRuleSchema = priceRuleInputSchema.extend({
  channel: z.object({ id: uuidSchema, kind: channelKindSchema, name: z.string() }),
  min_margin_percent: z.number().nullable(),
  updated_at: timestampSchema.nullable(),
});
export type PriceRule = z.infer<typeof priceRuleSchema>;

export const pricePreviewSchema = z.object({
  items: z.array(
    z.object({
      variant_id: uuidSchema,
      title: z.string(),
      size: z.string(),
      base_price_cents: z.number().int(),
      cost_cents: z.number().int().nullable(),
      channel_price_cents: z.number().int(),
      margin_percent: z.number().nullable(),
      /** The minimum margin lifted the price above markup and rounding. */
      raised_for_margin: z.boolean(),
    }),
  ),
});
