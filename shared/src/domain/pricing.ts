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
