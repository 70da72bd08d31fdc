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
let mainLocation: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app, { business_name: 'Ledger Kicks' });
  stranger = await registerAndLogin(t.app, { business_name: 'Stranger Kicks' });
  const locations = await t.app.inject({
    method: 'GET',
    url: `/api/v1/businesses/${owner.businessId}/locations`,
    headers: bearer(owner.token),
  });
  mainLocation = locations.json()[0].id;
});
afterAll(async () => t.close());

const url = (path: string, who: SignedIn = owner) => `/api/v1/businesses/${who.businessId}${path}`;
let skuCounter = 0;

async function createProduct(sizes = ['9', '9.5', '10']) {
  const n = skuCounter++;
  const res = await t.app.inject({
    method: 'POST',
    url: url('/products'),
    headers: bearer(owner.token),
    payload: {
      title: `Air Jordan 1 Retro High OG ${n}`,
      brand: 'Jordan',
      style_code: `DZ5485-${600 + n}`,
      colorway: 'Varsity Red',
      category: 'sneakers',
      size_format: 'us-men',
      retail_price_cents: 18000,
      variants: sizes.map((size) => ({
        size,
        sku: `AJ1-${n}-${size}`,
        price_cents: 25000,
        barcodes: [{ code: `19${n}${size.replace('.', '')}`.padEnd(12, '0') }],
      })),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; variants: { id: string; size: string; sku: string }[] };
}

const adjust = (lines: object[], who: SignedIn = owner, location = mainLocation) =>
  t.app.inject({
    method: 'POST',
    url: url('/inventory/adjustments', who),
    headers: bearer(who.token),
    payload: { location_id: location, lines },
  });

const ledger = async (variantId: string) =>
  (await t.app.inject({ method: 'GET', url: url(`/inventory/variants/${variantId}/ledger`), headers: bearer(owner.token) })).json();

describe('locations', () => {
  it('a new business starts with one default location', async () => {
    const res = await t.app.inject({ method: 'GET', url: url('/locations'), headers: bearer(owner.token) });
    expect(res.json()).toEqual([expect.objectContaining({ name: 'Main warehouse', kind: 'warehouse', is_default: true })]);
  });

  it('adds a store and refuses a duplicate name', async () => {
    const store = await t.app.inject({
      method: 'POST',
      url: url('/locations'),
      headers: bearer(owner.token),
      payload: { name: 'Store front', kind: 'store' },
    });
    expect(store.statusCode).toBe(201);
    expect(store.json().is_default).toBe(false);
    const dup = await t.app.inject({
      method: 'POST',
      url: url('/locations'),
      headers: bearer(owner.token),
      payload: { name: 'store FRONT', kind: 'store' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.details[0].field).toBe('name');
  });
});

describe('products', () => {
  it('creates a product with sizes, SKUs and barcodes, found by title, style code, SKU and barcode', async () => {
    const product = await createProduct();
    expect(product.variants.map((v) => v.size)).toEqual(['9', '9.5', '10']);
    const sku = product.variants[1]?.sku ?? '';
    for (const q of ['retro high', 'dz5485', sku.toLowerCase()]) {
      const res = await t.app.inject({ method: 'GET', url: url(`/products?q=${encodeURIComponent(q)}`), headers: bearer(owner.token) });
      expect(
        res.json().items.map((p: { id: string }) => p.id),
        q,
      ).toContain(product.id);
    }
    const full = await t.app.inject({ method: 'GET', url: url(`/products/${product.id}`), headers: bearer(owner.token) });
    const barcode = full.json().variants[0].barcodes[0].code;
    const byBarcode = await t.app.inject({ method: 'GET', url: url(`/products?q=${barcode}`), headers: bearer(owner.token) });
    expect(byBarcode.json().items.map((p: { id: string }) => p.id)).toEqual([product.id]);
  });

  it('refuses duplicate SKUs, barcodes and style codes, naming each field, and writes nothing', async () => {
    const product = await createProduct(['11']);
    const full = (await t.app.inject({ method: 'GET', url: url(`/products/${product.id}`), headers: bearer(owner.token) })).json();
    const before = await databaseSnapshot(t.orm);
    const res = await t.app.inject({
      method: 'POST',
      url: url('/products'),
      headers: bearer(owner.token),
      payload: {
        title: 'Copy',
        style_code: full.style_code,
        category: 'sneakers',
        size_format: 'us-men',
        variants: [
          { size: '8', sku: full.variants[0].sku, barcodes: [{ code: full.variants[0].barcodes[0].code }] },
          { size: '8', sku: 'NEW-SKU' },
        ],
      },
    });
    expect(res.statusCode).toBe(409);
    const fields = errorFields(res);
    expect(fields).toEqual(expect.arrayContaining(['style_code', 'variants.0.sku', 'variants.0.barcodes.0.code', 'variants.1.size']));
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it("another business's product answers 404", async () => {
    const product = await createProduct(['12']);
    const res = await t.app.inject({ method: 'GET', url: url(`/products/${product.id}`, stranger), headers: bearer(stranger.token) });
    expect(res.statusCode).toBe(404);
  });
});

describe('the stock ledger', () => {
  it('receives stock with a cost, writes it off FIFO, and the ledger equals the level', async () => {
    const product = await createProduct(['9']);
    const variant = product.variants[0]?.id ?? '';
    expect((await adjust([{ variant_id: variant, quantity: 3, reason: 'received', unit_cost_cents: 10000 }])).statusCode).toBe(201);
    expect((await adjust([{ variant_id: variant, quantity: 2, reason: 'received', unit_cost_cents: 12000 }])).statusCode).toBe(201);
    const out = await adjust([{ variant_id: variant, quantity: -4, reason: 'damaged' }]);
    expect(out.statusCode).toBe(201);
    expect(out.json().levels[0]).toMatchObject({ on_hand: 1, available: 1 });

    const view = await ledger(variant);
    expect(view.movements).toHaveLength(3);
    expect(view.reconciliation).toEqual([expect.objectContaining({ matches: true, ledger: { on_hand: 1, reserved: 0, committed: 0 } })]);
    // FIFO: the 3 at $100 went first, then 1 of the 2 at $120.
    expect(view.lots.map((l: { quantity_remaining: number }) => l.quantity_remaining)).toEqual([0, 1]);

    const summary = await t.app.inject({ method: 'GET', url: url('/inventory/summary'), headers: bearer(owner.token) });
    expect(summary.json().value_at_cost_cents).toBeGreaterThanOrEqual(12000);
  });

  it('refuses to go below zero with a clear 409, and writes nothing', async () => {
    const product = await createProduct(['9']);
    const variant = product.variants[0]?.id ?? '';
    await adjust([{ variant_id: variant, quantity: 2, reason: 'found' }]);
    const before = await databaseSnapshot(t.orm);
    const res = await adjust([{ variant_id: variant, quantity: -3, reason: 'lost' }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'INSUFFICIENT_STOCK', message: 'Not enough stock: 2 available' });
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('an adjustment with one bad line writes none of its lines', async () => {
    const product = await createProduct(['9', '10']);
    const [a, b] = product.variants.map((v) => v.id);
    await adjust([{ variant_id: b, quantity: 1, reason: 'found' }]);
    const before = await databaseSnapshot(t.orm);
    const res = await adjust([
      { variant_id: a, quantity: 5, reason: 'found' },
      { variant_id: b, quantity: -2, reason: 'lost' },
    ]);
    expect(res.statusCode).toBe(409);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('bad input names each field and writes nothing', async () => {
    const before = await databaseSnapshot(t.orm);
    const res = await t.app.inject({
      method: 'POST',
      url: url('/inventory/adjustments'),
      headers: bearer(owner.token),
      payload: { location_id: 'nope', lines: [{ variant_id: mainLocation, quantity: 1.5, reason: 'stolen', unit_cost_cents: -1 }] },
    });
    expect(res.statusCode).toBe(400);
    const fields = errorFields(res);
    expect(fields).toEqual(expect.arrayContaining(['location_id', 'lines.0.quantity', 'lines.0.reason', 'lines.0.unit_cost_cents']));
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it("another business's variant or location answers 404", async () => {
    const product = await createProduct(['9']);
    const variant = product.variants[0]?.id ?? '';
    const strangerLocation = (
      await t.app.inject({ method: 'GET', url: url('/locations', stranger), headers: bearer(stranger.token) })
    ).json()[0].id;
    expect((await adjust([{ variant_id: variant, quantity: 1, reason: 'found' }], stranger, strangerLocation)).statusCode).toBe(404);
    expect((await adjust([{ variant_id: variant, quantity: 1, reason: 'found' }], owner, strangerLocation)).statusCode).toBe(404);
  });

  it("one of our own ids in the other's place is not found either: a location's id is not a variant's", async () => {
    const before = await databaseSnapshot(t.orm);
    const res = await adjust([{ variant_id: mainLocation, quantity: 1, reason: 'found' }]);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(`Variant ${mainLocation} not found`);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('50 concurrent requests for 10 units: exactly 10 succeed, the rest get 409, the ledger equals the levels', async () => {
    const product = await createProduct(['9']);
    const variant = product.variants[0]?.id ?? '';
    await adjust([{ variant_id: variant, quantity: 10, reason: 'received', unit_cost_cents: 9000 }]);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => adjust([{ variant_id: variant, quantity: -1, reason: 'correction' }])),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    const view = await ledger(variant);
    expect(view.reconciliation).toEqual([
      expect.objectContaining({ matches: true, level: expect.objectContaining({ on_hand: 0, available: 0 }) }),
    ]);
    expect(view.lots[0].quantity_remaining).toBe(0);
  });

  it('random sequences of movements keep every level equal to its movements and never negative', async () => {
    const product = await createProduct(['8', '8.5', '9', '9.5']);
    const store = (
      await t.app.inject({
        method: 'POST',
        url: url('/locations'),
        headers: bearer(owner.token),
        payload: { name: `Pop-up ${skuCounter}`, kind: 'store' },
      })
    ).json().id as string;
    const locations = [mainLocation, store];
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const expected = new Map<string, number>();
    for (let step = 0; step < 120; step += 1) {
      const variant = product.variants[Math.floor(random() * product.variants.length)]?.id ?? '';
      const location = locations[Math.floor(random() * locations.length)] ?? mainLocation;
      const quantity = Math.floor(random() * 9) - 4 || 1;
      const key = `${variant}:${location}`;
      const res = await adjust([{ variant_id: variant, quantity, reason: quantity > 0 ? 'found' : 'lost' }], owner, location);
      const current = expected.get(key) ?? 0;
      if (current + quantity < 0) expect(res.statusCode).toBe(409);
      else {
        expect(res.statusCode).toBe(201);
        expected.set(key, current + quantity);
      }
    }
    for (const variant of product.variants) {
      const view = await ledger(variant.id);
      for (const row of view.reconciliation) {
        expect(row.matches).toBe(true);
        expect(row.level.on_hand).toBe(expected.get(`${variant.id}:${row.location_id}`) ?? 0);
        expect(row.level.on_hand).toBeGreaterThanOrEqual(0);
      }
    }
    // The product's running total (the products page's sort by stock) equals its levels.
    const [total] = await t.orm.em
      .fork()
      .execute<{ on_hand: number }[]>('SELECT on_hand FROM product_stock WHERE product_id = ?', [product.id]);
    expect(total?.on_hand).toBe([...expected.values()].reduce((sum, units) => sum + units, 0));
  });

  it('the database itself refuses an edit of a movement', async () => {
    await expect(
      t.orm.em.getConnection().execute('UPDATE stock_movements SET on_hand_delta = 99 WHERE business_id = ?', [owner.businessId]),
    ).rejects.toThrow(/immutable/);
  });
});

describe('sizes', () => {
  it('refuses a size outside the product size format, naming the variant', async () => {
    const before = await databaseSnapshot(t.orm);
    const res = await t.app.inject({
      method: 'POST',
      url: url('/products'),
      headers: bearer(owner.token),
      payload: {
        title: 'Dunk Low',
        category: 'sneakers',
        size_format: 'us-men',
        variants: [
          { size: '10.5', sku: 'DL-105' },
          { size: '31', sku: 'DL-31' },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ field: 'variants.1.size', message: expect.stringContaining('Size 31 is not in') }]);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('orders sizes along the size run', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url('/products'),
      headers: bearer(owner.token),
      payload: {
        title: 'Tee',
        category: 'apparel',
        size_format: 'apparel',
        variants: ['XL', 'S', 'M'].map((size) => ({ size, sku: `TEE-${size}` })),
      },
    });
    expect(res.json().variants.map((v: { size: string }) => v.size)).toEqual(['S', 'M', 'XL']);
  });
});
