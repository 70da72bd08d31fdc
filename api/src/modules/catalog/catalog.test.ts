import { randomUUID } from 'node:crypto';
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
  owner = await registerAndLogin(t.app, { business_name: 'Catalog Kicks' });
  stranger = await registerAndLogin(t.app, { business_name: 'Stranger Kicks' });
  mainLocation = (await call('GET', '/locations')).json()[0].id;
});
afterAll(async () => t.close());

type VariantView = { id: string; size: string; sku: string; price_cents: number | null; barcodes: { code: string; kind: string }[] };
type ProductView = {
  id: string;
  title: string;
  brand: string | null;
  style_code: string | null;
  status: string;
  condition: string;
  grade: string | null;
  images: { media_id: string; url: string }[];
  variants: VariantView[];
};

const url = (path: string, who: SignedIn = owner) => `/api/v1/businesses/${who.businessId}${path}`;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object, who: SignedIn = owner) =>
  t.app.inject({ method, url: url(path, who), headers: bearer(who.token), ...(payload === undefined ? {} : { payload }) });

let n = 0;
async function createProduct(overrides: Record<string, unknown> = {}, sizes = ['9', '9.5', '10']): Promise<ProductView> {
  n += 1;
  const res = await call('POST', '/products', {
    title: `Dunk Low Panda ${n}`,
    brand: 'Nike',
    style_code: `DD1391-${100 + n}`,
    category: 'sneakers',
    size_format: 'us-men',
    retail_price_cents: 11000,
    variants: sizes.map((size) => ({ size, sku: `DUNK-${n}-${size}`, price_cents: 15000 })),
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A stored photo of this business (the row only: enough to attach it to a product). */
async function insertMedia(who: SignedIn): Promise<string> {
  const id = randomUUID();
  await t.orm.em.getConnection().execute(
    `INSERT INTO media (id, business_id, content_type, original_content_type, width, height, bytes, thumb_width, thumb_height, thumb_bytes, original_bytes)
     VALUES (?, ?, 'image/jpeg', 'image/jpeg', 800, 600, 1000, 320, 240, 200, 1200)`,
    [id, who.businessId],
  );
  return id;
}

const adjust = (variantId: string, quantity: number, extra: object = {}, location = mainLocation) =>
  call('POST', '/inventory/adjustments', {
    location_id: location,
    lines: [{ variant_id: variantId, quantity, reason: quantity > 0 ? 'found' : 'lost', ...extra }],
  });

const ids = (res: { json: () => { items: { id: string }[] } }) => res.json().items.map((p) => p.id);

describe('condition, grade and status on products', () => {
  it('a new product is active and new; a pre-owned one carries its grade and notes', async () => {
    const plain = await createProduct();
    expect(plain).toMatchObject({ status: 'active', condition: 'new', grade: null, images: [] });
    const used = await createProduct({ condition: 'pre_owned', grade: 'excellent', condition_notes: 'Light creasing on the toe box' });
    expect(used).toMatchObject({ condition: 'pre_owned', grade: 'excellent', condition_notes: 'Light creasing on the toe box' });
  });

  it('refuses a grade on a new product and a pre-owned product without one, naming the field', async () => {
    const before = await databaseSnapshot(t.orm);
    const graded = await call('POST', '/products', { title: 'X', category: 'sneakers', size_format: 'us-men', grade: 'good' });
    expect(graded.statusCode).toBe(400);
    expect(graded.json().error.details).toEqual([{ field: 'grade', message: 'Grade applies to pre-owned items only' }]);
    const ungraded = await call('POST', '/products', { title: 'X', category: 'sneakers', size_format: 'us-men', condition: 'pre_owned' });
    expect(ungraded.statusCode).toBe(400);
    expect(ungraded.json().error.details).toEqual([{ field: 'grade', message: 'Choose a grade for a pre-owned item' }]);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('a pre-owned pair may repeat a style code; a second new product may not', async () => {
    const original = await createProduct();
    const used = await call('POST', '/products', {
      title: 'Used pair',
      style_code: original.style_code,
      category: 'sneakers',
      size_format: 'us-men',
      condition: 'pre_owned',
      grade: 'good',
    });
    expect(used.statusCode, used.body).toBe(201);
    const copy = await call('POST', '/products', {
      title: 'Copy',
      style_code: original.style_code,
      category: 'sneakers',
      size_format: 'us-men',
    });
    expect(copy.statusCode).toBe(409);
    expect(copy.json().error.details).toEqual([{ field: 'style_code', message: expect.stringContaining('already in your catalog') }]);
  });
});

describe('custom size formats', () => {
  async function customFormat(who: SignedIn, sizes: string[], name = 'Rings') {
    const id = randomUUID();
    await t.orm.em
      .getConnection()
      .execute("INSERT INTO custom_size_formats (id, business_id, name, sizes) VALUES (?, ?, ?, string_to_array(?, '|'))", [
        id,
        who.businessId,
        name,
        sizes.join('|'),
      ]);
    return `custom:${id}`;
  }

  it('accepts sizes of the business run in its own spelling and order, and refuses others by row', async () => {
    const format = await customFormat(owner, ['Ring 5', 'Ring 6', 'Ring 7']);
    const created = await call('POST', '/products', {
      title: 'Signet ring',
      category: 'accessories',
      size_format: format,
      variants: [
        { size: 'ring 7', sku: 'RING-7' },
        { size: 'RING 5', sku: 'RING-5' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().variants.map((v: VariantView) => v.size)).toEqual(['Ring 5', 'Ring 7']);

    const before = await databaseSnapshot(t.orm);
    const wrong = await call('POST', '/products', {
      title: 'Signet ring 2',
      category: 'accessories',
      size_format: format,
      variants: [
        { size: 'Ring 6', sku: 'RING2-6' },
        { size: 'Ring 9', sku: 'RING2-9' },
      ],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details).toEqual([{ field: 'variants.1.size', message: 'Size Ring 9 is not in the Rings size run' }]);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it("another business's custom format is refused like an unknown one", async () => {
    const foreign = await customFormat(stranger, ['A', 'B']);
    const res = await call('POST', '/products', { title: 'Borrowed', category: 'other', size_format: foreign, variants: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ field: 'size_format', message: expect.any(String) }]);
  });

  it('adds a size from the custom run on the configure screen, and tells the run', async () => {
    const format = await customFormat(owner, ['S/M', 'L/XL'], 'Knit hats');
    const product = (
      await call('POST', '/products', {
        title: 'Beanie',
        category: 'apparel',
        size_format: format,
        variants: [{ size: 'S/M', sku: 'BEANIE-SM' }],
      })
    ).json();
    const run = await call('GET', `/products/${product.id}/size-run`);
    expect(run.json()).toEqual({ size_format: format, name: 'Knit hats', sizes: ['S/M', 'L/XL'], is_custom: true });
    const added = await call('POST', `/products/${product.id}/variants`, { size: 'l/xl', sku: 'BEANIE-LXL' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().variants.map((v: VariantView) => v.size)).toEqual(['S/M', 'L/XL']);
  });
});

describe('PATCH /products/:id', () => {
  it('changes details and size prices, SKUs and weights in one save, and clears what is sent as null', async () => {
    const product = await createProduct();
    const [nine, nineHalf] = product.variants;
    const res = await call('PATCH', `/products/${product.id}`, {
      title: 'Dunk Low Retro Panda',
      brand: null,
      colorway: 'White/Black',
      condition: 'new_with_defects',
      condition_notes: 'Box damage',
      tags: ['dunk', 'panda', 'dunk'],
      variants: [
        { id: nine?.id, price_cents: 17500, weight_grams: 1200 },
        { id: nineHalf?.id, sku: 'PANDA-9.5', price_cents: null },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      title: 'Dunk Low Retro Panda',
      brand: null,
      colorway: 'White/Black',
      condition: 'new_with_defects',
      condition_notes: 'Box damage',
      tags: ['dunk', 'panda'],
    });
    expect(body.variants[0]).toMatchObject({ size: '9', price_cents: 17500, weight_grams: 1200 });
    expect(body.variants[1]).toMatchObject({ size: '9.5', sku: 'PANDA-9.5', price_cents: null });
  });

  it('refuses a taken style code or SKU with field messages and writes nothing', async () => {
    const a = await createProduct();
    const b = await createProduct();
    const before = await databaseSnapshot(t.orm);
    const res = await call('PATCH', `/products/${b.id}`, {
      title: 'Renamed',
      style_code: a.style_code?.toLowerCase(),
      variants: [
        { id: b.variants[0]?.id, sku: a.variants[0]?.sku.toLowerCase() },
        { id: b.variants[1]?.id, sku: 'FRESH-SKU-1' },
        { id: b.variants[2]?.id, sku: 'FRESH-SKU-1' },
      ],
    });
    expect(res.statusCode).toBe(409);
    const fields = errorFields(res);
    expect(fields).toEqual(expect.arrayContaining(['style_code', 'variants.0.sku', 'variants.2.sku']));
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('a product keeps its own style code and may swap to an unused SKU', async () => {
    const product = await createProduct();
    const res = await call('PATCH', `/products/${product.id}`, {
      style_code: product.style_code,
      variants: [{ id: product.variants[0]?.id, sku: product.variants[0]?.sku }],
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('checks grade on the result: leaving pre-owned drops the grade, a grade on a new item is refused', async () => {
    const used = await createProduct({ style_code: undefined, condition: 'pre_owned', grade: 'fair' });
    const toNew = await call('PATCH', `/products/${used.id}`, { condition: 'new' });
    expect(toNew.json()).toMatchObject({ condition: 'new', grade: null });
    const graded = await call('PATCH', `/products/${used.id}`, { grade: 'good' });
    expect(graded.statusCode).toBe(400);
    expect(graded.json().error.details).toEqual([{ field: 'grade', message: 'Grade applies to pre-owned items only' }]);
    const bad = await call('PATCH', `/products/${used.id}`, { title: '', retail_price_cents: -5 });
    expect(bad.statusCode).toBe(400);
    expect(errorFields(bad)).toEqual(['title', 'retail_price_cents']);
  });

  it('attaches images of this business only', async () => {
    const product = await createProduct();
    const mine = await insertMedia(owner);
    const theirs = await insertMedia(stranger);
    const ok = await call('PATCH', `/products/${product.id}`, { images: [{ media_id: mine }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().images).toEqual([{ media_id: mine, url: expect.stringContaining(mine) }]);
    const before = await databaseSnapshot(t.orm);
    const foreign = await call('PATCH', `/products/${product.id}`, { images: [{ media_id: mine }, { media_id: theirs }] });
    expect(foreign.statusCode).toBe(404);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it("another business's product, or a size of another product, answers 404", async () => {
    const product = await createProduct();
    const other = await createProduct();
    expect((await call('PATCH', `/products/${product.id}`, { title: 'Mine now' }, stranger)).statusCode).toBe(404);
    const wrongSize = await call('PATCH', `/products/${product.id}`, { variants: [{ id: other.variants[0]?.id, price_cents: 1 }] });
    expect(wrongSize.statusCode).toBe(404);
  });
});

describe('sizes and barcodes', () => {
  it('adds a size from the run with its SKU, price and barcode', async () => {
    const product = await createProduct();
    const res = await call('POST', `/products/${product.id}/variants`, {
      size: '11',
      sku: `ADD-${product.id.slice(0, 6)}-11`,
      price_cents: 16000,
      barcodes: [{ code: `1949${Date.now().toString().slice(-8)}` }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const added = res.json().variants.find((v: VariantView) => v.size === '11');
    expect(added).toMatchObject({ price_cents: 16000, barcodes: [{ kind: 'upc' }] });
  });

  it('refuses a size outside the run, a size already there, a taken SKU and a taken barcode, by field', async () => {
    const product = await createProduct();
    const other = await createProduct();
    await call('POST', `/products/${other.id}/variants/${other.variants[0]?.id}/barcodes`, { code: 'TAKEN-0001' });
    const before = await databaseSnapshot(t.orm);
    const outside = await call('POST', `/products/${product.id}/variants`, { size: '31', sku: 'NEW-31' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.details).toEqual([{ field: 'size', message: 'Size 31 is not in the US Men size run' }]);
    const dup = await call('POST', `/products/${product.id}/variants`, {
      size: '9.5',
      sku: other.variants[0]?.sku,
      barcodes: [{ code: 'TAKEN-0001' }],
    });
    expect(dup.statusCode).toBe(409);
    expect(errorFields(dup)).toEqual(['size', 'sku', 'barcodes.0.code']);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('removes a size that never held stock; a size with stock or history is refused, telling to archive', async () => {
    const product = await createProduct();
    const [nine, nineHalf, ten] = product.variants;
    const removed = await call('DELETE', `/products/${product.id}/variants/${ten?.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().variants.map((v: VariantView) => v.size)).toEqual(['9', '9.5']);

    expect((await adjust(nine?.id ?? '', 2)).statusCode).toBe(201);
    await adjust(nineHalf?.id ?? '', 1);
    await adjust(nineHalf?.id ?? '', -1);
    const before = await databaseSnapshot(t.orm);
    const withStock = await call('DELETE', `/products/${product.id}/variants/${nine?.id}`);
    expect(withStock.statusCode).toBe(409);
    expect(withStock.json().error).toMatchObject({ code: 'SIZE_IN_USE', message: expect.stringContaining('Archive the product instead') });
    const withHistory = await call('DELETE', `/products/${product.id}/variants/${nineHalf?.id}`);
    expect(withHistory.statusCode).toBe(409);
    expect(withHistory.json().error.message).toContain('history');
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('adds and removes barcodes; a taken code is refused on its field', async () => {
    const product = await createProduct();
    const variant = product.variants[0]?.id;
    const added = await call('POST', `/products/${product.id}/variants/${variant}/barcodes`, { code: '4066746123456' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().variants[0].barcodes).toEqual([{ code: '4066746123456', kind: 'ean' }]);
    const again = await call('POST', `/products/${product.id}/variants/${product.variants[1]?.id}/barcodes`, { code: '4066746123456' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details).toEqual([{ field: 'code', message: 'Barcode 4066746123456 is already used' }]);
    const bad = await call('POST', `/products/${product.id}/variants/${variant}/barcodes`, { code: 'no spaces!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('code');
    const removed = await call('DELETE', `/products/${product.id}/variants/${variant}/barcodes/4066746123456`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().variants[0].barcodes).toEqual([]);
    expect((await call('DELETE', `/products/${product.id}/variants/${variant}/barcodes/4066746123456`)).statusCode).toBe(404);
  });

  it("another business's product or size answers 404 for every size and barcode route", async () => {
    const product = await createProduct();
    const variant = product.variants[0]?.id;
    const other = await createProduct();
    const attempts = [
      call('POST', `/products/${product.id}/variants`, { size: '12', sku: 'X-12' }, stranger),
      call('DELETE', `/products/${product.id}/variants/${variant}`, undefined, stranger),
      call('POST', `/products/${product.id}/variants/${variant}/barcodes`, { code: 'ABCD-1' }, stranger),
      call('DELETE', `/products/${product.id}/variants/${variant}/barcodes/ABCD-1`, undefined, stranger),
      // A real size, but of another product.
      call('DELETE', `/products/${product.id}/variants/${other.variants[0]?.id}`),
      call('POST', `/products/${product.id}/variants/${other.variants[0]?.id}/barcodes`, { code: 'ABCD-2' }),
    ];
    expect((await Promise.all(attempts)).map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
  });
});

describe('archive and delete', () => {
  it('a product with history is archived (kept, listed under archived) and cannot be deleted', async () => {
    const product = await createProduct();
    await adjust(product.variants[0]?.id ?? '', 1);
    await adjust(product.variants[0]?.id ?? '', -1);
    const before = await databaseSnapshot(t.orm);
    const refused = await call('DELETE', `/products/${product.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'PRODUCT_IN_USE', message: expect.stringContaining('Archive it instead') });
    expect(await databaseSnapshot(t.orm)).toEqual(before);

    const archived = await call('POST', `/products/${product.id}/archive`);
    expect(archived.json()).toMatchObject({ status: 'archived', archived_at: expect.any(String) });
    expect(ids(await call('GET', `/products?q=${product.style_code}`))).not.toContain(product.id);
    expect(ids(await call('GET', `/products?q=${product.style_code}&status=archived`))).toEqual([product.id]);
    const back = await call('POST', `/products/${product.id}/unarchive`);
    expect(back.json()).toMatchObject({ status: 'active', archived_at: null });
  });

  it('a product that never held stock is deleted with its sizes and barcodes', async () => {
    const product = await createProduct({ variants: [{ size: '9', sku: `DEL-${Date.now()}`, barcodes: [{ code: 'DEL-CODE-1' }] }] });
    const res = await call('DELETE', `/products/${product.id}`);
    expect(res.statusCode).toBe(204);
    expect((await call('GET', `/products/${product.id}`)).statusCode).toBe(404);
    // Its barcode and SKU are free again.
    const again = await call('POST', `/products/${product.id}/variants`, { size: '9', sku: 'X' });
    expect(again.statusCode).toBe(404);
    expect((await createProduct({ variants: [{ size: '9', sku: 'REUSE-1', barcodes: [{ code: 'DEL-CODE-1' }] }] })).id).toBeTruthy();
  });

  it("another business's product cannot be archived or deleted", async () => {
    const product = await createProduct();
    for (const [method, path] of [
      ['POST', 'archive'],
      ['POST', 'unarchive'],
      ['DELETE', ''],
    ] as const) {
      const res = await call(method, `/products/${product.id}${path ? `/${path}` : ''}`, undefined, stranger);
      expect(res.statusCode).toBe(404);
    }
    expect((await call('GET', `/products/${product.id}`)).json().status).toBe('active');
  });
});

describe('the products list: filters, sort, facets and the summary', () => {
  let filters: SignedIn;
  let store: string;
  const fcall = (path: string) => call('GET', path, undefined, filters);
  const fids = async (path: string) => ids(await fcall(path));
  const created: Record<string, ProductView> = {};

  beforeAll(async () => {
    filters = await registerAndLogin(t.app, { business_name: 'Filter Kicks' });
    const main = (await call('GET', '/locations', undefined, filters)).json()[0].id;
    store = (await call('POST', '/locations', { name: 'Store', kind: 'store' }, filters)).json().id;
    const make = async (key: string, body: object) => {
      const res = await call('POST', '/products', body, filters);
      expect(res.statusCode, res.body).toBe(201);
      created[key] = res.json();
    };
    await make('samba', {
      title: 'Samba OG Cloud White',
      brand: 'Adidas',
      style_code: 'B75806',
      category: 'sneakers',
      size_format: 'us-men',
      retail_price_cents: 10000,
      variants: [
        { size: '9', sku: 'SAMBA-9', price_cents: 14000, barcodes: [{ code: '4060512345678' }] },
        { size: '10', sku: 'SAMBA-10' },
      ],
    });
    await make('gazelle', {
      title: 'Gazelle Indoor Blue',
      brand: 'Adidas',
      category: 'sneakers',
      size_format: 'us-men',
      retail_price_cents: 12000,
      variants: [{ size: '11', sku: 'GAZ-SAM-11' }],
    });
    await make('hoodie', {
      title: 'Essentials Hoodie',
      brand: 'Fear of God',
      category: 'apparel',
      size_format: 'apparel',
      retail_price_cents: 9000,
      condition: 'new_with_defects',
      variants: [{ size: 'M', sku: 'FOG-M' }],
    });
    await make('used', {
      title: 'Jordan 4 Bred (worn)',
      brand: 'Jordan',
      category: 'sneakers',
      size_format: 'us-men',
      condition: 'pre_owned',
      grade: 'good',
      variants: [{ size: '10', sku: 'J4-USED-10', price_cents: 30000 }],
    });
    const post = (variant: string | undefined, quantity: number, location: string, cost?: number) =>
      call(
        'POST',
        '/inventory/adjustments',
        {
          location_id: location,
          lines: [{ variant_id: variant, quantity, reason: 'found', ...(cost === undefined ? {} : { unit_cost_cents: cost }) }],
        },
        filters,
      );
    // Samba: 3 × size 9 at the main warehouse (cost 8000 each), Hoodie: 2 at the store (no cost).
    expect((await post(created.samba?.variants[0]?.id, 3, main, 8000)).statusCode).toBe(201);
    expect((await post(created.hoodie?.variants[0]?.id, 2, store)).statusCode).toBe(201);
  });

  it('filters by brand, category, size, condition, location and in stock, alone and together', async () => {
    const { samba, gazelle, hoodie, used } = created;
    expect(new Set(await fids('/products?brand=Adidas'))).toEqual(new Set([samba?.id, gazelle?.id]));
    expect(await fids('/products?category=apparel')).toEqual([hoodie?.id]);
    expect(new Set(await fids('/products?size=10'))).toEqual(new Set([samba?.id, used?.id]));
    expect(await fids('/products?condition=pre_owned')).toEqual([used?.id]);
    expect(await fids(`/products?location_id=${store}`)).toEqual([hoodie?.id]);
    expect(new Set(await fids('/products?in_stock=true'))).toEqual(new Set([samba?.id, hoodie?.id]));
    expect(new Set(await fids('/products?in_stock=false'))).toEqual(new Set([gazelle?.id, used?.id]));
    expect(await fids('/products?brand=Adidas&in_stock=true')).toEqual([samba?.id]);
    expect(await fids('/products?brand=Adidas&in_stock=true&q=samba')).toEqual([samba?.id]);
    expect(await fids('/products?brand=Adidas&q=4060512345678')).toEqual([samba?.id]);
    expect(await fids('/products?brand=Nike')).toEqual([]);
  });

  it('searches title, style code, SKU and barcode; a typo finds nothing', async () => {
    const { samba, gazelle } = created;
    expect(await fids('/products?q=cloud%20white')).toEqual([samba?.id]);
    expect(await fids('/products?q=b7580')).toEqual([samba?.id]);
    expect(await fids('/products?q=gaz-sam')).toEqual([gazelle?.id]);
    expect(await fids('/products?q=4060512345678')).toEqual([samba?.id]);
    expect(await fids('/products?q=sambaa')).toEqual([]);
  });

  it('sorts by title, price and stock, both ways, and pages through a search without gaps or repeats', async () => {
    const { samba, gazelle, hoodie, used } = created;
    expect(await fids('/products?sort=title')).toEqual([hoodie?.id, gazelle?.id, used?.id, samba?.id]);
    expect(await fids('/products?sort=title&dir=desc')).toEqual([samba?.id, used?.id, gazelle?.id, hoodie?.id]);
    // Highest retail first; no retail price last.
    expect(await fids('/products?sort=price')).toEqual([gazelle?.id, samba?.id, hoodie?.id, used?.id]);
    expect((await fids('/products?sort=stock')).slice(0, 2)).toEqual([samba?.id, hoodie?.id]);
    expect((await fids('/products?sort=stock&dir=asc')).slice(2)).toEqual([hoodie?.id, samba?.id]);
    // Narrowed by a filter, the sum is taken per product instead: the same order.
    expect(await fids('/products?sort=stock&brand=Adidas')).toEqual([samba?.id, gazelle?.id]);
    expect(await fids('/products?sort=stock&size=10&dir=asc')).toEqual([used?.id, samba?.id]);
    expect(await fids('/products?sort=stock&in_stock=true')).toEqual([samba?.id, hoodie?.id]);
    expect(await fids('/products?sort=stock&in_stock=false&category=sneakers&dir=asc')).toEqual(
      [gazelle?.id, used?.id].sort((a, b) => ((a ?? '') < (b ?? '') ? -1 : 1)),
    );
    // 'sam' finds the Samba by its title and the Gazelle by its SKU: two branches merged on every page.
    expect(await fids('/products?q=sam&sort=title')).toEqual([gazelle?.id, samba?.id]);
    expect(await fids('/products?q=sam&sort=title&limit=1&offset=0')).toEqual([gazelle?.id]);
    expect(await fids('/products?q=sam&sort=title&limit=1&offset=1')).toEqual([samba?.id]);
    expect(await fids('/products?q=sam&sort=title&dir=desc&limit=1')).toEqual([samba?.id]);
  });

  it('counts only when asked', async () => {
    const plain = (await fcall('/products?brand=Adidas')).json();
    expect(plain.total).toBeNull();
    const counted = (await fcall('/products?brand=Adidas&with_total=true&limit=1')).json();
    expect(counted).toMatchObject({ total: 2, total_is_capped: false });
    expect(counted.items).toHaveLength(1);
  });

  it('the summary counts the filtered set and values its stock at cost and at price', async () => {
    const all = (await fcall('/products/summary')).json();
    // Samba 3 × 14000 (size price) + hoodie 2 × 9000 (retail); cost only for the samba lots.
    expect(all).toEqual({
      products: 4,
      units_on_hand: 5,
      value_at_price_cents: 3 * 14000 + 2 * 9000,
      value_at_cost_cents: 3 * 8000,
      units_without_cost: 2,
    });
    const adidas = (await fcall('/products/summary?brand=Adidas')).json();
    expect(adidas).toMatchObject({ products: 2, units_on_hand: 3, value_at_price_cents: 42000, value_at_cost_cents: 24000 });
    const none = (await fcall('/products/summary?q=nothing-like-this')).json();
    expect(none).toEqual({ products: 0, units_on_hand: 0, value_at_price_cents: 0, value_at_cost_cents: 0, units_without_cost: 0 });
  });

  it('facets list brands with counts, most first, and the sizes present in run-like order', async () => {
    const facets = (await fcall('/products/facets')).json();
    expect(facets.brands).toEqual([
      { brand: 'Adidas', products: 2 },
      { brand: 'Fear of God', products: 1 },
      { brand: 'Jordan', products: 1 },
    ]);
    expect(facets.sizes).toEqual(['9', '10', '11', 'M']);
  });

  it('bad filters name their fields', async () => {
    const res = await fcall('/products?in_stock=yes&condition=mint&location_id=nope&sort=colour');
    expect(res.statusCode).toBe(400);
    expect(errorFields(res).sort()).toEqual(['condition', 'in_stock', 'location_id', 'sort']);
  });

  it("another business's filters see only their own products", async () => {
    expect(await ids(await call('GET', '/products?brand=Adidas', undefined, stranger))).toEqual([]);
    expect((await call('GET', '/products/facets', undefined, stranger)).json().brands).toEqual([]);
    expect((await call('GET', `/products/summary?location_id=${store}`, undefined, stranger)).json().products).toBe(0);
  });
});

describe('the products table lines (/products/rows)', () => {
  it('pages exactly like the full list: the first photo, each size with its stock summed over locations in run order, and nothing more', async () => {
    const shop = await registerAndLogin(t.app, { business_name: 'Row Kicks' });
    const get = (path: string) => call('GET', path, undefined, shop);
    const main = (await get('/locations')).json()[0].id;
    const store = (await call('POST', '/locations', { name: 'Store', kind: 'store' }, shop)).json().id;
    const make = async (body: object) => {
      const res = await call('POST', '/products', body, shop);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as ProductView;
    };
    const dunk = await make({
      title: 'Dunk Low Panda',
      brand: 'Nike',
      style_code: 'DD1391-100',
      category: 'sneakers',
      size_format: 'us-men',
      retail_price_cents: 11000,
      description: 'Black and white leather.',
      variants: ['10', '9', '9.5'].map((size) => ({
        size,
        sku: `ROW-DUNK-${size}`,
        barcodes: [{ code: `19515${size.replace('.', '')}0000` }],
      })),
    });
    const [front, back] = [await insertMedia(shop), await insertMedia(shop)];
    const tee = await make({
      title: 'Box Logo Tee',
      brand: 'Supreme',
      category: 'apparel',
      size_format: 'apparel',
      images: [{ media_id: front }, { media_id: back }],
      variants: ['L', 'S', 'M'].map((size) => ({ size, sku: `ROW-TEE-${size}` })),
    });
    const size = (product: ProductView, name: string) => product.variants.find((variant) => variant.size === name)?.id ?? '';
    for (const [variant, quantity, location] of [
      [size(dunk, '9'), 2, main],
      [size(dunk, '9'), 1, store],
      [size(tee, 'M'), 4, store],
    ] as const) {
      const res = await call(
        'POST',
        '/inventory/adjustments',
        { location_id: location, lines: [{ variant_id: variant, quantity, reason: 'found' }] },
        shop,
      );
      expect(res.statusCode, res.body).toBe(201);
    }

    for (const query of [
      '',
      '?q=panda',
      '?q=ROW-TEE-M',
      '?sort=title',
      '?sort=stock&dir=asc',
      '?brand=Nike&in_stock=true',
      '?limit=1&offset=1',
    ]) {
      expect(ids(await get(`/products/rows${query}`)), query).toEqual(ids(await get(`/products${query}`)));
    }
    const rows = (await get('/products/rows?sort=title&with_total=true')).json();
    expect(rows.total).toBe(2);
    expect(rows.items).toEqual([
      {
        id: tee.id,
        title: 'Box Logo Tee',
        brand: 'Supreme',
        style_code: null,
        colorway: null,
        category: 'apparel',
        size_format: 'apparel',
        condition: 'new',
        grade: null,
        status: 'active',
        image: { media_id: front, url: expect.stringContaining(front) },
        sizes: [
          { size: 'S', on_hand: 0, available: 0 },
          { size: 'M', on_hand: 4, available: 4 },
          { size: 'L', on_hand: 0, available: 0 },
        ],
      },
      {
        id: dunk.id,
        title: 'Dunk Low Panda',
        brand: 'Nike',
        style_code: 'DD1391-100',
        colorway: null,
        category: 'sneakers',
        size_format: 'us-men',
        condition: 'new',
        grade: null,
        status: 'active',
        image: null,
        sizes: [
          { size: '9', on_hand: 3, available: 3 },
          { size: '9.5', on_hand: 0, available: 0 },
          { size: '10', on_hand: 0, available: 0 },
        ],
      },
    ]);

    expect((await t.app.inject({ method: 'GET', url: url('/products/rows', shop), headers: bearer(stranger.token) })).statusCode).toBe(404);
    const bad = await get('/products/rows?sort=colour&limit=0');
    expect(bad.statusCode).toBe(400);
    expect(errorFields(bad).sort()).toEqual(['limit', 'sort']);
  });
});
