import { describe, expect, it } from 'vitest';
import { unknownSkus } from './failed-order-model.ts';

const payload = (skus: string[]) => ({
  external_order_id: 'SH-1',
  shipping_cents: 0,
  lines: skus.map((sku) => ({ sku, quantity: 1, unit_price_cents: 100, fees_cents: 0, tax_cents: 0 })),
});

describe('failed order model', () => {
  it('finds the SKUs the reason names, whatever their case', () => {
    expect(
      unknownSkus({
        reason_code: 'unknown_sku',
        reason: 'Unknown SKUs: shop-9, SHOP-10',
        payload: payload(['SHOP-9', 'DUNK-1', 'shop-10']),
      }),
    ).toEqual(['SHOP-9', 'shop-10']);
  });

  it('falls back to every line, and names none for a stock problem', () => {
    expect(unknownSkus({ reason_code: 'unknown_sku', reason: 'Could not match', payload: payload(['A', 'B']) })).toEqual(['A', 'B']);
    expect(unknownSkus({ reason_code: 'no_stock', reason: 'x', payload: payload(['A']) })).toEqual([]);
  });
});
