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
import { loadSizeFormat } from './size-format-lookup.ts';

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app, { business_name: 'Kids Kicks' });
  other = await registerAndLogin(t.app, { business_name: 'Other Kicks' });
});
afterAll(async () => t.close());

const base = (who: SignedIn) => `/api/v1/businesses/${who.businessId}/size-formats`;
const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path = '', payload?: object) =>
  t.app.inject({ method, url: `${base(who)}${path}`, headers: bearer(who.token), ...(payload ? { payload } : {}) });

const youthRun = {
  name: 'Youth 1Y-7Y',
  category: 'sneakers',
  conversion_format: 'gs',
  sizes: [
    { value: '1Y' },
    { value: '2Y' },
    { value: '3Y' },
    { value: '4Y', converts_to: '4Y' },
    { value: '5Y', converts_to: '5y' },
    { value: '6Y', converts_to: '6Y' },
    { value: '7Y', converts_to: '7Y' },
  ],
};

/** A product on a custom format, written straight to the tables: the catalog form is another area's. */
async function productWithSizes(who: SignedIn, formatId: string, sizes: string[]): Promise<string> {
  const em = t.orm.em.fork();
  const productId = randomUUID();
  await em.execute("INSERT INTO products (id, business_id, title, category, size_format) VALUES (?, ?, 'Kids Dunk', 'sneakers', ?)", [
    productId,
    who.businessId,
    formatId,
  ]);
  for (const size of sizes) {
    await em.execute('INSERT INTO variants (id, business_id, product_id, size, sku) VALUES (?, ?, ?, ?, ?)', [
      randomUUID(),
      who.businessId,
      productId,
      size,
      `KD-${productId.slice(0, 8)}-${size}`,
    ]);
  }
  return productId;
}

describe('size formats', () => {
  it('lists the built-in runs read-only, with Nike chart conversions', async () => {
    const list = await call(owner, 'GET');
    expect(list.statusCode).toBe(200);
    const usMen = list.json().built_in.find((f: { id: string }) => f.id === 'us-men');
    expect(usMen).toMatchObject({ name: 'US Men', is_custom: false });
    const index = usMen.sizes.indexOf('10.5');
    const eu = usMen.conversions.find((c: { format_id: string }) => c.format_id === 'eu');
    expect(eu.values[index]).toBe('EU 44.5');
    expect(list.json().custom).toEqual([]);

    const put = await call(owner, 'PUT', '/us-men', youthRun);
    expect(put.statusCode).toBe(409);
    expect(put.json().error.code).toBe('READ_ONLY');
    expect((await call(owner, 'DELETE', '/us-men')).statusCode).toBe(409);
  });

  it('an owner creates a custom run, sees it listed and gets it by id; the catalog lookup resolves it', async () => {
    const created = await call(owner, 'POST', '', youthRun);
    expect(created.statusCode).toBe(201);
    const format = created.json();
    expect(format.id).toMatch(/^custom:[0-9a-f-]{36}$/);
    expect(format).toMatchObject({
      name: 'Youth 1Y-7Y',
      is_custom: true,
      category: 'sneakers',
      conversion_format: 'gs',
      products_count: 0,
    });
    expect(format.sizes).toEqual(['1Y', '2Y', '3Y', '4Y', '5Y', '6Y', '7Y']);
    expect(format.conversions[0].values).toEqual([null, null, null, '4Y', '5Y', '6Y', '7Y']);

    const list = await call(owner, 'GET');
    expect(list.json().custom.map((f: { id: string }) => f.id)).toEqual([format.id]);
    expect((await call(owner, 'GET', `/${format.id}`)).json().name).toBe('Youth 1Y-7Y');

    const resolved = await loadSizeFormat(t.orm.em.fork(), owner.businessId, format.id);
    expect(resolved?.isCustom).toBe(true);
    expect(resolved?.canonical(' 5y ')).toBe('5Y');
    expect(resolved?.canonical('8Y')).toBeNull();
    expect(['7Y', '1Y', '4Y'].sort(resolved?.compare)).toEqual(['1Y', '4Y', '7Y']);
    const builtIn = await loadSizeFormat(t.orm.em.fork(), owner.businessId, 'gs');
    expect(builtIn?.canonical('7y')).toBe('7Y');
    expect(builtIn?.isCustom).toBe(false);

    const locked = await t.orm.em.fork().transactional((tx) => loadSizeFormat(tx, owner.businessId, format.id, { forShare: true }));
    expect(locked?.sizes).toEqual(format.sizes);

    // Another business neither sees nor resolves it.
    expect(await loadSizeFormat(t.orm.em.fork(), other.businessId, format.id)).toBeNull();
    expect((await call(other, 'GET', `/${format.id}`)).statusCode).toBe(404);
    expect((await call(other, 'PUT', `/${format.id}`, youthRun)).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/${format.id}`)).statusCode).toBe(404);
    expect((await call(other, 'GET')).json().custom).toEqual([]);
    expect(await loadSizeFormat(t.orm.em.fork(), owner.businessId, 'custom:not-a-uuid')).toBeNull();
  });

  it('bad input names each field and writes nothing', async () => {
    const before = await databaseSnapshot(t.orm);
    const bad = await call(owner, 'POST', '', {
      name: '  ',
      conversion_format: 'us-men',
      sizes: [{ value: '7' }, { value: ' 7 ' }, { value: '' }, { value: '8', converts_to: '99' }],
    });
    expect(bad.statusCode).toBe(400);
    const fields = errorFields(bad);
    expect(fields).toEqual(expect.arrayContaining(['name', 'sizes.1.value', 'sizes.2.value', 'sizes.3.converts_to']));
    const twice = bad.json().error.details.find((d: { field: string }) => d.field === 'sizes.1.value');
    expect(twice.message).toBe('Size 7 is listed twice');

    const noSizes = await call(owner, 'POST', '', { name: 'Rings', sizes: [] });
    expect(noSizes.statusCode).toBe(400);
    expect(noSizes.json().error.details).toEqual([{ field: 'sizes', message: 'Add at least one size' }]);

    const noTarget = await call(owner, 'POST', '', { name: 'Rings', sizes: [{ value: '5', converts_to: '5' }] });
    expect(noTarget.json().error.details).toEqual([
      { field: 'conversion_format', message: 'Choose the size format the conversions are in' },
    ]);

    const duplicate = await call(owner, 'POST', '', { ...youthRun, name: 'youth 1y-7y' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.details).toEqual([{ field: 'name', message: 'You already have a size format named youth 1y-7y' }]);
    const builtInName = await call(owner, 'POST', '', { ...youthRun, name: 'US Men' });
    expect(builtInName.json().error.details).toEqual([{ field: 'name', message: 'US Men is a built-in size format' }]);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('renames and reorders freely; variants follow a renamed size; removing a used size is refused naming the count', async () => {
    const created = (
      await call(owner, 'POST', '', { name: 'Rings', category: 'accessories', sizes: ['5', '6', '7', '8'].map((value) => ({ value })) })
    ).json();
    await productWithSizes(owner, created.id, ['6', '7']);
    await productWithSizes(owner, created.id, ['7']);

    const renamed = await call(owner, 'PUT', `/${created.id}`, {
      name: 'Ring sizes (US)',
      category: 'accessories',
      sizes: [{ value: '8' }, { value: 'US 7', previous: '7' }, { value: '6' }, { value: '5' }, { value: '9' }],
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Ring sizes (US)', sizes: ['8', 'US 7', '6', '5', '9'], products_count: 2 });
    const variants = await t.orm.em
      .fork()
      .execute<{ size: string }[]>('SELECT size FROM variants WHERE business_id = ? ORDER BY size', [owner.businessId]);
    expect(variants.map((v) => v.size)).toEqual(['6', 'US 7', 'US 7']);

    const before = await databaseSnapshot(t.orm);
    const removeUsed = await call(owner, 'PUT', `/${created.id}`, {
      name: 'Ring sizes (US)',
      sizes: [{ value: '8' }, { value: '6' }, { value: '5' }],
    });
    expect(removeUsed.statusCode).toBe(409);
    expect(removeUsed.json().error).toMatchObject({ code: 'SIZE_IN_USE' });
    expect(removeUsed.json().error.details[0]).toEqual({
      field: 'sizes',
      message: 'Size US 7 is used by 2 products; remove it from those products first',
    });
    expect(await databaseSnapshot(t.orm)).toEqual(before);

    // Unused sizes go without a word.
    const removeUnused = await call(owner, 'PUT', `/${created.id}`, {
      name: 'Ring sizes (US)',
      sizes: [{ value: 'US 7' }, { value: '6' }],
    });
    expect(removeUnused.json().sizes).toEqual(['US 7', '6']);

    const refused = await call(owner, 'DELETE', `/${created.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'IN_USE',
      message: 'Ring sizes (US) is used by 2 products; move them to another size format first',
    });
    expect((await call(owner, 'GET', `/${created.id}`)).statusCode).toBe(200);
  });

  it('deletes an unused custom format', async () => {
    const created = (await call(owner, 'POST', '', { name: 'Hat sizes', sizes: [{ value: '7 1/8' }, { value: '7 1/4' }] })).json();
    expect((await call(owner, 'DELETE', `/${created.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `/${created.id}`)).statusCode).toBe(404);
    expect(await loadSizeFormat(t.orm.em.fork(), owner.businessId, created.id)).toBeNull();
  });
});
