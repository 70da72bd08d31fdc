import { payoutChoiceSchema } from '@tradepost/shared/schemas/payouts.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PayoutChoiceFields } from './payout-choice.tsx';
import {
  offeredMethods,
  payoutChoice,
  payoutChoiceBody,
  payoutChoiceErrors,
  payoutErrorsFrom,
  storeCreditBonusText,
} from './payout-choice-model.ts';

// The unit project runs in Node without a DOM: the fields are rendered to markup and read as text.
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe('the payout choice', () => {
  it('asks a transfer for its account and a check for its payee, in the API’s words', () => {
    expect(payoutChoiceErrors(payoutChoice('bank_transfer', { account_number: '   ' }), ['bank_transfer'])).toEqual({
      'details.account_number': 'A bank transfer needs the account number',
    });
    expect(payoutChoiceErrors(payoutChoice('check'), ['check'])).toEqual({
      'details.payable_to': 'A check needs the name it is payable to',
    });
    expect(payoutChoiceErrors(payoutChoice('cash'), ['cash'])).toEqual({});
  });

  it('refuses a method the business does not offer', () => {
    expect(payoutChoiceErrors(payoutChoice('check', { payable_to: 'Sam' }), ['cash', 'store_credit'])).toEqual({
      method: 'Check is not offered (Purchasing settings)',
    });
  });

  it('sends only the details the method uses, trimmed, and the API accepts them', () => {
    const value = payoutChoice('bank_transfer', {
      account_holder: ' Sam Lee ',
      account_number: 'DE89 3704 0044 0532 0130 00',
      payable_to: 'left over from a check',
    });
    const body = payoutChoiceBody(value);
    expect(body).toEqual({
      method: 'bank_transfer',
      details: { account_holder: 'Sam Lee', account_number: 'DE89 3704 0044 0532 0130 00' },
    });
    expect(payoutChoiceSchema.safeParse(body).success).toBe(true);
    expect(payoutChoiceBody(payoutChoice('cash', { account_number: '1' }))).toEqual({ method: 'cash' });
  });

  it("reads the API's field errors under the body's prefix", () => {
    expect(
      payoutErrorsFrom(
        { 'payout.method': 'Check is not offered (Purchasing settings)', location_id: 'x', 'payout.details.payable_to': 'y' },
        'payout.',
      ),
    ).toEqual({ method: 'Check is not offered (Purchasing settings)', 'details.payable_to': 'y' });
    expect(payoutErrorsFrom({ method: 'm', 'details.account_number': 'a', reference: 'r' }, '')).toEqual({
      method: 'm',
      'details.account_number': 'a',
    });
  });

  it('says the store-credit bonus as "+N% bonus: $X credit", rounding the bonus down', () => {
    expect(storeCreditBonusText(10_005, 10, usd)).toBe('+10% bonus: $110.05 credit');
    expect(storeCreditBonusText(10_000, 0, usd)).toBe('$100.00 credit');
  });

  it('lists the offered methods in the house order', () => {
    expect(offeredMethods(['check', 'cash'])).toEqual(['cash', 'check']);
  });
});

describe('PayoutChoiceFields', () => {
  const render = (props: Partial<Parameters<typeof PayoutChoiceFields>[0]> = {}) =>
    text(
      renderToStaticMarkup(
        <PayoutChoiceFields value={payoutChoice('cash')} onChange={() => undefined} offered={['cash', 'store_credit']} {...props} />,
      ),
    );

  it('offers only the methods the business offers', () => {
    const shown = render();
    expect(shown).toContain('Cash');
    expect(shown).toContain('Store credit');
    expect(shown).not.toContain('Bank transfer');
    expect(shown).not.toContain('Check');
  });

  it('shows the details a transfer needs and the message on its field', () => {
    const shown = render({
      value: payoutChoice('bank_transfer'),
      offered: ['cash', 'bank_transfer'],
      errors: { 'details.account_number': 'A bank transfer needs the account number' },
    });
    expect(shown).toContain('Account holder');
    expect(shown).toContain('Account number (IBAN)');
    expect(shown).toContain('A bank transfer needs the account number');
    expect(shown).toContain('Waits on Check payouts');
    expect(shown).not.toContain('Payable to');
  });

  it('shows what store credit books with the bonus', () => {
    const shown = render({ value: payoutChoice('store_credit'), storeCreditBonusPercent: 20, amountCents: 21_000, currency: 'USD' });
    expect(shown).toContain('+20% bonus: $252.00 credit');
  });
});
