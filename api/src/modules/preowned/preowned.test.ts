import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, databaseSnapshot, registerAndLogin, type SignedIn, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let warehouse: string;
let strangerLocation: string;

const url = (path: string, who: SignedIn = owner) => `/api/v1/businesses/${who.businessId}${path}`;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object, who: SignedIn = owner) =>
  t.app.inject({ method, url: url(path, who), headers: bearer(who.token), ...(payload === undefined ? {} : { payload }) });

const firstLocation = async (who: SignedIn) => (await call('GET', '/locations', undefined, who)).json()[0].id as string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app, { business_name: 'Second Life Kicks' });
  stranger = await registerAndLogin(t.app, { business_name: 'Elsewhere Kicks' });
  warehouse = await firstLocation(owner);
  strangerLocation = await firstLocation(stranger);
});
afterAll(async () => t.close());

type Item = {
  id: string;
  variant_id: string;
  state: string;
  size: string | null;
  sku: string;
  missing: string[];
  on_hand: number;
  days_in_stock: number | null;
  location_name: string | null;
};

const complete = {
  title: 'Air Jordan 4 Retro Bred',
  brand: 'Jordan',
  style_code: 'FV5029-006',
  size_format: 'us-men',
  size: '10.5',
  grade: 'excellent',
  condition_notes: 'Light creasing on the toe box, original box.',
  price_cents: 24000,
  unit_cost_cents: 15000,
};

const ledger = async (variantId: string) => (await call('GET', `/inventory/variants/${variantId}/ledger`)).json();
const fields = (res: { json: () => { error: { details?: { field: string }[] } } }) =>
  (res.json().error.details ?? []).map((detail) => detail.field);

describe('drafts', () => {
  it('saves a draft with only a title, says what publishing still needs, and posts no stock', async () => {
    const res = await call('POST', '/preowned', { title: 'Yeezy 350 Zebra' });
    expect(res.statusCode, res.body).toBe(201);
    const item: Item = res.json();
    expect(item).toMatchObject({ state: 'draft', size: null, on_hand: 0, days_in_stock: null });
    expect(item.missing).toEqual(['size', 'grade', 'price_cents', 'unit_cost_cents', 'location_id']);
    expect(item.sku).toMatch(/^PO-[A-Z0-9]{6}$/);
    expect((await ledger(item.variant_id)).movements).toEqual([]);
  });

  it('refuses to publish an unfinished draft, naming every missing field, and writes nothing', async () => {
    const draft: Item = (await call('POST', '/preowned', { title: 'Dunk Low Kentucky', size: '9' })).json();
    const before = await databaseSnapshot(t.orm);
    const res = await call('POST', `/preowned/${draft.id}/publish`);
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual(['grade', 'price_cents', 'unit_cost_cents', 'location_id']);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('is finished later and published: the unit enters stock with its cost lot, once', async () => {
    const draft: Item = (await call('POST', '/preowned', { title: 'New Balance 550 White Green', size_format: 'us-men' })).json();
    const patched = await call('PATCH', `/preowned/${draft.id}`, {
      size: '11',
      grade: 'good',
      price_cents: 9000,
      unit_cost_cents: 4000,
      location_id: warehouse,
      acquired_via: 'trade',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ state: 'draft', missing: [], location_name: 'Main warehouse' });

    const published = await call('POST', `/preowned/${draft.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ state: 'in_stock', on_hand: 1, days_in_stock: 0, missing: [] });

    const book = await ledger(draft.variant_id);
    expect(book.movements).toEqual([expect.objectContaining({ on_hand_delta: 1, reason: 'receipt', location_id: warehouse })]);
    expect(book.lots).toEqual([expect.objectContaining({ source: 'trade', quantity_received: 1, unit_cost_cents: 4000 })]);
    expect(book.reconciliation.every((r: { matches: boolean }) => r.matches)).toBe(true);

    const again = await call('POST', `/preowned/${draft.id}/publish`);
    expect(again.statusCode).toBe(409);
    expect((await ledger(draft.variant_id)).movements).toHaveLength(1);
  });

  it('publishes exactly once when two publishes race', async () => {
    const draft: Item = (await call('POST', '/preowned', { ...complete, location_id: warehouse, style_code: 'FV5029-007' })).json();
    const answers = await Promise.all([call('POST', `/preowned/${draft.id}/publish`), call('POST', `/preowned/${draft.id}/publish`)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const book = await ledger(draft.variant_id);
    expect(book.movements).toHaveLength(1);
    expect(book.reconciliation[0].level.on_hand).toBe(1);
  });

  it('deletes a draft, and refuses to delete a published item (it keeps its history)', async () => {
    const draft: Item = (await call('POST', '/preowned', { title: 'Samba OG Black' })).json();
    expect((await call('DELETE', `/preowned/${draft.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/preowned/${draft.id}`)).statusCode).toBe(404);

    const live: Item = (await call('POST', '/preowned', { ...complete, location_id: warehouse, publish: true })).json();
    const refused = await call('DELETE', `/preowned/${live.id}`);
    expect(refused.statusCode).toBe(409);
    expect((await call('GET', `/preowned/${live.id}`)).json().state).toBe('in_stock');
  });
});

describe('input rules', () => {
  it('names each bad field (negative price, unknown grade, size outside the run, missing size when publishing) and writes nothing', async () => {
    const before = await databaseSnapshot(t.orm);
    const negative = await call('POST', '/preowned', { title: 'AJ1', price_cents: -100 });
    expect(negative.statusCode).toBe(400);
    expect(fields(negative)).toEqual(['price_cents']);

    const grade = await call('POST', '/preowned', { title: 'AJ1', grade: 'mint' });
    expect(grade.statusCode).toBe(400);
    expect(fields(grade)).toEqual(['grade']);

    const outside = await call('POST', '/preowned', { title: 'AJ1', size_format: 'us-men', size: '23' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.details).toEqual([{ field: 'size', message: 'Size 23 is not in the US Men size run' }]);

    const noSize = await call('POST', '/preowned', { ...complete, size: undefined, location_id: warehouse, publish: true });
    expect(noSize.statusCode).toBe(400);
    expect(fields(noSize)).toEqual(['size']);

    const noTitle = await call('POST', '/preowned', { title: '  ' });
    expect(fields(noTitle)).toEqual(['title']);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it("stores a built-in format's own spelling, and free text for a format of the shop's own", async () => {
    const kids = await call('POST', '/preowned', { title: 'Jordan 1 Mid GS', size_format: 'gs', size: '5.5y' });
    expect(kids.json().size).toBe('5.5Y');
    const custom = await call('POST', '/preowned', { title: 'Vintage tee', size_format: 'vintage-tags', size: 'Tag L (fits M)' });
    expect(custom.statusCode, custom.body).toBe(201);
    expect(custom.json().size).toBe('Tag L (fits M)');
  });

  it('lets pre-owned items repeat a style code, but not a SKU or a barcode', async () => {
    const first = await call('POST', '/preowned', {
      title: 'Bred 4 #1',
      style_code: 'FV5029-100',
      sku: 'USED-BRED-1',
      barcode: '4000000000017',
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await call('POST', '/preowned', { title: 'Bred 4 #2', style_code: 'FV5029-100' });
    expect(second.statusCode, second.body).toBe(201);

    const before = await databaseSnapshot(t.orm);
    const dup = await call('POST', '/preowned', { title: 'Bred 4 #3', sku: 'used-bred-1', barcode: '4000000000017' });
    expect(dup.statusCode).toBe(409);
    expect(fields(dup).sort()).toEqual(['barcode', 'sku']);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('keeps a published item complete, and its cost and location as posted', async () => {
    const live: Item = (await call('POST', '/preowned', { ...complete, location_id: warehouse, publish: true })).json();
    const cost = await call('PATCH', `/preowned/${live.id}`, { unit_cost_cents: 1 });
    expect(cost.statusCode).toBe(409);
    expect(fields(cost)).toEqual(['unit_cost_cents']);
    const grade = await call('PATCH', `/preowned/${live.id}`, { grade: null });
    expect(grade.statusCode).toBe(400);
    expect(fields(grade)).toEqual(['grade']);
    const price = await call('PATCH', `/preowned/${live.id}`, { price_cents: 21000, grade: 'like_new' });
    expect(price.statusCode).toBe(200);
    expect(price.json()).toMatchObject({ price_cents: 21000, grade: 'like_new', state: 'in_stock' });
  });
});

describe("another business's ids", () => {
  it('answer 404 for items, locations and products that are not pre-owned', async () => {
    const theirs: Item = (await call('POST', '/preowned', { title: 'Their pair' }, stranger)).json();
    for (const [method, path] of [
      ['GET', `/preowned/${theirs.id}`],
      ['PATCH', `/preowned/${theirs.id}`],
      ['POST', `/preowned/${theirs.id}/publish`],
      ['DELETE', `/preowned/${theirs.id}`],
    ] as const) {
      const res = await call(method, path, method === 'PATCH' ? { title: 'Mine now' } : undefined);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await call('GET', `/preowned/${theirs.id}`, undefined, stranger)).json().title).toBe('Their pair');

    const before = await databaseSnapshot(t.orm);
    const foreignLocation = await call('POST', '/preowned', { title: 'Mine', location_id: strangerLocation });
    expect(foreignLocation.statusCode).toBe(404);
    expect(await databaseSnapshot(t.orm)).toEqual(before);

    // A new (not pre-owned) product of the same business, written directly so this test does not lean on the catalog's routes.
    const newProductId = '0190a000-0000-7000-8000-000000000001';
    await t.orm.em
      .getConnection()
      .execute(
        "INSERT INTO products (id, business_id, title, category, size_format) VALUES (?, ?, 'Brand new pair', 'sneakers', 'us-men')",
        [newProductId, owner.businessId],
      );
    expect((await call('GET', `/preowned/${newProductId}`)).statusCode).toBe(404);
  });
});

describe('the list', () => {
  it('filters by state and search, counts each state, and follows a unit out of stock to sold and archived', async () => {
    const shop = await registerAndLogin(t.app, { business_name: 'List Kicks' });
    const location = await firstLocation(shop);
    const make = async (body: object) => (await call('POST', '/preowned', body, shop)).json() as Item;
    await make({ title: 'Travis Scott Mocha draft' });
    const live = await make({ ...complete, title: 'Travis Scott Mocha AJ1 Low', sku: 'TS-MOCHA-1', location_id: location, publish: true });
    const other = await make({ ...complete, title: 'Off-White Chicago', style_code: 'AA3834-101', location_id: location, publish: true });

    const list = async (query: string) => (await call('GET', `/preowned?${query}`, undefined, shop)).json();
    const active = await list('status=active');
    expect(active.items.map((i: Item) => i.id).sort()).toEqual([live.id, other.id].sort());
    expect(active.counts).toEqual({ draft: 1, in_stock: 2, sold: 0, archived: 0 });
    expect((await list('status=active&q=mocha')).items.map((i: Item) => i.id)).toEqual([live.id]);
    expect((await list('status=active&q=ts-mocha')).items.map((i: Item) => i.id)).toEqual([live.id]);
    expect((await list('status=all&q=mocha')).total).toBe(2);
    expect((await list('status=draft')).items.map((i: Item) => i.missing.length)).toEqual([5]);

    expect((await call('POST', `/preowned/${live.id}/archive`, undefined, shop)).statusCode).toBe(409);
    const out = await call(
      'POST',
      '/inventory/adjustments',
      { location_id: location, lines: [{ variant_id: live.variant_id, quantity: -1, reason: 'other' }] },
      shop,
    );
    expect(out.statusCode, out.body).toBe(201);
    const sold = await list('status=sold');
    expect(sold.items.map((i: Item) => [i.id, i.state, i.on_hand])).toEqual([[live.id, 'sold', 0]]);
    expect(sold.counts).toEqual({ draft: 1, in_stock: 1, sold: 1, archived: 0 });

    const archived = await call('POST', `/preowned/${live.id}/archive`, undefined, shop);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().state).toBe('archived');
    expect((await list('status=archived')).items.map((i: Item) => i.id)).toEqual([live.id]);
  });

  it('refuses an unknown status filter naming the field', async () => {
    const res = await call('GET', '/preowned?status=gone');
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual(['status']);
  });
});
