import type { LandedCostSpread } from '../schemas/purchasing.ts';

export type SpreadLine = { quantity: number; unitCostCents: number };

/**
 * Shares shipping, duties and fees (`landedCents`) over a purchase order's lines: by each line's
 * value (quantity × unit cost) or by its units. Exact shares are fractions of a cent; each line gets
 * the whole cents of its share and the cents left over go, one each, to the lines with the largest
 * remainders (the earlier line on a tie), so the shares always add up to `landedCents` exactly.
 * A line's landed unit cost is its unit cost plus its share per unit, rounded half up. When every
 * line is worth nothing (all free), value has no proportions and the spread falls back to units.
 * BigInt arithmetic: quantity × cost × landed reaches 10^21, past a double's exact integers. The API
 * prices lots with it and the web app's order form previews with it, so both show the same cents.
 */
export function spreadLandedCosts(
  lines: readonly SpreadLine[],
  landedCents: number,
  spread: LandedCostSpread,
): { shareCents: number[]; landedUnitCostCents: number[] } {
  const byValue = spread === 'value' && lines.some((line) => line.quantity * line.unitCostCents > 0);
  // A line being typed may hold no units yet: it weighs nothing and keeps its unit cost.
  const weights = lines.map((line) => BigInt(Math.max(byValue ? line.quantity * line.unitCostCents : line.quantity, 0)));
  const total = weights.reduce((sum, weight) => sum + weight, 0n);
  const landed = BigInt(landedCents);
  if (total === 0n || landed === 0n) {
    return { shareCents: lines.map(() => 0), landedUnitCostCents: lines.map((line) => line.unitCostCents) };
  }
  const whole = weights.map((weight) => (landed * weight) / total);
  const remainders = weights.map((weight, index) => ({ index, remainder: (landed * weight) % total }));
  let left = Number(landed - whole.reduce((sum, share) => sum + share, 0n));
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const shareCents = whole.map(Number);
  for (const { index } of remainders) {
    if (left === 0) break;
    shareCents[index] = (shareCents[index] ?? 0) + 1;
    left -= 1;
  }
  return {
    shareCents,
    landedUnitCostCents: lines.map((line, index) =>
      line.quantity > 0 ? line.unitCostCents + Math.round((shareCents[index] ?? 0) / line.quantity) : line.unitCostCents,
    ),
  };
}
