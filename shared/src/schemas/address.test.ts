import { describe, expect, it } from 'vitest';
import { addressLabelLines, compactAddress, normalizeAddress, shippingAddressInputSchema } from './address.ts';
import { checkPayment } from './payments.ts';

describe('shipping addresses', () => {
  it('reads the keys older sales stored (eBay contactAddress, Shopify MailingAddress) in our shape', () => {
    // eBay Fulfillment API shipTo.contactAddress, as sales imported before issue #17 kept it.
    expect(
      normalizeAddress({
        name: 'Sim Buyer',
        addressLine1: '1 Test Way',
        city: 'San Jose',
        stateOrProvince: 'CA',
        postalCode: '95125',
        countryCode: 'US',
      }),
    ).toEqual({
      name: 'Sim Buyer',
      line1: '1 Test Way',
      line2: null,
      city: 'San Jose',
      region: 'CA',
      postal_code: '95125',
      country: 'US',
      phone: null,
    });
    // Shopify as the adapter mapped it before (address1, province code, zip, country code).
    expect(normalizeAddress({ address1: '12 Market Street', city: 'Portland', province: 'OR', zip: '97201', country: 'us' })).toMatchObject(
      {
        line1: '12 Market Street',
        region: 'OR',
        postal_code: '97201',
        country: 'US',
      },
    );
    expect(normalizeAddress({})).toBeNull();
    expect(normalizeAddress(null)).toBeNull();
    expect(compactAddress({ name: ' ', city: ' Leeds ' })).toEqual({ city: 'Leeds' });
  });

  it('writes the label in the country’s order, the customer’s name when the address has none', () => {
    const us = normalizeAddress({
      line1: '12 Market Street',
      line2: 'Apt 4',
      city: 'Portland',
      region: 'OR',
      postal_code: '97201',
      country: 'US',
    });
    expect(us && addressLabelLines(us, 'Ana Ruiz')).toEqual([
      'Ana Ruiz',
      '12 Market Street',
      'Apt 4',
      'Portland, OR 97201',
      'UNITED STATES',
    ]);
    // Royal Mail: town, then the postcode on its own line.
    const gb = normalizeAddress({ name: 'Jo Bloggs', line1: '10 Downing Street', city: 'London', postal_code: 'SW1A 2AA', country: 'GB' });
    expect(gb && addressLabelLines(gb)).toEqual(['Jo Bloggs', '10 Downing Street', 'London', 'SW1A 2AA', 'UNITED KINGDOM']);
    // Most of Europe: postcode before the town.
    const de = normalizeAddress({ name: 'Max Muster', line1: 'Unter den Linden 77', city: 'Berlin', postal_code: '10117', country: 'DE' });
    expect(de && addressLabelLines(de)).toEqual(['Max Muster', 'Unter den Linden 77', '10117 Berlin', 'GERMANY']);
  });

  it('checks a typed address field by field', () => {
    const good = shippingAddressInputSchema.safeParse({
      name: 'Ana Ruiz',
      line1: '12 Market Street',
      line2: '',
      city: 'Portland',
      region: 'OR',
      postal_code: '97201',
      country: 'us',
      phone: '',
    });
    expect(good.success && good.data).toEqual({
      name: 'Ana Ruiz',
      line1: '12 Market Street',
      city: 'Portland',
      region: 'OR',
      postal_code: '97201',
      country: 'US',
    });
    const bad = shippingAddressInputSchema.safeParse({ name: '', line1: 'x', city: 'Portland', postal_code: '9720', country: 'XX' });
    const fields = bad.success ? [] : bad.error.issues.map((issue) => issue.path.join('.'));
    expect(fields.sort()).toEqual(['country', 'name']);
    const zip = shippingAddressInputSchema.safeParse({ name: 'A', line1: 'x', city: 'Portland', postal_code: '9720', country: 'US' });
    expect(zip.success ? [] : zip.error.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['postal_code', 'region']);
  });
});

describe('payments', () => {
  it('a split adds up to the total exactly; tendered cash covers it', () => {
    expect(checkPayment({ payment_method: 'card' }, 15_000)).toEqual([]);
    const split = (amounts: number[]) =>
      checkPayment({ payment_method: 'split', payments: amounts.map((amount_cents) => ({ method: 'cash', amount_cents })) }, 15_000);
    expect(split([5_000, 10_000])).toEqual([]);
    expect(split([5_000, 9_999]).map((p) => p.field)).toEqual(['payments']);
    expect(split([15_000]).map((p) => p.field)).toEqual(['payments']);
    expect(checkPayment({ payment_method: 'card', payments: [] }, 1).map((p) => p.field)).toEqual(['payments']);
    expect(checkPayment({ payment_method: 'cash', cash_tendered_cents: 20_000 }, 15_000)).toEqual([]);
    expect(checkPayment({ payment_method: 'cash', cash_tendered_cents: 10_000 }, 15_000).map((p) => p.field)).toEqual([
      'cash_tendered_cents',
    ]);
    expect(checkPayment({ payment_method: 'card', cash_tendered_cents: 20_000 }, 15_000).map((p) => p.field)).toEqual([
      'cash_tendered_cents',
    ]);
  });
});
