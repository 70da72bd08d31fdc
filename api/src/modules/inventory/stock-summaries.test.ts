import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerAndLogin, type SignedIn, type TestApp } from '../../../test/helper.ts';

// The summaries' figures are kept per product in `product_stock` (migration 0021) by the ledger and by
// the catalog's triggers. Whatever is kept must equal a recomputation from scratch: this drives random
// adjustments, receipts into lots, sales in store and to ship, shipments, cancellations, refunds with
// restock, price changes (sizes, retail, pre-owned items), archives, new and deleted products and sizes,
// and after every step compares each kept figure, and the three summaries built on them, with SQL that
// sums the levels, lots and prices themselves.

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app, { business_name: 'Summary Kicks' });
  other = await registerAndLogin(t.app, { business_name: 'Other Kicks' });
});
afterAll(async () => t.close());

const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object, who: SignedIn = owner) =>
  t.app.inject({ method, url: `/api/v1/businesses/${who.businessId}${path}`, headers: bearer(who.token), ...(payload ? { payload } : {}) });

type Kept = {
  product_id: string;
  status: string;
  on_hand: number;
  available: number;
  sizes_in_stock: number;
  value_at_price_cents: string;
  lot_units: number;
  value_at_cost_cents: string;
};
type Product = { product_id: string; status: string; brand: string | null; title: string };

/** Each product's figures, summed from its levels, lots and prices (not from the view the writers use). */
const RECOMPUTED = `
  SELECT p.id AS product_id, p.status,
         coalesce(lv.on_hand, 0)::int AS on_hand,
         coalesce(lv.available, 0)::int AS available,
         coalesce(lv.sizes, 0)::int AS sizes_in_stock,
         coalesce(lv.at_price, 0)::bigint::text AS value_at_price_cents,
         coalesce(lt.units, 0)::int AS lot_units,
         coalesce(lt.at_cost, 0)::bigint::text AS value_at_cost_cents
    FROM products p
    LEFT JOIN (SELECT v.product_id, sum(l.on_hand) AS on_hand, sum(l.on_hand - l.reserved - l.committed) AS available,
                      count(DISTINCT v.id) FILTER (WHERE l.on_hand > 0) AS sizes,
                      sum(l.on_hand::bigint * coalesce(v.price_cents, vp.retail_price_cents, 0)) AS at_price
                 FROM stock_levels l JOIN variants v ON v.id = l.variant_id JOIN products vp ON vp.id = v.product_id
                GROUP BY v.product_id) lv ON lv.product_id = p.id
    LEFT JOIN (SELECT v.product_id, sum(c.quantity_remaining) AS units, sum(c.quantity_remaining::bigint * c.unit_cost_cents) AS at_cost
                 FROM cost_lots c JOIN variants v ON v.id = c.variant_id
                GROUP BY v.product_id) lt ON lt.product_id = p.id
   WHERE p.business_id = ?
   ORDER BY p.id`;

const KEPT = `
  SELECT product_id, status, on_hand, available, sizes_in_stock, value_at_price_cents::text, lot_units, value_at_cost_cents::text
    FROM product_stock WHERE business_id = ? ORDER BY product_id`;

const sql = <Row>(text: string, params: unknown[]) => t.orm.em.fork().execute<Row[]>(text, params);

/** Compares every kept figure of the business, and its three summaries, with the recomputation. */
async function expectKeptEqualsRecomputed(who: SignedIn, step: string) {
  const recomputed = await sql<Kept>(RECOMPUTED, [who.businessId]);
  const kept = await sql<Kept>(KEPT, [who.businessId]);
  expect(kept, `product_stock after ${step}`).toEqual(recomputed);

  const products = await sql<Product>('SELECT id AS product_id, status, brand, title FROM products WHERE business_id = ?', [
    who.businessId,
  ]);
  const byId = new Map(recomputed.map((row) => [row.product_id, row]));
  const total = (rows: Kept[]) => {
    const sum = (pick: (row: Kept) => number) => rows.reduce((acc, row) => acc + pick(row), 0);
    const onHand = sum((row) => row.on_hand);
    return {
      products: rows.length,
      units_on_hand: onHand,
      value_at_cost_cents: sum((row) => Number(row.value_at_cost_cents)),
      value_at_price_cents: sum((row) => Number(row.value_at_price_cents)),
      units_without_cost: Math.max(onHand - sum((row) => row.lot_units), 0),
    };
  };
  const of = (match: (product: Product) => boolean) => total(products.filter(match).flatMap((p) => byId.get(p.product_id) ?? []));
  const filters: [string, (product: Product) => boolean][] = [
    ['', (p) => p.status === 'active'],
    ['?status=all', () => true],
    ['?status=archived', (p) => p.status === 'archived'],
    ['?status=draft', (p) => p.status === 'draft'],
    ['?brand=Adidas', (p) => p.status === 'active' && p.brand === 'Adidas'],
    ['?status=all&q=samba', (p) => p.title.toLowerCase().includes('samba')],
  ];
  for (const [query, match] of filters) {
    const res = await call('GET', `/products/summary${query}`, undefined, who);
    expect(res.json(), `products summary${query} after ${step}`).toEqual(of(match));
  }

  const all = total(recomputed);
  const inventory = (await call('GET', '/inventory/summary', undefined, who)).json();
  const locations = await sql<{ n: number }>('SELECT count(*)::int AS n FROM locations WHERE business_id = ? AND archived_at IS NULL', [
    who.businessId,
  ]);
  expect(inventory, `inventory summary after ${step}`).toEqual({
    units_on_hand: all.units_on_hand,
    units_available: recomputed.reduce((acc, row) => acc + row.available, 0),
    variants_in_stock: recomputed.reduce((acc, row) => acc + row.sizes_in_stock, 0),
    products: products.filter((p) => p.status === 'active').length,
    value_at_cost_cents: all.value_at_cost_cents,
    value_at_price_cents: all.value_at_price_cents,
    units_without_cost: all.units_without_cost,
    locations: locations[0]?.n,
  });
  const dashboard = (await call('GET', '/analytics/dashboard', undefined, who)).json();
  expect(dashboard.inventory, `dashboard after ${step}`).toEqual({
    units_on_hand: all.units_on_hand,
    value_at_cost_cents: all.value_at_cost_cents,
    value_at_price_cents: all.value_at_price_cents,
  });
  const sold = dashboard.last_30_days.units;
  expect(dashboard.sell_through_30d_percent).toBe(
    sold + all.units_on_hand === 0 ? 0 : Math.round((sold / (sold + all.units_on_hand)) * 1000) / 10,
  );
}

describe('kept summaries', () => {
  it('equal a recomputation from the levels, lots and prices after every one of many random writes', async () => {
    let seed = 20261127;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
    const main = (await call('GET', '/locations')).json()[0].id as string;
    const store = (await call('POST', '/locations', { name: 'Store', kind: 'store' })).json().id as string;
    const locations = [main, store];

    type Size = { id: string; product: string };
    const sizes: Size[] = [];
    const productIds: string[] = [];
    let made = 0;
    const makeProduct = async (sizeNames: string[]) => {
      made += 1;
      const res = await call('POST', '/products', {
        title: `${made % 2 ? 'Samba OG' : 'Dunk Low'} ${made}`,
        brand: made % 3 ? 'Adidas' : 'Nike',
        category: 'sneakers',
        size_format: 'us-men',
        status: made % 5 === 4 ? 'draft' : 'active',
        ...(made % 4 ? { retail_price_cents: 10_000 + made * 100 } : {}),
        variants: sizeNames.map((size, i) => ({ size, sku: `SUM-${made}-${size}`, ...(i % 2 ? {} : { price_cents: 12_000 + i * 500 }) })),
      });
      expect(res.statusCode, res.body).toBe(201);
      const product = res.json() as { id: string; variants: { id: string }[] };
      productIds.push(product.id);
      for (const variant of product.variants) sizes.push({ id: variant.id, product: product.id });
      return product;
    };
    for (let i = 0; i < 4; i += 1) await makeProduct(['9', '9.5', '10']);

    const inStore: { id: string; lines: { id: string; quantity: number }[] }[] = [];
    const toShip: { id: string; lines: { id: string }[]; fulfillments: { id: string }[] }[] = [];
    let preowned = 0;

    const steps: [string, () => Promise<unknown>][] = [
      [
        'a receipt into a lot',
        () =>
          call('POST', '/inventory/adjustments', {
            location_id: pick(locations),
            lines: [
              {
                variant_id: pick(sizes).id,
                quantity: 1 + Math.floor(random() * 4),
                reason: 'received',
                unit_cost_cents: 5_000 + Math.floor(random() * 50) * 100,
              },
            ],
          }),
      ],
      [
        'units found without a cost',
        () =>
          call('POST', '/inventory/adjustments', {
            location_id: pick(locations),
            lines: [{ variant_id: pick(sizes).id, quantity: 1 + Math.floor(random() * 2), reason: 'found' }],
          }),
      ],
      [
        'units written off',
        () =>
          call('POST', '/inventory/adjustments', {
            location_id: pick(locations),
            lines: [{ variant_id: pick(sizes).id, quantity: -(1 + Math.floor(random() * 3)), reason: 'damaged' }],
          }),
      ],
      [
        'a sale in store',
        async () => {
          const res = await call('POST', '/sales', {
            channel: 'in_store',
            location_id: pick(locations),
            lines: [{ variant_id: pick(sizes).id, quantity: 1 + Math.floor(random() * 2), unit_price_cents: 15_000 }],
          });
          if (res.statusCode === 201) inStore.push(res.json());
        },
      ],
      [
        'an order to ship',
        async () => {
          const res = await call('POST', '/sales', {
            channel: 'manual',
            lines: [{ variant_id: pick(sizes).id, quantity: 1, unit_price_cents: 16_000 }],
          });
          if (res.statusCode === 201) toShip.push(res.json());
        },
      ],
      [
        'a shipment',
        async () => {
          const sale = toShip.shift();
          const fulfillment = sale?.fulfillments[0];
          if (fulfillment)
            await call('POST', `/fulfillments/${fulfillment.id}/ship`, { carrier: 'UPS', tracking_number: '1Z999AA10123456784' });
        },
      ],
      [
        'a cancellation',
        async () => {
          const sale = toShip.pop() ?? inStore.pop();
          if (sale) await call('POST', `/sales/${sale.id}/cancel`, {});
        },
      ],
      [
        'a refund with a unit restocked',
        async () => {
          const sale = inStore.shift();
          const line = sale?.lines[0];
          if (sale && line)
            await call('POST', `/sales/${sale.id}/refunds`, { amount_cents: 5_000, restock: [{ line_id: line.id, quantity: 1 }] });
        },
      ],
      [
        "a size's price",
        async () => {
          const size = pick(sizes);
          const price = random() < 0.3 ? null : 9_000 + Math.floor(random() * 100) * 100;
          await call('PATCH', `/products/${size.product}`, { variants: [{ id: size.id, price_cents: price }] });
        },
      ],
      [
        "a product's retail price",
        () =>
          call('PATCH', `/products/${pick(productIds)}`, {
            retail_price_cents: random() < 0.3 ? null : 8_000 + Math.floor(random() * 100) * 100,
          }),
      ],
      ['an archive or unarchive', () => call('POST', `/products/${pick(productIds)}/${random() < 0.6 ? 'archive' : 'unarchive'}`)],
      [
        'a new product with a size added and another removed',
        async () => {
          const product = await makeProduct(['11']);
          const added = await call('POST', `/products/${product.id}/variants`, { size: '12', sku: `SUM-${made}-12`, price_cents: 13_000 });
          expect(added.statusCode, added.body).toBe(201);
          const removed = await call('DELETE', `/products/${product.id}/variants/${product.variants[0]?.id}`);
          expect(removed.statusCode, removed.body).toBe(200);
          const gone = sizes.findIndex((size) => size.id === product.variants[0]?.id);
          sizes.splice(gone, 1);
          for (const variant of (removed.json() as { variants: { id: string }[] }).variants)
            if (!sizes.some((size) => size.id === variant.id)) sizes.push({ id: variant.id, product: product.id });
        },
      ],
      [
        'a product deleted',
        async () => {
          const product = await makeProduct(['8']);
          const res = await call('DELETE', `/products/${product.id}`);
          expect(res.statusCode, res.body).toBe(204);
          productIds.splice(productIds.indexOf(product.id), 1);
          sizes.splice(
            sizes.findIndex((size) => size.product === product.id),
            1,
          );
        },
      ],
      [
        'a pre-owned item published, then its price changed',
        async () => {
          preowned += 1;
          const res = await call('POST', '/preowned', {
            title: `Samba worn ${preowned}`,
            brand: 'Adidas',
            size_format: 'us-men',
            size: '10',
            grade: 'good',
            price_cents: 7_000,
            unit_cost_cents: 3_000,
            location_id: pick(locations),
            publish: true,
          });
          expect(res.statusCode, res.body).toBe(201);
          const item = res.json() as { id: string };
          const changed = await call('PATCH', `/preowned/${item.id}`, { price_cents: 7_500 });
          expect(changed.statusCode, changed.body).toBe(200);
        },
      ],
    ];

    for (let step = 0; step < 60; step += 1) {
      const [name, run] = pick(steps);
      await run();
      await expectKeptEqualsRecomputed(owner, `step ${step}: ${name}`);
    }
    // The other business's figures stay its own.
    const size = (
      await call(
        'POST',
        '/products',
        { title: 'Other', category: 'sneakers', size_format: 'us-men', variants: [{ size: '9', sku: 'OTHER-9', price_cents: 5_000 }] },
        other,
      )
    ).json().variants[0].id;
    const otherMain = (await call('GET', '/locations', undefined, other)).json()[0].id;
    await call(
      'POST',
      '/inventory/adjustments',
      { location_id: otherMain, lines: [{ variant_id: size, quantity: 2, reason: 'received', unit_cost_cents: 1_000 }] },
      other,
    );
    await expectKeptEqualsRecomputed(other, 'the other business');
    await expectKeptEqualsRecomputed(owner, 'the other business wrote');
    // Something was exercised: stock, lots and products of every status.
    const figures = (await call('GET', '/products/summary?status=all')).json();
    expect(figures.units_on_hand).toBeGreaterThan(0);
    expect(figures.value_at_cost_cents).toBeGreaterThan(0);
  }, 300_000);
});
