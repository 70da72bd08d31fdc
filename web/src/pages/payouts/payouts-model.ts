import { type Payout, type PayoutList, type PayoutMethod, payoutMethodLabels } from '@tradepost/shared/schemas/payouts.ts';

// Check payouts: what is owed to sellers, grouped so a glance says how much waits by each method.

export type PendingGroup = {
  method: PayoutMethod;
  label: string;
  count: number;
  amountCents: number;
  /** Its share of everything pending (0–100, whole percent; the bar's width). */
  sharePercent: number;
};

/** Pending payouts by method, largest amount first, with each one's share of the total owed. */
export function pendingGroups(pending: PayoutList['pending_by_method']): { groups: PendingGroup[]; count: number; amountCents: number } {
  const live = pending.filter((group) => group.count > 0);
  const amountCents = live.reduce((sum, group) => sum + group.amount_cents, 0);
  const count = live.reduce((sum, group) => sum + group.count, 0);
  const groups = live
    .map((group) => ({
      method: group.method,
      label: payoutMethodLabels[group.method],
      count: group.count,
      amountCents: group.amount_cents,
      sharePercent: amountCents === 0 ? 0 : Math.round((group.amount_cents / amountCents) * 100),
    }))
    .sort((a, b) => b.amountCents - a.amountCents || a.label.localeCompare(b.label));
  return { groups, count, amountCents };
}

/** Where the money goes: "Account ••1234 (Ann Lee)", "Payable to Ann Lee", or null (cash, store credit). */
export function payoutDestination(payout: Pick<Payout, 'method' | 'account_last4' | 'account_holder' | 'payable_to'>): string | null {
  if (payout.method === 'bank_transfer') {
    const account = payout.account_last4 === null ? 'Account not given' : `Account ••${payout.account_last4}`;
    return payout.account_holder === null ? account : `${account} (${payout.account_holder})`;
  }
  if (payout.method === 'check') return payout.payable_to === null ? 'Payee not given' : `Payable to ${payout.payable_to}`;
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long it has waited: "Today", "1 day", "12 days". */
export function payoutAge(createdAt: string, now: number): string {
  const days = Math.max(0, Math.floor((now - Date.parse(createdAt)) / DAY_MS));
  return days === 0 ? 'Today' : days === 1 ? '1 day' : `${days} days`;
}

/** A payout waiting this long is overdue-looking (shown in warning colour). */
export const PAYOUT_OLD_DAYS = 7;
export const payoutIsOld = (createdAt: string, now: number): boolean => now - Date.parse(createdAt) >= PAYOUT_OLD_DAYS * DAY_MS;
