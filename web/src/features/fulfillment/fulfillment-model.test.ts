import type { Fulfillment } from '@tradepost/shared/schemas/sales.ts';
import { describe, expect, it } from 'vitest';
import { ageLabel, groupByStage, nextToPick, progress } from './fulfillment-model.ts';

let n = 0;
const fulfillment = (status: Fulfillment['status'], created: string, picked = 0): Fulfillment => ({
  id: `0190a000-0000-7000-8000-00000000000${n++}`,
  sale_id: '0190a000-0000-7000-8000-000000000100',
  sale_number: 1000 + n,
  channel: 'manual',
  customer_name: null,
  shipping_address: null,
  location_id: '0190a000-0000-7000-8000-000000000200',
  status,
  carrier: null,
  tracking_number: null,
  created_at: created,
  shipped_at: null,
  lines: [
    {
      id: '0190a000-0000-7000-8000-000000000300',
      sale_line_id: '0190a000-0000-7000-8000-000000000301',
      variant_id: '0190a000-0000-7000-8000-000000000302',
      title: 'Dunk',
      size: '9',
      sku: 'D-9',
      barcodes: [],
      quantity: 2,
      quantity_picked: picked,
    },
  ],
});

describe('fulfillment model', () => {
  it('adds up the picked units', () => {
    expect(progress(fulfillment('picking', '2026-01-01T00:00:00Z', 1))).toEqual({ picked: 1, ordered: 2, done: false });
    expect(progress(fulfillment('packed', '2026-01-01T00:00:00Z', 2)).done).toBe(true);
  });

  it('groups open work by stage, oldest first, and picks the oldest waiting order next', () => {
    const newer = fulfillment('pending', '2026-01-02T00:00:00Z');
    const older = fulfillment('pending', '2026-01-01T00:00:00Z');
    const packed = fulfillment('packed', '2025-12-31T00:00:00Z', 2);
    const groups = groupByStage([newer, packed, older]);
    expect(groups.pending.map((f) => f.id)).toEqual([older.id, newer.id]);
    expect(groups.packed).toEqual([packed]);
    expect(nextToPick([newer, packed, older], older.id)?.id).toBe(newer.id);
    expect(nextToPick([packed], null)).toBeNull();
  });

  it('says how long an order has waited', () => {
    const now = Date.parse('2026-01-03T12:00:00Z');
    expect(ageLabel('2026-01-03T11:59:40Z', now)).toBe('just now');
    expect(ageLabel('2026-01-03T11:15:00Z', now)).toBe('45 min');
    expect(ageLabel('2026-01-03T02:00:00Z', now)).toBe('10 h');
    expect(ageLabel('2025-12-30T12:00:00Z', now)).toBe('4 d');
  });
});

describe('refused scans', () => {
  it('names each refusal the API can give', async () => {
    const { refusalKind, refusalTitles } = await import('./fulfillment-model.ts');
    expect(refusalTitles[refusalKind('WRONG_ITEM')]).toBe('Wrong item');
    expect(refusalTitles[refusalKind('ALREADY_PICKED')]).toBe('Extra item');
    expect(refusalTitles[refusalKind('UNKNOWN_BARCODE')]).toBe('Unknown barcode');
    expect(refusalKind('NETWORK_ERROR')).toBe('failed');
  });
});
