import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, errorFields, registerAndLogin, type SignedIn, type TestApp } from '../../../test/helper.ts';

type Cell = { on_hand: number; available: number };
type Grid = {
  locations: { id: string; name: string; total: Cell }[];
  rows: {
    product_id: string;
    title: string;
    cells: Cell[];
    total: Cell;
    sizes: { variant_id: string; size: string; sku: string; cells: Cell[]; total: Cell }[];
  }[];
  totals: { products: number; on_hand: number; available: number };
};

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let warehouse: string;
let store: string;
let strangerWarehouse: string;
/** Air Jordan 1 (sizes 10, 9, 9.5 as created), Samba OG, Dunk Low (no stock), and an archived product without stock. */
let jordan: { id: string; variants: { id: string; size: string }[] };
let samba: { id: string; variants: { id: string; size: string }[] };

const url = (path: string, who: SignedIn = owner) => `/api/v1/businesses/${who.businessId}${path}`;
const get = (path: string, who: SignedIn = owner) => t.app.inject({ method: 'GET', url: url(path, who), headers: bearer(who.token) });
const post = async (path: string, payload: object, who: SignedIn = owner) => {
  const res = await t.app.inject({ method: 'POST', url: url(path, who), headers: bearer(who.token), payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};
const grid = async (query = '', who: SignedIn = owner): Promise<Grid> => {
  const res = await get(`/inventory/stock-by-location${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const product = (who: SignedIn, title: string, brand: string, style: string, sizes: string[]) =>
  post(
    '/products',
    {
      title,
      brand,
      style_code: style,
      category: 'sneakers',
      size_format: 'us-men',
      variants: sizes.map((size) => ({ size, sku: `${style}-${size}` })),
    },
    who,
  );
const receive = (location: string, lines: { variant_id: string; quantity: number }[], who: SignedIn = owner) =>
  post(
    '/inventory/adjustments',
    { location_id: location, lines: lines.map((l) => ({ ...l, reason: 'received', unit_cost_cents: 9000 })) },
    who,
  );

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app, { business_name: 'Grid Kicks' });
  stranger = await registerAndLogin(t.app, { business_name: 'Other Kicks' });
  warehouse = (await get('/locations')).json()[0].id;
  store = (await post('/locations', { name: 'Store front', kind: 'store' })).id;
  strangerWarehouse = (await get('/locations', stranger)).json()[0].id;

  jordan = await product(owner, 'Air Jordan 1 Retro High OG', 'Jordan', 'DZ5485-612', ['10', '9', '9.5']);
  samba = await product(owner, 'Samba OG Cloud White', 'adidas', 'IE3439', ['8']);
  await product(owner, 'Dunk Low Panda', 'Nike', 'DD1391-100', ['11']);
  const archived = await product(owner, 'Yeezy Slide Onyx', 'adidas', 'HQ6448', ['9']);
  await post(`/products/${archived.id}/archive`, {});

  // Receipt: 5 of size 9 and 3 of size 10 at the warehouse, 2 Sambas at the store.
  const nine = jordan.variants.find((v) => v.size === '9');
  const ten = jordan.variants.find((v) => v.size === '10');
  await receive(warehouse, [
    { variant_id: nine?.id ?? '', quantity: 5 },
    { variant_id: ten?.id ?? '', quantity: 3 },
  ]);
  await receive(store, [{ variant_id: samba.variants[0]?.id ?? '', quantity: 2 }]);
  // Transfer: 2 of size 9 from the warehouse to the store, shipped and received.
  const transfer = await post('/inventory/transfers', {
    from_location_id: warehouse,
    to_location_id: store,
    lines: [{ variant_id: nine?.id, quantity: 2 }],
  });
  await post(`/inventory/transfers/${transfer.id}/ship`, {});
  await post(`/inventory/transfers/${transfer.id}/receive`, { lines: [{ variant_id: nine?.id, quantity: 2 }] });
  // A manual order commits one size 10 at the warehouse: on hand 3, available 2.
  await post('/sales', {
    channel: 'manual',
    location_id: warehouse,
    lines: [{ variant_id: ten?.id, quantity: 1, unit_price_cents: 20000 }],
  });

  // The other business has the same kind of stock, and a product whose SKU our search would find.
  const theirs = await product(stranger, 'Air Jordan 1 Retro High OG Bred', 'Jordan', 'DZ5485-061', ['9']);
  await receive(strangerWarehouse, [{ variant_id: theirs.variants[0].id, quantity: 7 }], stranger);
});
afterAll(async () => t.close());

/** The variant's levels from the ledger's own reconciliation, by location. */
async function ledgerLevels(variantId: string): Promise<Map<string, Cell>> {
  const view = (await get(`/inventory/variants/${variantId}/ledger`)).json();
  return new Map(
    view.reconciliation.map((r: { location_id: string; matches: boolean; level: Cell }) => {
      expect(r.matches).toBe(true);
      return [r.location_id, { on_hand: r.level.on_hand, available: r.level.available }];
    }),
  );
}

describe('stock by location', () => {
  it('every cell equals the ledger level after a receipt, a transfer and an order; rows and columns add up', async () => {
    const answer = await grid();
    expect(answer.locations.map((l) => l.name)).toEqual(['Main warehouse', 'Store front']);
    // By title; the archived product without stock is left out.
    expect(answer.rows.map((r) => r.title)).toEqual(['Air Jordan 1 Retro High OG', 'Dunk Low Panda', 'Samba OG Cloud White']);
    const row = answer.rows[0];
    expect(row?.sizes.map((s) => s.size)).toEqual(['9', '9.5', '10']);
    for (const size of row?.sizes ?? []) {
      const levels = await ledgerLevels(size.variant_id);
      answer.locations.forEach((location, index) => {
        expect(size.cells[index], `${size.size} at ${location.name}`).toEqual(levels.get(location.id) ?? { on_hand: 0, available: 0 });
      });
    }
    expect(row?.sizes.map((s) => s.cells)).toEqual([
      [
        { on_hand: 3, available: 3 },
        { on_hand: 2, available: 2 },
      ],
      [
        { on_hand: 0, available: 0 },
        { on_hand: 0, available: 0 },
      ],
      [
        { on_hand: 3, available: 2 },
        { on_hand: 0, available: 0 },
      ],
    ]);
    expect(row?.cells).toEqual([
      { on_hand: 6, available: 5 },
      { on_hand: 2, available: 2 },
    ]);
    expect(row?.total).toEqual({ on_hand: 8, available: 7 });
    expect(answer.locations.map((l) => l.total)).toEqual([
      { on_hand: 6, available: 5 },
      { on_hand: 4, available: 4 },
    ]);
    expect(answer.totals).toEqual({ products: 3, on_hand: 10, available: 9 });
    // The same units as the inventory summary's.
    const summary = (await get('/inventory/summary')).json();
    expect([summary.units_on_hand, summary.units_available]).toEqual([10, 9]);
  });

  it('totals cover the whole filter, not the page', async () => {
    const first = await grid('?limit=1');
    expect(first.rows.map((r) => r.title)).toEqual(['Air Jordan 1 Retro High OG']);
    expect(first.totals).toEqual({ products: 3, on_hand: 10, available: 9 });
    expect(first.locations.map((l) => l.total.on_hand)).toEqual([6, 4]);
    const last = await grid('?limit=1&offset=2');
    expect(last.rows.map((r) => r.title)).toEqual(['Samba OG Cloud White']);
  });

  it('filters by search (title, style code, SKU), brand, location and in stock only', async () => {
    const titles = async (query: string) => (await grid(query)).rows.map((r) => r.title);
    expect(await titles('?q=retro%20high')).toEqual(['Air Jordan 1 Retro High OG']);
    expect(await titles('?q=ie3439')).toEqual(['Samba OG Cloud White']);
    expect(await titles('?q=DZ5485-612-9.5')).toEqual(['Air Jordan 1 Retro High OG']);
    expect(await titles('?brand=Nike')).toEqual(['Dunk Low Panda']);
    const inStock = await grid('?in_stock=true');
    expect(inStock.rows.map((r) => r.title)).toEqual(['Air Jordan 1 Retro High OG', 'Samba OG Cloud White']);
    expect(inStock.totals).toEqual({ products: 2, on_hand: 10, available: 9 });
    // Only the sizes holding units.
    expect(inStock.rows[0]?.sizes.map((s) => s.size)).toEqual(['9', '10']);

    const atStore = await grid(`?location_id=${store}&in_stock=true`);
    expect(atStore.locations.map((l) => l.name)).toEqual(['Store front']);
    expect(atStore.rows.map((r) => [r.title, r.sizes.map((s) => s.size), r.total.on_hand])).toEqual([
      ['Air Jordan 1 Retro High OG', ['9'], 2],
      ['Samba OG Cloud White', ['8'], 2],
    ]);
    expect(atStore.totals).toEqual({ products: 2, on_hand: 4, available: 4 });

    const brandTotals = await grid('?brand=Jordan');
    expect(brandTotals.totals).toEqual({ products: 1, on_hand: 8, available: 7 });
    expect(brandTotals.locations.map((l) => l.total.on_hand)).toEqual([6, 2]);
  });

  it('exports the same filter as CSV: a header row, then every size of every matching product', async () => {
    const res = await get('/inventory/stock-by-location.csv?brand=Jordan');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="stock-by-location-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(
      res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\n'),
    ).toEqual([
      'Product,Brand,Style code,Size,SKU,Main warehouse,Store front,Total on hand,Total available',
      'Air Jordan 1 Retro High OG,Jordan,DZ5485-612,9,DZ5485-612-9,3,2,5,5',
      'Air Jordan 1 Retro High OG,Jordan,DZ5485-612,9.5,DZ5485-612-9.5,0,0,0,0',
      'Air Jordan 1 Retro High OG,Jordan,DZ5485-612,10,DZ5485-612-10,3,0,3,2',
    ]);
    // All rows, not one page: every product of the filter, with the columns of the chosen location.
    const all = (await get(`/inventory/stock-by-location.csv?location_id=${store}`)).body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(all[0]).toBe('Product,Brand,Style code,Size,SKU,Store front,Total on hand,Total available');
    expect(all.slice(1).map((line) => line.split(',')[0])).toEqual([
      'Air Jordan 1 Retro High OG',
      'Air Jordan 1 Retro High OG',
      'Air Jordan 1 Retro High OG',
      'Dunk Low Panda',
      'Samba OG Cloud White',
    ]);
  });

  it('a bad filter answers 400 naming the field; an unknown location 404', async () => {
    for (const [query, field] of [
      ['in_stock=yes', 'in_stock'],
      ['location_id=nope', 'location_id'],
      ['limit=0', 'limit'],
      ['offset=-1', 'offset'],
      ['brand=', 'brand'],
    ]) {
      const res = await get(`/inventory/stock-by-location?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(errorFields(res), query).toEqual([field]);
    }
    const csv = await get('/inventory/stock-by-location.csv?in_stock=1');
    expect(csv.statusCode).toBe(400);
    expect(errorFields(csv)).toEqual(['in_stock']);
    const foreign = await get(`/inventory/stock-by-location.csv?location_id=${strangerWarehouse}`);
    expect(foreign.statusCode).toBe(404);
    expect((await get(`/inventory/stock-by-location?location_id=${strangerWarehouse}`)).statusCode).toBe(404);
  });

  it("another business's stock never appears, and ours never in theirs", async () => {
    const ours = await grid('?q=DZ5485');
    expect(ours.rows.map((r) => r.title)).toEqual(['Air Jordan 1 Retro High OG']);
    expect(ours.totals.on_hand).toBe(8);
    const theirs = await grid('', stranger);
    expect(theirs.locations.map((l) => l.id)).toEqual([strangerWarehouse]);
    expect(theirs.rows.map((r) => r.title)).toEqual(['Air Jordan 1 Retro High OG Bred']);
    expect(theirs.totals).toEqual({ products: 1, on_hand: 7, available: 7 });
    const csv = (await get('/inventory/stock-by-location.csv', stranger)).body;
    expect(csv).not.toContain('DZ5485-612');
    expect(csv).not.toContain('Samba');
  });
});
