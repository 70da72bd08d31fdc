import { describe, expect, it } from 'vitest';
import { spreadLandedCosts } from './landed-costs.ts';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('landed cost spread', () => {
  it('by value: shares follow each line’s subtotal and the leftover cents go to the largest remainders', () => {
    // Subtotals 3×3333 = 9999, 1×10001, 7×1 = 7 (20007 in all); 1000 cents of shipping.
    const lines = [
      { quantity: 3, unitCostCents: 3333 },
      { quantity: 1, unitCostCents: 10001 },
      { quantity: 7, unitCostCents: 1 },
    ];
    const { shareCents, landedUnitCostCents } = spreadLandedCosts(lines, 1000, 'value');
    // Exact shares 499.775…, 499.875…, 0.349…: floors 499, 499, 0 leave 2 cents for the two largest remainders.
    expect(shareCents).toEqual([500, 500, 0]);
    expect(sum(shareCents)).toBe(1000);
    expect(landedUnitCostCents).toEqual([3333 + 167, 10001 + 500, 1]);
  });

  it('by quantity: per unit, whatever the costs; a three-way split of a cent goes to the earliest lines on a tie', () => {
    const lines = [
      { quantity: 1, unitCostCents: 100_000 },
      { quantity: 1, unitCostCents: 1 },
      { quantity: 1, unitCostCents: 0 },
    ];
    const { shareCents, landedUnitCostCents } = spreadLandedCosts(lines, 100, 'quantity');
    expect(shareCents).toEqual([34, 33, 33]);
    expect(landedUnitCostCents).toEqual([100_034, 34, 33]);
    expect(spreadLandedCosts(lines, 2, 'quantity').shareCents).toEqual([1, 1, 0]);
  });

  it('always sums exactly to the landed total, even with amounts past a double’s exact integers', () => {
    const lines = [
      { quantity: 100_000, unitCostCents: 99_999_999 },
      { quantity: 99_999, unitCostCents: 99_999_997 },
      { quantity: 3, unitCostCents: 7 },
    ];
    for (const landed of [1, 99_999_999, 100_000_000, 77_777_777])
      for (const spread of ['value', 'quantity'] as const) expect(sum(spreadLandedCosts(lines, landed, spread).shareCents)).toBe(landed);
  });

  it('free lines have no value to share by: the spread falls back to units; nothing to spread leaves the unit costs', () => {
    const free = [
      { quantity: 2, unitCostCents: 0 },
      { quantity: 1, unitCostCents: 0 },
    ];
    expect(spreadLandedCosts(free, 300, 'value')).toEqual({ shareCents: [200, 100], landedUnitCostCents: [100, 100] });
    expect(spreadLandedCosts([{ quantity: 3, unitCostCents: 950 }], 0, 'value')).toEqual({ shareCents: [0], landedUnitCostCents: [950] });
  });
});
