import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  databaseSnapshot,
  errorFields,
  joinAs,
  registerAndLogin,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';

// What the products table's bulk actions rely on: archiving the chosen products in one call, and
// the list and the CSV export narrowed to the chosen ids.

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app, { business_name: 'Bulk Kicks' });
  stranger = await registerAndLogin(t.app, { business_name: 'Other Kicks' });
});
afterAll(async () => t.close());

const url = (path: string, who: SignedIn = owner) => `/api/v1/businesses/${who.businessId}${path}`;
const call = (method: 'GET' | 'POST', path: string, payload?: object, who: SignedIn = owner) =>
  t.app.inject({ method, url: url(path, who), headers: bearer(who.token), ...(payload === undefined ? {} : { payload }) });

let n = 0;
async function createProduct(who: SignedIn = owner): Promise<string> {
  n += 1;
  const res = await call(
    'POST',
    '/products',
    {
      title: `Bulk Runner ${n}`,
      brand: 'Nike',
      style_code: `BR-${100 + n}`,
      category: 'sneakers',
      size_format: 'us-men',
      variants: [{ size: '10', sku: `BULK-${n}-10`, price_cents: 15000 }],
    },
    who,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const statusOf = async (id: string) => (await call('GET', `/products/${id}`)).json().status;

describe('POST /products/archive', () => {
  it('archives the chosen products at once and is safe to repeat', async () => {
    const [a, b, kept] = [await createProduct(), await createProduct(), await createProduct()];
    const res = await call('POST', '/products/archive', { product_ids: [a, b] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ archived: 2, already_archived: 0 });
    expect([await statusOf(a), await statusOf(b), await statusOf(kept)]).toEqual(['archived', 'archived', 'active']);
    // They leave the active list.
    const active = (await call('GET', '/products/rows?limit=200')).json().items.map((p: { id: string }) => p.id);
    expect(active).toContain(kept);
    expect(active).not.toContain(a);

    const again = await call('POST', '/products/archive', { product_ids: [a, b, a] });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ archived: 0, already_archived: 2 });
  });

  it('refuses the fulfillment role (403), a foreign id (404) and bad input (400, naming the field), writing nothing', async () => {
    const mine = await createProduct();
    const theirs = await createProduct(stranger);
    const packer = await joinAs(t.app, owner, 'fulfillment');
    const before = await databaseSnapshot(t.orm);

    expect((await call('POST', '/products/archive', { product_ids: [mine] }, packer)).statusCode).toBe(403);

    const foreign = await call('POST', '/products/archive', { product_ids: [mine, theirs] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toContain(theirs);

    const empty = await call('POST', '/products/archive', { product_ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(errorFields(empty)).toEqual(['product_ids']);
    const notAnId = await call('POST', '/products/archive', { product_ids: [mine, 'dunk'] });
    expect(notAnId.statusCode).toBe(400);
    expect(errorFields(notAnId)).toEqual(['product_ids.1']);
    const missing = await call('POST', '/products/archive', {});
    expect(errorFields(missing)).toEqual(['product_ids']);

    expect(await databaseSnapshot(t.orm)).toEqual(before);
    expect(await statusOf(mine)).toBe('active');
  });
});

describe('the chosen ids as a filter', () => {
  it('GET /products?ids= answers only those products (with their sizes and prices), whatever their status', async () => {
    const [a, b] = [await createProduct(), await createProduct()];
    await createProduct();
    await call('POST', '/products/archive', { product_ids: [b] });
    const res = await call('GET', `/products?status=all&limit=200&ids=${a},${b}`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { id: string; variants: { id: string; price_cents: number }[] }[];
    expect(items.map((p) => p.id).sort()).toEqual([a, b].sort());
    expect(items[0]?.variants[0]?.price_cents).toBe(15000);
    // Another business's id is not found, just absent.
    const theirs = await createProduct(stranger);
    expect((await call('GET', `/products?status=all&ids=${theirs}`)).json().items).toEqual([]);
    const bad = await call('GET', '/products?ids=dunk');
    expect(bad.statusCode).toBe(400);
    expect(errorFields(bad)).toEqual(['ids.0']);
  });

  it('GET /catalog/export.csv?ids= exports only those products', async () => {
    const [a, b] = [await createProduct(), await createProduct()];
    const skuOf = async (id: string) => (await call('GET', `/products/${id}`)).json().variants[0].sku as string;
    const res = await call('GET', `/catalog/export.csv?ids=${a}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(await skuOf(a));
    expect(res.body).not.toContain(await skuOf(b));
    // One header line and the product's one size.
    expect(
      res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toHaveLength(2);
    const whole = await call('GET', '/catalog/export.csv');
    expect(whole.body).toContain(await skuOf(b));
  });
});
