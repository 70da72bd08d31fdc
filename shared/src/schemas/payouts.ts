import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';

// Payouts (issue #18): what the business owes a person who sold it goods at the counter (an
// in-store purchase, or a trade whose goods were worth more than ours). Cash is handed over and
// store credit is booked at the counter, so those are paid the moment they are recorded; a bank
// transfer or a check waits on Quick Actions → Check payouts until someone marks it paid with its
// reference. A payout is paid once: marking it paid again is refused (409 PAYOUT_ALREADY_PAID).

export const payoutMethods = ['cash', 'bank_transfer', 'store_credit', 'check'] as const;
export type PayoutMethod = (typeof payoutMethods)[number];
export const payoutMethodSchema = z.enum(payoutMethods, { error: 'Payout method must be cash, bank_transfer, store_credit or check' });
export const payoutMethodLabels: Readonly<Record<PayoutMethod, string>> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  store_credit: 'Store credit',
  check: 'Check',
};

/** Cash and store credit are settled at the counter; the others wait to be marked paid. */
export const payoutSettlesAtOnce = (method: PayoutMethod): boolean => method === 'cash' || method === 'store_credit';

export const payoutStatuses = ['pending', 'paid'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/**
 * How the person is paid, by method: the account a transfer goes to, the name a check is written
 * to. The account number is a secret: stored encrypted, answered in full only by the payout's own
 * settings (`GET …/purchase-orders/:id/payout`), elsewhere as its last four characters.
 */
export const payoutDetailsInputSchema = z.object({
  account_holder: optionalText(120, 'Account holder'),
  /** IBAN or account number. */
  account_number: optionalText(40, 'Account number'),
  /** Routing number, sort code or BIC. */
  routing_number: optionalText(40, 'Routing number'),
  payable_to: optionalText(120, 'Payable to'),
  mailing_address: optionalText(500, 'Mailing address'),
});
export type PayoutDetailsInput = z.input<typeof payoutDetailsInputSchema>;

/** What a payout needs besides its method: a transfer an account number, a check a payee. */
export const payoutDetailProblems = (
  method: PayoutMethod,
  details: z.output<typeof payoutDetailsInputSchema> | undefined,
): { field: 'account_number' | 'payable_to'; message: string }[] => {
  if (method === 'bank_transfer' && !details?.account_number)
    return [{ field: 'account_number', message: 'A bank transfer needs the account number' }];
  if (method === 'check' && !details?.payable_to) return [{ field: 'payable_to', message: 'A check needs the name it is payable to' }];
  return [];
};

/** The payout part of a request (an in-store purchase, a trade, a payout's settings). */
export const payoutChoiceSchema = z
  .object({ method: payoutMethodSchema, details: payoutDetailsInputSchema.optional() })
  .superRefine((choice, ctx) => {
    for (const problem of payoutDetailProblems(choice.method, choice.details)) {
      ctx.addIssue({ code: 'custom', path: ['details', problem.field], message: problem.message });
    }
  });
export type PayoutChoice = z.input<typeof payoutChoiceSchema>;

export const payoutSchema = z.object({
  id: uuidSchema,
  /** The in-store purchase (a purchase order of kind `in_store`) the payout pays for. */
  purchase_order_id: uuidSchema,
  purchase_order_number: z.number().int(),
  /** Set when the purchase was the customer's side of a trade. */
  trade_id: uuidSchema.nullable(),
  payee_name: z.string(),
  customer_id: uuidSchema.nullable(),
  vendor_id: uuidSchema.nullable(),
  method: payoutMethodSchema,
  amount_cents: z.number().int(),
  /** Store credit only: what was booked to the customer's balance (the amount plus the business's store-credit bonus). */
  credit_cents: z.number().int().nullable(),
  status: z.enum(payoutStatuses),
  /** The transfer's or check's reference, typed when it was marked paid. */
  reference: z.string().nullable(),
  account_holder: z.string().nullable(),
  /** The last four characters of the account number; the whole number only on the payout's settings. */
  account_last4: z.string().nullable(),
  payable_to: z.string().nullable(),
  paid_at: timestampSchema.nullable(),
  paid_by_name: z.string().nullable(),
  created_at: timestampSchema,
});
export type Payout = z.infer<typeof payoutSchema>;

/** `GET …/purchase-orders/:purchaseOrderId/payout`: the payout with its details in full (purchasing:write). */
export const payoutSettingsSchema = payoutSchema.extend({
  details: z.object({
    account_holder: z.string().nullable(),
    account_number: z.string().nullable(),
    routing_number: z.string().nullable(),
    payable_to: z.string().nullable(),
    mailing_address: z.string().nullable(),
  }),
});
export type PayoutSettings = z.infer<typeof payoutSettingsSchema>;

/** `PUT …/purchase-orders/:purchaseOrderId/payout`: change how a pending payout is paid (cash or store credit settle it at once). */
export const updatePayoutBodySchema = payoutChoiceSchema;
export type UpdatePayoutBody = z.input<typeof updatePayoutBodySchema>;

export const payoutListQuerySchema = z.object({
  status: z.enum(['pending', 'paid', 'all'], { error: 'Status must be pending, paid or all' }).default('pending'),
  method: payoutMethodSchema.optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type PayoutListQuery = z.input<typeof payoutListQuerySchema>;

export const payoutListSchema = z.object({
  items: z.array(payoutSchema),
  total: z.number().int(),
  /** Every pending payout by method (whatever the filter): how many and how much is owed. */
  pending_by_method: z.array(z.object({ method: payoutMethodSchema, count: z.number().int(), amount_cents: z.number().int() })),
});
export type PayoutList = z.infer<typeof payoutListSchema>;

/** `POST …/payouts/:payoutId/paid`. */
export const markPayoutPaidBodySchema = z.object({
  reference: z
    .string({ error: 'Reference is required' })
    .trim()
    .min(1, { error: 'Reference is required' })
    .max(120, { error: 'Reference must be at most 120 characters' }),
});
export type MarkPayoutPaidBody = z.input<typeof markPayoutPaidBodySchema>;

// ---------------------------------------------------------------------------------------------
// The business's payout options (kept with the purchasing settings)

export const MAX_STORE_CREDIT_BONUS_PERCENT = 100;

/** Part of `GET /purchasing/settings`: which methods the counter offers, the default, and the store-credit bonus. */
export const payoutOptionsSchema = z.object({
  payout_methods: z.array(payoutMethodSchema),
  default_payout_method: payoutMethodSchema,
  /** A seller who takes store credit gets this much more credit than the cash price (whole percent). */
  store_credit_bonus_percent: z.number().int(),
});
export type PayoutOptions = z.infer<typeof payoutOptionsSchema>;
export const DEFAULT_PAYOUT_OPTIONS: PayoutOptions = {
  payout_methods: [...payoutMethods],
  default_payout_method: 'cash',
  store_credit_bonus_percent: 0,
};

/** Part of `PUT /purchasing/settings`: each field optional; the default must be one of the offered methods. */
export const payoutOptionsBodySchema = z.object({
  payout_methods: z
    .array(payoutMethodSchema)
    .min(1, { error: 'Offer at least one payout method' })
    .max(payoutMethods.length)
    .refine((methods) => new Set(methods).size === methods.length, { error: 'Each payout method once' })
    .optional(),
  default_payout_method: payoutMethodSchema.optional(),
  store_credit_bonus_percent: z
    .number({ error: 'Store credit bonus must be a number' })
    .int({ error: 'Store credit bonus must be a whole number of percent' })
    .min(0, { error: `Store credit bonus must be between 0 and ${MAX_STORE_CREDIT_BONUS_PERCENT}%` })
    .max(MAX_STORE_CREDIT_BONUS_PERCENT, { error: `Store credit bonus must be between 0 and ${MAX_STORE_CREDIT_BONUS_PERCENT}%` })
    .optional(),
});

/** The credit a store-credit payout books: the amount plus the bonus, rounded down to the cent. */
export const storeCreditForPayout = (amountCents: number, bonusPercent: number): number =>
  amountCents + Math.floor((amountCents * bonusPercent) / 100);
