import { describe, expect, it } from 'vitest';
import { addToCart, apportion, type CartItem, type CartLine, cartLineForPath, planCheckout, setQuantity } from './cart-model.ts';

const item = (variantId: string, priceCents: number | null): CartItem => ({
  variantId,
  productId: `p-${variantId}`,
  title: 'Dunk Low Panda',
  size: 'US M 9',
  shortSize: '9',
  sku: `SKU-${variantId}`,
  onHand: 3,
  priceCents,
});

const plan = (lines: CartLine[], extra: Partial<Parameters<typeof planCheckout>[0]> = {}) =>
  planCheckout({ lines, taxRateText: '', discountKind: 'percent', discountText: '', currency: 'USD', ...extra });

describe('cart', () => {
  it('adds a size with its default price, and the same size again as one more unit', () => {
    let cart = addToCart([], item('a', 12_000), 'USD');
    cart = addToCart(cart, item('b', null), 'USD');
    cart = addToCart(cart, item('a', 12_000), 'USD');
    expect(cart.map((l) => [l.variantId, l.quantity, l.priceText])).toEqual([
      ['b', 1, ''],
      ['a', 2, '120.00'],
    ]);
  });

  it('keeps quantities between 1 and 10,000', () => {
    const cart = addToCart([], item('a', 100), 'USD');
    expect(setQuantity(cart, 'a', 0)[0]?.quantity).toBe(1);
    expect(setQuantity(cart, 'a', 50_000)[0]?.quantity).toBe(10_000);
  });
});

describe('apportion', () => {
  it('splits cents in proportion and always adds up exactly', () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(0, [5, 5])).toEqual([0, 0]);
    const parts = apportion(997, [12_000, 4_500, 1]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(997);
  });
});

describe('checkout plan', () => {
  it('sums lines, takes a percentage discount, and taxes what is left', () => {
    const cart = addToCart(addToCart([], item('a', 12_000), 'USD'), item('b', 8_000), 'USD');
    const result = plan(setQuantity(cart, 'a', 2), { discountText: '10', taxRateText: '8.875' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // 2 × 120 + 80 = 320; −10% = 288; tax 8.875% of 288 = 25.56.
    expect(result.plan).toMatchObject({ subtotalCents: 32_000, discountCents: 3_200, taxCents: 2_556, totalCents: 31_356, units: 3 });
    const charged = result.plan.lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
    expect(charged).toBe(32_000 - 3_200);
    expect(result.plan.lines.reduce((sum, l) => sum + l.taxCents, 0)).toBe(2_556);
  });

  it('splits a line when a discount leaves an odd cent, so the server total matches to the cent', () => {
    const cart = setQuantity(addToCart([], item('a', 1_000), 'USD'), 'a', 3);
    const result = plan(cart, { discountKind: 'amount', discountText: '1.00' });
    if (!result.ok) throw new Error('expected a plan');
    expect(result.plan.lines).toEqual([
      { variantId: 'a', quantity: 2, unitPriceCents: 967, taxCents: 0 },
      { variantId: 'a', quantity: 1, unitPriceCents: 966, taxCents: 0 },
    ]);
    expect(result.plan.source).toEqual(['a', 'a']);
    expect(result.plan.totalCents).toBe(2_900);
  });

  it('names each problem: a missing price, a bad discount, a bad tax rate', () => {
    const cart = addToCart(addToCart([], item('a', null), 'USD'), item('b', 5_000), 'USD');
    const result = plan(cart, { discountKind: 'amount', discountText: 'lots', taxRateText: '200' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      lines: { a: 'Enter a price' },
      discount: 'Enter an amount such as 10 or 5.50',
      taxRate: 'A tax rate cannot be more than 100%',
    });
    const tooMuch = plan(cart.slice(1), { discountKind: 'amount', discountText: '60' });
    expect(tooMuch.ok).toBe(false);
    if (!tooMuch.ok) expect(tooMuch.errors.discount).toBe('The discount is more than the items cost');
  });

  it('maps the API field of a sent line back to its cart line', () => {
    expect(cartLineForPath('lines.1.quantity', ['a', 'a', 'b'])).toBe('a');
    expect(cartLineForPath('lines.2', ['a', 'a', 'b'])).toBe('b');
    expect(cartLineForPath('customer_id', ['a'])).toBeUndefined();
  });
});
