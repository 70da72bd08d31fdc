import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  databaseSnapshot,
  errorFields,
  registerAndLogin,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
/** Air Max 1's sizes by size (9 has sales, 10 only the product's retail price, 11 its own price); Zebra Boost's 8 has nothing. */
const sizeIds = new Map<string, string>();

const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, who: SignedIn = owner) =>
  t.app.inject({
    method,
    url: `/api/v1/businesses/${who.businessId}${path}`,
    headers: bearer(who.token),
    ...(payload ? { payload } : {}),
  });

type Row = {
  product_title: string;
  size: string;
  size_label: string;
  sku: string;
  on_hand: number;
  price_cents: number | null;
  last_sale_cents: number | null;
  recent_average_cents: number | null;
  recent_sales_count: number;
  sales_90d: number;
  market_price_cents: null;
  highest_bid_cents: number | null;
  basis: string | null;
};
type Report = { items: Row[]; total: number; margin_percent: number; target_margin_percent: number };

const report = async (query = '', who: SignedIn = owner) => {
  const res = await call('GET', `/reports/highest-bid${query}`, undefined, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Report;
};
const rowOf = (answer: Report, sku: string) => answer.items.find((row) => row.sku === sku) as Row;

async function makeProduct(body: object) {
  const res = await call('POST', '/products', { category: 'sneakers', size_format: 'us-men', ...body });
  expect(res.statusCode, res.body).toBe(201);
  for (const v of res.json().variants as { id: string; sku: string }[]) sizeIds.set(v.sku, v.id);
}

/** A sale of one unit of the size at this price, `daysAgo` days ago. */
async function sell(sku: string, priceCents: number, daysAgo: number, channel: 'in_store' | 'manual' = 'in_store') {
  const res = await call('POST', '/sales', {
    channel,
    ...(channel === 'in_store' ? { location_id: warehouse } : {}),
    lines: [{ variant_id: sizeIds.get(sku), quantity: 1, unit_price_cents: priceCents }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  await t.orm.em.fork().execute(`UPDATE sales SET ordered_at = now() - make_interval(days => ?) WHERE id = ?`, [daysAgo, id]);
  return id;
}

let warehouse: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app, { business_name: 'Bidding Kicks' });
  stranger = await registerAndLogin(t.app, { business_name: 'Nosy Kicks' });
  warehouse = (await call('GET', '/locations')).json()[0].id;
  // Made out of size order, so the report's order is its own.
  await makeProduct({
    title: 'Air Max 1 Anniversary',
    brand: 'Nike',
    style_code: 'AM1-100',
    retail_price_cents: 14_999,
    variants: [
      { size: '11', sku: 'AM1-11', price_cents: 20_000 },
      { size: '9', sku: 'AM1-9' },
      { size: '10', sku: 'AM1-10' },
    ],
  });
  await makeProduct({ title: 'Zebra Boost', brand: 'Adidas', variants: [{ size: '8', sku: 'ZB-8' }] });
  const stocked = await call('POST', '/inventory/adjustments', {
    location_id: warehouse,
    lines: [
      { variant_id: sizeIds.get('AM1-9'), quantity: 10, reason: 'received', unit_cost_cents: 9_000 },
      { variant_id: sizeIds.get('AM1-10'), quantity: 2, reason: 'received', unit_cost_cents: 9_000 },
    ],
  });
  expect(stocked.statusCode, stocked.body).toBe(201);
  // Size 9: six sales, the oldest outside the last five and outside the 90 days; then a dearer one cancelled.
  await sell('AM1-9', 10_000, 120);
  for (const [price, daysAgo] of [
    [20_000, 60],
    [21_000, 40],
    [22_000, 30],
    [23_000, 20],
    [23_950, 10],
  ] as const)
    await sell('AM1-9', price, daysAgo);
  const cancelled = await sell('AM1-9', 99_000, 1, 'manual');
  expect((await call('POST', `/sales/${cancelled}/cancel`, {})).statusCode).toBe(200);
});
afterAll(async () => t.close());

describe('highest-bid report', () => {
  it('bids per size from the last five sales, else our price, rounded down to the dollar; nothing to go by, no bid', async () => {
    const answer = await report();
    expect(answer).toMatchObject({ total: 4, margin_percent: 30, target_margin_percent: 30 });
    // By title, then the size run's order.
    expect(answer.items.map((row) => row.sku)).toEqual(['AM1-9', 'AM1-10', 'AM1-11', 'ZB-8']);
    // (20,000 + 21,000 + 22,000 + 23,000 + 23,950) / 5 = 21,990 × 0.7 = 15,393 → $153.
    expect(rowOf(answer, 'AM1-9')).toMatchObject({
      size_label: 'US M 9',
      on_hand: 4,
      price_cents: 14_999,
      last_sale_cents: 23_950,
      recent_average_cents: 21_990,
      recent_sales_count: 5,
      sales_90d: 5,
      market_price_cents: null,
      highest_bid_cents: 15_300,
      basis: 'recent_sales',
    });
    // No sales: the product's retail price, 14,999 × 0.7 = 10,499.3 → $104; the size's own price wins over it.
    expect(rowOf(answer, 'AM1-10')).toMatchObject({
      on_hand: 2,
      price_cents: 14_999,
      last_sale_cents: null,
      recent_average_cents: null,
      sales_90d: 0,
      highest_bid_cents: 10_400,
      basis: 'our_price',
    });
    expect(rowOf(answer, 'AM1-11')).toMatchObject({ price_cents: 20_000, highest_bid_cents: 14_000, basis: 'our_price' });
    expect(rowOf(answer, 'ZB-8')).toMatchObject({ price_cents: null, highest_bid_cents: null, basis: null, on_hand: 0 });
  });

  it('pages by size rows and searches title, style code and SKU', async () => {
    const page = await report('?offset=2&limit=2');
    expect(page.total).toBe(4);
    expect(page.items.map((row) => row.sku)).toEqual(['AM1-11', 'ZB-8']);
    expect((await report('?offset=1&limit=1')).items.map((row) => row.sku)).toEqual(['AM1-10']);
    expect(await report('?offset=8')).toMatchObject({ items: [], total: 4 });
    expect((await report('?q=am1-1')).items.map((row) => row.sku)).toEqual(['AM1-9', 'AM1-10', 'AM1-11']);
    expect((await report('?q=zb-8')).items.map((row) => row.sku)).toEqual(['ZB-8']);
    expect((await report('?q=anniversary&brand=nike')).total).toBe(3);
    expect((await report('?brand=adidas')).items.map((row) => row.sku)).toEqual(['ZB-8']);
    // The in-store guidance: only the sizes on the counter.
    const counter = await report(`?variant_ids=${sizeIds.get('ZB-8')},${sizeIds.get('AM1-11')}`);
    expect(counter.items.map((row) => row.sku)).toEqual(['AM1-11', 'ZB-8']);
    expect(counter.total).toBe(2);
  });

  it('takes a margin to try, and the saved target when none is given', async () => {
    const tried = await report('?margin=50');
    expect(tried).toMatchObject({ margin_percent: 50, target_margin_percent: 30 });
    expect(rowOf(tried, 'AM1-9').highest_bid_cents).toBe(10_900);
    expect(rowOf(tried, 'AM1-10').highest_bid_cents).toBe(7_400);

    const defaults = {
      target_margin_percent: 30,
      payout_methods: ['cash', 'bank_transfer', 'store_credit', 'check'],
      default_payout_method: 'cash',
      store_credit_bonus_percent: 0,
    };
    expect((await call('GET', '/purchasing/settings')).json()).toEqual(defaults);
    const saved = await call('PUT', '/purchasing/settings', { target_margin_percent: 40 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...defaults, target_margin_percent: 40 });
    expect((await call('GET', '/purchasing/settings')).json()).toEqual({ ...defaults, target_margin_percent: 40 });
    const atTarget = await report();
    expect(atTarget).toMatchObject({ margin_percent: 40, target_margin_percent: 40 });
    // 14,999 × 0.6 = 8,999.4 → $89.
    expect(rowOf(atTarget, 'AM1-10').highest_bid_cents).toBe(8_900);
    expect((await call('PUT', '/purchasing/settings', { target_margin_percent: 30 })).statusCode).toBe(200);
  });

  it('keep the payout options: fields left out keep their value, the default must be offered', async () => {
    const saved = await call('PUT', '/purchasing/settings', {
      payout_methods: ['check', 'cash', 'store_credit'],
      default_payout_method: 'store_credit',
      store_credit_bonus_percent: 20,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      target_margin_percent: 30,
      payout_methods: ['cash', 'store_credit', 'check'],
      default_payout_method: 'store_credit',
      store_credit_bonus_percent: 20,
    });
    const before = await databaseSnapshot(t.orm);
    const notOffered = await call('PUT', '/purchasing/settings', { default_payout_method: 'bank_transfer' });
    expect(notOffered.statusCode).toBe(400);
    expect(errorFields(notOffered)).toEqual(['default_payout_method']);
    for (const [payload, field] of [
      [{ store_credit_bonus_percent: 101 }, 'store_credit_bonus_percent'],
      [{ payout_methods: [] }, 'payout_methods'],
      [{ payout_methods: ['cash', 'cash'] }, 'payout_methods'],
    ] as const) {
      const bad = await call('PUT', '/purchasing/settings', payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorFields(bad)).toContain(field);
    }
    expect(await databaseSnapshot(t.orm)).toEqual(before);
    const back = await call('PUT', '/purchasing/settings', {
      payout_methods: ['cash', 'bank_transfer', 'store_credit', 'check'],
      default_payout_method: 'cash',
      store_credit_bonus_percent: 0,
    });
    expect(back.json()).toMatchObject({ default_payout_method: 'cash', store_credit_bonus_percent: 0 });
  });

  it('refuses a margin outside 0–90, naming the field, and writes nothing', async () => {
    const before = await databaseSnapshot(t.orm);
    const query = await call('GET', '/reports/highest-bid?margin=95');
    expect(query.statusCode).toBe(400);
    expect(errorFields(query)).toContain('margin');
    for (const bad of [91, -1, 12.5, '30']) {
      const put = await call('PUT', '/purchasing/settings', { target_margin_percent: bad });
      expect(put.statusCode, String(bad)).toBe(400);
      expect(errorFields(put)).toContain('target_margin_percent');
    }
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it("another business sees none of it: its own report is empty, and this one's answers 404", async () => {
    expect(await report('', stranger)).toMatchObject({ items: [], total: 0, target_margin_percent: 30 });
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${owner.businessId}/reports/highest-bid`,
      headers: bearer(stranger.token),
    });
    expect(peek.statusCode).toBe(404);
    expect(peek.body).not.toContain('Air Max');
  });

  it('the CSV holds every row of the same filter, as the JSON has them', async () => {
    const res = await call('GET', '/reports/highest-bid.csv?margin=50&q=am1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...lines] = parse(res.body, { bom: true }) as string[][];
    expect(header).toEqual([
      'product',
      'style_code',
      'size',
      'sku',
      'on_hand',
      'price_cents',
      'last_sale_cents',
      'recent_average_cents',
      'sales_90d',
      'market_price_cents',
      'highest_bid_cents',
      'basis',
      'margin_percent',
    ]);
    const json = await report('?margin=50&q=am1');
    const cell = (value: number | null) => (value === null ? '' : String(value));
    expect(lines).toEqual(
      json.items.map((row) => [
        row.product_title,
        'AM1-100',
        row.size_label,
        row.sku,
        String(row.on_hand),
        cell(row.price_cents),
        cell(row.last_sale_cents),
        cell(row.recent_average_cents),
        String(row.sales_90d),
        '',
        cell(row.highest_bid_cents),
        row.basis === 'recent_sales' ? 'recent sales' : 'our price',
        '50',
      ]),
    );
    expect(lines).toHaveLength(3);
  });
});
