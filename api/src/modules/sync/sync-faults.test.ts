import type { SyncHealth, VariantSyncState } from '@tradepost/shared/schemas/sync.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_TOKEN_KEY } from '../../../test/helper.ts';
import { adapterFor, loadConnection } from '../connections/adapter-factory.ts';
import { loadSecrets } from '../connections/connection-secrets.ts';
import type { EbayRef } from '../marketplaces/adapters/types.ts';
import { enqueueChannelQuantityPushes } from './enqueue-pushes.ts';
import { scheduleReconcile } from './reconcile.ts';
import {
  adjust,
  connect,
  list,
  ourAvailable,
  platformQuantities,
  type StockedProduct,
  type SyncWorld,
  settle,
  startSyncWorld,
  stockedProduct,
} from './sync-test-support.ts';

let w: SyncWorld;
const connections: Record<'ebay' | 'shopify' | 'square', string> = { ebay: '', shopify: '', square: '' };
let channels: Record<string, string> = {};

beforeAll(async () => {
  w = await startSyncWorld();
  connections.ebay = await connect(w, 'ebay');
  connections.shopify = await connect(w, 'shopify');
  connections.square = await connect(w, 'square');
  const list = (await w.call('GET', '/channels')).json() as { id: string; kind: string }[];
  channels = Object.fromEntries(list.map((c) => [c.kind, c.id]));
});
afterAll(async () => w.close());

const sku = (product: StockedProduct, size: string) => product.variants.find((v) => v.size === size)?.sku ?? '';
const variant = (product: StockedProduct, size: string) => product.variants.find((v) => v.size === size)?.id ?? '';

async function listEverywhere(product: StockedProduct) {
  for (const platform of ['ebay', 'shopify', 'square'] as const) await list(w, connections[platform], product.id);
  await settle(w);
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await w.t.orm.em.fork().execute<{ n: string }[]>(sql, params);
  return Number(row?.n ?? 0);
}

const salesOf = (variantId: string) =>
  count('SELECT count(DISTINCT s.id) AS n FROM sales s JOIN sale_lines l ON l.sale_id = s.id WHERE l.variant_id = ?', [variantId]);

/** Requests that wrote this SKU's quantity on eBay and were answered with success. */
const ebayQuantityWrites = (forSku: string) =>
  w.ebay.control
    .requests({ route: 'POST /sell/inventory/v1/bulk_update_price_quantity' })
    .filter((r) => JSON.stringify(r.body).includes(`"${forSku}"`));

async function reconcileNow(connectionId: string) {
  await scheduleReconcile(w.t.orm.em.fork(), w.owner.businessId, connectionId, 0);
  w.t.app.jobs.kick();
  await settle(w);
}

describe('platform faults', () => {
  let shoe: StockedProduct;

  beforeAll(async () => {
    shoe = await stockedProduct(w, 4);
    await listEverywhere(shoe);
  });

  it('token expiry mid-sync: eBay answers 401, the token is refreshed once, the push lands', async () => {
    const before = await loadSecrets(w.t.orm.em.fork(), TEST_TOKEN_KEY, w.owner.businessId, connections.ebay);
    w.ebay.control.advanceClock('3h');
    w.ebay.control.clearRequests();
    await adjust(w, variant(shoe, '9'), 1);
    await settle(w);
    expect(platformQuantities(w, sku(shoe, '9')).ebay).toBe(5);
    const refreshes = w.ebay.control.requests({ pathIncludes: '/identity/v1/oauth2/token' });
    expect(refreshes).toHaveLength(1);
    const writes = ebayQuantityWrites(sku(shoe, '9'));
    expect(writes.map((r) => r.status)).toEqual([401, 200]);
    const after = await loadSecrets(w.t.orm.em.fork(), TEST_TOKEN_KEY, w.owner.businessId, connections.ebay);
    expect(after.token?.accessToken).not.toBe(before.token?.accessToken);
    const [row] = await w.t.orm.em
      .fork()
      .execute<{ status: string }[]>('SELECT status FROM channel_connections WHERE id = ?', [connections.ebay]);
    expect(row?.status).toBe('connected');
  });

  it('rate limiting: eBay answers 429, the push backs off and writes each SKU once', async () => {
    w.ebay.control.clearRequests();
    w.ebay.control.failNext({ route: 'POST /sell/inventory/v1/bulk_update_price_quantity', kind: 'rate-limit' });
    await adjust(w, variant(shoe, '10'), 2);
    await settle(w);
    expect(platformQuantities(w, sku(shoe, '10'))).toEqual({ ebay: 6, shopify: 6, square: 6 });
    const writes = ebayQuantityWrites(sku(shoe, '10'));
    expect(writes.map((r) => r.status)).toEqual([429, 200]);
  });

  it('the same sale by webhook and by poll decrements stock once, whichever comes first', async () => {
    const before = await ourAvailable(w, variant(shoe, '11'));
    w.shopify.control.sell({ sku: sku(shoe, '11'), quantity: 1 });
    await settle(w);
    await reconcileNow(connections.shopify);
    expect(await ourAvailable(w, variant(shoe, '11'))).toBe(before - 1);
    expect(await salesOf(variant(shoe, '11'))).toBe(1);

    // The other way round: the poll finds it first, the webhook arrives late.
    const order = w.shopify.control.sell({ sku: sku(shoe, '11'), quantity: 1, notify: false });
    await reconcileNow(connections.shopify);
    expect(await ourAvailable(w, variant(shoe, '11'))).toBe(before - 2);
    await w.shopify.control.emitWebhook({ topic: 'orders/create', orderId: order.id });
    await settle(w);
    expect(await ourAvailable(w, variant(shoe, '11'))).toBe(before - 2);
    expect(await salesOf(variant(shoe, '11'))).toBe(2);
    expect(platformQuantities(w, sku(shoe, '11'))).toEqual({ ebay: before - 2, shopify: before - 2, square: before - 2 });
  });

  it('a forged webhook is refused with 401 on every platform, stored nowhere, and logged as a rejection', async () => {
    const events = await count('SELECT count(*) AS n FROM webhook_events');
    const rejections = await count('SELECT count(*) AS n FROM webhook_rejections');
    const ebayOrder = w.ebay.control.sell({ sku: sku(shoe, '9'), notify: false });
    const shopifyOrder = w.shopify.control.sell({ sku: sku(shoe, '9'), notify: false });
    const [ebay] = await w.ebay.control.emitWebhook({
      topic: 'ORDER_CONFIRMATION',
      data: { orderId: ebayOrder.orderId },
      signature: 'tampered',
      attempts: 1,
    });
    const [shopify] = await w.shopify.control.emitWebhook({
      topic: 'orders/create',
      orderId: shopifyOrder.id,
      signature: 'wrong-secret',
      attempts: 1,
    });
    const [square] = await w.square.control.emitWebhook({ type: 'order.created', dataId: 'forged-order', signature: 'bad', attempts: 1 });
    const unsigned = await w.t.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/shopify/${connections.shopify}`,
      headers: { 'content-type': 'application/json', 'x-shopify-topic': 'orders/create', 'x-shopify-webhook-id': 'forged' },
      payload: JSON.stringify({ id: 1, line_items: [{ sku: sku(shoe, '9'), quantity: 1, price: '1.00' }] }),
    });
    for (const delivery of [ebay, shopify, square]) expect(delivery?.attempts.map((a) => a.status)).toEqual([401]);
    expect(unsigned.statusCode).toBe(401);
    await settle(w);
    expect(await count('SELECT count(*) AS n FROM webhook_events')).toBe(events);
    expect(await count('SELECT count(*) AS n FROM webhook_rejections')).toBe(rejections + 4);
    const health = (await w.call('GET', '/sync-health')).json() as SyncHealth;
    expect(health.connections.find((c) => c.platform === 'shopify')?.webhooks.rejected_24h).toBe(2);
    // An unknown connection answers 404, telling a prober nothing about signatures.
    const unknown = await w.t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/shopify/00000000-0000-4000-8000-000000000000',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unknown.statusCode).toBe(404);
    // Those sales were never recorded: the poll picks them up (they are real platform orders).
    await reconcileNow(connections.ebay);
    await reconcileNow(connections.shopify);
  });

  it('duplicate and out-of-order deliveries change nothing twice; a topic never subscribed to is refused', async () => {
    const before = await ourAvailable(w, variant(shoe, '10'));
    const order = w.shopify.control.sell({ sku: sku(shoe, '10'), quantity: 1, notify: false });
    await w.shopify.control.emitWebhook({ topic: 'orders/create', orderId: order.id, duplicate: 2, hold: true });
    // orders/updated is not subscribed: delivered to the endpoint directly, it is refused and stored nowhere.
    const url = `${w.base}/api/v1/webhooks/shopify/${connections.shopify}`;
    const [unsubscribed] = await w.shopify.control.emitWebhook({
      topic: 'orders/updated',
      orderId: order.id,
      hold: true,
      url,
      attempts: 1,
    });
    await w.shopify.control.releaseWebhooks('reverse');
    await settle(w);
    expect(await ourAvailable(w, variant(shoe, '10'))).toBe(before - 1);
    expect(unsubscribed?.attempts.map((a) => a.status)).toEqual([401]);
    const rows = await w.t.orm.em
      .fork()
      .execute<{ topic: string; deliveries: number; status: string }[]>(
        `SELECT topic, deliveries, status FROM webhook_events WHERE connection_id = ? AND payload ->> 'order_id' = ? ORDER BY topic`,
        [connections.shopify, order.id],
      );
    expect(rows).toEqual([{ topic: 'orders/create', deliveries: 3, status: 'processed' }]);
    const sales = await count('SELECT count(*) AS n FROM sales WHERE external_order_id = ?', [order.id]);
    expect(sales).toBe(1);
  });

  it('a drifted quantity is found by reconciliation, reported, and corrected by a push', async () => {
    // Someone changes the quantity in eBay's own tools.
    const em = w.t.orm.em.fork();
    const connection = await loadConnection(em, w.owner.businessId, connections.ebay);
    if (!connection) throw new Error('no connection');
    const adapter = await adapterFor({ em, tokenKey: TEST_TOKEN_KEY }, connection);
    const [row] = await em.execute<{ external_ref: EbayRef }[]>(
      'SELECT external_ref FROM channel_listing_variants WHERE connection_id = ? AND variant_id = ?',
      [connections.ebay, variant(shoe, '9')],
    );
    if (!row) throw new Error('not listed');
    await (adapter.setQuantities as (items: { ref: EbayRef; sku: string; quantity: number }[]) => Promise<unknown>)([
      { ref: row.external_ref, sku: sku(shoe, '9'), quantity: 40 },
    ]);
    const ours = await ourAvailable(w, variant(shoe, '9'));

    // First the correction is refused, so the drift stays open and shows.
    w.ebay.control.failNext({
      route: 'POST /sell/inventory/v1/bulk_update_price_quantity',
      kind: 'status',
      status: 400,
      body: { errors: [{ errorId: 25002, domain: 'API_INVENTORY', category: 'REQUEST', message: 'A user error has occurred.' }] },
    });
    await reconcileNow(connections.ebay);
    const health = (await w.call('GET', '/sync-health')).json() as SyncHealth;
    const ebay = health.connections.find((c) => c.platform === 'ebay');
    expect(ebay?.drift).toEqual([expect.objectContaining({ variant_id: variant(shoe, '9'), sku: sku(shoe, '9'), ours, theirs: 40 })]);
    expect(ebay?.failures_24h).toBeGreaterThan(0);
    const state = (await w.call('GET', `/inventory/variants/${variant(shoe, '9')}/sync-state`)).json() as VariantSyncState;
    expect(state.listings.find((l) => l.platform === 'ebay')).toMatchObject({ channel_quantity: 40, pushable_now: ours });
    expect(state.listings.find((l) => l.platform === 'ebay')?.last_error).toContain('25002');

    // The next poll pushes again; the drift is resolved.
    await reconcileNow(connections.ebay);
    expect(platformQuantities(w, sku(shoe, '9')).ebay).toBe(ours);
    const open = await count('SELECT count(*) AS n FROM sync_drift WHERE connection_id = ? AND resolved_at IS NULL', [connections.ebay]);
    expect(open).toBe(0);
    const resolved = await count(
      'SELECT count(*) AS n FROM sync_drift WHERE connection_id = ? AND theirs = 40 AND resolved_at IS NOT NULL',
      [connections.ebay],
    );
    expect(resolved).toBe(1);
  });
});

describe('the last unit, buffers, caps and switched-off channels', () => {
  it('two channels selling the last unit at once: one sale, one failed order, every channel ends at 0', async () => {
    const pair = await stockedProduct(w, { '12': 1 }, ['12']);
    await listEverywhere(pair);
    const last = sku(pair, '12');
    const ebayOrder = w.ebay.control.sell({ sku: last, notify: false });
    const shopifyOrder = w.shopify.control.sell({ sku: last, notify: false });
    await w.ebay.control.emitWebhook({
      topic: 'ORDER_CONFIRMATION',
      data: { orderId: ebayOrder.orderId, lineItemId: ebayOrder.lineItems[0]?.lineItemId },
      hold: true,
    });
    await w.shopify.control.emitWebhook({ topic: 'orders/create', orderId: shopifyOrder.id, hold: true });
    await Promise.all([w.ebay.control.releaseWebhooks(), w.shopify.control.releaseWebhooks()]);
    await settle(w);

    expect(await salesOf(variant(pair, '12'))).toBe(1);
    const failed = await w.t.orm.em
      .fork()
      .execute<{ reason_code: string }[]>('SELECT reason_code FROM failed_orders WHERE business_id = ? AND external_order_id IN (?, ?)', [
        w.owner.businessId,
        ebayOrder.orderId,
        shopifyOrder.id,
      ]);
    expect(failed).toEqual([{ reason_code: 'no_stock' }]);
    expect(await ourAvailable(w, variant(pair, '12'))).toBe(0);
    expect(platformQuantities(w, last)).toEqual({ ebay: 0, shopify: 0, square: 0 });
  });

  it('the channel buffer and a listing cap are respected; a buffer change is pushed at once', async () => {
    const shoe = await stockedProduct(w, 5, ['8']);
    await listEverywhere(shoe);
    expect(platformQuantities(w, sku(shoe, '8'))).toEqual({ ebay: 5, shopify: 5, square: 5 });
    const buffered = await w.call('PATCH', `/channels/${channels.square}`, { quantity_buffer: 2 });
    expect(buffered.statusCode, buffered.body).toBe(200);
    const [shopifyListing] = await w.t.orm.em
      .fork()
      .execute<{ id: string }[]>('SELECT id FROM channel_listings WHERE connection_id = ? AND product_id = ?', [
        connections.shopify,
        shoe.id,
      ]);
    await w.call('PATCH', `/listings/${shopifyListing?.id}`, { quantity_cap: 3 });
    await settle(w);
    expect(platformQuantities(w, sku(shoe, '8'))).toEqual({ ebay: 5, shopify: 3, square: 3 });
    await adjust(w, variant(shoe, '8'), -3);
    await settle(w);
    expect(platformQuantities(w, sku(shoe, '8'))).toEqual({ ebay: 2, shopify: 2, square: 0 });
    await w.call('PATCH', `/channels/${channels.square}`, { quantity_buffer: 0 });
    await settle(w);
  });

  it('only the locations a connection sells from count', async () => {
    const shoe = await stockedProduct(w, 2, ['13']);
    await listEverywhere(shoe);
    const store = (await w.call('POST', '/locations', { name: 'Pop-up store', kind: 'store' })).json().id as string;
    const moved = await w.call('POST', '/inventory/adjustments', {
      location_id: store,
      lines: [{ variant_id: variant(shoe, '13'), quantity: 4, reason: 'received', unit_cost_cents: 8_000 }],
    });
    expect(moved.statusCode, moved.body).toBe(201);
    await w.t.orm.em
      .fork()
      .execute(`UPDATE channel_connections SET settings = settings || ?::jsonb WHERE id = ?`, [
        JSON.stringify({ location_ids: [store] }),
        connections.square,
      ]);
    await adjust(w, variant(shoe, '13'), 1);
    await settle(w);
    expect(platformQuantities(w, sku(shoe, '13'))).toEqual({ ebay: 7, shopify: 7, square: 4 });
    // Back to every location: the settings change is pushed like any other buffer change.
    const em = w.t.orm.em.fork();
    await em.execute(`UPDATE channel_connections SET settings = settings - 'location_ids' WHERE id = ?`, [connections.square]);
    await enqueueChannelQuantityPushes(em, w.owner.businessId, channels.square ?? '');
    await settle(w);
    expect(platformQuantities(w, sku(shoe, '13')).square).toBe(7);
  });

  it('a channel with sync off and a disconnected one are left untouched', async () => {
    const shoe = await stockedProduct(w, 3, ['14']);
    await listEverywhere(shoe);
    await w.call('PATCH', `/channels/${channels.ebay}`, { sync_enabled: false });
    await w.t.orm.em.fork().execute(`UPDATE channel_connections SET status = 'disconnected' WHERE id = ?`, [connections.square]);
    await settle(w);
    w.ebay.control.clearRequests();
    w.square.control.clearRequests();
    await adjust(w, variant(shoe, '14'), -1);
    await settle(w);
    expect(platformQuantities(w, sku(shoe, '14'))).toEqual({ ebay: 3, shopify: 2, square: 3 });
    expect(w.ebay.control.requests({ route: 'POST /sell/inventory/v1/bulk_update_price_quantity' })).toHaveLength(0);
    expect(w.square.control.requests().map((r) => `${r.method} ${r.path}`)).toEqual([]);
    // Sync back on: the channel catches up with the current stock at once.
    await w.call('PATCH', `/channels/${channels.ebay}`, { sync_enabled: true });
    await settle(w);
    expect(platformQuantities(w, sku(shoe, '14')).ebay).toBe(2);
  });

  it('an uninstall notification marks the connection reconnect-needed; pushes stop there', async () => {
    w.shopify.control.uninstall();
    await settle(w);
    const health = (await w.call('GET', '/sync-health')).json() as SyncHealth;
    expect(health.connections.find((c) => c.platform === 'shopify')?.status).toBe('reconnect_needed');
  });
});
