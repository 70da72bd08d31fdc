import { moneyInputText, parseMoney } from '../catalog/money.ts';

/** One size in the point-of-sale cart. The price is kept as typed, so a half-typed price is not lost. */
export type CartLine = {
  /** The variant id: scanning the same size again adds to its line. */
  variantId: string;
  productId: string;
  title: string;
  /** The size as its run writes it ('US M 9'). */
  size: string;
  /** The bare size ('9'), shown big. */
  shortSize: string;
  sku: string;
  quantity: number;
  priceText: string;
  /** Units on hand across all locations when the size was added (a hint; the server decides). */
  onHand: number;
};

export type CartItem = Omit<CartLine, 'quantity' | 'priceText'> & { priceCents: number | null };

export const MAX_QUANTITY = 10_000;
const MAX_PRICE_CENTS = 100_000_000;

/** Adds one unit: a size already in the cart gets one more; a new size goes on top with its default price. */
export function addToCart(lines: readonly CartLine[], item: CartItem, currency: string): CartLine[] {
  const existing = lines.find((line) => line.variantId === item.variantId);
  if (existing !== undefined) return setQuantity(lines, item.variantId, existing.quantity + 1);
  const { priceCents, ...rest } = item;
  return [{ ...rest, quantity: 1, priceText: priceCents === null ? '' : moneyInputText(priceCents, currency) }, ...lines];
}

/** Quantities stay between 1 and the API's maximum; removing a line is its own action. */
export function setQuantity(lines: readonly CartLine[], variantId: string, quantity: number): CartLine[] {
  const clamped = Math.min(MAX_QUANTITY, Math.max(1, Math.trunc(Number.isFinite(quantity) ? quantity : 1)));
  return lines.map((line) => (line.variantId === variantId ? { ...line, quantity: clamped } : line));
}

export type DiscountKind = 'percent' | 'amount';

export type CheckoutInput = {
  lines: readonly CartLine[];
  /** Percent as typed ('8.875'); empty means no tax. */
  taxRateText: string;
  discountKind: DiscountKind;
  /** Percent or amount as typed; empty means no discount. */
  discountText: string;
  currency: string;
};

/** One line of the sale as the API takes it; a cart line splits in two when a discount leaves an odd cent. */
export type PlannedLine = { variantId: string; quantity: number; unitPriceCents: number; taxCents: number };

export type CheckoutPlan = {
  /** Lines for POST /sales, in order; `source[i]` is the cart line (variant id) sent line i came from. */
  lines: PlannedLine[];
  source: string[];
  /** Before the discount. */
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  /** What the customer pays: subtotal − discount + tax. */
  totalCents: number;
  units: number;
};

export type CheckoutErrors = {
  /** By variant id. */
  lines: Record<string, string>;
  discount?: string;
  taxRate?: string;
};

export type CheckoutResult = { ok: true; plan: CheckoutPlan } | { ok: false; errors: CheckoutErrors; plan: CheckoutPlan | null };

/** Splits `total` over `weights` in proportion, in whole cents that add up exactly (largest remainder first). */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || sum === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const floors = exact.map(Math.floor);
  let left = total - floors.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    left -= 1;
  }
  return floors;
}

function parseRate(text: string): number | null | undefined {
  const cleaned = text.trim().replace('%', '').replace(',', '.');
  if (cleaned === '') return undefined;
  if (!/^\d+(\.\d{1,3})?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/**
 * The cart as the sale to record: prices parsed, the discount spread over the lines in proportion
 * (so the server's totals equal the ones shown), and the tax on what is left, spread the same way.
 */
export function planCheckout({ lines, taxRateText, discountKind, discountText, currency }: CheckoutInput): CheckoutResult {
  const errors: CheckoutErrors = { lines: {} };
  const prices: number[] = [];
  for (const line of lines) {
    const cents = parseMoney(line.priceText, currency);
    if (cents === undefined) errors.lines[line.variantId] = 'Enter a price';
    else if (cents === null) errors.lines[line.variantId] = 'Enter a price such as 120 or 119.99';
    else if (cents > MAX_PRICE_CENTS) errors.lines[line.variantId] = 'This price is too large';
    prices.push(cents ?? 0);
  }
  const subtotal = lines.reduce((sum, line, i) => sum + line.quantity * (prices[i] ?? 0), 0);

  let discount = 0;
  if (discountKind === 'percent') {
    const rate = parseRate(discountText);
    if (rate === null) errors.discount = 'Enter a percentage such as 10 or 12.5';
    else if (rate !== undefined && rate > 100) errors.discount = 'A discount cannot be more than 100%';
    else if (rate !== undefined) discount = Math.round((subtotal * rate) / 100);
  } else {
    const cents = parseMoney(discountText, currency);
    if (cents === null) errors.discount = 'Enter an amount such as 10 or 5.50';
    else if (cents !== undefined && cents > subtotal) errors.discount = 'The discount is more than the items cost';
    else if (cents !== undefined) discount = cents;
  }

  const taxRate = parseRate(taxRateText);
  if (taxRate === null) errors.taxRate = 'Enter a rate such as 8.875';
  else if (taxRate !== undefined && taxRate > 100) errors.taxRate = 'A tax rate cannot be more than 100%';

  const lineDiscounts = apportion(
    discount,
    lines.map((line, i) => line.quantity * (prices[i] ?? 0)),
  );
  const planned: PlannedLine[] = [];
  const source: string[] = [];
  for (const [i, line] of lines.entries()) {
    const price = prices[i] ?? 0;
    const lineDiscount = lineDiscounts[i] ?? 0;
    const perUnit = Math.floor(lineDiscount / line.quantity);
    const oddUnits = lineDiscount - perUnit * line.quantity;
    if (line.quantity - oddUnits > 0) {
      planned.push({ variantId: line.variantId, quantity: line.quantity - oddUnits, unitPriceCents: price - perUnit, taxCents: 0 });
      source.push(line.variantId);
    }
    if (oddUnits > 0) {
      planned.push({ variantId: line.variantId, quantity: oddUnits, unitPriceCents: price - perUnit - 1, taxCents: 0 });
      source.push(line.variantId);
    }
  }
  const afterDiscount = subtotal - discount;
  const tax = taxRate === undefined || taxRate === null ? 0 : Math.round((afterDiscount * taxRate) / 100);
  const lineTaxes = apportion(
    tax,
    planned.map((line) => line.quantity * line.unitPriceCents),
  );
  for (const [i, line] of planned.entries()) line.taxCents = lineTaxes[i] ?? 0;

  const plan: CheckoutPlan = {
    lines: planned,
    source,
    subtotalCents: subtotal,
    discountCents: discount,
    taxCents: tax,
    totalCents: afterDiscount + tax,
    units: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
  const failed = Object.keys(errors.lines).length > 0 || errors.discount !== undefined || errors.taxRate !== undefined;
  return failed ? { ok: false, errors, plan: Object.keys(errors.lines).length > 0 ? null : plan } : { ok: true, plan };
}

/** The API names a refused line by the index it was sent at (`lines.3.quantity`): back to the cart line it came from. */
export function cartLineForPath(path: string, source: readonly string[]): string | undefined {
  const match = /^lines\.(\d+)(\.|$)/.exec(path);
  return match === null ? undefined : source[Number(match[1])];
}
