import { z } from 'zod';
import { centsSchema } from './common.ts';
import { type PaymentMethod, paymentMethods, paymentPartMethods } from './sales-answers.ts';

export {
  type PaymentMethod,
  type PaymentPartMethod,
  paymentMethods,
  paymentPartMethods,
  type RecordedPaymentMethod,
  type RecordedPaymentPartMethod,
  recordedPaymentPartMethods,
  type SalePayment,
  salePaymentSchema,
} from './sales-answers.ts';

// How a sale typed in Tradepost was paid (the point of sale records it). Tradepost takes no money
// itself: a card is charged on an external terminal, store credit is spent from the customer's
// balance (shared/src/schemas/store-credit.ts: a sale paid with it needs its customer), and a split
// names each part with its amount.

export const paymentMethodSchema = z.enum(paymentMethods, { error: 'Payment method must be cash, card, store_credit or split' });

export const paymentPartInputSchema = z.object({
  method: z.enum(paymentPartMethods, { error: 'Each part must be paid by cash, card or store_credit' }),
  amount_cents: centsSchema('Amount', { min: 1 }),
});
export type PaymentPartInput = z.infer<typeof paymentPartInputSchema>;

/** The fields a typed sale's body carries for its payment (see `checkPayment`). */
export const salePaymentFields = {
  payment_method: paymentMethodSchema.optional(),
  /** Only for `split`: two or more parts that add up to the sale's total exactly. */
  payments: z.array(paymentPartInputSchema).max(10, { error: 'A payment can be split into at most 10 parts' }).optional(),
  /** Only for `cash`: what the customer handed over (at least the total); the change is the difference. */
  cash_tendered_cents: centsSchema('Cash tendered').optional(),
};

type PaymentFields = {
  payment_method?: PaymentMethod | undefined;
  payments?: PaymentPartInput[] | undefined;
  cash_tendered_cents?: number | undefined;
};

const amount = (cents: number) => (cents / 100).toFixed(2);

/** What is wrong with a typed sale's payment against its total, by field; empty when it is right. */
export function checkPayment(
  body: PaymentFields,
  totalCents: number,
): { field: 'payments' | 'cash_tendered_cents' | 'payment_method'; message: string }[] {
  const problems: { field: 'payments' | 'cash_tendered_cents' | 'payment_method'; message: string }[] = [];
  const method = body.payment_method;
  if (body.payments !== undefined && method !== 'split') {
    problems.push({ field: 'payments', message: 'Payment parts are only for a split payment (payment_method split)' });
  }
  if (method === 'split') {
    const parts = body.payments ?? [];
    if (parts.length < 2) problems.push({ field: 'payments', message: 'A split payment needs two or more parts' });
    else {
      const sum = parts.reduce((total, part) => total + part.amount_cents, 0);
      if (sum !== totalCents) {
        problems.push({
          field: 'payments',
          message: `The parts add up to ${amount(sum)} but the sale's total is ${amount(totalCents)}: they must match exactly`,
        });
      }
    }
  }
  if (body.cash_tendered_cents !== undefined) {
    if (method !== 'cash') problems.push({ field: 'cash_tendered_cents', message: 'Cash tendered is only for a cash payment' });
    else if (body.cash_tendered_cents < totalCents) {
      problems.push({
        field: 'cash_tendered_cents',
        message: `Cash tendered (${amount(body.cash_tendered_cents)}) is less than the total (${amount(totalCents)})`,
      });
    }
  }
  return problems;
}
