import { describe, expect, it } from 'vitest';
import type { VariantInfo } from '../catalog/variant-info.ts';
import { addLine, buildSaleBody, emptyAddress, emptyOrder, hasErrors, orderErrorsFromApi, orderTotals } from './order-draft.ts';

const nine: VariantInfo = {
  variantId: '0190a000-0000-7000-8000-000000000001',
  productId: '0190a000-0000-7000-8000-000000000002',
  title: 'Dunk Low Panda',
  size: 'US M 9',
  sku: 'DUNK-9',
  barcodes: ['885000000009'],
  priceCents: 15_000,
  onHand: 2,
  available: 2,
};

describe('manual order draft', () => {
  it('defaults the price to the size’s price and adds a second scan to the same line', () => {
    const once = addLine([], nine, 'USD', 'a');
    expect(once).toEqual([{ key: 'a', choice: nine, quantity: '1', price: '150.00', fees: '', tax: '' }]);
    const twice = addLine(once, nine, 'USD', 'b');
    expect(twice).toHaveLength(1);
    expect(twice[0]?.quantity).toBe('2');
  });

  it('builds the body in cents with the idempotency key, a new customer and shipping', () => {
    const lines = addLine([], nine, 'USD', 'a').map((line) => ({ ...line, fees: '15', tax: '12.50' }));
    const { body, errors } = buildSaleBody(
      { ...emptyOrder, lines, shipping: '10', customer: { mode: 'new', name: 'Ana Ruiz', email: 'ana@example.com' }, note: '' },
      'USD',
      'key-1',
    );
    expect(hasErrors(errors)).toBe(false);
    expect(body).toEqual({
      channel: 'manual',
      external_order_id: 'key-1',
      shipping_cents: 1_000,
      customer: { name: 'Ana Ruiz', email: 'ana@example.com' },
      lines: [{ variant_id: nine.variantId, quantity: 1, unit_price_cents: 15_000, fees_cents: 1_500, tax_cents: 1_250 }],
    });
    expect(orderTotals({ ...emptyOrder, lines, shipping: '10' }, 'USD')).toMatchObject({ subtotal: 15_000, total: 17_250 });
  });

  it('refuses what cannot be sent, beside the field', () => {
    const lines = addLine([], nine, 'USD', 'a').map((line) => ({ ...line, quantity: '0', price: 'abc' }));
    const { errors } = buildSaleBody({ ...emptyOrder, lines, customer: { mode: 'existing', id: null, label: '' } }, 'USD', 'k');
    expect(errors.lines.a).toMatchObject({ quantity: expect.any(String), price: expect.any(String) });
    expect(errors.customer).toBeDefined();
    expect(buildSaleBody(emptyOrder, 'USD', 'k').errors.general).toMatch(/Add at least one item/);
  });

  it('ships to a typed address, checked by the API’s schema before sending; no address when picked up', () => {
    const lines = addLine([], nine, 'USD', 'a');
    const address = { ...emptyAddress, ship: true, name: 'Ana Ruiz', line1: '12 Market Street', city: 'Portland', region: 'OR' };
    const sent = buildSaleBody({ ...emptyOrder, lines, address: { ...address, postal_code: '97201', country: 'us' } }, 'USD', 'k');
    expect(hasErrors(sent.errors)).toBe(false);
    expect(sent.body.shipping_address).toEqual({
      name: 'Ana Ruiz',
      line1: '12 Market Street',
      city: 'Portland',
      region: 'OR',
      postal_code: '97201',
      country: 'US',
    });
    const refused = buildSaleBody({ ...emptyOrder, lines, address: { ...address, postal_code: '972' } }, 'USD', 'k');
    expect(refused.errors.address).toEqual({ postal_code: expect.stringMatching(/ZIP code/) });
    expect(hasErrors(refused.errors)).toBe(true);
    expect(buildSaleBody({ ...emptyOrder, lines }, 'USD', 'k').body.shipping_address).toBeUndefined();
    expect(orderErrorsFromApi({ 'shipping_address.postal_code': 'Enter the postal code' }, ['a']).address).toEqual({
      postal_code: 'Enter the postal code',
    });
  });

  it('puts the server’s messages beside the line it names', () => {
    const errors = orderErrorsFromApi(
      { 'lines.1.quantity': 'Not enough stock: 1 available, 2 ordered', 'customer.email': 'E-mail must be a valid address', other: 'x' },
      ['a', 'b'],
    );
    expect(errors.lines).toEqual({ b: { quantity: 'Not enough stock: 1 available, 2 ordered' } });
    expect(errors.customerEmail).toBe('E-mail must be a valid address');
    expect(errors.general).toBe('x');
  });
});
