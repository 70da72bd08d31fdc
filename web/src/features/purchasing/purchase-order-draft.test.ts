import type { PurchaseOrderLine } from '@tradepost/shared/schemas/purchasing.ts';
import { describe, expect, it } from 'vitest';
import { addDraftLine, createPurchaseOrderHref, readDraft, readPrefill } from './purchase-order-draft.ts';
import { overReceipt, receiveBody, receivePrefill } from './receive-model.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('purchase order draft', () => {
  it('reads ?vendor=&lines= (what the PDF import review sends), dropping entries that do not read and adding up repeats', () => {
    const href = createPurchaseOrderHref(id(9), [
      { variant_id: id(1), quantity: 2, unit_cost_cents: 4550 },
      { variant_id: id(2), quantity: 1, unit_cost_cents: 0 },
      { variant_id: id(1), quantity: 1, unit_cost_cents: 4550 },
    ]);
    expect(href.startsWith('/purchase-orders/create?vendor=')).toBe(true);
    const params = new URL(href, 'http://x').searchParams;
    expect(readPrefill(params, 'USD')).toEqual({
      vendorId: id(9),
      lines: [
        { variantId: id(1), quantity: 3, unitCost: '45.50' },
        { variantId: id(2), quantity: 1, unitCost: '0.00' },
      ],
    });
    const bad = new URLSearchParams({
      vendor: 'nope',
      lines: JSON.stringify([
        { variant_id: 'x', quantity: 1 },
        { variant_id: id(3), quantity: 0, unit_cost_cents: 1 },
      ]),
    });
    expect(readPrefill(bad, 'USD')).toEqual({ vendorId: null, lines: [] });
    expect(readPrefill(new URLSearchParams('lines=%5Bnot%20json'), 'USD').lines).toEqual([]);
    expect(createPurchaseOrderHref(null, [])).toBe('/purchase-orders/create');
  });

  it('adds a size once, then one more unit each time', () => {
    const once = addDraftLine([], id(1));
    expect(addDraftLine(once, id(1))).toEqual([{ variantId: id(1), quantity: 2, unitCost: '' }]);
  });

  it('reads the typed amounts into the body, or names each field it cannot read by the API path', () => {
    const ok = readDraft(
      [{ variantId: id(1), quantity: 2, unitCost: '45.5' }],
      { shipping: '12', duties: '', fees: '1.25', spread: 'quantity' },
      'USD',
    );
    expect(ok).toEqual({
      ok: true,
      lines: [{ variant_id: id(1), quantity: 2, unit_cost_cents: 4550 }],
      landed_costs: { shipping_cents: 1200, duties_cents: 0, fees_cents: 125, spread: 'quantity' },
    });
    const bad = readDraft(
      [
        { variantId: id(1), quantity: 0, unitCost: '' },
        { variantId: id(2), quantity: 1, unitCost: '-3' },
      ],
      { shipping: 'ten', duties: '', fees: '', spread: 'value' },
      'USD',
    );
    expect(bad).toEqual({
      ok: false,
      fields: {
        'lines.0.unit_cost_cents': 'Unit cost is required',
        'lines.0.quantity': 'Quantity must be at least 1',
        'lines.1.unit_cost_cents': 'Unit cost must be an amount such as 12.50',
        'landed_costs.shipping_cents': 'Shipping must be an amount such as 12.50',
      },
    });
  });
});

const line = (n: number, ordered: number, received: number): PurchaseOrderLine => ({
  id: id(n),
  variant_id: id(100 + n),
  product_id: id(200),
  product_title: 'Dunk Low',
  size_label: `US M ${n}`,
  sku: null,
  quantity_ordered: ordered,
  quantity_received: received,
  unit_cost_cents: 1000,
  landed_unit_cost_cents: 1100,
});

describe('receiving by hand', () => {
  it('prefills what is left of each line (nothing for a line already complete)', () => {
    expect(receivePrefill([line(1, 6, 2), line(2, 3, 3), line(3, 2, 4)])).toEqual({ [id(1)]: 4, [id(2)]: 0, [id(3)]: 0 });
  });

  it('sends only the lines with a quantity, and says which would go over the order', () => {
    const lines = [line(1, 6, 2), line(2, 3, 3)];
    expect(receiveBody(id(50), { [id(1)]: 5, [id(2)]: 0 }, true)).toEqual({
      location_id: id(50),
      lines: [{ line_id: id(1), quantity: 5 }],
      confirm_over_receipt: true,
    });
    expect(overReceipt(lines, { [id(1)]: 5, [id(2)]: 0 }).map(({ line, over }) => [line.id, over])).toEqual([[id(1), 1]]);
    expect(overReceipt(lines, { [id(1)]: 4 })).toEqual([]);
  });
});
