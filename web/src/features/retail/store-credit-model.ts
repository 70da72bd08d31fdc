import type { StoreCreditAdjustmentBody, StoreCreditEntry } from '@tradepost/shared/schemas/store-credit.ts';
import { storeCreditReasonLabels } from '@tradepost/shared/schemas/store-credit.ts';
import { parseMoney } from '../catalog/money.ts';

// Store credit as the screens show and type it: an adjustment is typed as a direction and an
// amount (a person thinks "take $5 off", not "−500"), and each entry names what it came from.

export type AdjustmentDraft = { direction: 'add' | 'remove'; amount: string; note: string };
export const emptyAdjustment: AdjustmentDraft = { direction: 'add', amount: '', note: '' };

/** The adjustment's body, or the messages by the API's field names (`amount_cents`, `note`). */
export function readAdjustment(
  draft: AdjustmentDraft,
  balanceCents: number,
  currency: string,
  formatMoney: (cents: number, currency: string) => string,
): { ok: true; body: StoreCreditAdjustmentBody } | { ok: false; fields: Partial<Record<'amount_cents' | 'note', string>> } {
  const fields: Partial<Record<'amount_cents' | 'note', string>> = {};
  const cents = parseMoney(draft.amount, currency);
  if (cents === undefined || cents === 0) fields.amount_cents = 'Enter an amount above zero';
  else if (cents === null) fields.amount_cents = 'Enter an amount such as 20 or 19.99';
  else if (draft.direction === 'remove' && cents > balanceCents)
    fields.amount_cents = `The balance is ${formatMoney(balanceCents, currency)}: it cannot go below zero`;
  if (draft.note.trim() === '') fields.note = 'Say why the balance changes';
  if (Object.keys(fields).length > 0 || typeof cents !== 'number') return { ok: false, fields };
  return { ok: true, body: { amount_cents: draft.direction === 'add' ? cents : -cents, note: draft.note.trim() } };
}

/** "PO-1001", "Sale #1042", or null: what an entry came from, as people say it. */
export function entryReference(entry: Pick<StoreCreditEntry, 'reference_type' | 'reference_number'>): string | null {
  if (entry.reference_type === null || entry.reference_number === null) return null;
  return entry.reference_type === 'purchase_order' ? `PO-${entry.reference_number}` : `Sale #${entry.reference_number}`;
}

/** Where an entry's reference opens, when it names one. */
export function entryHref(entry: Pick<StoreCreditEntry, 'reference_type' | 'reference_id'>): string | null {
  if (entry.reference_type === null || entry.reference_id === null) return null;
  return entry.reference_type === 'purchase_order'
    ? `/purchase-orders/${encodeURIComponent(entry.reference_id)}`
    : `/sales?sale=${encodeURIComponent(entry.reference_id)}`;
}

export const entryReasonLabel = (entry: Pick<StoreCreditEntry, 'reason'>): string => storeCreditReasonLabels[entry.reason];
