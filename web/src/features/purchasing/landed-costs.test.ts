import { describe, expect, it } from 'vitest';
import { draftTotals, landedShares, landedUnitCosts } from './landed-costs.ts';

const costs = (shipping: number, spread: 'value' | 'quantity', duties = 0, fees = 0) => ({
  shipping_cents: shipping,
  duties_cents: duties,
  fees_cents: fees,
  spread,
});

describe('landed costs preview (the API spread: by value or by units, whole cents, largest remainders)', () => {
  it('spreads by value: a line worth three times as much carries three times the costs', () => {
    const lines = [
      { quantity: 2, unit_cost_cents: 5000 },
      { quantity: 1, unit_cost_cents: 30000 },
    ];
    // Shipping 12.00 + duties 3.00 + fees 1.00 = 16.00 over 100.00 and 300.00 of goods.
    expect(landedShares(lines, costs(1200, 'value', 300, 100))).toEqual([400, 1200]);
    expect(landedUnitCosts(lines, costs(1200, 'value', 300, 100))).toEqual([5200, 31200]);
  });

  it('spreads by quantity: the same per unit whatever the unit costs', () => {
    const lines = [
      { quantity: 2, unit_cost_cents: 5000 },
      { quantity: 1, unit_cost_cents: 30000 },
    ];
    expect(landedShares(lines, costs(1500, 'quantity'))).toEqual([1000, 500]);
    expect(landedUnitCosts(lines, costs(1500, 'quantity'))).toEqual([5500, 30500]);
  });

  it('gives the cents left by rounding to the largest remainders, earlier line first, so the shares add up exactly', () => {
    const three = [1, 1, 1].map((quantity) => ({ quantity, unit_cost_cents: 1000 }));
    expect(landedShares(three, costs(100, 'value'))).toEqual([34, 33, 33]);
    expect(landedShares(three, costs(200, 'quantity'))).toEqual([67, 67, 66]);
    const uneven = [
      { quantity: 3, unit_cost_cents: 999 },
      { quantity: 7, unit_cost_cents: 1234 },
    ];
    const shares = landedShares(uneven, costs(1001, 'value'));
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1001);
    // Exact shares 257.85 and 743.15: the cent left goes to the first; per unit 258 / 3 = 86, 743 / 7 = 106.14 → 106.
    expect(shares).toEqual([258, 743]);
    expect(landedUnitCosts(uneven, costs(1001, 'value'))).toEqual([999 + 86, 1234 + 106]);
  });

  it('falls back to units when every line is free, and adds nothing when there are no landed costs', () => {
    const free = [
      { quantity: 1, unit_cost_cents: 0 },
      { quantity: 3, unit_cost_cents: 0 },
    ];
    expect(landedShares(free, costs(400, 'value'))).toEqual([100, 300]);
    expect(landedUnitCosts([{ quantity: 2, unit_cost_cents: 1999 }], costs(0, 'value'))).toEqual([1999]);
  });

  it('totals the units, the goods, the landed costs and the whole', () => {
    const lines = [
      { quantity: 2, unit_cost_cents: 5000 },
      { quantity: 1, unit_cost_cents: 30000 },
    ];
    expect(draftTotals(lines, costs(1200, 'value', 300, 100))).toEqual({
      units: 3,
      subtotal_cents: 40000,
      landed_cents: 1600,
      total_cents: 41600,
    });
  });
});
