import { describe, expect, it } from 'vitest';
import { payoutChoice } from '../../features/counter/payout-choice-model.ts';
import {
  addCounterItem,
  applyOffers,
  buildPurchase,
  type CounterCartLine,
  counterTotals,
  lineErrorsFrom,
  type PurchaseDraft,
  setCounterQuantity,
} from './in-store-cart.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const item = (n: number) => ({ variantId: id(n), productId: id(100 + n), title: `Dunk Low ${n}`, size: `US M ${n}`, sku: `DL-${n}` });

const draft = (overrides: Partial<PurchaseDraft> = {}): PurchaseDraft => ({
  lines: addCounterItem(addCounterItem([], item(1), 9000, 'USD'), item(2), 12000, 'USD'),
  seller: { kind: 'new', customer: { name: 'Sam Seller', email: '', phone: '' } },
  locationId: id(50),
  payout: payoutChoice('cash'),
  note: '',
  currency: 'USD',
  ...overrides,
});

describe('the in-store counter cart', () => {
  it('adds a size at its offer, on top; the same size again is one more unit', () => {
    let lines = addCounterItem([], item(1), 9000, 'USD');
    lines = addCounterItem(lines, item(2), null, 'USD');
    lines = addCounterItem(lines, item(1), 9000, 'USD');
    expect(lines.map((line) => [line.variantId, line.quantity, line.priceText])).toEqual([
      [id(2), 1, ''],
      [id(1), 2, '90.00'],
    ]);
  });

  it('keeps quantities between 1 and the API limit of 1,000', () => {
    const lines = addCounterItem([], item(1), 100, 'USD');
    expect(setCounterQuantity(lines, id(1), 0)[0]?.quantity).toBe(1);
    expect(setCounterQuantity(lines, id(1), 5000)[0]?.quantity).toBe(1000);
    expect(setCounterQuantity(lines, id(1), 3.7)[0]?.quantity).toBe(3);
  });

  it('takes the offer when the guidance answers, never over a price already typed', () => {
    const typed: CounterCartLine = { ...item(1), quantity: 1, priceText: '75', offerCents: undefined };
    const empty: CounterCartLine = { ...item(2), quantity: 1, priceText: '', offerCents: undefined };
    const next = applyOffers(
      [typed, empty],
      new Map([
        [id(1), 9000],
        [id(2), 12000],
      ]),
      'USD',
    );
    expect(next.map((line) => [line.priceText, line.offerCents])).toEqual([
      ['75', 9000],
      ['120.00', 12000],
    ]);
    // Nothing new: the same array back (no write to storage).
    expect(applyOffers(next, new Map([[id(1), 1]]), 'USD')).toBe(next);
  });

  it('totals quantity × agreed price and names each price that does not read', () => {
    const lines = setCounterQuantity(draft().lines, id(1), 2);
    expect(counterTotals(lines, 'USD')).toMatchObject({ totalCents: 2 * 9000 + 12000, units: 3, errors: {} });
    const bad = lines.map((line) => (line.variantId === id(2) ? { ...line, priceText: '12,5.x' } : line));
    const totals = counterTotals(bad, 'USD');
    expect(totals.errors).toEqual({ [id(2)]: 'Enter a price such as 120 or 119.99' });
    expect(totals.lines).toBeNull();
    expect(counterTotals([{ ...item(3), quantity: 1, priceText: ' ' }], 'USD').errors[id(3)]).toBe('Enter the price agreed');
  });
});

describe('the purchase body', () => {
  it('sends the new customer, the lines at the agreed prices and the payout', () => {
    const built = buildPurchase(draft({ note: '  walk-in  ' }));
    expect(built).toEqual({
      ok: true,
      totalCents: 21000,
      body: {
        customer: { name: 'Sam Seller', email: undefined, phone: undefined },
        location_id: id(50),
        lines: [
          { variant_id: id(2), quantity: 1, unit_price_cents: 12000 },
          { variant_id: id(1), quantity: 1, unit_price_cents: 9000 },
        ],
        payout: { method: 'cash' },
        note: 'walk-in',
      },
    });
  });

  it('refuses on the fields the API would name: the seller, the location, the transfer account, the lines', () => {
    const built = buildPurchase(
      draft({
        lines: [],
        seller: { kind: 'customer', customerId: null, name: null },
        locationId: null,
        payout: payoutChoice('bank_transfer', { account_holder: 'Sam' }),
      }),
    );
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.fields).toEqual({
      customer_id: 'Choose the customer who is selling',
      location_id: 'Choose the location the items go to',
      lines: 'Add at least one item',
      'payout.details.account_number': 'A bank transfer needs the account number',
    });
  });

  it('keeps store credit for customers, as the API does', () => {
    const built = buildPurchase(draft({ seller: { kind: 'vendor', vendorId: id(60) }, payout: payoutChoice('store_credit') }));
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.fields['payout.method']).toBe('Store credit is kept for a customer: choose a customer as the seller');
  });

  it('puts a price problem on its line, not on the form', () => {
    const lines = draft().lines.map((line) => (line.variantId === id(1) ? { ...line, priceText: '' } : line));
    const built = buildPurchase(draft({ lines }));
    expect(built).toEqual({ ok: false, fields: {}, lineErrors: { [id(1)]: 'Enter the price agreed' } });
  });

  it("maps the API's lines.<i> messages back to the sizes sent", () => {
    const sent = [{ variant_id: id(1) }, { variant_id: id(2) }];
    expect(lineErrorsFrom({ 'lines.1.variant_id': 'This size is listed twice', location_id: 'x', 'lines.7.quantity': 'y' }, sent)).toEqual({
      [id(2)]: 'This size is listed twice',
    });
  });
});
