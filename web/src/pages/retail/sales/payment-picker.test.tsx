import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { emptyPayment, type PaymentDraft, paymentBody, paymentSummary } from '../../../features/sales/payment-model.ts';
import { PaymentPicker } from './payment-picker.tsx';

// Rendered to markup in Node (no DOM) and read as text; the rules behind it are checked directly.
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const render = (draft: PaymentDraft, totalCents: number | null = 15_000) =>
  renderToStaticMarkup(<PaymentPicker draft={draft} onChange={() => undefined} totalCents={totalCents} currency="USD" errors={{}} />);

const split = (...amounts: string[]): PaymentDraft => ({
  method: 'split',
  tendered: '',
  parts: amounts.map((amount, i) => ({ key: `p${i}`, method: i === 0 ? 'cash' : 'card', amount })),
});

describe('the payment picker at the counter', () => {
  it('offers cash, card, store credit and split, and shows the change due on cash', () => {
    const html = render({ ...emptyPayment, method: 'cash', tendered: '200' });
    for (const label of ['Cash', 'Card', 'Store credit', 'Split']) expect(html).toContain(`>${label}</label>`);
    expect(text(html)).toContain('Change due $50.00');
    expect(text(render({ ...emptyPayment, method: 'cash', tendered: '100' }))).toContain('Change due —');
    expect(text(render({ ...emptyPayment, method: 'card' }))).toContain('card terminal');
  });

  it('store credit shows the chosen customer’s balance, and warns when it is short', () => {
    const pick = (customer: { name: string; store_credit_cents: number } | null) =>
      text(
        renderToStaticMarkup(
          <PaymentPicker
            draft={{ ...emptyPayment, method: 'store_credit' }}
            onChange={() => undefined}
            totalCents={15_000}
            currency="USD"
            errors={{}}
            customer={customer}
          />,
        ),
      );
    expect(pick({ name: 'Ann Lee', store_credit_cents: 20_000 })).toContain('Ann Lee has $200.00 of store credit.');
    expect(pick({ name: 'Ann Lee', store_credit_cents: 5_000 })).toContain('Ann Lee has $50.00 of store credit; this needs $150.00');
    expect(pick(null)).toContain('Store credit needs the customer whose balance pays');
    expect(text(render({ ...emptyPayment, method: 'store_credit' }))).not.toContain('no balance is kept');
  });

  it('a split lists its parts and what is left to assign', () => {
    expect(text(render(split('20', '100')))).toContain('Left to assign: $30.00');
    expect(text(render(split('20', '130')))).toContain('The parts cover the total exactly.');
    expect(text(render(split('20', '140')))).toContain('Over the total by $10.00');
  });

  it('builds the body the API expects, and refuses a split that does not add up before sending it', () => {
    expect(paymentBody({ ...emptyPayment, method: 'card' }, 15_000, 'USD')).toEqual({ body: { payment_method: 'card' }, errors: {} });
    expect(paymentBody({ ...emptyPayment, method: 'cash', tendered: '200' }, 15_000, 'USD').body).toEqual({
      payment_method: 'cash',
      cash_tendered_cents: 20_000,
    });
    expect(paymentBody({ ...emptyPayment, method: 'cash', tendered: '100' }, 15_000, 'USD').errors.tendered).toMatch(/Less than the total/);
    expect(paymentBody(split('20', '130'), 15_000, 'USD')).toEqual({
      body: {
        payment_method: 'split',
        payments: [
          { method: 'cash', amount_cents: 2_000 },
          { method: 'card', amount_cents: 13_000 },
        ],
      },
      errors: {},
    });
    expect(paymentBody(split('20', '100'), 15_000, 'USD').errors.parts).toBe('The parts are $30.00 short of the total');
    expect(paymentBody(split('20', ''), 15_000, 'USD').errors.byPart).toEqual({ p1: 'Enter an amount above zero' });
  });

  it('names a recorded payment for the lists', () => {
    expect(paymentSummary(null, 'USD')).toBeNull();
    expect(paymentSummary({ method: 'store_credit', parts: [], cash_tendered_cents: null, change_cents: null }, 'USD')).toBe(
      'Store credit',
    );
    expect(
      paymentSummary(
        {
          method: 'split',
          parts: [
            { method: 'cash', amount_cents: 2_000 },
            { method: 'card', amount_cents: 13_000 },
          ],
          cash_tendered_cents: null,
          change_cents: null,
        },
        'USD',
      ),
    ).toBe('Split: cash $20.00 + card $130.00');
  });
});
