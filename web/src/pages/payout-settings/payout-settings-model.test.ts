import type { PayoutSettings } from '@tradepost/shared/schemas/payouts.ts';
import { describe, expect, it } from 'vitest';
import { payoutOptionsBody } from '../in-store-purchase/payout-options-model.ts';
import { payoutFacts, payoutFormValue } from './payout-settings-model.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const transfer: PayoutSettings = {
  id: id(1),
  purchase_order_id: id(2),
  purchase_order_number: 1007,
  trade_id: null,
  payee_name: 'Sam Seller',
  customer_id: id(3),
  vendor_id: null,
  method: 'bank_transfer',
  amount_cents: 15_000,
  credit_cents: null,
  status: 'pending',
  reference: null,
  account_holder: 'Sam Seller',
  account_last4: '3000',
  payable_to: null,
  paid_at: null,
  paid_by_name: null,
  created_at: '2026-11-27T20:00:00Z',
  details: {
    account_holder: 'Sam Seller',
    account_number: 'DE89370400440532013000',
    routing_number: null,
    payable_to: null,
    mailing_address: null,
  },
};

describe('payout settings', () => {
  it('shows the account number in full, and the form starts from it', () => {
    const facts = payoutFacts(transfer, 'USD');
    expect(facts).toContainEqual({ name: 'Account number', value: 'DE89370400440532013000' });
    expect(facts).toContainEqual({ name: 'Status', value: 'Pending' });
    expect(facts.map((fact) => fact.name)).not.toContain('Reference');
    expect(payoutFormValue(transfer)).toMatchObject({
      method: 'bank_transfer',
      details: { account_number: 'DE89370400440532013000', routing_number: '' },
    });
  });

  it('a paid payout shows its reference and who paid', () => {
    const facts = payoutFacts(
      { ...transfer, status: 'paid', reference: 'TX-991', paid_at: '2026-11-28T09:00:00Z', paid_by_name: 'Dana' },
      'USD',
    );
    expect(facts).toContainEqual({ name: 'Reference', value: 'TX-991' });
    expect(facts).toContainEqual({ name: 'Paid by', value: 'Dana' });
  });
});

describe('the payout options form', () => {
  it('sends the methods in the house order with the default and the bonus', () => {
    expect(payoutOptionsBody(['check', 'cash'], 'cash', '15')).toEqual({
      ok: true,
      body: { payout_methods: ['cash', 'check'], default_payout_method: 'cash', store_credit_bonus_percent: 15 },
    });
  });

  it('refuses no method, a default not offered, and a bonus out of range in the API’s words', () => {
    expect(payoutOptionsBody([], 'cash', '0')).toEqual({ ok: false, errors: { payout_methods: 'Offer at least one payout method' } });
    expect(payoutOptionsBody(['cash'], 'check', '0')).toEqual({
      ok: false,
      errors: { default_payout_method: 'Check is not offered: offer it, or choose another default' },
    });
    expect(payoutOptionsBody(['cash'], 'cash', '150')).toEqual({
      ok: false,
      errors: { store_credit_bonus_percent: 'Store credit bonus must be between 0 and 100%' },
    });
    expect(payoutOptionsBody(['cash'], 'cash', '2.5')).toMatchObject({
      ok: false,
      errors: { store_credit_bonus_percent: 'Store credit bonus must be a whole number of percent' },
    });
  });
});
