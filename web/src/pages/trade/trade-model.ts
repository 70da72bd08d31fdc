import type { TradeBody, TradePaymentMethod, TradeSettlement } from '@tradepost/shared/schemas/counter-trading.ts';
import type { CustomerInput } from '@tradepost/shared/schemas/sales.ts';
import { formatMoney, moneyInputText, parseMoney } from '../../features/catalog/money.ts';
import { type PayoutChoiceValue, payoutChoiceBody, payoutChoiceErrors } from '../../features/counter/payout-choice-model.ts';

// A trade as typed at the counter: the customer's items in, ours out, each at an agreed price per
// unit (text until sent, so a half-typed "12." is kept), and the difference settled either way.
// The checks mirror the API's (tradeBodySchema), keyed by its field paths, so a message shown
// before sending sits where the server's would.

export type TradeSide = 'incoming' | 'outgoing';

export type TradeLine = {
  variantId: string;
  title: string;
  /** The size as its run writes it ('US M 9'). */
  size: string;
  sku: string;
  quantity: number;
  priceText: string;
};

export type TradeItem = { variantId: string; title: string; size: string; sku: string; priceCents: number | null };

/** One more unit of a size (a new line takes `priceCents` as its agreed price; empty when none). */
export function addTradeLine(lines: readonly TradeLine[], item: TradeItem, currency: string): TradeLine[] {
  if (lines.some((line) => line.variantId === item.variantId))
    return lines.map((line) => (line.variantId === item.variantId ? { ...line, quantity: line.quantity + 1 } : line));
  const priceText = item.priceCents === null ? '' : moneyInputText(item.priceCents, currency);
  return [...lines, { variantId: item.variantId, title: item.title, size: item.size, sku: item.sku, quantity: 1, priceText }];
}

/** The agreed total of one side; lines whose price does not read count as nothing (the check says so). */
export const sideTotalCents = (lines: readonly TradeLine[], currency: string): number =>
  lines.reduce((sum, line) => sum + line.quantity * (parseMoney(line.priceText, currency) ?? 0), 0);

export const settlementOf = (differenceCents: number): TradeSettlement =>
  differenceCents > 0 ? 'customer_pays' : differenceCents < 0 ? 'we_pay' : 'even';

export type TradeTotals = { incomingCents: number; outgoingCents: number; differenceCents: number; settlement: TradeSettlement };

/** Both sides' totals and the difference (ours − theirs: positive the customer pays, negative we pay). */
export function tradeTotals(incoming: readonly TradeLine[], outgoing: readonly TradeLine[], currency: string): TradeTotals {
  const incomingCents = sideTotalCents(incoming, currency);
  const outgoingCents = sideTotalCents(outgoing, currency);
  const differenceCents = outgoingCents - incomingCents;
  return { incomingCents, outgoingCents, differenceCents, settlement: settlementOf(differenceCents) };
}

/** The big line: "Customer pays $40.00", "We pay $25.00" or "Even". */
export function differenceText(differenceCents: number, currency: string): string {
  if (differenceCents > 0) return `Customer pays ${formatMoney(differenceCents, currency)}`;
  if (differenceCents < 0) return `We pay ${formatMoney(-differenceCents, currency)}`;
  return 'Even';
}

export const tradePaymentLabels: Record<TradePaymentMethod, string> = { cash: 'Cash', card: 'Card', store_credit: 'Store credit' };

/** The customer as chosen: an existing one (with their store credit), a new one typed here, or none yet. */
export type TradeCustomer =
  | { kind: 'existing'; id: string; name: string; storeCreditCents: number }
  | { kind: 'new'; name: string; email: string; phone: string }
  | null;

export type TradeDraft = {
  customer: TradeCustomer;
  locationId: string | null;
  incoming: readonly TradeLine[];
  outgoing: readonly TradeLine[];
  paymentMethod: TradePaymentMethod;
  payout: PayoutChoiceValue;
  note: string;
};

type Read = { ok: true; body: TradeBody; totals: TradeTotals } | { ok: false; fields: Record<string, string> };

function newCustomerBody(customer: { name: string; email: string; phone: string }): CustomerInput {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return { name: customer.name.trim(), email: optional(customer.email), phone: optional(customer.phone) };
}

/**
 * The body of `POST /trades`, or the messages by the API's paths (`customer_id`, `customer.name`,
 * `location_id`, `incoming`, `outgoing.0.unit_price_cents`, `payment_method`, `payout.details.account_number`).
 * Only the settlement the difference calls for is sent: a payment method when the customer pays,
 * a payout when we pay, neither when even.
 */
export function readTrade(draft: TradeDraft, offeredPayouts: TradeDraftOffered, currency: string): Read {
  const fields: Record<string, string> = {};
  if (draft.customer === null) fields.customer_id = 'Choose the customer: one existing or one new';
  else if (draft.customer.kind === 'new' && draft.customer.name.trim() === '') fields['customer.name'] = 'Name is required';
  if (draft.locationId === null) fields.location_id = 'Choose the location';
  if (draft.incoming.length === 0) fields.incoming = 'Add at least one item to take in';
  if (draft.outgoing.length === 0) fields.outgoing = 'Add at least one item to give';
  const lines = (side: TradeSide) =>
    (side === 'incoming' ? draft.incoming : draft.outgoing).map((line, index) => {
      const cents = parseMoney(line.priceText, currency);
      if (cents === undefined) fields[`${side}.${index}.unit_price_cents`] = 'Agree a price';
      else if (cents === null) fields[`${side}.${index}.unit_price_cents`] = 'Enter an amount such as 50 or 49.99';
      if (line.quantity < 1) fields[`${side}.${index}.quantity`] = 'Quantity must be at least 1';
      return { variant_id: line.variantId, quantity: line.quantity, unit_price_cents: cents ?? 0 };
    });
  const incoming = lines('incoming');
  const outgoing = lines('outgoing');
  const totals = tradeTotals(draft.incoming, draft.outgoing, currency);

  let settlement: Pick<TradeBody, 'payment_method' | 'payout'> = {};
  if (totals.settlement === 'customer_pays') {
    settlement = { payment_method: draft.paymentMethod };
    if (draft.paymentMethod === 'store_credit') {
      const problem = storeCreditShort(draft.customer, totals.differenceCents, currency);
      if (problem !== null) fields.payment_method = problem;
    }
  } else if (totals.settlement === 'we_pay') {
    settlement = { payout: payoutChoiceBody(draft.payout) };
    for (const [key, message] of Object.entries(payoutChoiceErrors(draft.payout, offeredPayouts))) fields[`payout.${key}`] = message;
    if (draft.payout.method === 'store_credit' && draft.customer === null)
      fields['payout.method'] = 'Store credit is kept for a customer: choose one';
  }
  if (Object.keys(fields).length > 0 || draft.customer === null || draft.locationId === null) return { ok: false, fields };
  const note = draft.note.trim();
  const body: TradeBody = {
    ...(draft.customer.kind === 'existing' ? { customer_id: draft.customer.id } : { customer: newCustomerBody(draft.customer) }),
    location_id: draft.locationId,
    incoming,
    outgoing,
    ...settlement,
    ...(note === '' ? {} : { note }),
  };
  return { ok: true, body, totals };
}

type TradeDraftOffered = Parameters<typeof payoutChoiceErrors>[1];

/**
 * Why store credit cannot pay the difference, or null when it can: a new customer has none, an
 * existing one may have too little (the API's 409 says the same in the same words).
 */
export function storeCreditShort(customer: TradeCustomer, neededCents: number, currency: string): string | null {
  if (customer === null) return 'Store credit needs the customer whose balance pays: choose them above';
  if (customer.kind === 'new') return `${customer.name.trim() || 'A new customer'} has no store credit yet`;
  if (customer.storeCreditCents >= neededCents) return null;
  return `${customer.name} has ${formatMoney(customer.storeCreditCents, currency)} of store credit; this needs ${formatMoney(neededCents, currency)}`;
}

/** Which line an API path names (`outgoing.1.quantity` → outgoing, 1), for messages beside the line. */
export function lineOfPath(path: string): { side: TradeSide; index: number; field: string } | null {
  const match = /^(incoming|outgoing)\.(\d+)\.?(.*)$/.exec(path);
  if (match === null) return null;
  return { side: match[1] as TradeSide, index: Number(match[2]), field: match[3] ?? '' };
}
