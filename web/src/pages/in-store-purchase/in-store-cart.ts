import { type CounterLineInput, type InStorePurchaseBody, inStorePurchaseBodySchema } from '@tradepost/shared/schemas/counter-trading.ts';
import type { CustomerInput } from '@tradepost/shared/schemas/sales.ts';
import { atomWithStorage } from 'jotai/utils';
import { z } from 'zod';
import { issuesToFields } from '../../features/catalog/field-errors.ts';
import { moneyInputText, parseMoney } from '../../features/catalog/money.ts';
import { type PayoutChoiceValue, payoutChoiceBody } from '../../features/counter/payout-choice-model.ts';
import { validatedSessionStorage } from '../../features/counter/session-storage.ts';

// The in-store purchase's counter cart: the sizes a walk-in seller brings, each with how many and the
// price agreed per unit (kept as typed, so a half-typed price is not lost). It lives in the tab's
// sessionStorage, so going to the size picker and back (or a reload) keeps it; "New purchase" clears it.

/** The most units of one size on a purchase (the API's limit). */
export const MAX_COUNTER_QUANTITY = 1000;
/** The most sizes on one purchase (the API's limit). */
export const MAX_COUNTER_LINES = 200;

const counterCartLineSchema = z.object({
  variantId: z.string(),
  productId: z.string(),
  title: z.string(),
  /** As the size run writes it ('US M 9'). */
  size: z.string(),
  sku: z.string(),
  quantity: z.number().int().min(1).max(MAX_COUNTER_QUANTITY),
  priceText: z.string(),
  /**
   * The offer that keeps the target margin (the highest-bid report's), in cents: null when the
   * report has none for the size, absent until it answered. The agreed price starts from it.
   */
  offerCents: z.number().int().nullable().optional(),
});
export type CounterCartLine = z.infer<typeof counterCartLineSchema>;

/** A size as the picker or a scan found it. */
export type CounterItem = Pick<CounterCartLine, 'variantId' | 'productId' | 'title' | 'size' | 'sku'>;

export const inStoreCartAtom = atomWithStorage<CounterCartLine[]>(
  'tradepost.in-store-purchase.cart.v1',
  [],
  validatedSessionStorage(z.array(counterCartLineSchema).max(MAX_COUNTER_LINES)),
  { getOnInit: true },
);
inStoreCartAtom.debugLabel = 'inStoreCartAtom';

const priceTextOf = (offerCents: number | null | undefined, currency: string) =>
  offerCents === null || offerCents === undefined ? '' : moneyInputText(offerCents, currency);

/** Adds one unit: a size already in the cart gets one more; a new size goes on top, its price the offer when known. */
export function addCounterItem(
  lines: readonly CounterCartLine[],
  item: CounterItem,
  offerCents: number | null | undefined,
  currency: string,
): CounterCartLine[] {
  const existing = lines.find((line) => line.variantId === item.variantId);
  if (existing !== undefined) return setCounterQuantity(lines, item.variantId, existing.quantity + 1);
  return [{ ...item, quantity: 1, priceText: priceTextOf(offerCents, currency), offerCents }, ...lines];
}

/** Takes the size off the cart. */
export function removeCounterItem(lines: readonly CounterCartLine[], variantId: string): CounterCartLine[] {
  return lines.filter((line) => line.variantId !== variantId);
}

/** Quantities stay between 1 and the API's maximum; removing a line is its own action. */
export function setCounterQuantity(lines: readonly CounterCartLine[], variantId: string, quantity: number): CounterCartLine[] {
  const clamped = Math.min(MAX_COUNTER_QUANTITY, Math.max(1, Math.trunc(Number.isFinite(quantity) ? quantity : 1)));
  return lines.map((line) => (line.variantId === variantId ? { ...line, quantity: clamped } : line));
}

export function setCounterPrice(lines: readonly CounterCartLine[], variantId: string, priceText: string): CounterCartLine[] {
  return lines.map((line) => (line.variantId === variantId ? { ...line, priceText } : line));
}

/**
 * The guidance arrived: each line that had no offer yet takes it, and a line whose price is still
 * empty starts from it. A price typed already is never overwritten.
 */
export function applyOffers(
  lines: readonly CounterCartLine[],
  offers: ReadonlyMap<string, number | null>,
  currency: string,
): CounterCartLine[] {
  let changed = false;
  const next = lines.map((line) => {
    if (line.offerCents !== undefined || !offers.has(line.variantId)) return line;
    changed = true;
    const offerCents = offers.get(line.variantId) ?? null;
    return { ...line, offerCents, priceText: line.priceText.trim() === '' ? priceTextOf(offerCents, currency) : line.priceText };
  });
  return changed ? next : (lines as CounterCartLine[]);
}

export type CounterTotals = {
  /** What is paid for the lines whose price reads (the others count as zero until typed). */
  totalCents: number;
  units: number;
  /** Price problems by variant id. */
  errors: Record<string, string>;
  /** The lines as the API takes them (only when no line has a problem). */
  lines: CounterLineInput[] | null;
};

/** The cart's total and its lines for the API, with a message for each price that does not read. */
export function counterTotals(lines: readonly CounterCartLine[], currency: string): CounterTotals {
  const errors: Record<string, string> = {};
  const body: CounterLineInput[] = [];
  let totalCents = 0;
  let units = 0;
  for (const line of lines) {
    units += line.quantity;
    const cents = parseMoney(line.priceText, currency);
    if (cents === undefined) errors[line.variantId] = 'Enter the price agreed';
    else if (cents === null) errors[line.variantId] = 'Enter a price such as 120 or 119.99';
    else {
      totalCents += cents * line.quantity;
      body.push({ variant_id: line.variantId, quantity: line.quantity, unit_price_cents: cents });
    }
  }
  return { totalCents, units, errors, lines: Object.keys(errors).length === 0 ? body : null };
}

/** Who sells: a customer on file, a new customer typed at the counter, or a vendor. */
export type SellerChoice =
  | { kind: 'customer'; customerId: string | null; name: string | null }
  | { kind: 'new'; customer: { name: string; email: string; phone: string } }
  | { kind: 'vendor'; vendorId: string | null };

export type PurchaseDraft = {
  lines: readonly CounterCartLine[];
  seller: SellerChoice;
  locationId: string | null;
  payout: PayoutChoiceValue;
  note: string;
  currency: string;
};

export type PurchaseBuild =
  | { ok: true; body: InStorePurchaseBody; totalCents: number }
  | {
      ok: false;
      /** Messages by the API's field path ('customer_id', 'customer.name', 'location_id', 'payout.details.account_number', 'lines'). */
      fields: Record<string, string>;
      /** Price problems by variant id. */
      lineErrors: Record<string, string>;
    };

const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());

function newCustomer(values: { name: string; email: string; phone: string }): CustomerInput {
  return { name: values.name.trim(), email: optional(values.email), phone: optional(values.phone) };
}

/**
 * The `POST …/in-store-purchases` body from the counter form, checked by the API's own schema first
 * (so a message shown before sending is the one the server would answer, on the same field).
 */
export function buildPurchase(draft: PurchaseDraft): PurchaseBuild {
  const totals = counterTotals(draft.lines, draft.currency);
  const seller =
    draft.seller.kind === 'customer'
      ? { customer_id: draft.seller.customerId ?? undefined }
      : draft.seller.kind === 'new'
        ? { customer: newCustomer(draft.seller.customer) }
        : { vendor_id: draft.seller.vendorId ?? undefined };
  const body: InStorePurchaseBody = {
    ...seller,
    location_id: draft.locationId ?? '',
    lines: totals.lines ?? [],
    payout: payoutChoiceBody(draft.payout),
    note: optional(draft.note),
  };
  const fields: Record<string, string> = {};
  const parsed = inStorePurchaseBodySchema.safeParse(body);
  if (!parsed.success) Object.assign(fields, issuesToFields(parsed.error.issues));
  if (draft.seller.kind === 'customer' && draft.seller.customerId === null) fields.customer_id = 'Choose the customer who is selling';
  if (draft.seller.kind === 'vendor' && draft.seller.vendorId === null) fields.vendor_id = 'Choose the vendor who is selling';
  if (draft.locationId === null) fields.location_id = 'Choose the location the items go to';
  if (draft.lines.length === 0) fields.lines = 'Add at least one item';
  else if (totals.lines === null) delete fields.lines;
  // Line problems are shown on the line (by variant id), not as the API's index paths.
  for (const key of Object.keys(fields)) if (key.startsWith('lines.')) delete fields[key];
  if (Object.keys(fields).length > 0 || totals.lines === null) return { ok: false, fields, lineErrors: totals.errors };
  return { ok: true, body, totalCents: totals.totalCents };
}

/** The API's `lines.<i>.…` messages keyed by the variant id of the line sent at that index. */
export function lineErrorsFrom(fields: Readonly<Record<string, string>>, sent: readonly { variant_id: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const match = /^lines\.(\d+)(\.|$)/.exec(path);
    const variantId = match === null ? undefined : sent[Number(match[1])]?.variant_id;
    if (variantId !== undefined) errors[variantId] = errors[variantId] === undefined ? message : `${errors[variantId]}, ${message}`;
  }
  return errors;
}
