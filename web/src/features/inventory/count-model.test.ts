import type { CountLine } from '@tradepost/shared/schemas/inventory.ts';
import { describe, expect, it } from 'vitest';
import { orderCountLines, reviewVariance, type UnitValues, varianceUnitCost } from './count-model.ts';

const line = (variant_id: string, expected: number | null, counted: number | null): CountLine => ({
  variant_id,
  product_id: 'p',
  product_title: 'Dunk Low Panda',
  size: '9',
  sku: `SKU-${variant_id}`,
  expected,
  counted,
  variance: expected === null || counted === null ? null : counted - expected,
  added_during_count: false,
  counted_at: null,
});

describe('variance review', () => {
  const values = new Map<string, UnitValues>([
    ['short', { costCents: 10_000, priceCents: 15_000 }],
    ['found', { costCents: null, priceCents: 20_000 }],
  ]);

  it('lists only lines that change, with units and value', () => {
    const review = reviewVariance([line('short', 3, 2), line('found', 0, 1), line('even', 4, 4)], values, { uncountedAsZero: false });
    expect(review.lines.map((l) => [l.line.variant_id, l.variance])).toEqual([
      ['short', -1],
      ['found', 1],
    ]);
    expect(review).toMatchObject({
      unitsGained: 1,
      unitsLost: 1,
      netUnits: 0,
      netCostCents: -10_000,
      costMissing: 1,
      netPriceCents: 5_000,
    });
  });

  it('writes uncounted lines off only when they are recorded as zero', () => {
    const lines = [line('short', 3, null)];
    expect(reviewVariance(lines, values, { uncountedAsZero: false }).lines).toEqual([]);
    const asZero = reviewVariance(lines, values, { uncountedAsZero: true });
    expect(asZero.netUnits).toBe(-3);
    expect(asZero.netCostCents).toBe(-30_000);
    expect(asZero.uncounted).toHaveLength(1);
  });

  it('shows no variance while a blind count hides the expected quantities', () => {
    expect(reviewVariance([line('short', null, 2)], values, { uncountedAsZero: true }).lines).toEqual([]);
  });
});

describe('variance unit cost', () => {
  const lots = [
    { quantity_remaining: 0, unit_cost_cents: 9_000, acquired_at: '2025-01-01T00:00:00Z' },
    { quantity_remaining: 2, unit_cost_cents: 10_000, acquired_at: '2025-02-01T00:00:00Z' },
    { quantity_remaining: 1, unit_cost_cents: 12_000, acquired_at: '2025-03-01T00:00:00Z' },
  ];

  it('takes missing units at FIFO cost and found units at the latest cost', () => {
    expect(varianceUnitCost(lots, 'loss')).toBe(10_000);
    expect(varianceUnitCost(lots, 'gain')).toBe(12_000);
    expect(varianceUnitCost([], 'gain')).toBeNull();
  });
});

describe('count line order', () => {
  const sized = (product_title: string, size: string, sku = `SKU-${size}`): CountLine => ({
    ...line(`${product_title}-${size}`, 1, null),
    product_title,
    size,
    sku,
  });

  it('sorts sizes by value within a product, not as text', () => {
    const lines = ['10', '10.5', '11', '9', '9.5'].map((size) => sized('Dunk Low Panda', size));
    expect(orderCountLines(lines).map((l) => l.size)).toEqual(['9', '9.5', '10', '10.5', '11']);
  });

  it('groups by product first and keeps thirds, kids and letter sizes in size order', () => {
    const lines = [
      sized('Samba OG', '41 1/3'),
      sized('Samba OG', '40 2/3'),
      sized('Air Force 1', '7Y'),
      sized('Air Force 1', '13.5C'),
      sized('Air Force 1', '3.5Y'),
      sized('Tee', 'XL'),
      sized('Tee', 'S'),
      sized('Tee', 'M'),
    ];
    expect(orderCountLines(lines).map((l) => `${l.product_title} ${l.size}`)).toEqual([
      'Air Force 1 13.5C',
      'Air Force 1 3.5Y',
      'Air Force 1 7Y',
      'Samba OG 40 2/3',
      'Samba OG 41 1/3',
      'Tee S',
      'Tee M',
      'Tee XL',
    ]);
  });
});
