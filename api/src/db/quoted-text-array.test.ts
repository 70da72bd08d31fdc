import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createTestApp, registerAndLogin, type SignedIn, type TestApp } from '../../test/helper.ts';

// Product tags are a text[] column written through the ORM. Every spelling a reseller might type
// must come back as typed: "null" was stored as NULL (the product then answered 500 everywhere),
// and PostgreSQL trims unquoted elements.

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app, { business_name: 'Tag Kicks' });
});
afterAll(async () => t.close());

it('tags come back exactly as written, "null", quotes, backslashes, commas and braces included', async () => {
  const tags = ['null', 'NULL', 'Null', 'say "hi"', 'back\\slash', 'comma, yes', '{brace}', 'NaN', 'ünïcödé'];
  const url = `/api/v1/businesses/${owner.businessId}/products`;
  const created = await t.app.inject({
    method: 'POST',
    url,
    headers: bearer(owner.token),
    payload: { title: 'Tagged Dunk', category: 'sneakers', size_format: 'us-men', tags, variants: [{ size: '9', sku: 'TAG-9' }] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json() as { id: string };
  const read = await t.app.inject({ method: 'GET', url: `${url}/${id}`, headers: bearer(owner.token) });
  expect(read.statusCode, read.body).toBe(200);
  expect((read.json() as { tags: string[] }).tags).toEqual(tags);
  const [row] = await t.orm.em.fork().execute<{ tags: string[] }[]>('SELECT tags FROM products WHERE id = ?', [id]);
  expect(row?.tags).toEqual(tags);

  const edited = await t.app.inject({ method: 'PATCH', url: `${url}/${id}`, headers: bearer(owner.token), payload: { tags: ['null'] } });
  expect(edited.statusCode, edited.body).toBe(200);
  expect((edited.json() as { tags: string[] }).tags).toEqual(['null']);
});
