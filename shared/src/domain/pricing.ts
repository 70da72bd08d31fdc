export type Rounding = 'none' | 'whole' | '.99' | '.95' | '.49';

export type PriceRule = {
  markupPercent: number;
  rounding: Rounding;
  /** The channel price never leaves less than this margin over cost (when the cost is known). */
  minMarginPercent: number | null;
};

export type DerivedPrice = { priceCents: number; marginPercent: number | null; raisedForMargin: boolean };

/** Rounds up to the next price ending in the chosen cents (.99 → 129.99), never below the input. */
export function roundPrice(cents: number, rounding: Rounding): number {
  if (rounding === 'none') return cents;
  if (rounding === 'whole') return Math.ceil(cents / 100) * 100;
  const ending = rounding === '.99' ? 99 : rounding === '.95' ? 95 : 49;
  const dollars = Math.floor(cents / 100);
  const candidate = dollars * 100 + ending;
  return candidate >= cents ? candidate : candidate + 100;
}

export const marginPercent = (priceCents: number, costCents: number | null): number | null =>
  costCents === null || priceCents <= 0 ? null : Math.round(((priceCents - costCents) / priceCents) * 1000) / 10;

/**
 * A channel's price from the base price: markup, then rounding; when that leaves less than the
 * minimum margin over cost, the lowest price that keeps the margin, rounded the same way.
 */
export function derivePrice(baseCents: number, costCents: number | null, rule: PriceRule): DerivedPrice {
  let price = roundPrice(Math.max(0, Math.round(baseCents * (1 + rule.markupPercent / 100))), rule.rounding);
  let raised = false;
  if (rule.minMarginPercent !== null && costCents !== null && costCents > 0) {
    const floor = Math.ceil(costCents / (1 - rule.minMarginPercent / 100));
    if (price < floor) {
      price = roundPrice(floor, rule.rounding);
      raised = true;
    }
  }
  return { priceCents: price, marginPercent: marginPercent(price, costCents), raisedForMargin: raised };
}

/**
 * A change to many prices at once (the products table's bulk action): one new price for all, an
 * amount added or taken off, or a percentage in hundredths (basis points: -1000 is -10%), then
 * optionally rounded up to .99 the way channel price rules round.
 */
export type PriceChange =
  | { kind: 'set'; cents: number; roundTo99: boolean }
  | { kind: 'amount'; cents: number; roundTo99: boolean }
  | { kind: 'percent'; basisPoints: number; roundTo99: boolean };

/** n / d rounded half up, for n ≥ 0 and d > 0, in integers (no float drift on cents). */
const divideRounded = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));

/** The new price of one size: whole cents, never below 0 (a price that would go below 0 is 0). */
export function applyPriceChange(cents: number, change: PriceChange): number {
  const moved =
    change.kind === 'set'
      ? change.cents
      : change.kind === 'amount'
        ? cents + change.cents
        : divideRounded(Math.max(0, cents) * Math.max(0, 10_000 + change.basisPoints), 10_000);
  const price = Math.max(0, Math.round(moved));
  return change.roundTo99 && price > 0 ? roundPrice(price, '.99') : price;
}

/**
 * A typed percentage ('-10', '+12.5', '7,5') as basis points, or null when it is not one: at most
 * two decimals, between -99.99% and +500%.
 */
export function parsePercent(text: string): number | null {
  const match = /^\s*([+-]?)(\d{1,3})(?:[.,](\d{1,2}))?\s*%?\s*$/.exec(text);
  if (match === null) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const magnitude = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  const value = sign === '-' ? -magnitude : magnitude;
  return value <= -10_000 || value > 50_000 ? null : value;
}
