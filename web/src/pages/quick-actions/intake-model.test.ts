import type { Location } from '@tradepost/shared/schemas/inventory.ts';
import { describe, expect, it } from 'vitest';
import { buildIntakeBody, defaultIntakeLocation, type IntakeDraft, intakeFeedback, intakeFieldOf, intakeNote } from './intake-model.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const draft = (change: Partial<IntakeDraft> = {}): IntakeDraft => ({
  variantId: id(1),
  quantity: '1',
  cost: '90',
  locationId: id(2),
  source: { kind: 'walk-in' },
  note: '',
  ...change,
});

describe('buildIntakeBody', () => {
  it('one received line with its unit cost in cents, the source in the note', () => {
    expect(buildIntakeBody(draft({ quantity: ' 2 ', cost: '$1,089.50' }), 'USD')).toEqual({
      ok: true,
      body: {
        location_id: id(2),
        note: 'Single-product intake from a walk-in seller',
        lines: [{ variant_id: id(1), quantity: 2, reason: 'received', unit_cost_cents: 108_950 }],
      },
    });
    const vendor = buildIntakeBody(
      draft({ source: { kind: 'vendor', vendorId: id(3), vendorName: 'Sole Supply' }, note: 'inv 5521' }),
      'USD',
    );
    expect(vendor.ok && vendor.body.note).toBe('Single-product intake from vendor Sole Supply: inv 5521');
    const other = buildIntakeBody(draft({ source: { kind: 'other' }, note: 'Found in the back room' }), 'USD');
    expect(other.ok && other.body.note).toBe('Single-product intake from another source: Found in the back room');
    // A free item is an intake at cost 0; yen have no minor unit.
    expect(buildIntakeBody(draft({ cost: '0' }), 'USD')).toMatchObject({ ok: true, body: { lines: [{ unit_cost_cents: 0 }] } });
    expect(buildIntakeBody(draft({ cost: '12000' }), 'JPY')).toMatchObject({ ok: true, body: { lines: [{ unit_cost_cents: 12_000 }] } });
  });

  it('refuses, each message under its field, and sends nothing', () => {
    const refused = (change: Partial<IntakeDraft>) => {
      const result = buildIntakeBody(draft(change), 'USD');
      if (result.ok) throw new Error('accepted');
      return result.errors;
    };
    expect(refused({ variantId: null })).toEqual({ item: 'Scan or type a barcode or SKU, or search and pick a size' });
    expect(refused({ quantity: '0' })).toEqual({ quantity: 'Enter a whole number of at least 1' });
    expect(refused({ quantity: '-1' })).toEqual({ quantity: 'Enter a whole number of at least 1' });
    expect(refused({ quantity: '1.5' })).toEqual({ quantity: 'Enter a whole number of at least 1' });
    expect(refused({ quantity: '' })).toEqual({ quantity: 'Enter a whole number of at least 1' });
    expect(refused({ quantity: '100001' })).toEqual({ quantity: 'Enter at most 100,000' });
    expect(refused({ cost: '-5' })).toEqual({ cost: 'Unit cost must not be negative' });
    expect(refused({ cost: 'ninety' })).toEqual({ cost: 'Enter an amount such as 90 or 89.50' });
    expect(refused({ cost: '90.505' })).toEqual({ cost: 'Enter an amount such as 90 or 89.50' });
    expect(refused({ cost: ' ' })).toEqual({ cost: 'Enter what you paid for each unit, such as 90 or 89.50' });
    expect(refused({ locationId: null })).toEqual({ location: 'Choose the location the stock goes to' });
    expect(refused({ source: null })).toEqual({ source: 'Choose where the item came from' });
    expect(refused({ source: { kind: 'other' }, note: '  ' })).toEqual({ note: 'Say where the item came from' });
    expect(refused({ note: 'x'.repeat(480) }).note).toMatch(/^Keep the note to at most \d+ characters$/);
    expect(Object.keys(refused({ variantId: null, quantity: '0', cost: '-1' })).sort()).toEqual(['cost', 'item', 'quantity']);
  });
});

describe('intake feedback and errors', () => {
  it('says what was added, where, at what cost and how many are there now', () => {
    const done = { quantity: 1, title: 'Dunk Low Panda', size: 'US M 10', locationName: 'Store front', unitCostCents: 9_000, onHandNow: 3 };
    expect(intakeFeedback(done, 'USD')).toBe('1 × Dunk Low Panda US M 10 added at Store front, cost $90.00 — 3 on hand now');
    expect(intakeFeedback({ ...done, quantity: 2, onHandNow: null }, 'USD')).toBe(
      '2 × Dunk Low Panda US M 10 added at Store front, cost $90.00 each',
    );
  });

  it('puts the API’s field paths under the form’s fields', () => {
    expect(intakeFieldOf('lines.0.unit_cost_cents')).toBe('cost');
    expect(intakeFieldOf('lines.0.quantity')).toBe('quantity');
    expect(intakeFieldOf('location_id')).toBe('location');
    expect(intakeFieldOf('note')).toBe('note');
    expect(intakeFieldOf(`variant:${id(1)}`)).toBe('item');
    expect(intakeFieldOf('something_else')).toBeNull();
  });

  it('the note names the source', () => {
    expect(intakeNote({ kind: 'walk-in' }, '  Sam, receipt 12 ')).toBe('Single-product intake from a walk-in seller: Sam, receipt 12');
  });
});

describe('defaultIntakeLocation', () => {
  const location = (n: number, kind: Location['kind'], change: Partial<Location> = {}): Location => ({
    id: id(n),
    name: `L${n}`,
    kind,
    is_default: false,
    archived: false,
    ...change,
  });
  it('the default store or warehouse, else the first store, else the first warehouse; never archived, virtual last', () => {
    expect(defaultIntakeLocation([location(1, 'warehouse'), location(2, 'store', { is_default: true })])?.id).toBe(id(2));
    expect(defaultIntakeLocation([location(1, 'virtual', { is_default: true }), location(2, 'warehouse'), location(3, 'store')])?.id).toBe(
      id(3),
    );
    expect(defaultIntakeLocation([location(1, 'store', { archived: true }), location(2, 'warehouse')])?.id).toBe(id(2));
    expect(defaultIntakeLocation([location(1, 'virtual')])?.id).toBe(id(1));
    expect(defaultIntakeLocation([])).toBeNull();
  });
});
