import type { Trade } from '@tradepost/shared/schemas/counter-trading.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { payoutChoice } from '../../features/counter/payout-choice-model.ts';
import { addTradeLine, differenceText, lineOfPath, readTrade, type TradeDraft, type TradeLine, tradeTotals } from './trade-model.ts';
import { TradeReceipt } from './trade-section.tsx';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

const line = (n: number, priceText: string, quantity = 1): TradeLine => ({
  variantId: id(n),
  title: `Shoe ${n}`,
  size: 'US M 9',
  sku: `SKU-${n}`,
  quantity,
  priceText,
});

const draft = (patch: Partial<TradeDraft> = {}): TradeDraft => ({
  customer: { kind: 'existing', id: id(50), name: 'Ann Lee', storeCreditCents: 2_000 },
  locationId: id(60),
  incoming: [line(1, '80')],
  outgoing: [line(2, '120')],
  paymentMethod: 'cash',
  payout: payoutChoice('cash'),
  note: '',
  ...patch,
});
const ALL = ['cash', 'bank_transfer', 'store_credit', 'check'] as const;

describe('a trade as typed at the counter', () => {
  it('totals both sides and says who pays the difference', () => {
    expect(tradeTotals([line(1, '80')], [line(2, '60', 2)], 'USD')).toEqual({
      incomingCents: 8_000,
      outgoingCents: 12_000,
      differenceCents: 4_000,
      settlement: 'customer_pays',
    });
    expect(tradeTotals([line(1, '150')], [line(2, '120')], 'USD').settlement).toBe('we_pay');
    expect(tradeTotals([line(1, '120')], [line(2, '120')], 'USD').settlement).toBe('even');
    expect(differenceText(4_000, 'USD')).toBe('Customer pays $40.00');
    expect(differenceText(-3_000, 'USD')).toBe('We pay $30.00');
    expect(differenceText(0, 'USD')).toBe('Even');
  });

  it('adds a size once (another unit when scanned again), ours at our price and theirs unpriced', () => {
    const item = { variantId: id(2), title: 'Shoe 2', size: '9', sku: 'S2', priceCents: 12_000 };
    const once = addTradeLine([], item, 'USD');
    expect(once).toEqual([{ variantId: id(2), title: 'Shoe 2', size: '9', sku: 'S2', quantity: 1, priceText: '120.00' }]);
    expect(addTradeLine(once, item, 'USD')[0]?.quantity).toBe(2);
    expect(addTradeLine([], { ...item, priceCents: null }, 'USD')[0]?.priceText).toBe('');
  });

  it('sends only the settlement the difference calls for', () => {
    const pays = readTrade(draft(), [...ALL], 'USD');
    expect(pays.ok && pays.body).toEqual({
      customer_id: id(50),
      location_id: id(60),
      incoming: [{ variant_id: id(1), quantity: 1, unit_price_cents: 8_000 }],
      outgoing: [{ variant_id: id(2), quantity: 1, unit_price_cents: 12_000 }],
      payment_method: 'cash',
    });
    const paid = readTrade(
      draft({
        incoming: [line(1, '150')],
        payout: payoutChoice('check', { payable_to: 'Ann Lee' }),
        customer: { kind: 'new', name: ' Bo ', email: '', phone: '' },
      }),
      [...ALL],
      'USD',
    );
    expect(paid.ok && paid.body).toMatchObject({
      customer: { name: 'Bo' },
      payout: { method: 'check', details: { payable_to: 'Ann Lee' } },
    });
    expect(paid.ok && 'payment_method' in paid.body).toBe(false);
    const even = readTrade(draft({ incoming: [line(1, '120')] }), [...ALL], 'USD');
    expect(even.ok && even.body.payment_method === undefined && even.body.payout === undefined).toBe(true);
  });

  it('names what to fix by the API’s own paths before sending', () => {
    const read = readTrade(draft({ customer: null, incoming: [line(1, '')], outgoing: [] }), [...ALL], 'USD');
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.fields).toMatchObject({
      customer_id: 'Choose the customer: one existing or one new',
      'incoming.0.unit_price_cents': 'Agree a price',
      outgoing: 'Add at least one item to give',
    });
    const check = readTrade(draft({ incoming: [line(1, '150')], payout: payoutChoice('check') }), [...ALL], 'USD');
    expect(!check.ok && check.fields['payout.details.payable_to']).toBe('A check needs the name it is payable to');
    const notOffered = readTrade(
      draft({ incoming: [line(1, '150')], payout: payoutChoice('bank_transfer', { account_number: 'DE89' }) }),
      ['cash'],
      'USD',
    );
    expect(!notOffered.ok && notOffered.fields['payout.method']).toBe('Bank transfer is not offered (Purchasing settings)');
  });

  it('refuses store credit the customer does not have, in the API’s words', () => {
    const short = readTrade(draft({ paymentMethod: 'store_credit' }), [...ALL], 'USD');
    expect(!short.ok && short.fields.payment_method).toBe('Ann Lee has $20.00 of store credit; this needs $40.00');
    const enough = readTrade(
      draft({ paymentMethod: 'store_credit', customer: { kind: 'existing', id: id(50), name: 'Ann Lee', storeCreditCents: 4_000 } }),
      [...ALL],
      'USD',
    );
    expect(enough.ok).toBe(true);
    expect(lineOfPath('outgoing.1.quantity')).toEqual({ side: 'outgoing', index: 1, field: 'quantity' });
    expect(lineOfPath('payment_method')).toBeNull();
  });

  it('the receipt lists both sides, the difference and how it was settled', () => {
    const tradeLine = (n: number, cents: number) => ({
      variant_id: id(n),
      product_title: `Shoe ${n}`,
      size_label: 'US M 9',
      sku: null,
      quantity: 1,
      unit_price_cents: cents,
    });
    const trade: Trade = {
      id: id(70),
      number: 1001,
      customer_id: id(50),
      customer_name: 'Ann Lee',
      location_id: id(60),
      purchase_order_id: id(71),
      purchase_order_number: 1004,
      sale_id: id(72),
      sale_number: 1042,
      incoming: [tradeLine(1, 8_000)],
      outgoing: [tradeLine(2, 12_000)],
      incoming_cents: 8_000,
      outgoing_cents: 12_000,
      difference_cents: 4_000,
      settlement: 'customer_pays',
      payment_method: 'cash',
      payout: null,
      outgoing_profit_cents: 5_000,
      note: null,
      created_by_name: 'Eve',
      created_at: '2026-11-27T12:00:00Z',
    };
    const words = text(
      renderToStaticMarkup(
        <TradeReceipt trade={trade} currency="USD" businessName="E2E Kicks" locationName="Store" onNew={() => undefined} />,
      ),
    );
    expect(words).toContain('Trade TR-1001');
    expect(words).toContain('Shoe 1 Taken in · US M 9 · 1 × $80.00 $80.00');
    expect(words).toContain('Shoe 2 Given · US M 9 · 1 × $120.00 $120.00');
    expect(words).toContain('Customer paid $40.00');
    expect(words).toContain('Settled Customer paid by cash');
    expect(words).toContain('PO-1004 · Sale #1042');
  });
});
