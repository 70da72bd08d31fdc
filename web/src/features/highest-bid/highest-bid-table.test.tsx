import type { HighestBidRow } from '@tradepost/shared/schemas/highest-bid.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HighestBidTable } from './highest-bid-table.tsx';

// The unit project runs in Node without a DOM: the table is rendered to markup and read as text.

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

const base = {
  product_id: id(1),
  product_title: 'Air Max 1 Anniversary',
  brand: 'Nike',
  style_code: 'AM1-100',
  market_price_cents: null,
} as const;

const rows: HighestBidRow[] = [
  {
    ...base,
    variant_id: id(2),
    sku: 'AM1-9',
    size: '9',
    size_label: 'US M 9',
    on_hand: 4,
    price_cents: 14_999,
    last_sale_cents: 23_950,
    last_sold_at: '2026-11-17T12:00:00.000Z',
    recent_average_cents: 21_990,
    recent_sales_count: 5,
    sales_90d: 5,
    highest_bid_cents: 15_300,
    basis: 'recent_sales',
  },
  {
    ...base,
    variant_id: id(3),
    sku: 'AM1-10',
    size: '10',
    size_label: 'US M 10',
    on_hand: 2,
    price_cents: 14_999,
    last_sale_cents: null,
    last_sold_at: null,
    recent_average_cents: null,
    recent_sales_count: 0,
    sales_90d: 0,
    highest_bid_cents: 10_400,
    basis: 'our_price',
  },
  {
    ...base,
    variant_id: id(4),
    product_title: 'Zebra Boost',
    style_code: null,
    sku: 'ZB-8',
    size: '8',
    size_label: 'US M 8',
    on_hand: 0,
    price_cents: null,
    last_sale_cents: null,
    last_sold_at: null,
    recent_average_cents: null,
    recent_sales_count: 0,
    sales_90d: 0,
    highest_bid_cents: null,
    basis: null,
  },
];

describe('HighestBidTable', () => {
  it('shows each size with its figures, the bid in bold and what it rests on', () => {
    const html = renderToStaticMarkup(<HighestBidTable rows={rows} currency="USD" />);
    expect(text(html)).toContain('Product Size On hand Our price Last sale 90-day sales Highest bid Basis');
    const cells = (html.split('<tbody>')[1] ?? '').split('</tr>').filter((row) => row.includes('<td'));
    expect(cells).toHaveLength(3);
    const [withSales = '', withPrice = '', withNothing = ''] = cells;
    expect(text(withSales)).toContain('Air Max 1 Anniversary AM1-100 US M 9 4 $149.99 $239.50 avg of 5: $219.90 5 $153.00 recent sales');
    expect(withSales).toMatch(/<strong[^>]*>\$153\.00<\/strong>/);
    expect(text(withPrice)).toContain('US M 10 2 $149.99 — 0 $104.00 our price');
    expect(withPrice).toMatch(/<strong[^>]*>\$104\.00<\/strong>/);
    expect(text(withNothing)).toContain('Zebra Boost US M 8 0 — — 0 No price yet —');
    expect(withNothing).not.toContain('<strong');
  });
});
