import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../../../tests/simulators/kit/receiver.ts';
import { type ShopifySimulator, startShopifySimulator } from '../../../../../../tests/simulators/shopify/shopify-simulator.ts';
import { ReconnectNeeded } from '../http.ts';
import { consent, type MemoryTokenStore, memoryPhotos, memoryTokenStore, recordingSleep, TINY_PNG } from '../test-support.ts';
import type { ListingInput, ShopifyRef } from '../types.ts';
import { createShopifyAdapter, type ShopifyAdapter } from './shopify-adapter.ts';
import { checkShopifyCallback } from './shopify-callback.ts';

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

/** The simulator's shop as our app sees it (expiring offline tokens). */
const simulatorAccount = () => ({
  baseUrl: sim.baseUrl,
  clientId: sim.credentials.clientId,
  clientSecret: sim.credentials.clientSecret,
  redirectUri: 'http://127.0.0.1:9/shopify/callback',
  shopDomain: sim.credentials.shop,
  expiringTokens: true,
});

beforeEach(async () => {
  sim.control.reset();
  receiver.clear();
  store = memoryTokenStore();
  const recorder = recordingSleep();
  sleeps = recorder.sleeps;
  adapter = createShopifyAdapter({ ...simulatorAccount(), sleep: recorder.sleep, random: () => 0.5 }, store);
  const query = await consent(adapter.authorizeUrl('csrf-2'));
  const account = simulatorAccount();
  expect(checkShopifyCallback(query, { clientSecret: account.clientSecret, shopDomain: account.shopDomain })).toBe('valid');
  const forged = new URLSearchParams(query);
  forged.set('shop', 'evil.myshopify.com');
  expect(checkShopifyCallback(forged, { clientSecret: account.clientSecret, shopDomain: account.shopDomain })).toBe('forged');
  await adapter.exchangeCode(query.get('code') ?? '');
  location = sim.control.locations()[0]?.id ?? '';
});

const listing = (sizes: string[], key = 'aj1-chicago'): ListingInput => ({
  groupKey: key,
  title: 'Air Jordan 1 Chicago',
  description: '<p>Deadstock</p>',
  brand: 'Nike',
  photos: [],
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

describe('Shopify adapter: webhook checks and the access probe', () => {
  it('checks the topic against the subscriptions and the body, the shop, and X-Shopify-Triggered-At', async () => {
    sim.control.seed({ demo: true });
    const sold = sim.control.sell({ sku: 'SIM-DUNK-PANDA-10', quantity: 1, notify: false });
    await sim.control.emitWebhook({ topic: 'orders/create', orderId: sold.id, url: receiver.url });
    const [delivery] = receiver.received;
    if (!delivery) throw new Error('no delivery');
    const now = new Date();
    const check = (headers: Record<string, string>) => {
      const request = { headers: { ...delivery.headers, ...headers }, rawBody: delivery.rawBody };
      const [event] = adapter.parseWebhook(request);
      return event ? adapter.checkWebhook(request, event, { accountId: sim.credentials.shop, now }) : 'no event';
    };
    expect(check({})).toBeNull();
    expect(check({ 'x-shopify-topic': 'app/uninstalled' })).toBe('topic app/uninstalled does not fit the body (Order)');
    expect(check({ 'x-shopify-topic': 'inventory_levels/update' })).toBe('topic inventory_levels/update does not fit the body (Order)');
    expect(check({ 'x-shopify-topic': 'orders/paid' })).toBe('topic orders/paid is not one this connection subscribed to');
    expect(check({ 'x-shopify-shop-domain': 'evil.myshopify.com' })).toBe(
      'X-Shopify-Shop-Domain evil.myshopify.com is not the connected shop',
    );
    expect(check({ 'x-shopify-triggered-at': new Date(now.getTime() - 5 * 3_600_000 - 60_000).toISOString() })).toMatch(
      /^X-Shopify-Triggered-At is 301 minutes old/,
    );
    expect(check({ 'x-shopify-triggered-at': new Date(now.getTime() - 4 * 3_600_000).toISOString() })).toBeNull();
    // The same body under another webhook id names the same content; the event id of the action is kept.
    const [original] = adapter.parseWebhook(delivery);
    const [swapped] = adapter.parseWebhook({
      headers: { ...delivery.headers, 'x-shopify-webhook-id': 'other' },
      rawBody: delivery.rawBody,
    });
    expect(swapped?.contentKey).toBe(original?.contentKey);
    expect(original?.contentKey).toMatch(new RegExp(`^orders/create\\|${sold.id}@`));
    expect(swapped?.sourceEventKey).toBe(original?.sourceEventKey);
  });

  it('confirms access while the app is installed and reports it gone after the uninstall (401, refresh refused)', async () => {
    expect(await adapter.confirmAccess()).toEqual({
      active: true,
      detail: `Shopify still accepts our access token for ${sim.credentials.shop}`,
    });
    await sim.control.uninstall();
    const gone = await adapter.confirmAccess();
    expect(gone.active).toBe(false);
    expect(gone.detail).toMatch(/^Shopify refused our access token/);
  });
});

describe('Shopify adapter: updating in place, reading back, connecting', () => {
  it('upserting again updates the same product and variants; ending drafts it and relisting activates it', async () => {
    const first = await adapter.upsertListing(listing(['9', '10']));
    const again = await adapter.upsertListing({ ...listing(['9', '10', '11']), title: 'Air Jordan 1 Chicago (2015)' });
    expect(again.listingId).toBe(first.listingId);
    expect(again.variants.slice(0, 2).map((v) => [v.variantId, v.inventoryItemId])).toEqual(
      first.variants.map((v) => [v.variantId, v.inventoryItemId]),
    );
    expect(again.variants.map((v) => sim.control.quantity(v.sku))).toEqual([1, 2, 3]);

    await adapter.endListing(again.variants);
    let page = await adapter.listListings({});
    expect(page.listings.map((l) => [l.externalId, l.status, l.title])).toEqual([
      [first.listingId, 'draft', 'Air Jordan 1 Chicago (2015)'],
    ]);
    // Still there with its stock: nothing deleted.
    expect(sim.control.variantBySku('aj1-chicago-11')?.variantId).toBe(again.variants[2]?.variantId);

    const relisted = await adapter.upsertListing(listing(['9', '10', '11']));
    expect(relisted.variants.map((v) => v.variantId)).toEqual(again.variants.map((v) => v.variantId));
    page = await adapter.listListings({});
    expect(page.listings.map((l) => l.status)).toEqual(['active']);
  });

  it('lists products page by page with sizes, prices, quantities and usable refs; reads quantities back', async () => {
    const made = [];
    for (const key of ['aj1-chicago', 'aj1-bred', 'dunk-panda']) made.push(await adapter.upsertListing(listing(['9', '10'], key)));
    const seen = [];
    let cursor: string | null = null;
    do {
      const page = await adapter.listListings({ cursor, pageSize: 1, locationId: location });
      seen.push(...page.listings);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((l) => l.externalId)).toEqual(made.map((m) => m.listingId));
    expect(seen[0]).toMatchObject({
      title: 'Air Jordan 1 Chicago',
      brand: 'Nike',
      status: 'active',
      url: `https://${sim.credentials.shop}/products/aj1-chicago`,
    });
    expect(seen[0]?.variants.map((v) => [v.sku, v.size, v.priceCents, v.quantity])).toEqual([
      ['aj1-chicago-9', '9', 30_000, 1],
      ['aj1-chicago-10', '10', 31_000, 2],
    ]);
    expect(seen.flatMap((l) => l.variants.map((v) => v.ref))).toEqual(made.flatMap((m) => m.variants));

    sim.control.sell({ sku: 'aj1-bred-10', quantity: 2, notify: false });
    const refs = made[1]?.variants ?? [];
    const ghost: ShopifyRef = { ...(refs[0] as ShopifyRef), sku: 'ghost', inventoryItemId: 'gid://shopify/InventoryItem/999999' };
    expect(await adapter.fetchQuantities([...refs, ghost])).toEqual([
      { sku: 'aj1-bred-9', quantity: 1 },
      { sku: 'aj1-bred-10', quantity: 0 },
      { sku: 'ghost', quantity: null },
    ]);
  });

  it('polls orders for a quarter of the old requested cost (192 points, not 770), and still reads every line of a long order', async () => {
    await adapter.upsertListing(listing(['7', '7.5', '8', '8.5', '9', '9.5', '10']));
    const since = new Date(sim.control.now().getTime() - 60_000);
    const sizes = ['7', '7.5', '8', '8.5', '9', '9.5', '10'];
    const long = sim.control.sell({ lines: sizes.map((size) => ({ sku: `aj1-chicago-${size}` })), notify: false });
    // The same account through an adapter that notes what Shopify charged for each query.
    const requested: number[] = [];
    const noting = createShopifyAdapter(
      {
        ...simulatorAccount(),
        fetch: async (input, init) => {
          const res = await fetch(input, init);
          const body = (await res.clone().json()) as { extensions?: { cost?: { requestedQueryCost?: number } } };
          requested.push(body.extensions?.cost?.requestedQueryCost ?? 0);
          return res;
        },
      },
      store,
    );
    const page = await noting.fetchOrders({ since, pageSize: 50 });
    expect(page.orders).toHaveLength(1);
    expect(page.orders[0]?.lines.map((line) => line.sku)).toEqual(sizes.map((size) => `aj1-chicago-${size}`));
    // The page (a full page's worth: 10 orders of 5 lines) and one follow-up for the two lines left.
    expect(requested).toHaveLength(2);
    expect(requested[0]).toBeLessThanOrEqual(200);
    expect((await adapter.fetchOrder(long.id))?.lines).toHaveLength(7);
  });

  it('fetches one order with the buyer name and shipping address (null when unknown); webhooks carry them too', async () => {
    await adapter.upsertListing(listing(['9']));
    const sold = sim.control.sell({ sku: 'aj1-chicago-9', notify: false, email: 'kim@example.com' });
    const order = await adapter.fetchOrder(sold.id);
    const expected = {
      external_order_id: sold.id,
      customer: { name: 'Sam Buyer', email: 'kim@example.com' },
      shipping_address: {
        name: 'Sam Buyer',
        line1: '12 Market Street',
        city: 'Portland',
        region: 'OR',
        postal_code: '97201',
        country: 'US',
      },
      lines: [{ sku: 'aj1-chicago-9', quantity: 1, unit_price_cents: 30_000 }],
    };
    expect(order).toMatchObject(expected);
    expect(await adapter.fetchOrder('gid://shopify/Order/999999')).toBeNull();
    // The largest page still fits Shopify's per-query cost limit.
    expect((await adapter.fetchOrders({ since: new Date(0), pageSize: 100 })).orders).toHaveLength(1);

    await sim.control.emitWebhook({ topic: 'orders/create', orderId: sold.id, url: receiver.url });
    const [delivery] = receiver.received;
    if (!delivery) throw new Error('no delivery');
    expect(adapter.parseWebhook(delivery)[0]?.order).toEqual(order);
  });

  it('prepares the account, refreshes on demand, and leaves a non-expiring token alone', async () => {
    const account = await adapter.prepareAccount();
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(account).toEqual({
      accountId: sim.credentials.shop,
      accountName: 'Tradepost Sim',
      locations: sim.control.locations().sort(byName),
    });
    const before = store.creds?.refreshToken;
    const fresh = await adapter.refreshCredentials();
    expect(fresh.refreshToken).not.toBe(before);
    expect(store.creds).toEqual(fresh);

    const issued = sim.control.issueToken({ kind: 'offline' });
    store.creds = { accessToken: issued.accessToken, refreshToken: null, expiresAt: null };
    sim.control.clearRequests();
    expect(await adapter.refreshCredentials()).toEqual(store.creds);
    expect(sim.control.requests()).toHaveLength(0);
    expect(store.reconnects).toHaveLength(0);
  });

  it('registers order, inventory and uninstall webhooks once, and orders then arrive', async () => {
    await adapter.upsertListing(listing(['9']));
    await adapter.registerWebhooks({ url: receiver.url });
    await adapter.registerWebhooks({ url: receiver.url });
    const subscriptions = sim.control
      .requests({ pathIncludes: 'graphql' })
      .filter((r) => JSON.stringify(r.body).includes('webhookSubscriptionCreate'));
    expect(subscriptions).toHaveLength(3);
    receiver.clear();
    sim.control.sell({ sku: 'aj1-chicago-9' });
    await sim.control.settleWebhooks();
    const topics = receiver.received.map((r) => r.headers['x-shopify-topic']).sort();
    expect(topics).toEqual(['inventory_levels/update', 'orders/create']);
  });
});

describe('Shopify photos: staged upload, media from its resourceUrl, status read before relying on it (reference §5b)', () => {
  const statusOf = async (productId: string) =>
    (await adapter.listListings({ locationId: location })).listings.find((l) => l.externalId === productId)?.status;

  it('uploads the bytes, waits for READY, keeps the MediaImage and sends it by id next time', async () => {
    const photos = memoryPhotos(['aj1-side']);
    const result = await adapter.upsertListing({ ...listing(['9']), photos: photos.photos() });
    const media = sim.control.productMedia(result.listingId);
    expect(media).toEqual([expect.objectContaining({ status: 'READY' })]);
    const copy = photos.copies.get('aj1-side');
    expect(copy).toMatchObject({ platformId: media[0]?.id, url: expect.stringMatching(/^https:\/\/cdn\.shopify\.com\//), expiresAt: null });
    expect(sim.control.photo(copy?.url ?? '')?.data.equals(TINY_PNG)).toBe(true);
    // The status was read until READY (UPLOADED, PROCESSING, READY): one wait per read after the first.
    expect(sleeps).toEqual([500, 1_000]);
    expect(await statusOf(result.listingId)).toBe('active');

    sim.control.clearRequests();
    await adapter.upsertListing({ ...listing(['9']), photos: photos.photos() });
    expect(sim.control.productMedia(result.listingId).map((m) => m.id)).toEqual([copy?.platformId]);
    expect(photos.reads).toEqual(['aj1-side']);
    expect(sim.control.requests({ pathIncludes: '/staged-uploads' })).toHaveLength(0);
  });

  it('a photo Shopify cannot process keeps a new product off sale and fails the listing; the retry lists it', async () => {
    const photos = memoryPhotos(['aj1-side']);
    sim.control.failNextMedia('Image is corrupt');
    await expect(adapter.upsertListing({ ...listing(['9']), photos: photos.photos() })).rejects.toThrow(
      /could not process a photo of this product \(Image is corrupt\)/,
    );
    const [draft] = (await adapter.listListings({ locationId: location })).listings;
    expect(draft?.status).toBe('draft');
    expect(photos.copies.size).toBe(0);

    const retried = await adapter.upsertListing({ ...listing(['9']), photos: photos.photos() });
    expect(retried.listingId).toBe(draft?.externalId);
    expect(await statusOf(retried.listingId)).toBe('active');
    expect(sim.control.productMedia(retried.listingId)).toEqual([expect.objectContaining({ status: 'READY' })]);
  });
});
