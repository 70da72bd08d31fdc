import type { BatchDetail, BatchItemDetail, BatchList, BatchOperation } from '@tradepost/shared/schemas/batch-operations.ts';
import type { BatchOperationEvent } from '@tradepost/shared/schemas/events.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EbaySimulator, startEbaySimulator } from '../../../../tests/simulators/ebay/ebay-simulator.ts';
import { bearer, createTestApp, databaseSnapshot, registerAndLogin, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { connectSimulator } from '../../../test/marketplace-support.ts';
import { bulkCalls, createSizedProducts, type ListedVariant, listOnEbaySimulator, simPriceCents } from './batch-test-support.ts';

let t: TestApp;
let ebay: EbaySimulator;
let owner: SignedIn;
let stranger: SignedIn;
let connectionId: string;
let listed: ListedVariant[];
let unlistedVariantId: string;

const base = (user: SignedIn = owner) => `/api/v1/businesses/${user.businessId}/batch-operations`;

async function post(payload: unknown, user: SignedIn = owner) {
  return t.app.inject({ method: 'POST', url: base(user), headers: bearer(user.token), payload: payload as Record<string, unknown> });
}

async function get<T>(url: string, user: SignedIn = owner): Promise<{ status: number; body: T }> {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(user.token) });
  return { status: res.statusCode, body: res.json() as T };
}

/** The owner's batch-operation events as the SSE stream carries them, in arrival order. */
function recordEvents(businessId: string) {
  const events: BatchOperationEvent[] = [];
  const stop = t.app.events.subscribe(businessId, (event) => {
    if (event.stream === 'batch-operations') events.push(event.data as BatchOperationEvent);
  });
  return { events, stop };
}

/** Waits (by draining the job queue) until the batch is finished, then returns it. */
async function settled(batchId: string): Promise<BatchDetail> {
  await t.app.jobs.drain({ timeoutMs: 60_000 });
  return (await get<BatchDetail>(`${base()}/${batchId}?limit=500`)).body;
}

beforeAll(async () => {
  t = await createTestApp();
  ebay = await startEbaySimulator({ acceptUrl: 'http://127.0.0.1:9/cb' });
  owner = await registerAndLogin(t.app);
  stranger = await registerAndLogin(t.app);
  ({ connectionId } = await connectSimulator(t.orm, owner.businessId, { platform: 'ebay', sim: ebay }));
  const products = await createSizedProducts(t.app, owner, { prefix: 'BT', products: 3, sizes: 20 });
  listed = await listOnEbaySimulator(t.orm, ebay, { businessId: owner.businessId, connectionId, products });
  const [extra] = await createSizedProducts(t.app, owner, { prefix: 'UNL', products: 1, sizes: 1 });
  unlistedVariantId = extra?.variants[0]?.id ?? '';
}, 60_000);

afterAll(async () => {
  await t?.close();
  await ebay?.close();
});

describe('batch operations', () => {
  it('a 60-item price batch on eBay goes out in 3 bulk calls of at most 25, with one result per item and ordered progress events', async () => {
    ebay.control.clearRequests();
    // Slow bulk answers, so the run publishes progress between chunks.
    ebay.control.setLatency('POST /sell/inventory/v1/bulk_update_price_quantity', 300);
    const { events, stop } = recordEvents(owner.businessId);
    const res = await post({
      connection_id: connectionId,
      operation_type: 'price',
      items: listed.map((item, i) => ({ variant_id: item.variantId, price_cents: 20_000 + i })),
    });
    expect(res.statusCode).toBe(201);
    const created = res.json() as BatchOperation;
    expect(created).toMatchObject({ platform: 'ebay', operation_type: 'price', total: 60, succeeded: 0, failed: 0, remaining: 60 });

    const detail = await settled(created.id);
    stop();
    ebay.control.clearFaults();
    expect(detail.batch).toMatchObject({ status: 'completed', succeeded: 60, failed: 0, remaining: 0, success_rate: 1 });
    expect(detail.items).toHaveLength(60);
    expect(detail.items.every((item) => item.status === 'succeeded' && item.attempts === 1)).toBe(true);

    const calls = bulkCalls(ebay);
    expect(calls.map((skus) => skus.length)).toEqual([25, 25, 10]);
    expect(calls.flat().sort()).toEqual(listed.map((item) => item.sku).sort());
    for (const [i, item] of listed.entries()) expect(simPriceCents(ebay, item.offerId)).toBe(20_000 + i);

    const [row] = await t.orm.em
      .fork()
      .execute<{ pushed_price_cents: number }[]>('SELECT pushed_price_cents FROM channel_listing_variants WHERE variant_id = ?', [
        listed[7]?.variantId,
      ]);
    expect(row?.pushed_price_cents).toBe(20_007);

    // Events: updates with growing progress, then one completion; success_rate = succeeded / processed.
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.every((e) => e.batch_id === created.id && e.marketplace === 'ebay' && e.operation_type === 'price')).toBe(true);
    expect(events.slice(0, -1).every((e) => e.type === 'batch_operation_update')).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'batch_operation_complete', success_rate: 1, processed: 60, total: 60 });
    const processed = events.map((e) => e.processed ?? 0);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    expect(processed[0]).toBe(25);

    // The debug screen's view of one item: exactly what was sent and what eBay answered.
    const item = await get<BatchItemDetail>(`${base()}/${created.id}/items/8`);
    expect(item.status).toBe(200);
    expect(item.body).toMatchObject({
      seq: 8,
      sku: listed[7]?.sku,
      status: 'succeeded',
      request: { operation: 'setPrices', sku: listed[7]?.sku, price_cents: 20_007, ref: { offerId: listed[7]?.offerId } },
      response: { ok: true },
    });
    expect(item.body.label).toContain('BT Runner 1');

    const list = await get<BatchList>(`${base()}?platform=ebay&operation_type=price`);
    expect(list.body.batches[0]).toMatchObject({ id: created.id, status: 'completed', created_by: { id: owner.userId } });
    expect(list.body.batches[0]?.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('a partial bulk failure fails only those items; retry sends only them again and the batch completes', async () => {
    // Three offers taken off eBay by hand: eBay answers 207 with those elements refused.
    const { accessToken } = ebay.control.issueUserToken();
    const pulled = [listed[3], listed[30], listed[59]] as ListedVariant[];
    const offerCall = (offerId: string, action: 'withdraw' | 'publish') =>
      fetch(`${ebay.baseUrl}/sell/inventory/v1/offer/${offerId}/${action}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: '{}',
      });
    for (const item of pulled) expect((await offerCall(item.offerId, 'withdraw')).ok).toBe(true);
    ebay.control.clearRequests();

    const res = await post({
      connection_id: connectionId,
      operation_type: 'price',
      items: listed.map((item) => ({ variant_id: item.variantId, price_cents: 17_500 })),
    });
    expect(res.statusCode).toBe(201);
    const batchId = (res.json() as BatchOperation).id;
    const first = await settled(batchId);
    expect(first.batch).toMatchObject({ status: 'partially_failed', succeeded: 57, failed: 3 });
    expect(first.batch.success_rate).toBeCloseTo(57 / 60);
    const failed = await get<BatchDetail>(`${base()}/${batchId}?status=failed`);
    expect(failed.body.items.map((item) => item.sku)).toEqual(pulled.map((item) => item.sku));
    expect(failed.body.items.every((item) => item.error?.includes('25713'))).toBe(true);

    // Put them back on eBay, then retry: only the three go out again.
    for (const item of pulled) expect((await offerCall(item.offerId, 'publish')).ok).toBe(true);
    ebay.control.clearRequests();
    const { events, stop } = recordEvents(owner.businessId);
    const retried = await t.app.inject({ method: 'POST', url: `${base()}/${batchId}/retry`, headers: bearer(owner.token) });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'queued', succeeded: 57, failed: 0, remaining: 3 });
    const second = await settled(batchId);
    stop();
    expect(second.batch).toMatchObject({ status: 'completed', succeeded: 60, failed: 0 });
    expect(bulkCalls(ebay)).toEqual([pulled.map((item) => item.sku)]);
    for (const item of listed) expect(simPriceCents(ebay, item.offerId)).toBe(17_500);
    const attempts = new Map(second.items.map((item) => [item.sku, item.attempts]));
    for (const item of listed) expect(attempts.get(item.sku)).toBe(pulled.includes(item) ? 2 : 1);
    expect(events.at(-1)).toMatchObject({ type: 'batch_operation_complete', batch_id: batchId, success_rate: 1 });

    // Nothing failed any more: another retry is refused.
    const again = await t.app.inject({ method: 'POST', url: `${base()}/${batchId}/retry`, headers: bearer(owner.token) });
    expect(again.statusCode).toBe(409);
  });

  it('a quantity batch without quantities pushes what the sync engine would (available less the buffer), and a batch where nothing succeeds fails', async () => {
    const target = listed.slice(0, 2);
    await t.orm.em
      .fork()
      .execute(`UPDATE sales_channels SET quantity_buffer = 1 WHERE business_id = ? AND kind = 'ebay'`, [owner.businessId]);
    const [location] = (await get<{ id: string; is_default: boolean }[]>(`/api/v1/businesses/${owner.businessId}/locations`)).body;
    const adjust = await t.app.inject({
      method: 'POST',
      url: `/api/v1/businesses/${owner.businessId}/inventory/adjustments`,
      headers: bearer(owner.token),
      payload: {
        location_id: location?.id,
        lines: target.map((item) => ({ variant_id: item.variantId, quantity: 4, reason: 'received' })),
      },
    });
    expect(adjust.statusCode).toBeLessThan(300);
    const res = await post({
      connection_id: connectionId,
      operation_type: 'quantity',
      items: target.map((item) => ({ variant_id: item.variantId })),
    });
    const batch = await settled((res.json() as BatchOperation).id);
    expect(batch.batch.status).toBe('completed');
    for (const item of target) {
      expect((ebay.control.offer(item.offerId) as { availableQuantity: number }).availableQuantity).toBe(3);
    }

    // An eBay that refuses every element: the batch ends failed, with the failed event.
    const { accessToken } = ebay.control.issueUserToken();
    const only = listed[10] as ListedVariant;
    await fetch(`${ebay.baseUrl}/sell/inventory/v1/offer/${only.offerId}/withdraw`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const { events, stop } = recordEvents(owner.businessId);
    const doomed = await post({
      connection_id: connectionId,
      operation_type: 'quantity',
      items: [{ variant_id: only.variantId, quantity: 2 }],
    });
    const done = await settled((doomed.json() as BatchOperation).id);
    stop();
    expect(done.batch).toMatchObject({ status: 'failed', succeeded: 0, failed: 1, success_rate: 0 });
    expect(events.at(-1)).toMatchObject({ type: 'batch_operation_failed', success_rate: 0 });
  });

  it('bad input answers 400 naming the field (or 404 for foreign ids) and writes nothing', async () => {
    const before = await databaseSnapshot(t.orm);
    const cases: { payload: unknown; status: number; field?: string }[] = [
      {
        payload: {
          connection_id: connectionId,
          operation_type: 'price',
          items: [0, 1, 2, 3].map((i) => ({ variant_id: listed[i]?.variantId, price_cents: i === 3 ? -5 : 100 })),
        },
        status: 400,
        field: 'items.3.price_cents',
      },
      {
        payload: { connection_id: connectionId, operation_type: 'price', items: [{ variant_id: listed[0]?.variantId, price: 100 }] },
        status: 400,
        field: 'items.0',
      },
      {
        payload: {
          connection_id: connectionId,
          operation_type: 'quantity',
          items: [{ variant_id: listed[0]?.variantId }, { variant_id: unlistedVariantId }],
        },
        status: 400,
        field: 'items.1.variant_id',
      },
      {
        payload: {
          connection_id: connectionId,
          operation_type: 'quantity',
          items: [{ variant_id: listed[0]?.variantId }, { variant_id: listed[0]?.variantId }],
        },
        status: 400,
        field: 'items.1.variant_id',
      },
      { payload: { connection_id: connectionId, operation_type: 'end', items: [] }, status: 400, field: 'items' },
      {
        payload: {
          connection_id: connectionId,
          operation_type: 'quantity',
          items: Array.from({ length: 10_001 }, () => ({ variant_id: listed[0]?.variantId })),
        },
        status: 400,
        field: 'items',
      },
      { payload: { connection_id: connectionId, operation_type: 'delete', items: [{ product_id: listed[0]?.productId }] }, status: 400 },
      {
        payload: { connection_id: connectionId, operation_type: 'relist', items: [{ product_id: 'not-a-uuid' }] },
        status: 400,
        field: 'items.0.product_id',
      },
      // Someone else's connection and an unknown variant: not found, nothing confirmed.
      {
        payload: {
          connection_id: '01a20072-0000-7000-8000-000000000001',
          operation_type: 'quantity',
          items: [{ variant_id: listed[0]?.variantId }],
        },
        status: 404,
      },
      {
        payload: {
          connection_id: connectionId,
          operation_type: 'quantity',
          items: [{ variant_id: '01a20072-0000-7000-8000-000000000002' }],
        },
        status: 404,
      },
    ];
    for (const c of cases) {
      const res = await post(c.payload);
      expect(res.statusCode, JSON.stringify(c.payload).slice(0, 200)).toBe(c.status);
      if (c.field) {
        const fields = (res.json() as { error: { details?: { field: string }[] } }).error.details?.map((d) => d.field) ?? [];
        expect(fields).toContain(c.field);
      }
    }
    // The stranger's own business cannot use the owner's connection or variants.
    const foreign = await post(
      { connection_id: connectionId, operation_type: 'quantity', items: [{ variant_id: listed[0]?.variantId }] },
      stranger,
    );
    expect(foreign.statusCode).toBe(404);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it("another business's batch answers 404 everywhere", async () => {
    const mine = (await get<BatchList>(base())).body.batches[0] as BatchOperation;
    expect((await get(`${base(stranger)}/${mine.id}`, stranger)).status).toBe(404);
    expect((await get(`${base(stranger)}/${mine.id}/items/1`, stranger)).status).toBe(404);
    const retry = await t.app.inject({ method: 'POST', url: `${base(stranger)}/${mine.id}/retry`, headers: bearer(stranger.token) });
    expect(retry.statusCode).toBe(404);
    // And the owner's path with the stranger's token: the business check answers first.
    expect((await get(`${base()}/${mine.id}`, stranger)).status).toBe(404);
    expect((await get<BatchList>(base(stranger), stranger)).body.batches).toEqual([]);
    expect((await get(`${base()}/${mine.id}/items/999`)).status).toBe(404);
  });
});
