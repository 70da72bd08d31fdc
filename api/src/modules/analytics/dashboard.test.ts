import type { Dashboard, Sale } from '@tradepost/shared/schemas/sales.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerAndLogin, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { daysBefore } from './dashboard.service.ts';

let t: TestApp;
let owner: SignedIn;

const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1/businesses/${owner.businessId}${path}`,
    headers: bearer(owner.token),
    ...(payload ? { payload } : {}),
  });

async function ok<T>(method: 'GET' | 'POST', path: string, payload?: object): Promise<T> {
  const res = await call(method, path, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as T;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app, { business_name: 'Figures Kicks' });
});
afterAll(async () => t.close());

type Totals = { sales: number; units: number; revenue_cents: number; profit_cents: number };

/** What the sales list says, summed: sales not cancelled, units kept, items plus shipping, profit. */
function totalsOf(sales: Sale[]): Totals {
  return sales.reduce(
    (sum, sale) => ({
      sales: sum.sales + (sale.status === 'cancelled' ? 0 : 1),
      units: sum.units + sale.totals.units,
      revenue_cents: sum.revenue_cents + sale.totals.subtotal_cents + sale.totals.shipping_cents,
      profit_cents: sum.profit_cents + sale.totals.profit_cents,
    }),
    { sales: 0, units: 0, revenue_cents: 0, profit_cents: 0 },
  );
}

describe('the dashboard’s sales figures', () => {
  it('equal the sales list’s totals on every card, in the daily chart and in the channel donut', async () => {
    const location = (await ok<{ id: string }[]>('GET', '/locations'))[0]?.id;
    const product = await ok<{ variants: { id: string; size: string }[] }>('POST', '/products', {
      title: 'Gel-Kayano 14',
      category: 'sneakers',
      size_format: 'us-men',
      variants: ['9', '10'].map((size) => ({ size, sku: `GK14-${size}`, price_cents: 16_000 })),
    });
    const [nine, ten] = product.variants.map((v) => v.id) as [string, string];
    await ok('POST', '/inventory/adjustments', {
      location_id: location,
      lines: [
        { variant_id: nine, quantity: 6, reason: 'received', unit_cost_cents: 7_000 },
        { variant_id: ten, quantity: 6, reason: 'received', unit_cost_cents: 7_500 },
      ],
    });

    // At the counter, below the list price (a discount).
    await ok('POST', '/sales', {
      channel: 'in_store',
      location_id: location,
      lines: [{ variant_id: nine, quantity: 1, unit_price_cents: 13_500 }],
    });
    // A phone order with shipping, fees and tax, shipped (its cost becomes final).
    const shipped = await ok<Sale>('POST', '/sales', {
      channel: 'manual',
      shipping_cents: 1_500,
      lines: [{ variant_id: ten, quantity: 2, unit_price_cents: 16_000, fees_cents: 1_100, tax_cents: 2_400 }],
    });
    await ok('POST', `/fulfillments/${shipped.fulfillments[0]?.id}/ship`, { carrier: 'UPS', tracking_number: '1Z999AA10123456784' });
    // Refunded in part after shipping.
    const refunded = await ok<Sale>('POST', '/sales', {
      channel: 'manual',
      shipping_cents: 900,
      lines: [{ variant_id: nine, quantity: 1, unit_price_cents: 16_000 }],
    });
    await ok('POST', `/fulfillments/${refunded.fulfillments[0]?.id}/ship`, { carrier: 'USPS', tracking_number: '9400111899223344556677' });
    await ok('POST', `/sales/${refunded.id}/refunds`, { amount_cents: 4_000, reason: 'Scuffed toe' });
    // One line of two cancelled, and one sale cancelled whole (its shipping goes too).
    const partly = await ok<Sale>('POST', '/sales', {
      channel: 'wholesale',
      lines: [
        { variant_id: nine, quantity: 2, unit_price_cents: 11_000, fees_cents: 400 },
        { variant_id: ten, quantity: 1, unit_price_cents: 11_000 },
      ],
    });
    await ok('POST', `/sales/${partly.id}/cancel`, {
      lines: [{ line_id: partly.lines.find((l) => l.variant_id === nine)?.id, quantity: 1 }],
    });
    const cancelled = await ok<Sale>('POST', '/sales', {
      channel: 'manual',
      shipping_cents: 1_200,
      lines: [{ variant_id: ten, quantity: 1, unit_price_cents: 16_000 }],
    });
    await ok('POST', `/sales/${cancelled.id}/cancel`, {});

    const list = await ok<{ items: Sale[]; total: number }>('GET', '/sales?limit=200');
    expect(list.total).toBe(5);
    const expected = totalsOf(list.items);
    // The fixture is what it says: shipping of two sales, a refund, a cancelled sale not counted.
    expect(expected).toEqual({
      sales: 4,
      units: 1 + 2 + 1 + 2,
      revenue_cents: 13_500 + 32_000 + 1_500 + 16_000 + 900 + 22_000,
      profit_cents: expect.any(Number),
    });

    const figures = await ok<Dashboard>('GET', '/analytics/dashboard');
    expect(figures.today).toEqual(expected);
    expect(figures.last_7_days).toEqual(expected);
    expect(figures.last_30_days).toEqual(expected);

    // The chart's 30 days end today and add up to the 30-day card.
    expect(figures.daily).toHaveLength(30);
    expect(figures.daily.at(-1)).toEqual({
      date: expect.any(String),
      sales: expected.sales,
      revenue_cents: expected.revenue_cents,
      profit_cents: expected.profit_cents,
    });
    expect(figures.daily.map((d) => d.date)).toEqual(
      Array.from({ length: 30 }, (_, i) => daysBefore(figures.daily.at(-1)?.date ?? '', 29 - i)),
    );
    expect(figures.daily.reduce((sum, d) => sum + d.revenue_cents, 0)).toBe(figures.last_30_days.revenue_cents);

    // The donut: each channel's slice is that channel's sales in the list; the slices add up to the card.
    const byKind = (kind: string) => totalsOf(list.items.filter((s) => s.channel.kind === kind));
    expect(figures.by_channel).toEqual(
      ['manual', 'wholesale', 'in_store']
        .map((kind) => ({ kind, sales: byKind(kind).sales, revenue_cents: byKind(kind).revenue_cents }))
        .sort((a, b) => b.revenue_cents - a.revenue_cents),
    );
    expect(figures.by_channel.reduce((sum, c) => sum + c.revenue_cents, 0)).toBe(figures.last_30_days.revenue_cents);

    // Sales Channels shows each channel's 30 days with the same definition: it agrees with the donut.
    const channels = await ok<{ kind: string; sales_30d: number; revenue_30d_cents: number }[]>('GET', '/channels');
    for (const slice of figures.by_channel) {
      expect(channels.find((c) => c.kind === slice.kind)).toMatchObject({ sales_30d: slice.sales, revenue_30d_cents: slice.revenue_cents });
    }
  });
});
