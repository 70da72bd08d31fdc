import type { InStorePurchaseResult } from '@tradepost/shared/schemas/counter-trading.ts';
import type { Payout } from '@tradepost/shared/schemas/payouts.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CounterReceipt } from '../../features/counter/counter-receipt.tsx';
import { purchaseReceipt } from './purchase-receipt.ts';

// The unit project runs in Node without a DOM: the receipt is rendered to markup and read as text.
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const payout = (overrides: Partial<Payout> = {}): Payout => ({
  id: id(70),
  purchase_order_id: id(1),
  purchase_order_number: 1004,
  trade_id: null,
  payee_name: 'Sam Seller',
  customer_id: id(2),
  vendor_id: null,
  method: 'cash',
  amount_cents: 21_000,
  credit_cents: null,
  status: 'paid',
  reference: null,
  account_holder: null,
  account_last4: null,
  payable_to: null,
  paid_at: '2026-11-27T20:00:00Z',
  paid_by_name: 'Dana',
  created_at: '2026-11-27T20:00:00Z',
  ...overrides,
});

const result = (overrides: Partial<Payout> = {}, balance: number | null = null): InStorePurchaseResult => ({
  purchase_order: {
    id: id(1),
    number: 1004,
    kind: 'in_store',
    vendor_id: null,
    customer_id: id(2),
    seller_name: 'Sam Seller',
    trade_id: null,
    location_id: id(3),
    status: 'received',
    expected_on: null,
    totals: { units_ordered: 3, units_received: 3, subtotal_cents: 21_000, landed_cents: 0, total_cents: 21_000 },
    created_at: '2026-11-27T20:00:00Z',
    ordered_at: null,
    received_at: '2026-11-27T20:00:00Z',
    closed_at: null,
    cancelled_at: null,
    note: null,
    landed_costs: { shipping_cents: 0, duties_cents: 0, fees_cents: 0, spread: 'value' },
    lines: [
      {
        id: id(10),
        variant_id: id(11),
        product_id: id(12),
        product_title: 'Dunk Low Panda',
        size_label: 'US M 10',
        sku: 'DD1391-100-10',
        quantity_ordered: 2,
        quantity_received: 2,
        unit_cost_cents: 6_000,
        landed_unit_cost_cents: 6_000,
      },
      {
        id: id(13),
        variant_id: id(14),
        product_id: id(12),
        product_title: 'Dunk Low Panda',
        size_label: 'US M 11',
        sku: 'DD1391-100-11',
        quantity_ordered: 1,
        quantity_received: 1,
        unit_cost_cents: 9_000,
        landed_unit_cost_cents: 9_000,
      },
    ],
    payout: null,
  },
  payout: payout(overrides),
  store_credit_balance_cents: balance,
});

const render = (data: InStorePurchaseResult) =>
  text(
    renderToStaticMarkup(
      <CounterReceipt
        {...purchaseReceipt(data, { businessName: 'Kicks Corner', locationName: 'Main store', currency: 'USD' })}
        onNew={() => undefined}
      />,
    ),
  );

describe('the in-store purchase receipt', () => {
  it('shows the seller, each item at its agreed price, the total and the cash payout as paid', () => {
    const shown = render(result());
    expect(shown).toContain('Kicks Corner');
    expect(shown).toContain('In-store purchase PO-1004');
    expect(shown).toContain('Seller: Sam Seller');
    expect(shown).toContain('Main store');
    expect(shown).toContain('Size US M 10 · 2 × $60.00');
    expect(shown).toContain('$120.00');
    expect(shown).toContain('Size US M 11 · 1 × $90.00');
    expect(shown).toContain('Total paid to seller $210.00');
    expect(shown).toContain('Payout Cash · Paid');
    expect(shown).toContain('3 items bought');
    expect(shown).toContain('Print receipt');
    expect(shown).toContain('New purchase');
  });

  it('shows a pending transfer by its last four digits only, and says the payout is pending', () => {
    const shown = render(result({ method: 'bank_transfer', status: 'pending', account_last4: '3000', paid_at: null, paid_by_name: null }));
    expect(shown).toContain('Payout Bank transfer to •••• 3000 · Pending');
    expect(shown).toContain('payout pending');
  });

  it('shows the store credit booked with its bonus and the balance after it', () => {
    const shown = render(result({ method: 'store_credit', credit_cents: 23_100 }, 25_000));
    expect(shown).toContain('Payout Store credit · Paid');
    expect(shown).toContain('Store credit booked $231.00');
    expect(shown).toContain('Store credit balance $250.00');
  });
});
