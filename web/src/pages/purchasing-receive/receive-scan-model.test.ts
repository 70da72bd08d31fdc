import { ApiError, networkError } from '@tradepost/shared/client/api-error.ts';
import type { PurchaseOrder, ReceiptResult } from '@tradepost/shared/schemas/purchasing.ts';
import { describe, expect, it } from 'vitest';
import { isHandover, orderProgress, receivedEntry, receivedMessage, scanBlockedReason, scanRefusal } from './receive-scan-model.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const line = (n: number, ordered: number, received: number) => ({
  id: id(n),
  variant_id: id(100 + n),
  product_id: id(200),
  product_title: 'Dunk Low Retro Panda',
  size_label: `US M ${8 + n}`,
  sku: `DD1391-100-${8 + n}`,
  quantity_ordered: ordered,
  quantity_received: received,
  unit_cost_cents: 8000,
  landed_unit_cost_cents: 8200,
});

const order = (lines: PurchaseOrder['lines'], status: PurchaseOrder['status'] = 'partially_received'): PurchaseOrder => ({
  id: id(1),
  number: 1001,
  vendor_id: id(2),
  kind: 'order',
  customer_id: null,
  seller_name: 'Sole Supply',
  trade_id: null,
  location_id: id(3),
  status,
  expected_on: null,
  totals: { units_ordered: 0, units_received: 0, subtotal_cents: 0, landed_cents: 0, total_cents: 0 },
  created_at: '2026-11-27T10:00:00Z',
  ordered_at: '2026-11-27T10:00:00Z',
  received_at: null,
  closed_at: null,
  cancelled_at: null,
  note: null,
  landed_costs: { shipping_cents: 0, duties_cents: 0, fees_cents: 0, spread: 'value' },
  payout: null,
  lines,
});

const refused = (status: number, code: string, message: string) => new ApiError({ status, code, message, fromServer: true });

describe('a received unit', () => {
  it('reads as the product, the size and "3 of 6 received" from the order as it stands after the scan', () => {
    const result: ReceiptResult = {
      purchase_order: order([line(1, 2, 0), line(2, 6, 3)]),
      received: [{ line_id: id(2), variant_id: id(102), quantity: 1, unit_cost_cents: 8200 }],
    };
    const entry = receivedEntry(result, '0196153123409');
    expect(entry).toMatchObject({ kind: 'received', line_id: id(2), size_label: 'US M 10', received: 3, ordered: 6, over: false });
    expect(entry && receivedMessage(entry)).toBe('Dunk Low Retro Panda, size US M 10: 3 of 6 received');
  });

  it('says how many over the order when the desk confirmed an extra unit', () => {
    const result: ReceiptResult = {
      purchase_order: order([line(1, 2, 3)]),
      received: [{ line_id: id(1), variant_id: id(101), quantity: 1, unit_cost_cents: 8200 }],
    };
    const entry = receivedEntry(result, 'X');
    expect(entry?.over).toBe(true);
    expect(entry && receivedMessage(entry)).toBe('Dunk Low Retro Panda, size US M 9: 3 of 2 received (1 over the order)');
  });
});

describe('a refused scan', () => {
  const po = { number: 1001 };

  it('goes to the mapping screen for an unknown barcode', () => {
    expect(scanRefusal(refused(404, 'UNKNOWN_BARCODE', 'No size has barcode 123'), '123', po)).toEqual({
      kind: 'map-barcode',
      barcode: '123',
    });
  });

  it('asks to confirm an over-receipt in the API’s words', () => {
    expect(scanRefusal(refused(409, 'OVER_RECEIPT', 'US M 9 would be 1 over the order'), '123', po)).toEqual({
      kind: 'confirm-over-receipt',
      message: 'US M 9 would be 1 over the order',
    });
  });

  it('says a size not on the order in the API’s words, and anything else too', () => {
    expect(scanRefusal(refused(409, 'NOT_ON_ORDER', 'US M 11 is not on PO-1001'), '123', po)).toEqual({
      kind: 'refused',
      message: 'US M 11 is not on PO-1001',
    });
    expect(scanRefusal(networkError(), '123', po)).toEqual({
      kind: 'refused',
      message: 'We could not reach Tradepost. Check your connection and try again.',
    });
  });
});

describe('the receiving desk', () => {
  it('takes scans only while the order waits for goods', () => {
    expect(scanBlockedReason(order([], 'ordered'))).toBeNull();
    expect(scanBlockedReason(order([], 'partially_received'))).toBeNull();
    expect(scanBlockedReason(order([], 'draft'))).toBe('PO-1001 is a draft. Mark the order as ordered before receiving.');
    expect(scanBlockedReason(order([], 'closed'))).toBe('PO-1001 is closed; scans are not taken.');
  });

  it('totals units received over units ordered', () => {
    expect(orderProgress(order([line(1, 2, 1), line(2, 6, 3)]))).toEqual({ received: 4, ordered: 8 });
  });

  it('reads the handover of the mapping screen from router state, and nothing else', () => {
    expect(isHandover({ entry: { kind: 'refused', code: '1', message: 'x' } })).toBe(true);
    expect(isHandover(null)).toBe(false);
    expect(isHandover({ entry: 'x' })).toBe(false);
  });
});
