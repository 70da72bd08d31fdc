import { z } from 'zod';
import { centsSchema, timestampSchema, uuidSchema } from './common.ts';
import { payoutChoiceSchema, payoutSchema } from './payouts.ts';
import { purchaseOrderSchema } from './purchasing.ts';
import { customerInputSchema } from './sales.ts';

// Buying and trading at the counter (issue #18, Quick Actions `#in-store-purchase` and `#trade`).
// An in-store purchase is a purchase order of kind `in_store`, received at once into a location
// (cost lots at the agreed price, source `in_store_purchase`) and paid by a payout. A trade is one
// workflow: the customer's items bought (an in-store purchase, lots of source `trade`), ours sold
// (an in-store sale consuming lots FIFO, paid partly by the trade-in), and the difference settled
// by a payment from the customer or a payout to them. If any step fails, nothing is kept.

const quantitySchema = z
  .number({ error: 'Quantity must be a number' })
  .int({ error: 'Quantity must be a whole number' })
  .min(1, { error: 'Quantity must be at least 1' })
  .max(1000, { error: 'Quantity must be at most 1,000' });

/** One size at its agreed price per unit (what we pay for it, or what we sell it for). */
export const counterLineInputSchema = z.object({
  variant_id: uuidSchema,
  quantity: quantitySchema.default(1),
  unit_price_cents: centsSchema('Price'),
});
export type CounterLineInput = z.input<typeof counterLineInputSchema>;

const counterLines = (label: string) =>
  z
    .array(counterLineInputSchema)
    .min(1, { error: `Add at least one ${label}` })
    .max(200, { error: `At most 200 ${label}s at once` })
    .superRefine((lines, ctx) => {
      const seen = new Set<string>();
      lines.forEach((line, i) => {
        if (seen.has(line.variant_id)) ctx.addIssue({ code: 'custom', path: [i, 'variant_id'], message: 'This size is listed twice' });
        seen.add(line.variant_id);
      });
    });

/** The agreed total of some lines. */
export const counterLinesTotalCents = (lines: readonly { quantity?: number | undefined; unit_price_cents: number }[]): number =>
  lines.reduce((sum, line) => sum + (line.quantity ?? 1) * line.unit_price_cents, 0);

/**
 * The seller or trading customer: an existing customer, an existing vendor (in-store purchases
 * only), or a new customer typed at the counter. Exactly one (400 field `customer_id` otherwise).
 */
const counterpartyFields = {
  customer_id: uuidSchema.optional(),
  customer: customerInputSchema.optional(),
};

const note = z
  .string({ error: 'Note must be text' })
  .trim()
  .max(2000, { error: 'Note must be at most 2000 characters' })
  .optional()
  .transform((value) => (value === '' ? undefined : value));

// ---------------------------------------------------------------------------------------------
// In-store purchase: `POST …/in-store-purchases`

export const inStorePurchaseBodySchema = z
  .object({
    ...counterpartyFields,
    vendor_id: uuidSchema.optional(),
    location_id: uuidSchema,
    lines: counterLines('item'),
    /** How the seller is paid; its method must be one the business offers (purchasing settings). Store credit needs a customer. */
    payout: payoutChoiceSchema,
    note,
  })
  .superRefine((body, ctx) => {
    const given = [body.customer_id, body.customer, body.vendor_id].filter((value) => value !== undefined).length;
    if (given !== 1)
      ctx.addIssue({ code: 'custom', path: ['customer_id'], message: 'Choose the seller: one customer, a new customer or one vendor' });
    if (body.payout.method === 'store_credit' && body.vendor_id !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['payout', 'method'],
        message: 'Store credit is kept for a customer: choose a customer as the seller',
      });
  });
export type InStorePurchaseBody = z.input<typeof inStorePurchaseBodySchema>;

/** The answer: the purchase as recorded (received), its payout, and the customer's store credit after it. */
export const inStorePurchaseResultSchema = z.object({
  purchase_order: purchaseOrderSchema,
  payout: payoutSchema,
  /** The seller's store-credit balance after a store-credit payout; null otherwise. */
  store_credit_balance_cents: z.number().int().nullable(),
});
export type InStorePurchaseResult = z.infer<typeof inStorePurchaseResultSchema>;

// ---------------------------------------------------------------------------------------------
// Trade: `POST …/trades`, `GET …/trades`, `GET …/trades/:tradeId`

/** How a trade's difference is settled by the customer when our items are worth more. */
export const tradePaymentMethods = ['cash', 'card', 'store_credit'] as const;
export type TradePaymentMethod = (typeof tradePaymentMethods)[number];

export const tradeBodySchema = z
  .object({
    ...counterpartyFields,
    location_id: uuidSchema,
    /** The customer's items we take in, at the value agreed for each. */
    incoming: counterLines('item to take in'),
    /** Our items the customer takes, at the price agreed for each. */
    outgoing: counterLines('item to give'),
    /** When ours are worth more: how the customer pays the difference. */
    payment_method: z.enum(tradePaymentMethods, { error: 'Payment method must be cash, card or store_credit' }).optional(),
    /** When theirs are worth more: how we pay them the difference. */
    payout: payoutChoiceSchema.optional(),
    note,
  })
  .superRefine((body, ctx) => {
    const given = [body.customer_id, body.customer].filter((value) => value !== undefined).length;
    if (given !== 1) ctx.addIssue({ code: 'custom', path: ['customer_id'], message: 'Choose the customer: one existing or one new' });
    const difference = counterLinesTotalCents(body.outgoing) - counterLinesTotalCents(body.incoming);
    if (difference > 0 && body.payment_method === undefined)
      ctx.addIssue({ code: 'custom', path: ['payment_method'], message: 'Choose how the customer pays the difference' });
    if (difference <= 0 && body.payment_method !== undefined)
      ctx.addIssue({ code: 'custom', path: ['payment_method'], message: 'The customer owes nothing: their items cover ours' });
    if (difference < 0 && body.payout === undefined)
      ctx.addIssue({ code: 'custom', path: ['payout'], message: 'Choose how the customer is paid the difference' });
    if (difference >= 0 && body.payout !== undefined)
      ctx.addIssue({ code: 'custom', path: ['payout'], message: 'We owe nothing: our items cover theirs' });
  });
export type TradeBody = z.input<typeof tradeBodySchema>;

/** Who pays the difference: the customer (`customer_pays`), we (`we_pay`), or nobody (`even`). */
export const tradeSettlements = ['customer_pays', 'we_pay', 'even'] as const;
export type TradeSettlement = (typeof tradeSettlements)[number];

const tradeLineSchema = z.object({
  variant_id: uuidSchema,
  product_title: z.string(),
  size_label: z.string(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
  unit_price_cents: z.number().int(),
});

export const tradeSchema = z.object({
  id: uuidSchema,
  /** Per business, from 1001: shown as "TR-1001". */
  number: z.number().int(),
  customer_id: uuidSchema,
  customer_name: z.string(),
  location_id: uuidSchema,
  /** The in-store purchase of the customer's items. */
  purchase_order_id: uuidSchema,
  purchase_order_number: z.number().int(),
  /** The in-store sale of ours. */
  sale_id: uuidSchema,
  sale_number: z.number().int().nullable(),
  incoming: z.array(tradeLineSchema),
  outgoing: z.array(tradeLineSchema),
  incoming_cents: z.number().int(),
  outgoing_cents: z.number().int(),
  /** outgoing − incoming: positive the customer paid it, negative we paid it. */
  difference_cents: z.number().int(),
  settlement: z.enum(tradeSettlements),
  payment_method: z.enum(tradePaymentMethods).nullable(),
  payout: payoutSchema.nullable(),
  /** The gross profit on our items (their price less the cost of the lots they took). */
  outgoing_profit_cents: z.number().int(),
  note: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: timestampSchema,
});
export type Trade = z.infer<typeof tradeSchema>;

export const tradeListQuerySchema = z.object({
  customer_id: uuidSchema.optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TradeListQuery = z.input<typeof tradeListQuerySchema>;
export const tradeListSchema = z.object({ items: z.array(tradeSchema), total: z.number().int() });
export type TradeList = z.infer<typeof tradeListSchema>;

/** "TR-1001": how people say a trade's number. */
export const tradeLabel = (number: number): string => `TR-${number}`;
