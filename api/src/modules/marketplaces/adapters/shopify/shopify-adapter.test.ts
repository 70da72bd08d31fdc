import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../../../tests/simulators/kit/receiver.ts';
import { type ShopifySimulator, startShopifySimulator } from '../../../../../../tests/simulators/shopify/shopify-simulator.ts';
import { ReconnectNeeded } from '../http.ts';
import { consent, type MemoryTokenStore, memoryTokenStore, recordingSleep } from '../test-support.ts';
import type { ListingInput, ShopifyRef } from '../types.ts';
import { createShopifyAdapter, type ShopifyAdapter } from './shopify-adapter.ts';

let sim: ShopifySimulator;
let receiver: WebhookReceiver;
let store: MemoryTokenStore;
let adapter: ShopifyAdapter;
let sleeps: number[];
let location: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver('/shopify/webhooks');
  sim = await startShopifySimulator({ webhookRetry: { baseDelayMs: 5 } });
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});

beforeEach(async () => {
  sim.control.reset();
  receiver.clear();
  store = memoryTokenStore();
  const recorder = recordingSleep();
  sleeps = recorder.sleeps;
  adapter = createShopifyAdapter(
    {
      baseUrl: sim.baseUrl,
      clientId: sim.credentials.clientId,
      clientSecret: sim.credentials.clientSecret,
      redirectUri: 'http://127.0.0.1:9/shopify/callback',
      shopDomain: sim.credentials.shop,
      expiringTokens: true,
      sleep: recorder.sleep,
      random: () => 0.5,
    },
    store,
  );
  const query = await consent(adapter.authorizeUrl('csrf-2'));
  expect(adapter.verifyCallback(query)).toBe(true);
  const forged = new URLSearchParams(query);
  forged.set('shop', 'evil.myshopify.com');
  expect(adapter.verifyCallback(forged)).toBe(false);
  await adapter.exchangeCode(query.get('code') ?? '');
  location = sim.control.locations()[0]?.id ?? '';
});

const listing = (sizes: string[], key = 'aj1-chicago'): ListingInput => ({
  groupKey: key,
  title: 'Air Jordan 1 Chicago',
  description: '<p>Deadstock</p>',
  brand: 'Nike',
  images: [],
  condition: 'new',
  variants: sizes.map((size, i) => ({ sku: `${key}-${size}`, size, quantity: i + 1, priceCents: 30_000 + i * 1_000 })),
  placement: { locationId: location },
});

describe('Shopify adapter against the simulator', () => {
  it('lists three sizes with productSet: variants, SKUs, prices and quantities', async () => {
    expect(store.creds?.refreshToken).toBeTruthy();
    const result = await adapter.upsertListing(listing(['9', '10', '11']));
    expect(result.variants.map((v) => v.sku)).toEqual(['aj1-chicago-9', 'aj1-chicago-10', 'aj1-chicago-11']);
    expect(result.variants.map((v) => sim.control.quantity(v.sku))).toEqual([1, 2, 3]);
    expect(result.variants[0]?.inventoryItemId).toMatch(/^gid:\/\/shopify\/InventoryItem\//);
  });

  it('sets quantities above 250 in chunks; only the bad item fails; prices per product', async () => {
    // productSet itself takes at most 250 variants: two products of 130 sizes.
    const sizes = Array.from({ length: 130 }, (_, i) => `S${i}`);
    const variants = [
      ...(await adapter.upsertListing(listing(sizes, 'big'))).variants,
      ...(await adapter.upsertListing(listing(sizes, 'tall'))).variants,
    ];
    sim.control.clearRequests();
    const bogus: ShopifyRef = { ...(variants[0] as ShopifyRef), sku: 'ghost', inventoryItemId: 'gid://shopify/InventoryItem/999999' };
    const updates = [
      ...variants.map((ref, i) => ({ ref, sku: ref.sku, quantity: i === 0 ? 0 : 5 })),
      { ref: bogus, sku: 'ghost', quantity: 1 },
    ];
    const results = await adapter.setQuantities(updates);
    expect(results.filter((r) => !r.ok).map((r) => r.sku)).toEqual(['ghost']);
    expect(sim.control.quantity('big-S0')).toBe(0);
    expect(sim.control.quantity('tall-S129')).toBe(5);
    const sent = sim.control
      .requests({ pathIncludes: 'graphql' })
      .map((r) => r.body as { query: string; variables: { input: { quantities: unknown[] } } })
      .filter((b) => b.query.includes('inventorySetQuantities'))
      .map((b) => b.variables.input.quantities.length);
    // Chunk of 250 (applied at once), then 11 with the ghost refused atomically, then the 10 again.
    expect(sent).toEqual([250, 11, 10]);
    const prices = await adapter.setPrices(variants.slice(0, 3).map((ref) => ({ ref, sku: ref.sku, priceCents: 19_999 })));
    expect(prices.every((r) => r.ok)).toBe(true);
  });

  it('refreshes an expired token (rotated refresh token) and retries once; a refused refresh asks for a reconnect', async () => {
    const { variants } = await adapter.upsertListing(listing(['9']));
    const firstRefresh = store.creds?.refreshToken;
    sim.control.advanceClock('2h');
    const ok = await adapter.setQuantities(variants.map((ref) => ({ ref, sku: ref.sku, quantity: 4 })));
    expect(ok.every((r) => r.ok)).toBe(true);
    expect(store.creds?.refreshToken).not.toBe(firstRefresh);
    expect(sim.control.quantity('aj1-chicago-9')).toBe(4);

    if (store.creds) store.creds = { ...store.creds, refreshToken: 'shprt_revoked' };
    sim.control.advanceClock('2h');
    await expect(adapter.fetchOrders({ since: new Date(0) })).rejects.toBeInstanceOf(ReconnectNeeded);
    expect(store.reconnects).toHaveLength(1);
  });

  it('waits by bucket math on THROTTLED and applies the write once', async () => {
    const { variants } = await adapter.upsertListing(listing(['9', '10']));
    sim.control.failNext({ route: 'POST /admin/api/*', kind: 'rate-limit', bodyIncludes: 'inventorySetQuantities' });
    const results = await adapter.setQuantities(variants.map((ref) => ({ ref, sku: ref.sku, quantity: 9 })));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(0);
    expect(sim.control.quantity('aj1-chicago-10')).toBe(9);
  });

  it('fetches orders to the end (hasNextPage false), verifies webhooks and keeps the webhook id on duplicates', async () => {
    const { variants } = await adapter.upsertListing(listing(['9', '10', '11']));
    const since = new Date(sim.control.now().getTime() - 60_000);
    const sold = variants.map((ref) => sim.control.sell({ sku: ref.sku, notify: false }));
    const orders = [];
    let cursor: string | null = null;
    do {
      const page = await adapter.fetchOrders({ since, cursor, pageSize: 2 });
      orders.push(...page.orders);
      cursor = page.nextCursor;
    } while (cursor);
    expect(orders.map((o) => o.lines[0]?.sku).sort()).toEqual(['aj1-chicago-10', 'aj1-chicago-11', 'aj1-chicago-9']);
    expect(orders.find((o) => o.lines[0]?.sku === 'aj1-chicago-9')?.lines[0]).toMatchObject({ quantity: 1, unit_price_cents: 30_000 });

    const orderId = sold[0]?.id ?? '';
    await adapter.markShipped(orderId, { carrier: 'UPS', trackingNumber: '1Z999' });

    await sim.control.emitWebhook({ topic: 'orders/create', orderId, url: receiver.url, duplicate: 1 });
    await sim.control.emitWebhook({ topic: 'orders/create', orderId, url: receiver.url, signature: 'wrong-secret', attempts: 1 });
    const [a, b, forged] = receiver.received.map((r) => ({ headers: r.headers, rawBody: r.rawBody }));
    if (!a || !b || !forged) throw new Error('missing deliveries');
    expect(await adapter.verifyWebhook(a)).toBe(true);
    expect(await adapter.verifyWebhook(forged)).toBe(false);
    const [event] = adapter.parseWebhook(a);
    expect(event).toMatchObject({ kind: 'order', orderId });
    expect(event?.order?.lines[0]).toMatchObject({ sku: 'aj1-chicago-9', unit_price_cents: 30_000 });
    expect(adapter.parseWebhook(b)[0]?.eventId).toBe(event?.eventId);
  });
});
