import type { Dashboard } from '@tradepost/shared/schemas/sales.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerAndLogin, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { agedStockQuery } from './dashboard.service.ts';

// The dashboard's aged stock is kept per business and day of acquisition in `aged_stock_days`
// (migration 0037) by triggers on the cost lots, the stock's totals per product status in
// `stock_totals` and each sale's figures in `sale_figures` (migration 0038) by triggers on the
// per-product figures and on sales, lines and refunds. Whatever is kept must equal a recomputation:
// the bucketing of every remaining lot from scratch, the sums of the product rows
// (`stock-summaries.test.ts` checks those rows, and the summaries read from the totals, against the
// levels, lots and prices themselves), and each sale's figures from its lines and refunds
// (`dashboard.test.ts` checks what the dashboard sums of them against the sales list). After each write that moves lots or stock (receipts, sales,
// shipments, cancellations, refunds with restock, write-offs, lots backdated), after a price change,
// and at any later instant (the days passing move lots between buckets with no write at all).

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app, { business_name: 'Aged Kicks' });
  other = await registerAndLogin(t.app, { business_name: 'Other Aged Kicks' });
});
afterAll(async () => t.close());

const call = async (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object, who: SignedIn = owner) => {
  const res = await t.app.inject({
    method,
    url: `/api/v1/businesses/${who.businessId}${path}`,
    headers: bearer(who.token),
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};
const sql = <Row>(text: string, params: unknown[]) => t.orm.em.fork().execute<Row[]>(text, params);

type Bucket = { bucket: string; units: number; value_cents: number };
const ORDER = ['0-30', '31-60', '61-90', '91-180', '180+'];

/** The buckets as the dashboard counted them before they were kept: every remaining lot, at `asOf`. */
async function recomputed(who: SignedIn, asOf: string): Promise<Bucket[]> {
  const rows = await sql<{ bucket: string; units: number; value_cents: string }>(
    `SELECT bucket, sum(quantity_remaining)::int AS units, sum(quantity_remaining::bigint * unit_cost_cents)::bigint::text AS value_cents
       FROM (SELECT quantity_remaining, unit_cost_cents,
                    CASE WHEN acquired_at > ?::timestamptz - interval '30 days' THEN '0-30'
                         WHEN acquired_at > ?::timestamptz - interval '60 days' THEN '31-60'
                         WHEN acquired_at > ?::timestamptz - interval '90 days' THEN '61-90'
                         WHEN acquired_at > ?::timestamptz - interval '180 days' THEN '91-180'
                         ELSE '180+' END AS bucket
               FROM cost_lots WHERE business_id = ? AND quantity_remaining > 0) lots
      GROUP BY bucket`,
    [asOf, asOf, asOf, asOf, who.businessId],
  );
  return ORDER.map((bucket) => {
    const row = rows.find((r) => r.bucket === bucket);
    return { bucket, units: row?.units ?? 0, value_cents: Number(row?.value_cents ?? 0) };
  });
}

async function kept(who: SignedIn, asOf: string): Promise<Bucket[]> {
  const rows = await agedStockQuery(tenantDb(t.orm.em.fork(), who.businessId), asOf).execute();
  return ORDER.map((bucket) => {
    const row = rows.find((r) => r.bucket === bucket);
    return { bucket, units: Number(row?.units ?? 0), value_cents: Number(row?.value_cents ?? 0) };
  });
}

/** The kept day rows, beside the lots summed per UTC day of acquisition. */
async function expectDaysKept(who: SignedIn, step: string) {
  const days = await sql<{ day: string; units: string; value_cents: string }>(
    `SELECT day::text, units::text, value_cents::text FROM aged_stock_days
      WHERE business_id = ? AND (units <> 0 OR value_cents <> 0) ORDER BY day`,
    [who.businessId],
  );
  const lots = await sql<{ day: string; units: string; value_cents: string }>(
    `SELECT (acquired_at AT TIME ZONE 'UTC')::date::text AS day, sum(quantity_remaining)::text AS units,
            sum(quantity_remaining::bigint * unit_cost_cents)::text AS value_cents
       FROM cost_lots WHERE business_id = ? AND quantity_remaining > 0 GROUP BY 1 ORDER BY 1`,
    [who.businessId],
  );
  expect(days, `aged_stock_days after ${step}`).toEqual(lots);
}

/** The business's stock totals per product status (migration 0038), beside the per-product rows they sum. */
async function expectTotalsKept(who: SignedIn, step: string) {
  const figures = ['products', 'on_hand', 'available', 'sizes_in_stock', 'value_at_price_cents', 'lot_units', 'value_at_cost_cents'];
  const kept = await sql(
    `SELECT status, ${figures.map((f) => `${f}::text`).join(', ')} FROM stock_totals
      WHERE business_id = ? AND (${figures.map((f) => `${f} <> 0`).join(' OR ')}) ORDER BY status`,
    [who.businessId],
  );
  const summed = await sql(
    `SELECT status, count(*)::text AS products, ${figures
      .slice(1)
      .map((f) => `sum(${f})::text AS ${f}`)
      .join(', ')} FROM product_stock WHERE business_id = ? GROUP BY status ORDER BY status`,
    [who.businessId],
  );
  expect(kept, `stock_totals after ${step}`).toEqual(summed);
}

/** Each sale's kept figures (migration 0038), beside their definition recomputed now. */
async function expectSalesKept(who: SignedIn, step: string) {
  const columns = 'sale_id, channel_id, ordered_at::text, cancelled, units::text, revenue_cents::text, profit_cents::text';
  const kept = await sql(`SELECT ${columns} FROM sale_figures WHERE business_id = ? ORDER BY sale_id`, [who.businessId]);
  const computed = await sql(`SELECT ${columns} FROM sale_figures_computed WHERE business_id = ? ORDER BY sale_id`, [who.businessId]);
  expect(kept, `sale_figures after ${step}`).toEqual(computed);
}

async function expectKeptEqualsRecomputed(who: SignedIn, step: string) {
  await expectDaysKept(who, step);
  await expectTotalsKept(who, step);
  await expectSalesKept(who, step);
  // The products summary of the products in stock or not reads product_stock alone: the same sets as
  // the levels say (a level with units on hand).
  for (const inStock of [true, false]) {
    const [expected] = await sql<{ products: number; units_on_hand: number }>(
      `SELECT count(*)::int AS products, coalesce(sum(ps.on_hand), 0)::int AS units_on_hand
         FROM products p JOIN product_stock ps ON ps.product_id = p.id
        WHERE p.business_id = ? AND ${inStock ? '' : 'NOT '}EXISTS (
              SELECT 1 FROM variants v JOIN stock_levels l ON l.variant_id = v.id WHERE v.product_id = p.id AND l.on_hand > 0)`,
      [who.businessId],
    );
    const summary = await call('GET', `/products/summary?status=all&in_stock=${inStock}`, undefined, who);
    expect({ products: summary.products, units_on_hand: summary.units_on_hand }, `in stock ${inStock} after ${step}`).toEqual(expected);
  }
  const [{ now }] = (await sql<{ now: string }>('SELECT now()::text AS now', [])) as [{ now: string }];
  expect(await kept(who, now), `aged stock after ${step}`).toEqual(await recomputed(who, now));
  const dashboard = (await call('GET', '/analytics/dashboard', undefined, who)) as Dashboard;
  expect(dashboard.aged_stock, `the dashboard after ${step}`).toEqual(await recomputed(who, new Date().toISOString()));
}

describe('the dashboard’s kept figures: aged stock per day, stock totals per status', () => {
  it('equals the bucketing of every remaining lot after each write, and at any later instant', async () => {
    const location = (await call('GET', '/locations'))[0].id as string;
    const product = await call('POST', '/products', {
      title: 'Dunk Low Panda',
      category: 'sneakers',
      size_format: 'us-men',
      variants: ['9', '10', '11'].map((size) => ({ size, sku: `AGED-${size}`, price_cents: 11_000 })),
    });
    const [nine, ten, eleven] = product.variants.map((v: { id: string }) => v.id) as [string, string, string];
    const receive = (variant: string, quantity: number, cost: number, who = owner, at = location) =>
      call(
        'POST',
        '/inventory/adjustments',
        { location_id: at, lines: [{ variant_id: variant, quantity, reason: 'received', unit_cost_cents: cost }] },
        who,
      );
    /** Lots of a size moved back in time, as if they had been received that long ago. */
    const backdate = (variant: string, age: string) =>
      sql(
        `UPDATE cost_lots SET acquired_at = now() - ?::interval WHERE business_id = ? AND variant_id = ? AND acquired_at > now() - interval '1 hour'`,
        [age, owner.businessId, variant],
      );

    await receive(nine, 3, 5_000);
    await receive(ten, 4, 6_000);
    await receive(eleven, 2, 7_000);
    await expectKeptEqualsRecomputed(owner, 'receipts');
    // Lots of every age, two of them a minute either side of the 30-day edge (the same UTC day or not).
    await backdate(nine, '200 days');
    await backdate(ten, '30 days 1 minute');
    await receive(ten, 2, 6_500);
    await backdate(ten, '29 days 23 hours 59 minutes');
    await backdate(eleven, '75 days');
    await receive(nine, 2, 5_500);
    await backdate(nine, '120 days');
    await receive(eleven, 5, 7_200);
    await expectKeptEqualsRecomputed(owner, 'lots backdated');
    // The fixture is what it says: stock in every bucket.
    expect((await kept(owner, new Date().toISOString())).map((b) => b.units > 0)).toEqual([true, true, true, true, true]);

    // A sale takes the oldest lots (FIFO); a sale to ship, cancelled, gives its units back.
    const sale = await call('POST', '/sales', {
      channel: 'in_store',
      location_id: location,
      lines: [
        { variant_id: nine, quantity: 4, unit_price_cents: 11_000 },
        { variant_id: ten, quantity: 1, unit_price_cents: 11_000 },
      ],
    });
    await expectKeptEqualsRecomputed(owner, 'a sale');
    const order = await call('POST', '/sales', {
      channel: 'manual',
      lines: [{ variant_id: eleven, quantity: 3, unit_price_cents: 12_000 }],
    });
    await expectKeptEqualsRecomputed(owner, 'an order');
    await call('POST', `/sales/${order.id}/cancel`, { lines: [{ line_id: order.lines[0].id, quantity: 1 }] });
    await expectKeptEqualsRecomputed(owner, 'a line cancelled in part');
    await call('POST', `/sales/${order.id}/cancel`, {});
    await expectKeptEqualsRecomputed(owner, 'a cancellation');
    const shipped = await call('POST', '/sales', {
      channel: 'manual',
      lines: [{ variant_id: ten, quantity: 2, unit_price_cents: 12_000 }],
    });
    await call('POST', `/fulfillments/${shipped.fulfillments[0].id}/ship`, { carrier: 'UPS', tracking_number: '1Z999AA10123456784' });
    await expectKeptEqualsRecomputed(owner, 'a shipment');
    await call('POST', `/sales/${sale.id}/refunds`, { amount_cents: 11_000, restock: [{ line_id: sale.lines[0].id, quantity: 1 }] });
    await expectKeptEqualsRecomputed(owner, 'a refund with a unit restocked');
    await call('POST', '/inventory/adjustments', {
      location_id: location,
      lines: [{ variant_id: eleven, quantity: -2, reason: 'damaged' }],
    });
    await expectKeptEqualsRecomputed(owner, 'a write-off');
    const before = await recomputed(owner, new Date().toISOString());
    await call('PATCH', `/products/${product.id}`, { variants: [{ id: nine, price_cents: 9_900 }] });
    await expectKeptEqualsRecomputed(owner, 'a price change');
    expect(await recomputed(owner, new Date().toISOString())).toEqual(before);
    // A product's status moves its figures between statuses; a product created and deleted leaves nothing.
    await call('POST', `/products/${product.id}/archive`);
    await expectKeptEqualsRecomputed(owner, 'an archive');
    await call('POST', `/products/${product.id}/unarchive`);
    const extra = await call('POST', '/products', {
      title: 'Short-lived',
      category: 'sneakers',
      size_format: 'us-men',
      variants: [{ size: '8', sku: 'AGED-GONE-8', price_cents: 4_000 }],
    });
    await expectKeptEqualsRecomputed(owner, 'a product created');
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/businesses/${owner.businessId}/products/${extra.id}`,
      headers: bearer(owner.token),
    });
    expect(gone.statusCode, gone.body).toBe(204);
    await expectKeptEqualsRecomputed(owner, 'a product deleted');

    // Several writers at once: the kept days are folded at each commit, in day order, without a deadlock.
    await Promise.all([
      receive(nine, 1, 5_100),
      receive(ten, 1, 6_100),
      call('POST', '/sales', {
        channel: 'in_store',
        location_id: location,
        lines: [{ variant_id: ten, quantity: 1, unit_price_cents: 11_000 }],
      }),
      call('POST', '/sales', {
        channel: 'in_store',
        location_id: location,
        lines: [{ variant_id: eleven, quantity: 1, unit_price_cents: 11_000 }],
      }),
      receive(eleven, 2, 7_300),
    ]);
    await expectKeptEqualsRecomputed(owner, 'concurrent writes');

    // The days passing, with no write: every instant from now to 400 days on, and a second either side
    // of the moment each lot crosses an edge.
    const lots = await sql<{ at: string }>('SELECT acquired_at AS at FROM cost_lots WHERE business_id = ? AND quantity_remaining > 0', [
      owner.businessId,
    ]);
    const day = 86_400_000;
    const instants = Array.from({ length: 21 }, (_, i) => Date.now() + i * 20 * day);
    for (const lot of lots)
      for (const edge of [30, 60, 90, 180]) {
        const crossing = new Date(lot.at).getTime() + edge * day;
        instants.push(crossing - 1000, crossing + 1000);
      }
    for (const instant of instants) {
      const asOf = new Date(instant).toISOString();
      expect(await kept(owner, asOf), `aged stock at ${asOf}`).toEqual(await recomputed(owner, asOf));
    }
    const later = await kept(owner, new Date(Date.now() + 200 * day).toISOString());
    expect(later.find((b) => b.bucket === '180+')?.units).toBeGreaterThan(0);

    // Another business's lots are its own.
    const theirs = await call(
      'POST',
      '/products',
      { title: 'Other', category: 'sneakers', size_format: 'us-men', variants: [{ size: '9', sku: 'OTHER-AGED-9', price_cents: 5_000 }] },
      other,
    );
    const theirLocation = (await call('GET', '/locations', undefined, other))[0].id;
    const mine = await recomputed(owner, new Date().toISOString());
    await receive(theirs.variants[0].id, 3, 1_000, other, theirLocation);
    await expectKeptEqualsRecomputed(other, 'the other business');
    await expectKeptEqualsRecomputed(owner, 'the other business wrote');
    expect(await recomputed(owner, new Date().toISOString())).toEqual(mine);
  }, 60_000);
});
