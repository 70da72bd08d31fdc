import { describe, expect, it } from 'vitest';
import { mergeIntoOrder, pickSize, readPicked } from './select-variants-model.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const orderLine = (n: number, quantity: number, cost: number) => ({
  id: id(900 + n),
  variant_id: id(n),
  product_id: id(800),
  product_title: 'Dunk Low',
  size_label: `US M ${n}`,
  sku: null,
  quantity_ordered: quantity,
  quantity_received: 0,
  unit_cost_cents: cost,
  landed_unit_cost_cents: cost,
});

describe('selecting sizes for a purchase order', () => {
  it('picks a size once and counts units when it is picked again', () => {
    const once = pickSize([], { variantId: id(1), title: 'Dunk Low', size: '9' });
    expect(pickSize(once, { variantId: id(1), title: 'Dunk Low', size: '9' })).toEqual([
      { variantId: id(1), title: 'Dunk Low', size: '9', quantity: 2, unitCost: '' },
    ]);
  });

  it('needs a unit cost per size before anything is sent', () => {
    const picked = [
      { variantId: id(1), title: 'Dunk Low', size: '9', quantity: 2, unitCost: '55' },
      { variantId: id(2), title: 'Dunk Low', size: '10', quantity: 1, unitCost: '' },
    ];
    expect(readPicked(picked, 'USD')).toEqual({ ok: false, fields: { '1.unit_cost_cents': 'Unit cost is required' } });
    expect(readPicked([], 'USD')).toEqual({ ok: false, fields: { lines: 'Choose at least one size' } });
    expect(readPicked(picked.slice(0, 1), 'USD')).toEqual({
      ok: true,
      lines: [{ variant_id: id(1), quantity: 2, unit_cost_cents: 5_500 }],
    });
  });

  it('adds to a draft keeping its lines: a size already on it gets the units at its cost, new sizes go last', () => {
    const merged = mergeIntoOrder({ lines: [orderLine(1, 3, 5_000), orderLine(2, 1, 6_000)] }, [
      { variant_id: id(2), quantity: 2, unit_cost_cents: 9_999 },
      { variant_id: id(3), quantity: 1, unit_cost_cents: 7_000 },
    ]);
    expect(merged).toEqual([
      { variant_id: id(1), quantity: 3, unit_cost_cents: 5_000 },
      { variant_id: id(2), quantity: 3, unit_cost_cents: 6_000 },
      { variant_id: id(3), quantity: 1, unit_cost_cents: 7_000 },
    ]);
  });
});
