import type { PayoutDetailsInput } from '@tradepost/shared/schemas/payouts.ts';
import { open, seal } from '../../plugins/sealed-box.ts';

/**
 * A payout's details (account number, routing number, holder, payee, address) are sealed together
 * at rest with the app's token key (TOKEN_ENCRYPTION_KEY, as marketplace tokens are), the payout's
 * id as the authenticated context: a sealed value copied to another payout does not open. Only the
 * holder, the account's last four characters and a check's payee are kept in the clear, for lists.
 *
 * The key is handed over when the purchasing routes are registered (`usePayoutKey(app.tokenKey)`):
 * the `purchase.in_store` workflow seals details wherever it is started from (the route, a trade).
 */
let payoutKey: Buffer | null = null;

export function usePayoutKey(key: Buffer): void {
  payoutKey = key;
}

function key(): Buffer {
  if (payoutKey === null) throw new Error('The payout key is not set: the purchasing routes register it when the app is built');
  return payoutKey;
}

export type PayoutDetails = {
  account_holder: string | null;
  account_number: string | null;
  routing_number: string | null;
  payable_to: string | null;
  mailing_address: string | null;
};

export const NO_DETAILS: PayoutDetails = {
  account_holder: null,
  account_number: null,
  routing_number: null,
  payable_to: null,
  mailing_address: null,
};

export const detailsOf = (input: PayoutDetailsInput | undefined): PayoutDetails => ({
  account_holder: input?.account_holder || null,
  account_number: input?.account_number || null,
  routing_number: input?.routing_number || null,
  payable_to: input?.payable_to || null,
  mailing_address: input?.mailing_address || null,
});

const context = (payoutId: string) => `payout:${payoutId}`;

/** Null when there is nothing to keep. */
export function sealDetails(details: PayoutDetails, payoutId: string): string | null {
  if (Object.values(details).every((value) => value === null)) return null;
  return seal(JSON.stringify(details), key(), context(payoutId));
}

export function openDetails(sealed: string | null, payoutId: string): PayoutDetails {
  if (sealed === null) return NO_DETAILS;
  return { ...NO_DETAILS, ...(JSON.parse(open(sealed, key(), context(payoutId))) as Partial<PayoutDetails>) };
}

/** What the lists show of the details: holder, the account's last four characters, a check's payee. */
export const clearColumns = (details: PayoutDetails) => ({
  account_holder: details.account_holder,
  account_last4: details.account_number === null ? null : details.account_number.replace(/\s+/g, '').slice(-4),
  payable_to: details.payable_to,
});
