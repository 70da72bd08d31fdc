import type { PaymentMethod, PaymentPartMethod, RecordedPaymentMethod, SalePayment } from '@tradepost/shared/schemas/payments.ts';
import type { CreateSaleBody } from '@tradepost/shared/schemas/sales.ts';
import { formatMoney, parseMoney } from '../catalog/money.ts';

/** Every method a recorded payment (or part) can have; `trade_in` is only ever written by a trade, never offered at the counter. */
export const paymentMethodLabels: Record<RecordedPaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  store_credit: 'Store credit',
  trade_in: 'Trade-in',
  split: 'Split',
};

/** What the counter sees under each choice. */
export const paymentMethodHints: Record<PaymentMethod, string> = {
  cash: 'Count the cash: the change due is shown.',
  card: 'Charge the card on your card terminal first; Tradepost records it.',
  store_credit: 'Spent from the customer’s store-credit balance: choose the customer first.',
  split: 'Two or more parts, each with its method and amount, adding up to the total.',
};

export type PaymentPartDraft = { key: string; method: PaymentPartMethod; amount: string };

/** The payment as typed at the counter: text fields, parsed when charging. */
export type PaymentDraft = { method: PaymentMethod; tendered: string; parts: PaymentPartDraft[] };

export const emptyPayment: PaymentDraft = {
  method: 'card',
  tendered: '',
  parts: [
    { key: 'part-1', method: 'cash', amount: '' },
    { key: 'part-2', method: 'card', amount: '' },
  ],
};

/** `credit`: store credit cannot pay (no customer, balance short: checked here and by the API's 409). */
export type PaymentErrors = { tendered?: string; parts?: string; byPart?: Record<string, string>; credit?: string };

/** Cash handed over minus the total, when the tendered text is an amount that covers it. */
export function changeDue(draft: PaymentDraft, totalCents: number, currency: string): number | null {
  if (draft.method !== 'cash') return null;
  const tendered = parseMoney(draft.tendered, currency);
  if (tendered === null || tendered === undefined || tendered < totalCents) return null;
  return tendered - totalCents;
}

/** What the split parts still lack (positive) or exceed (negative); the parts that do not parse count as nothing. */
export function splitRemainder(draft: PaymentDraft, totalCents: number, currency: string): number {
  return totalCents - draft.parts.reduce((sum, part) => sum + (parseMoney(part.amount, currency) ?? 0), 0);
}

type PaymentBody = Pick<CreateSaleBody, 'payment_method' | 'payments' | 'cash_tendered_cents'>;

/** The body's payment fields, or what to fix first; the same rules the API applies, so slips show beside the field. */
export function paymentBody(draft: PaymentDraft, totalCents: number, currency: string): { body: PaymentBody; errors: PaymentErrors } {
  const errors: PaymentErrors = {};
  if (draft.method === 'cash') {
    const text = draft.tendered.trim();
    if (text === '') return { body: { payment_method: 'cash' }, errors };
    const tendered = parseMoney(text, currency);
    if (tendered === null || tendered === undefined) errors.tendered = 'Enter an amount such as 50 or 49.99';
    else if (tendered < totalCents) errors.tendered = `Less than the total of ${formatMoney(totalCents, currency)}`;
    return { body: { payment_method: 'cash', ...(tendered ? { cash_tendered_cents: tendered } : {}) }, errors };
  }
  if (draft.method !== 'split') return { body: { payment_method: draft.method }, errors };
  const byPart: Record<string, string> = {};
  const payments: NonNullable<PaymentBody['payments']> = [];
  for (const part of draft.parts) {
    const cents = parseMoney(part.amount, currency);
    if (cents === null || cents === undefined || cents <= 0) byPart[part.key] = 'Enter an amount above zero';
    else payments.push({ method: part.method, amount_cents: cents });
  }
  if (Object.keys(byPart).length > 0) errors.byPart = byPart;
  if (draft.parts.length < 2) errors.parts = 'A split needs two or more parts';
  else if (errors.byPart === undefined) {
    const left = splitRemainder(draft, totalCents, currency);
    if (left !== 0) {
      errors.parts =
        left > 0
          ? `The parts are ${formatMoney(left, currency)} short of the total`
          : `The parts are ${formatMoney(-left, currency)} over the total`;
    }
  }
  return { body: { payment_method: 'split', payments }, errors };
}

export const hasPaymentErrors = (errors: PaymentErrors): boolean =>
  errors.tendered !== undefined || errors.parts !== undefined || errors.byPart !== undefined || errors.credit !== undefined;

/** "Cash", "Card", "Split: cash $20.00 + card $130.00": how a list or a drawer names a sale's payment. */
export function paymentSummary(payment: SalePayment | null, currency: string): string | null {
  if (payment === null) return null;
  if (payment.method !== 'split') return paymentMethodLabels[payment.method];
  const parts = payment.parts.map(
    (part) => `${paymentMethodLabels[part.method].toLowerCase()} ${formatMoney(part.amount_cents, currency)}`,
  );
  return `Split: ${parts.join(' + ')}`;
}

/**
 * What store credit would still lack for this payment (0 when the balance covers it), or null when
 * the payment spends none. `balanceCents` null: no customer chosen, so no balance can pay.
 */
export function storeCreditShortfall(
  draft: PaymentDraft,
  totalCents: number,
  balanceCents: number | null,
  currency: string,
): { neededCents: number; shortCents: number; noCustomer: boolean } | null {
  const needed =
    draft.method === 'store_credit'
      ? totalCents
      : draft.method === 'split'
        ? draft.parts
            .filter((part) => part.method === 'store_credit')
            .reduce((sum, part) => sum + (parseMoney(part.amount, currency) ?? 0), 0)
        : 0;
  if (needed <= 0) return null;
  if (balanceCents === null) return { neededCents: needed, shortCents: needed, noCustomer: true };
  return { neededCents: needed, shortCents: Math.max(0, needed - balanceCents), noCustomer: false };
}

/** The message beside the store-credit choice when the balance cannot pay; undefined when it can (or none is spent). */
export function storeCreditProblem(
  draft: PaymentDraft,
  totalCents: number,
  customer: { name: string; store_credit_cents: number } | null,
  currency: string,
): string | undefined {
  const check = storeCreditShortfall(draft, totalCents, customer?.store_credit_cents ?? null, currency);
  if (check === null || check.shortCents === 0) return undefined;
  if (check.noCustomer || customer === null) return 'Store credit needs the customer whose balance pays: choose them above';
  return `${customer.name} has ${formatMoney(customer.store_credit_cents, currency)} of store credit; this needs ${formatMoney(check.neededCents, currency)}`;
}
