import type { Sale, SaleLine } from '@tradepost/shared/schemas/sales.ts';
import { describe, expect, it } from 'vitest';
import { asOrdered, canCancel, cancellableUnits, canRefund, refundableCents, returnableUnits, saleNumberFromText } from './sale-model.ts';

const line = (over: Partial<SaleLine> = {}): SaleLine => ({
  id: '0190a000-0000-7000-8000-000000000001',
  variant_id: '0190a000-0000-7000-8000-000000000002',
  product_id: '0190a000-0000-7000-8000-000000000003',
  title: 'Dunk Low',
  size: '9',
  sku: 'DUNK-9',
  location_id: '0190a000-0000-7000-8000-000000000004',
  quantity: 3,
  quantity_shipped: 0,
  quantity_cancelled: 0,
  quantity_returned: 0,
  unit_price_cents: 10_000,
  fees_cents: 0,
  tax_cents: 0,
  cost_cents: 0,
  cost_is_final: false,
  revenue_cents: 30_000,
  profit_cents: 30_000,
  ...over,
});

const sale = (lines: SaleLine[], over: Partial<Sale> = {}): Sale => ({
  id: '0190a000-0000-7000-8000-000000000010',
  number: 1001,
  channel: { id: '0190a000-0000-7000-8000-000000000011', kind: 'manual', name: 'Manual' },
  external_order_id: 'x',
  customer: null,
  status: 'open',
  currency: 'USD',
  note: null,
  ordered_at: '2026-01-01T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
  cancelled_at: null,
  shipping_address: null,
  payment: null,
  lines,
  totals: {
    units: 3,
    subtotal_cents: 30_000,
    shipping_cents: 0,
    tax_cents: 0,
    fees_cents: 0,
    cost_cents: 0,
    refunded_cents: 0,
    total_cents: 30_000,
    profit_cents: 30_000,
  },
  fulfillments: [],
  refunds: [],
  ...over,
});

describe('sale model', () => {
  it('counts what can still be cancelled and returned per line', () => {
    expect(cancellableUnits(line({ quantity_shipped: 1, quantity_cancelled: 1 }))).toBe(1);
    expect(returnableUnits(line({ quantity_shipped: 2, quantity_returned: 1 }))).toBe(1);
  });

  it('allows a cancel only while unshipped units remain, and a refund only while money is left', () => {
    expect(canCancel(sale([line()]))).toBe(true);
    expect(canCancel(sale([line({ quantity_shipped: 3 })], { status: 'fulfilled' }))).toBe(false);
    const paid = sale([line({ quantity_shipped: 3 })], { status: 'fulfilled' });
    expect(refundableCents(paid)).toBe(30_000);
    expect(canRefund({ ...paid, totals: { ...paid.totals, refunded_cents: 30_000 } })).toBe(false);
    expect(canRefund(sale([line()], { status: 'cancelled' }))).toBe(false);
  });

  it('keeps what a cancelled sale was worth', () => {
    expect(asOrdered(sale([line({ quantity_cancelled: 3 })], { status: 'cancelled' }))).toEqual({ units: 3, subtotalCents: 30_000 });
  });

  it('reads an order number however it was typed or scanned', () => {
    expect(saleNumberFromText('#1001')).toBe(1001);
    expect(saleNumberFromText(' 1002 ')).toBe(1002);
    expect(saleNumberFromText('SO-1003')).toBe(1003);
    expect(saleNumberFromText('885-DUNK')).toBeNull();
  });
});
