import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Payout, PayoutList } from '@tradepost/shared/schemas/payouts.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PayoutsView } from './check-payouts-section.tsx';
import { payoutAge, payoutDestination, pendingGroups } from './payouts-model.ts';

// Rendered to markup in Node (no DOM) and read as text; the grouping is checked directly.

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
const NOW = Date.parse('2026-11-27T12:00:00Z');

const payout = (n: number, patch: Partial<Payout> = {}): Payout => ({
  id: id(n),
  purchase_order_id: id(100 + n),
  purchase_order_number: 1000 + n,
  trade_id: null,
  payee_name: `Seller ${n}`,
  customer_id: id(200 + n),
  vendor_id: null,
  method: 'bank_transfer',
  amount_cents: 12_000,
  credit_cents: null,
  status: 'pending',
  reference: null,
  account_holder: 'Ann Lee',
  account_last4: '4321',
  payable_to: null,
  paid_at: null,
  paid_by_name: null,
  created_at: '2026-11-17T09:00:00Z',
  ...patch,
});

const render = (list: PayoutList, status: 'pending' | 'paid' | 'all' = 'pending') =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <PayoutsView
          list={list}
          status={status}
          method={undefined}
          currency="USD"
          now={NOW}
          canWrite
          onStatus={() => undefined}
          onMethod={() => undefined}
          onPay={() => undefined}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('check payouts', () => {
  it('groups what is pending by method, largest first, with each share of the total', () => {
    const grouped = pendingGroups([
      { method: 'check', count: 1, amount_cents: 5_000 },
      { method: 'bank_transfer', count: 3, amount_cents: 15_000 },
      { method: 'cash', count: 0, amount_cents: 0 },
    ]);
    expect(grouped.count).toBe(4);
    expect(grouped.amountCents).toBe(20_000);
    expect(grouped.groups.map((g) => [g.label, g.count, g.amountCents, g.sharePercent])).toEqual([
      ['Bank transfer', 3, 15_000, 75],
      ['Check', 1, 5_000, 25],
    ]);
  });

  it('says where the money goes and how long it has waited', () => {
    expect(payoutDestination(payout(1))).toBe('Account ••4321 (Ann Lee)');
    expect(payoutDestination(payout(1, { method: 'check', payable_to: 'Bo Diaz' }))).toBe('Payable to Bo Diaz');
    expect(payoutDestination(payout(1, { method: 'cash' }))).toBeNull();
    expect(payoutAge('2026-11-27T08:00:00Z', NOW)).toBe('Today');
    expect(payoutAge('2026-11-26T08:00:00Z', NOW)).toBe('1 day');
    expect(payoutAge('2026-11-17T09:00:00Z', NOW)).toBe('10 days');
  });

  it('shows the owed total, the tiles and each payout with its PO link and Mark paid', () => {
    const html = render({
      items: [payout(1), payout(2, { method: 'check', amount_cents: 3_000, payable_to: 'Bo Diaz', trade_id: id(9) })],
      total: 2,
      pending_by_method: [
        { method: 'bank_transfer', count: 1, amount_cents: 12_000 },
        { method: 'check', count: 1, amount_cents: 3_000 },
      ],
    });
    const words = text(html);
    expect(words).toContain('$150.00 owed in 2 payouts');
    expect(words).toContain('Bank transfer $120.00 1 payout');
    expect(words).toContain('Check $30.00 1 payout');
    expect(html).toContain(`href="/purchase-orders/${id(101)}"`);
    expect(words).toContain('PO-1001');
    expect(words).toContain('Account ••4321 (Ann Lee)');
    expect(words).toContain('Payable to Bo Diaz');
    expect(words).toContain('10 days');
    expect(words).toContain('Trade');
    expect(html.match(/>Mark paid</g)).toHaveLength(2);
  });

  it('a paid payout shows its reference and who paid it, without Mark paid', () => {
    const html = render(
      {
        items: [payout(3, { status: 'paid', reference: 'TRX-889', paid_at: '2026-11-27T10:00:00Z', paid_by_name: 'Eve Tester' })],
        total: 1,
        pending_by_method: [],
      },
      'paid',
    );
    expect(text(html)).toContain('Ref. TRX-889 · Eve Tester');
    expect(html).not.toContain('>Mark paid<');
  });

  it('says nothing is waiting, and what creates a payout', () => {
    const words = text(render({ items: [], total: 0, pending_by_method: [] }));
    expect(words).toContain('No payouts waiting');
    expect(words).toContain('A payout is owed when you buy from a seller at the counter');
  });
});
