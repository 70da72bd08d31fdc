import type { BatchDetail, BatchList, BatchOperation } from '@tradepost/shared/schemas/batch-operations.ts';
import type { BatchOperationEvent } from '@tradepost/shared/schemas/events.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EbaySimulator, startEbaySimulator } from '../../../../tests/simulators/ebay/ebay-simulator.ts';
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
import { connectSimulator } from '../../../test/marketplace-support.ts';
import { createSizedProducts, type ListedVariant, listOnEbaySimulator, simPriceCents } from './batch-test-support.ts';

// What the products table's bulk actions rely on (issue #17). The catalog price change and archive
// run as batch operations on the catalog itself, with one result per item and the same progress
// events as marketplace batches; a repriced size that is listed reaches eBay through the sync
// engine. The list and the CSV export narrow to the chosen ids. (One file, one app: lean on CI.)

let t: TestApp;
let ebay: EbaySimulator;
let owner: SignedIn;
let stranger: SignedIn;
let listed: ListedVariant[];
let unlistedSizes: string[];

const path = (p: string, user: SignedIn = owner) => `/api/v1/businesses/${user.businessId}${p}`;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', p: string, payload?: unknown, user: SignedIn = owner, headers = {}) =>
  t.app.inject({
    method,
    url: path(p, user),
    headers: { ...bearer(user.token), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const startCatalogBatch = (body: unknown, user: SignedIn = owner, headers = {}) =>
  call('POST', '/batch-operations/catalog', body, user, headers);

async function settled(batchId: string): Promise<BatchDetail> {
  await t.app.jobs.drain({ timeoutMs: 60_000 });
  return (await call('GET', `/batch-operations/${batchId}?limit=500`)).json() as BatchDetail;
}

type ProductBody = { status: string; variants: { id: string; size: string; price_cents: number | null }[] };
const productOf = async (id: string) => (await call('GET', `/products/${id}`)).json() as ProductBody;

/** A product whose sizes have these prices (null: no own price), without a retail price. */
async function productPriced(prices: (number | null)[], n: number): Promise<ProductBody & { id: string }> {
  const res = await call('POST', '/products', {
    title: `Priced Runner ${n}`,
    brand: 'Nike',
    style_code: `PR-${n}`,
    category: 'sneakers',
    size_format: 'us-men',
    variants: prices.map((price, i) => ({
      size: String(7 + i),
      sku: `PR-${n}-${7 + i}`,
      ...(price === null ? {} : { price_cents: price }),
    })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  ebay = await startEbaySimulator({ acceptUrl: 'http://127.0.0.1:9/cb' });
  owner = await registerAndLogin(t.app);
  stranger = await registerAndLogin(t.app);
  const { connectionId } = await connectSimulator(t.orm, owner.businessId, { platform: 'ebay', sim: ebay });
  const [onEbay, notListed] = await createSizedProducts(t.app, owner, { prefix: 'CP', products: 2, sizes: 3 });
  if (!onEbay || !notListed) throw new Error('products');
  listed = await listOnEbaySimulator(t.orm, ebay, { businessId: owner.businessId, connectionId, products: [onEbay] });
  unlistedSizes = notListed.variants.map((v) => v.id);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await ebay?.close();
});

describe('catalog price batches', () => {
  it('moves every size by a percentage rounded up to .99, one result per size, and a listed size’s new price reaches eBay', async () => {
    const events: BatchOperationEvent[] = [];
    const stop = t.app.events.subscribe(owner.businessId, (event) => {
      if (event.stream === 'batch-operations') events.push(event.data as BatchOperationEvent);
    });
    const res = await startCatalogBatch({
      operation_type: 'catalog_price',
      change: { kind: 'percent', basis_points: -1000, round_to_99: true },
      items: [...listed.map((v) => ({ variant_id: v.variantId })), ...unlistedSizes.map((id) => ({ variant_id: id }))],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as BatchOperation;
    expect(created).toMatchObject({ operation_type: 'catalog_price', connection_id: null, platform: null, total: 6, remaining: 6 });

    const detail = await settled(created.id);
    stop();
    expect(detail.batch).toMatchObject({ status: 'completed', succeeded: 6, failed: 0, success_rate: 1 });
    // $150.00 less 10% is $135.00, rounded up to the next .99.
    expect(detail.items.map((item) => item.status)).toEqual(Array(6).fill('succeeded'));
    expect(detail.items[0]?.label).toBe('CP Runner 1 · 7');
    const [first] = detail.items;
    const item = (await call('GET', `/batch-operations/${created.id}/items/${first?.seq}`)).json();
    expect(item.response).toEqual({ old_price_cents: 15_000, price_cents: 13_599 });
    for (const v of listed) expect(simPriceCents(ebay, v.offerId)).toBe(13_599);
    const product = await productOf(listed[0]?.productId ?? '');
    expect(product.variants.map((v) => v.price_cents)).toEqual([13_599, 13_599, 13_599]);
    // The same progress events as marketplace batches; the "marketplace" is the catalog itself.
    expect(events.at(-1)).toMatchObject({
      type: 'batch_operation_complete',
      batch_id: created.id,
      marketplace: 'catalog',
      success_rate: 1,
    });
  });

  it('takes an amount off: a size whose price would fall to 0 or that has no price fails with the reason, the others change; a retry re-runs only the failed ones', async () => {
    const p = await productPriced([1_000, 5_000, 20_000, null], 1);
    const res = await startCatalogBatch({
      operation_type: 'catalog_price',
      change: { kind: 'amount', cents: -2_000 },
      items: p.variants.map((v) => ({ variant_id: v.id })),
    });
    expect(res.statusCode, res.body).toBe(201);
    const batchId = (res.json() as BatchOperation).id;
    const detail = await settled(batchId);
    expect(detail.batch).toMatchObject({ status: 'partially_failed', succeeded: 2, failed: 2 });
    expect(detail.items.map((item) => [item.status, item.error])).toEqual([
      ['failed', 'The new price would be 0 or less, so this size keeps its price'],
      ['succeeded', null],
      ['succeeded', null],
      ['failed', 'This size has no price to change: set one price for it instead'],
    ]);
    expect((await productOf(p.id)).variants.map((v) => v.price_cents)).toEqual([1_000, 3_000, 18_000, null]);

    // The seller gives the last size a price and retries: only the failed items run again, so the
    // sizes already moved are not moved twice.
    const patched = await call('PATCH', `/products/${p.id}`, { variants: [{ id: p.variants[3]?.id, price_cents: 9_000 }] });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await call('POST', `/batch-operations/${batchId}/retry`)).statusCode).toBe(200);
    const again = await settled(batchId);
    expect(again.batch).toMatchObject({ status: 'partially_failed', succeeded: 3, failed: 1 });
    expect((await productOf(p.id)).variants.map((v) => v.price_cents)).toEqual([1_000, 3_000, 18_000, 7_000]);
  });

  it('sets one price for all, .99 rounding going up unless the price ends in .99 already', async () => {
    const p = await productPriced([null, 4_000], 2);
    const setTo = async (cents: number) => {
      const res = await startCatalogBatch({
        operation_type: 'catalog_price',
        change: { kind: 'set', cents, round_to_99: true },
        items: p.variants.map((v) => ({ variant_id: v.id })),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect((await settled(res.json().id)).batch.status).toBe('completed');
      return (await productOf(p.id)).variants.map((v) => v.price_cents);
    };
    expect(await setTo(12_340)).toEqual([12_399, 12_399]);
    expect(await setTo(12_399)).toEqual([12_399, 12_399]);
    expect(await setTo(12_400)).toEqual([12_499, 12_499]);
  });

  it('refuses bad input naming the field, foreign ids (404) and the fulfillment role (403), writing nothing', async () => {
    const mine = unlistedSizes[0] ?? '';
    const [theirs] = await createSizedProducts(t.app, stranger, { prefix: 'TH', products: 1, sizes: 1 });
    const packer = await joinAs(t.app, owner, 'fulfillment');
    const before = await databaseSnapshot(t.orm);
    const priceBody = (change: unknown, items: unknown = [{ variant_id: mine }]) => ({ operation_type: 'catalog_price', change, items });

    expect((await startCatalogBatch(priceBody({ kind: 'percent', basis_points: -1000 }), packer)).statusCode).toBe(403);
    const foreign = await startCatalogBatch(priceBody({ kind: 'percent', basis_points: -1000 }, [{ variant_id: theirs?.variants[0]?.id }]));
    expect(foreign.statusCode).toBe(404);
    const foreignProduct = await startCatalogBatch({ operation_type: 'archive', items: [{ product_id: theirs?.productId }] });
    expect(foreignProduct.statusCode).toBe(404);

    const cases: [unknown, string[]][] = [
      [priceBody({ kind: 'percent', basis_points: -10_000 }), ['change.basis_points']],
      [priceBody({ kind: 'amount', cents: 0 }), ['change.cents']],
      [priceBody({ kind: 'set', cents: 0 }), ['change.cents']],
      [priceBody(undefined), ['change']],
      [priceBody({ kind: 'percent', basis_points: -1000 }, [{ variant_id: mine }, { variant_id: mine }]), ['items.1.variant_id']],
      [priceBody({ kind: 'percent', basis_points: -1000 }, []), ['items']],
      [{ operation_type: 'archive', items: [{ product_id: 'dunk' }] }, ['items.0.product_id']],
    ];
    for (const [body, fields] of cases) {
      const res = await startCatalogBatch(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorFields(res)).toEqual(fields);
    }
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });
});

describe('archive batches', () => {
  it('archives the chosen products with one result each: one already archived is done, one deleted meanwhile fails with the reason', async () => {
    const [a, gone, before] = await Promise.all([productPriced([15_000], 10), productPriced([15_000], 11), productPriced([15_000], 12)]);
    expect((await call('POST', `/products/${before.id}/archive`)).statusCode).toBe(200);

    // Another transaction holds the product, then deletes it: the batch waits for it, then finds it gone.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = t.orm.em.fork().transactional(async (tx) => {
      await tx.execute('SELECT id FROM products WHERE id = ? FOR UPDATE', [gone.id]);
      locked();
      await released;
      await tx.execute('DELETE FROM products WHERE id = ?', [gone.id]);
    });
    await isLocked;
    const res = await startCatalogBatch({ operation_type: 'archive', items: [a, gone, before].map((p) => ({ product_id: p.id })) });
    release();
    await holder;
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ operation_type: 'archive', platform: null, total: 3 });

    const detail = await settled(res.json().id);
    expect(detail.batch).toMatchObject({ status: 'partially_failed', succeeded: 2, failed: 1 });
    expect(detail.items.map((item) => [item.label, item.status, item.error])).toEqual([
      ['Priced Runner 10', 'succeeded', null],
      ['Item 2', 'failed', 'This product no longer exists'],
      ['Priced Runner 12', 'succeeded', null],
    ]);
    expect((await productOf(a.id)).status).toBe('archived');
    const active = (await call('GET', '/products/rows?limit=200')).json().items.map((p: { id: string }) => p.id);
    expect(active).not.toContain(a.id);
  });

  it('is safe to retry: the same Idempotency-Key starts one batch', async () => {
    const p = await productPriced([15_000], 20);
    const body = { operation_type: 'archive', items: [{ product_id: p.id }] };
    const key = { 'idempotency-key': `archive-${p.id}` };
    const archiveBatches = async () =>
      ((await call('GET', '/batch-operations?operation_type=archive&limit=100')).json() as BatchList).batches.map((b) => b.id);
    const earlier = await archiveBatches();
    const first = await startCatalogBatch(body, owner, key);
    const second = await startCatalogBatch(body, owner, key);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().id).toBe(first.json().id);
    await settled(first.json().id);
    expect(await archiveBatches()).toEqual([first.json().id, ...earlier]);
    expect((await productOf(p.id)).status).toBe('archived');
  });
});

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

describe('the chosen ids as a filter', () => {
  it('GET /products?ids= answers only those products (with their sizes and prices), whatever their status', async () => {
    const [a, b] = [await createProduct(), await createProduct()];
    await createProduct();
    expect((await call('POST', `/products/${b}/archive`)).statusCode).toBe(200);
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
