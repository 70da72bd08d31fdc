import { describe, expect, it } from 'vitest';
import { formatMoney } from '../catalog/money.ts';
import { emptyPayment, paymentSummary, storeCreditProblem, storeCreditShortfall } from '../sales/payment-model.ts';
import { emptyAdjustment, entryHref, entryReference, readAdjustment } from './store-credit-model.ts';

const id = '00000000-0000-4000-8000-000000000001';

describe('store credit at the counter', () => {
  it('knows what store credit must cover, alone or as a split part, and what it lacks', () => {
    expect(storeCreditShortfall({ ...emptyPayment, method: 'card' }, 5_000, 0, 'USD')).toBeNull();
    expect(storeCreditShortfall({ ...emptyPayment, method: 'store_credit' }, 5_000, 1_200, 'USD')).toEqual({
      neededCents: 5_000,
      shortCents: 3_800,
      noCustomer: false,
    });
    const split = {
      method: 'split' as const,
      tendered: '',
      parts: [
        { key: 'a', method: 'store_credit' as const, amount: '12' },
        { key: 'b', method: 'cash' as const, amount: '38' },
      ],
    };
    expect(storeCreditShortfall(split, 5_000, 1_200, 'USD')).toEqual({ neededCents: 1_200, shortCents: 0, noCustomer: false });
    expect(storeCreditShortfall(split, 5_000, null, 'USD')).toMatchObject({ noCustomer: true });
  });

  it('says it beside the payment the way the API does', () => {
    const draft = { ...emptyPayment, method: 'store_credit' as const };
    expect(storeCreditProblem(draft, 2_000, { name: 'Ann Lee', store_credit_cents: 1_200 }, 'USD')).toBe(
      'Ann Lee has $12.00 of store credit; this needs $20.00',
    );
    expect(storeCreditProblem(draft, 2_000, null, 'USD')).toMatch(/needs the customer/);
    expect(storeCreditProblem(draft, 1_200, { name: 'Ann Lee', store_credit_cents: 1_200 }, 'USD')).toBeUndefined();
  });

  it('names a trade-in part of a recorded payment', () => {
    expect(
      paymentSummary(
        {
          method: 'split',
          parts: [
            { method: 'trade_in', amount_cents: 8_000 },
            { method: 'cash', amount_cents: 4_000 },
          ],
          cash_tendered_cents: null,
          change_cents: null,
        },
        'USD',
      ),
    ).toBe('Split: trade-in $80.00 + cash $40.00');
  });
});

describe('a store-credit adjustment', () => {
  it('is typed as add or take away, with the reason required', () => {
    expect(readAdjustment({ direction: 'add', amount: '15', note: ' goodwill ' }, 0, 'USD', formatMoney)).toEqual({
      ok: true,
      body: { amount_cents: 1_500, note: 'goodwill' },
    });
    expect(readAdjustment({ direction: 'remove', amount: '5', note: 'typo' }, 1_000, 'USD', formatMoney)).toEqual({
      ok: true,
      body: { amount_cents: -500, note: 'typo' },
    });
    expect(readAdjustment(emptyAdjustment, 0, 'USD', formatMoney)).toEqual({
      ok: false,
      fields: { amount_cents: 'Enter an amount above zero', note: 'Say why the balance changes' },
    });
    expect(readAdjustment({ direction: 'remove', amount: '20', note: 'x' }, 1_000, 'USD', formatMoney)).toEqual({
      ok: false,
      fields: { amount_cents: 'The balance is $10.00: it cannot go below zero' },
    });
  });

  it('an entry names and links what it came from', () => {
    expect(entryReference({ reference_type: 'purchase_order', reference_number: 1001 })).toBe('PO-1001');
    expect(entryReference({ reference_type: 'sale', reference_number: 1042 })).toBe('Sale #1042');
    expect(entryReference({ reference_type: null, reference_number: null })).toBeNull();
    expect(entryHref({ reference_type: 'sale', reference_id: id })).toBe(`/sales?sale=${id}`);
    expect(entryHref({ reference_type: 'purchase_order', reference_id: id })).toBe(`/purchase-orders/${id}`);
  });
});
