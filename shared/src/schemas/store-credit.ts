import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';

// Store credit (issue #18): a customer's balance with the business, kept by the sales area. A
// store-credit payout (an in-store purchase or a trade) adds to it; a sale paid with store credit
// spends it, never below zero (409 INSUFFICIENT_STORE_CREDIT, nothing written); a cancelled sale
// gives back what it spent. Every change is an entry, and the balance always equals their sum.

export const storeCreditReasons = ['payout', 'sale', 'sale_cancelled', 'adjustment'] as const;
export type StoreCreditReason = (typeof storeCreditReasons)[number];
export const storeCreditReasonLabels: Readonly<Record<StoreCreditReason, string>> = {
  payout: 'Paid out as store credit',
  sale: 'Spent on a sale',
  sale_cancelled: 'Given back: sale cancelled',
  adjustment: 'Adjusted by hand',
};

export const storeCreditEntrySchema = z.object({
  id: uuidSchema,
  /** Positive adds to the balance, negative spends it. */
  amount_cents: z.number().int(),
  balance_after_cents: z.number().int(),
  reason: z.enum(storeCreditReasons),
  /** What it came from: `purchase_order` (a payout's purchase) or `sale`, with its id and number. */
  reference_type: z.enum(['purchase_order', 'sale']).nullable(),
  reference_id: uuidSchema.nullable(),
  reference_number: z.number().int().nullable(),
  note: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: timestampSchema,
});
export type StoreCreditEntry = z.infer<typeof storeCreditEntrySchema>;

/** `GET …/customers/:customerId/store-credit`: the balance and its newest entries. */
export const storeCreditSchema = z.object({
  customer_id: uuidSchema,
  balance_cents: z.number().int(),
  entries: z.array(storeCreditEntrySchema),
  total: z.number().int(),
});
export type StoreCredit = z.infer<typeof storeCreditSchema>;

export const storeCreditQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** `POST …/customers/:customerId/store-credit/adjustments`: a correction by hand, with why. */
export const storeCreditAdjustmentBodySchema = z.object({
  amount_cents: z
    .number({ error: 'Amount must be a number of cents' })
    .int({ error: 'Amount must be whole cents' })
    .min(-100_000_000, { error: 'Amount is too large' })
    .max(100_000_000, { error: 'Amount is too large' })
    .refine((value) => value !== 0, { error: 'Amount must not be zero' }),
  note: z
    .string({ error: 'Note is required' })
    .trim()
    .min(1, { error: 'Say why the balance changes' })
    .max(500, { error: 'Note must be at most 500 characters' }),
});
export type StoreCreditAdjustmentBody = z.input<typeof storeCreditAdjustmentBodySchema>;
