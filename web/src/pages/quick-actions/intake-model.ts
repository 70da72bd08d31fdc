import type { CreateAdjustmentBody, Location } from '@tradepost/shared/schemas/inventory.ts';
import { formatMoney, parseMoney } from '@tradepost/shared/ui/money.ts';

/** Where a single item came from: one of our vendors, a walk-in seller, or something else the note names. */
export type IntakeSource = { kind: 'vendor'; vendorId: string; vendorName: string } | { kind: 'walk-in' } | { kind: 'other' };

export type IntakeDraft = {
  variantId: string | null;
  quantity: string;
  cost: string;
  locationId: string | null;
  source: IntakeSource | null;
  note: string;
};

/** The form's fields, as the messages under them are keyed. */
export type IntakeField = 'item' | 'quantity' | 'cost' | 'location' | 'source' | 'note';
export type IntakeErrors = Partial<Record<IntakeField, string>>;

const NOTE_MAX = 500;
const QUANTITY_MAX = 100_000;

/** The note the adjustment carries: who the stock came from, then what the user added. */
export function intakeNote(source: IntakeSource, note: string): string {
  const extra = note.trim();
  const from =
    source.kind === 'vendor'
      ? `Single-product intake from vendor ${source.vendorName}`
      : source.kind === 'walk-in'
        ? 'Single-product intake from a walk-in seller'
        : 'Single-product intake from another source';
  return extra === '' ? from : `${from}: ${extra}`;
}

/**
 * The `POST …/inventory/adjustments` body for one intake (reason `received`, with its unit cost),
 * or the messages that stop it, each under its field. Nothing is sent while one is refused.
 */
export function buildIntakeBody(
  draft: IntakeDraft,
  currency: string,
): { ok: true; body: CreateAdjustmentBody } | { ok: false; errors: IntakeErrors } {
  const errors: IntakeErrors = {};
  if (draft.variantId === null) errors.item = 'Scan or type a barcode or SKU, or search and pick a size';

  const quantityText = draft.quantity.trim();
  const quantity = /^\d+$/.test(quantityText) ? Number(quantityText) : Number.NaN;
  if (!Number.isInteger(quantity) || quantity < 1) errors.quantity = 'Enter a whole number of at least 1';
  else if (quantity > QUANTITY_MAX) errors.quantity = 'Enter at most 100,000';

  const costText = draft.cost.trim();
  const cost = costText.startsWith('-') ? null : parseMoney(costText, currency);
  if (cost === undefined) errors.cost = 'Enter what you paid for each unit, such as 90 or 89.50';
  else if (cost === null) errors.cost = costText.startsWith('-') ? 'Unit cost must not be negative' : 'Enter an amount such as 90 or 89.50';

  if (draft.locationId === null) errors.location = 'Choose the location the stock goes to';
  if (draft.source === null) errors.source = 'Choose where the item came from';
  else if (draft.source.kind === 'other' && draft.note.trim() === '') errors.note = 'Say where the item came from';

  const note = draft.source === null ? '' : intakeNote(draft.source, draft.note);
  if (note.length > NOTE_MAX) errors.note = `Keep the note to at most ${NOTE_MAX - (note.length - draft.note.trim().length)} characters`;

  if (Object.keys(errors).length > 0 || draft.variantId === null || draft.locationId === null || typeof cost !== 'number') {
    return { ok: false, errors };
  }
  return {
    ok: true,
    body: {
      location_id: draft.locationId,
      note,
      lines: [{ variant_id: draft.variantId, quantity, reason: 'received', unit_cost_cents: cost }],
    },
  };
}

/** Where the API's field paths land on this form. */
export function intakeFieldOf(path: string): IntakeField | null {
  if (path === 'location_id') return 'location';
  if (path === 'note') return 'note';
  if (/^lines\.0\.unit_cost_cents/.test(path)) return 'cost';
  if (/^lines\.0\.quantity/.test(path)) return 'quantity';
  if (/^lines\.0\.variant_id/.test(path) || path.startsWith('variant:') || path === 'lines') return 'item';
  return null;
}

/**
 * Stock goes to the default location when it is a store or warehouse, else the first store, else the
 * first warehouse; virtual and archived locations only when nothing else exists.
 */
export function defaultIntakeLocation(locations: readonly Location[]): Location | null {
  const active = locations.filter((location) => !location.archived);
  const physical = active.filter((location) => location.kind !== 'virtual');
  return (
    physical.find((location) => location.is_default) ??
    physical.find((location) => location.kind === 'store') ??
    physical[0] ??
    active[0] ??
    null
  );
}

export type IntakeDone = {
  quantity: number;
  title: string;
  size: string;
  locationName: string;
  unitCostCents: number;
  /** Units on hand at that location after the intake, from the API's answer. */
  onHandNow: number | null;
};

/** The big line after an intake: '1 × Dunk Low Panda US M 10 added at Store front, cost $90.00 — 3 on hand now'. */
export function intakeFeedback(done: IntakeDone, currency: string): string {
  const cost = `cost ${formatMoney(done.unitCostCents, currency)}${done.quantity === 1 ? '' : ' each'}`;
  const now = done.onHandNow === null ? '' : ` — ${done.onHandNow} on hand now`;
  return `${done.quantity} × ${done.title} ${done.size} added at ${done.locationName}, ${cost}${now}`;
}
