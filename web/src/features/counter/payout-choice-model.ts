import {
  type PayoutChoice,
  type PayoutMethod,
  payoutDetailProblems,
  payoutMethodLabels,
  storeCreditForPayout,
} from '@tradepost/shared/schemas/payouts.ts';

// The payout part of a counter form (in-store purchase, trade, a payout's settings), as typed. The
// checks are the API's own (`payoutDetailProblems` in shared/src/schemas/payouts.ts), so a message
// shown before sending is word for word the one the server would answer.

/** Every details field as typed; only those the method needs are shown and sent. */
export type PayoutDetailsText = {
  account_holder: string;
  account_number: string;
  routing_number: string;
  payable_to: string;
  mailing_address: string;
};

export type PayoutChoiceValue = { method: PayoutMethod; details: PayoutDetailsText };

export const emptyPayoutDetails: PayoutDetailsText = {
  account_holder: '',
  account_number: '',
  routing_number: '',
  payable_to: '',
  mailing_address: '',
};

/** A fresh choice on `method` (the business's default payout method). */
export function payoutChoice(method: PayoutMethod, details: Partial<PayoutDetailsText> = {}): PayoutChoiceValue {
  return { method, details: { ...emptyPayoutDetails, ...details } };
}

/** The details fields each method asks for, in order. */
export const payoutDetailFields: Readonly<Record<PayoutMethod, readonly (keyof PayoutDetailsText)[]>> = {
  cash: [],
  store_credit: [],
  bank_transfer: ['account_holder', 'account_number', 'routing_number'],
  check: ['payable_to', 'mailing_address'],
};

export const payoutDetailLabels: Readonly<Record<keyof PayoutDetailsText, string>> = {
  account_holder: 'Account holder',
  account_number: 'Account number (IBAN)',
  routing_number: 'Routing number, sort code or BIC',
  payable_to: 'Payable to',
  mailing_address: 'Mailing address',
};

/** The offered methods in the house order (the API keeps them in the order saved). */
export function offeredMethods(offered: readonly PayoutMethod[]): PayoutMethod[] {
  const order = Object.keys(payoutMethodLabels) as PayoutMethod[];
  return order.filter((method) => offered.includes(method));
}

/** The body's payout: the method and, trimmed, only the details that method uses. */
export function payoutChoiceBody(value: PayoutChoiceValue): PayoutChoice {
  const details: Record<string, string> = {};
  for (const field of payoutDetailFields[value.method]) {
    const text = value.details[field].trim();
    if (text !== '') details[field] = text;
  }
  return Object.keys(details).length === 0 ? { method: value.method } : { method: value.method, details };
}

/**
 * Problems before sending, keyed as the fields of `PayoutChoiceFields` ('method', 'details.account_number'):
 * a method the business does not offer, or a detail the method needs.
 */
export function payoutChoiceErrors(value: PayoutChoiceValue, offered: readonly PayoutMethod[]): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!offered.includes(value.method)) errors.method = `${payoutMethodLabels[value.method]} is not offered (Purchasing settings)`;
  const sent = payoutChoiceBody(value).details ?? {};
  const details = {
    account_holder: sent.account_holder,
    account_number: sent.account_number,
    routing_number: sent.routing_number,
    payable_to: sent.payable_to,
    mailing_address: sent.mailing_address,
  };
  for (const problem of payoutDetailProblems(value.method, details)) errors[`details.${problem.field}`] = problem.message;
  return errors;
}

/** The API's field errors under `prefix` ('payout.' for a purchase body), keyed as `payoutChoiceErrors` keys them. */
export function payoutErrorsFrom(fields: Readonly<Record<string, string>>, prefix: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    if (prefix === '' ? path === 'method' || path.startsWith('details') : path.startsWith(prefix))
      errors[prefix === '' ? path : path.slice(prefix.length)] = message;
  }
  return errors;
}

/** The store-credit line: "+10% bonus: $110.00 credit" (or the credit alone with no bonus). */
export function storeCreditBonusText(amountCents: number, bonusPercent: number, format: (cents: number) => string): string {
  const credit = storeCreditForPayout(amountCents, bonusPercent);
  return bonusPercent > 0 ? `+${bonusPercent}% bonus: ${format(credit)} credit` : `${format(credit)} credit`;
}
