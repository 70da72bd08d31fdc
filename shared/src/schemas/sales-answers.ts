// Written with zod/mini (./zod-mini.ts): the dashboard's first screen reads these (its figures and
// recent sales). sales.ts, address.ts and payments.ts re-export what is theirs.
import { answerTimestampSchema as timestamp } from './common-answers.ts';
import { z } from './zod-mini.ts';

/** A whole number (classic `z.number().int()`). */
const int = () => z.number().check(z.int());

export const channelKinds = ['ebay', 'shopify', 'square', 'whatnot', 'in_store', 'wholesale', 'network', 'manual'] as const;
export type ChannelKind = (typeof channelKinds)[number];
/** Channels whose orders arrive from a marketplace (imported, so a shortfall becomes a failed order). */
export const marketplaceChannelKinds = ['ebay', 'shopify', 'square', 'whatnot'] as const satisfies readonly ChannelKind[];

export const channelKindSchema = z.enum(channelKinds, {
  error: `Channel must be one of ${channelKinds.join(', ')}`,
});

/** The methods one part of a payment can have at the counter. */
export const paymentPartMethods = ['cash', 'card', 'store_credit'] as const;
export type PaymentPartMethod = (typeof paymentPartMethods)[number];
/** What a sale was paid with: one method, or `split` into two or more parts. */
export const paymentMethods = [...paymentPartMethods, 'split'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
/**
 * A part as recorded: besides the counter's methods, `trade_in` is the value of the goods a
 * customer traded in (a trade's sale; never chosen at the counter, written by the trade workflow).
 */
export const recordedPaymentPartMethods = [...paymentPartMethods, 'trade_in'] as const;
export type RecordedPaymentPartMethod = (typeof recordedPaymentPartMethods)[number];
export type RecordedPaymentMethod = RecordedPaymentPartMethod | 'split';

/** A sale's payment as the API shows it; null for sales recorded without one (marketplace orders, older sales). */
export const salePaymentSchema = z.object({
  method: z.enum([...recordedPaymentPartMethods, 'split']),
  /** One part for a single method; two or more for a split. Their amounts add up to the total paid. */
  parts: z.array(z.object({ method: z.enum(recordedPaymentPartMethods), amount_cents: int() })),
  /** Cash: what the customer handed over, and the change given back. */
  cash_tendered_cents: z.nullable(int()),
  change_cents: z.nullable(int()),
});
export type SalePayment = z.infer<typeof salePaymentSchema>;

/** A stored shipping address as the API shows it: what a channel sent may lack any part. */
export const shippingAddressSchema = z.object({
  name: z.nullable(z.string()),
  line1: z.nullable(z.string()),
  line2: z.nullable(z.string()),
  city: z.nullable(z.string()),
  region: z.nullable(z.string()),
  postal_code: z.nullable(z.string()),
  /** ISO 3166-1 alpha-2 when the channel sent a code. */
  country: z.nullable(z.string()),
  phone: z.nullable(z.string()),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

export const saleStatuses = ['open', 'fulfilled', 'cancelled', 'refunded'] as const;
export const fulfillmentStatuses = ['pending', 'picking', 'packed', 'shipped', 'cancelled'] as const;
export type FulfillmentStatus = (typeof fulfillmentStatuses)[number];

export const saleLineSchema = z.object({
  id: z.uuid(),
  variant_id: z.uuid(),
  product_id: z.uuid(),
  title: z.string(),
  size: z.string(),
  sku: z.string(),
  location_id: z.uuid(),
  quantity: int(),
  quantity_shipped: int(),
  quantity_cancelled: int(),
  quantity_returned: int(),
  unit_price_cents: int(),
  fees_cents: int(),
  tax_cents: int(),
  /** FIFO cost of the line's units still sold; final once shipped. */
  cost_cents: int(),
  cost_is_final: z.boolean(),
  revenue_cents: int(),
  profit_cents: int(),
});
export type SaleLine = z.infer<typeof saleLineSchema>;

export const saleTotalsSchema = z.object({
  units: int(),
  subtotal_cents: int(),
  shipping_cents: int(),
  tax_cents: int(),
  fees_cents: int(),
  cost_cents: int(),
  refunded_cents: int(),
  /** What the customer paid: subtotal + shipping + tax. */
  total_cents: int(),
  /** Subtotal + shipping − fees − cost − refunds (tax is passed through). */
  profit_cents: int(),
});

export const saleSchema = z.object({
  id: z.uuid(),
  number: int(),
  channel: z.object({ id: z.uuid(), kind: channelKindSchema, name: z.string() }),
  external_order_id: z.string(),
  customer: z.nullable(z.object({ id: z.uuid(), name: z.string(), email: z.nullable(z.string()) })),
  status: z.enum(saleStatuses),
  currency: z.string(),
  note: z.nullable(z.string()),
  ordered_at: timestamp,
  created_at: timestamp,
  cancelled_at: z.nullable(timestamp),
  /** Where the order ships to; null for a sale picked up or sold in store. */
  shipping_address: z.nullable(shippingAddressSchema),
  /** How it was paid (recorded at the point of sale); null when not recorded. */
  payment: z.nullable(salePaymentSchema),
  lines: z.array(saleLineSchema),
  totals: saleTotalsSchema,
  fulfillments: z.array(z.object({ id: z.uuid(), location_id: z.uuid(), status: z.enum(fulfillmentStatuses) })),
  refunds: z.array(
    z.object({
      id: z.uuid(),
      amount_cents: int(),
      reason: z.nullable(z.string()),
      restocked_units: int(),
      created_at: timestamp,
    }),
  ),
});
export type Sale = z.infer<typeof saleSchema>;

export const saleListSchema = z.object({ items: z.array(saleSchema), total: int() });

export const dashboardPeriodSchema = z.object({
  sales: int(),
  units: int(),
  revenue_cents: int(),
  profit_cents: int(),
});

export const dashboardSchema = z.object({
  currency: z.string(),
  today: dashboardPeriodSchema,
  last_7_days: dashboardPeriodSchema,
  last_30_days: dashboardPeriodSchema,
  inventory: z.object({
    units_on_hand: int(),
    value_at_cost_cents: int(),
    value_at_price_cents: int(),
  }),
  /** Units sold in 30 days ÷ (sold + on hand), in percent. */
  sell_through_30d_percent: z.number(),
  aged_stock: z.array(z.object({ bucket: z.enum(['0-30', '31-60', '61-90', '91-180', '180+']), units: int(), value_cents: int() })),
  daily: z.array(z.object({ date: z.string(), revenue_cents: int(), profit_cents: int(), sales: int() })),
  by_channel: z.array(z.object({ kind: channelKindSchema, revenue_cents: int(), sales: int() })),
  open_fulfillments: int(),
  open_failed_orders: int(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
