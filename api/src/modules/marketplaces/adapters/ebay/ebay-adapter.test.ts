import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EbaySimulator, startEbaySimulator } from '../../../../../../tests/simulators/ebay/ebay-simulator.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../../../tests/simulators/kit/receiver.ts';
import { ReconnectNeeded } from '../http.ts';
import {
  consent,
  type MemoryPhotos,
  type MemoryTokenStore,
  memoryPhotos,
  memoryTokenStore,
  recordingSleep,
  TINY_PNG,
} from '../test-support.ts';
import type { EbayRef, ListingInput } from '../types.ts';
import { createEbayAdapter, EBAY_DEFAULT_LOCATION_KEY, type EbayAdapter, ebayChallengeResponse } from './ebay-adapter.ts';

let sim: EbaySimulator;
let receiver: WebhookReceiver;
let store: MemoryTokenStore;
let adapter: EbayAdapter;
let sleeps: number[];
let photos: MemoryPhotos;

beforeAll(async () => {
  receiver = await startWebhookReceiver('/ebay/notifications');
  sim = await startEbaySimulator({ acceptUrl: 'http://127.0.0.1:9/cb', webhookRetry: { baseDelayMs: 5 } });
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});

beforeEach(async () => {
  sim.control.reset();
  receiver.clear();
  store = memoryTokenStore();
  photos = memoryPhotos(['aj1-side']);
  const recorder = recordingSleep();
  sleeps = recorder.sleeps;
  adapter = createEbayAdapter(
    {
      baseUrl: sim.baseUrl,
      authBaseUrl: sim.authBaseUrl,
      clientId: sim.credentials.clientId,
      clientSecret: sim.credentials.clientSecret,
      redirectUri: sim.credentials.ruName,
      sleep: recorder.sleep,
      random: () => 0.5,
    },
    store,
  );
  const query = await consent(adapter.authorizeUrl('csrf-1'));
  expect(query.get('state')).toBe('csrf-1');
  await adapter.exchangeCode(query.get('code') ?? '');
});

async function policies() {
  const token = store.creds?.accessToken ?? '';
  const get = async (kind: string, list: string) => {
    const r = await fetch(`${sim.baseUrl}/sell/account/v1/${kind}?marketplace_id=EBAY_US`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await r.json()) as Record<string, { [key: string]: string }[]>;
    return body[list]?.[0] ?? {};
  };
  return {
    fulfillmentPolicyId: (await get('fulfillment_policy', 'fulfillmentPolicies')).fulfillmentPolicyId ?? '',
    paymentPolicyId: (await get('payment_policy', 'paymentPolicies')).paymentPolicyId ?? '',
    returnPolicyId: (await get('return_policy', 'returnPolicies')).returnPolicyId ?? '',
  };
}

async function listing(sizes: string[], key = 'AJ1-CHI'): Promise<ListingInput> {
  sim.control.seed({ locations: [{ merchantLocationKey: 'tp-warehouse' }] });
  return {
    groupKey: key,
    title: 'Air Jordan 1 Retro High OG Chicago',
    description: 'Deadstock, original box.',
    brand: 'Nike',
    photos: photos.photos(),
    condition: 'new',
    category: { ebayCategoryId: '15709' },
    sizeLabel: 'US Shoe Size',
    variants: sizes.map((size, i) => ({ sku: `${key}-${size}`, size, quantity: i + 1, priceCents: 30_000 + i * 1_000 })),
    placement: { ebay: { merchantLocationKey: 'tp-warehouse', ...(await policies()) } },
  };
}

describe('eBay adapter against the simulator', () => {
  it('connects, lists three sizes as items + group + offers, and publishes them', async () => {
    expect(store.creds?.refreshToken).toBeTruthy();
    const result = await adapter.upsertListing(await listing(['9', '10', '11']));
    expect(result.listingId).toMatch(/\d+/);
    expect(result.variants.map((v) => v.sku)).toEqual(['AJ1-CHI-9', 'AJ1-CHI-10', 'AJ1-CHI-11']);
    for (const [i, ref] of result.variants.entries()) {
      const item = sim.control.inventoryItem(ref.sku) as { availability: { shipToLocationAvailability: { quantity: number } } };
      expect(item.availability.shipToLocationAvailability.quantity).toBe(i + 1);
      const offer = sim.control.offer(ref.offerId) as {
        status: string;
        pricingSummary: { price: { value: string } };
        listing: { listingId: string };
      };
      expect(offer.status).toBe('PUBLISHED');
      expect(offer.pricingSummary.price.value).toBe((300 + i * 10).toFixed(2));
      expect(offer.listing.listingId).toBe(result.listingId);
    }
    // Upserting again reuses the offers (no second createOffer, no 25002).
    const again = await adapter.upsertListing(await listing(['9', '10', '11']));
    expect(again.variants.map((v) => v.offerId)).toEqual(result.variants.map((v) => v.offerId));
    expect(sim.control.requests({ route: 'POST /sell/inventory/v1/offer' })).toHaveLength(3);
  });

  it('sets quantities and prices in chunks of 25; only the failing item fails, only failed chunks are re-sent', async () => {
    const sizes = Array.from({ length: 30 }, (_, i) => String(4 + i / 2));
    const { variants } = await adapter.upsertListing(await listing(sizes));
    sim.control.clearRequests();
    const bogus: EbayRef = { platform: 'ebay', sku: 'AJ1-CHI-4', offerId: '999999', groupKey: null, listingId: null };
    const updates = [
      ...variants.slice(1).map((ref, i) => ({ ref, sku: ref.sku, quantity: i === 0 ? 0 : 7 })),
      { ref: bogus, sku: bogus.sku, quantity: 2 },
    ];
    const results = await adapter.setQuantities(updates);
    expect(results.filter((r) => !r.ok).map((r) => r.sku)).toEqual(['AJ1-CHI-4']);
    const bulk = sim.control.requests({ route: 'POST /sell/inventory/v1/bulk_update_price_quantity' });
    expect(bulk.map((r) => (r.body as { requests: unknown[] }).requests.length)).toEqual([25, 5]);
    const first = variants[1] as EbayRef;
    expect(
      (sim.control.offer(first.offerId) as { availableQuantity: number; listing: { listingStatus: string } }).listing.listingStatus,
    ).toBe('OUT_OF_STOCK');

    sim.control.clearRequests();
    sim.control.failNext({ route: 'POST /sell/inventory/v1/bulk_update_price_quantity', status: 500, after: 1 });
    const prices = await adapter.setPrices(variants.map((ref) => ({ ref, sku: ref.sku, priceCents: 12_345 })));
    expect(prices.every((r) => r.ok)).toBe(true);
    const sent = sim.control.requests({ route: 'POST /sell/inventory/v1/bulk_update_price_quantity' });
    expect(sent.map((r) => r.status)).toEqual([200, 500, 200]);
    expect(
      (sim.control.offer((variants[29] as EbayRef).offerId) as { pricingSummary: { price: { value: string } } }).pricingSummary.price.value,
    ).toBe('123.45');
  });

  it('refreshes an expired token once and retries the call once', async () => {
    const { variants } = await adapter.upsertListing(await listing(['9', '10', '11']));
    sim.control.advanceClock('2h');
    sim.control.clearRequests();
    const results = await adapter.setQuantities(variants.map((ref) => ({ ref, sku: ref.sku, quantity: 4 })));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(sim.control.requests().map((r) => `${r.routeKey} ${r.status}`)).toEqual([
      'POST /sell/inventory/v1/bulk_update_price_quantity 401',
      'POST /identity/v1/oauth2/token 200',
      'POST /sell/inventory/v1/bulk_update_price_quantity 200',
    ]);
    expect(store.saved).toHaveLength(2);
  });

  it('asks for a reconnect when the refresh is refused', async () => {
    if (store.creds) store.creds = { ...store.creds, refreshToken: 'v^1.1#revoked' };
    sim.control.advanceClock('2h');
    await expect(adapter.fetchOrders({ since: new Date(sim.control.now().getTime() - 3_600_000) })).rejects.toBeInstanceOf(ReconnectNeeded);
    expect(store.reconnects).toHaveLength(1);
  });

  it('backs off on 429 (errorId 2001) and writes each item exactly once', async () => {
    sim.control.failNext({ route: 'PUT /sell/inventory/v1/inventory_item/:sku', kind: 'rate-limit', after: 1 });
    await adapter.upsertListing(await listing(['9', '10', '11']));
    expect(sleeps.length).toBe(1);
    const puts = sim.control.requests({ route: 'PUT /sell/inventory/v1/inventory_item/:sku' });
    expect(puts.map((r) => r.status)).toEqual([204, 429, 204, 204]);
    expect(new Set(puts.filter((r) => r.status === 204).map((r) => r.path)).size).toBe(3);
  });

  it('fetches orders to the end of pagination as ExternalOrder and marks one shipped', async () => {
    const { variants } = await adapter.upsertListing(await listing(['9', '10', '11']));
    const since = new Date(sim.control.now().getTime() - 60_000);
    for (const ref of variants) sim.control.sell({ sku: ref.sku, notify: false });
    const orders = [];
    let cursor: string | null = null;
    do {
      const page = await adapter.fetchOrders({ since, cursor, pageSize: 2 });
      orders.push(...page.orders);
      cursor = page.nextCursor;
    } while (cursor);
    expect(orders).toHaveLength(3);
    expect(orders.map((o) => o.lines[0]?.sku).sort()).toEqual(['AJ1-CHI-10', 'AJ1-CHI-11', 'AJ1-CHI-9']);
    const nine = orders.find((o) => o.lines[0]?.sku === 'AJ1-CHI-9');
    expect(nine).toMatchObject({ shipping_cents: 0, lines: [{ quantity: 1, unit_price_cents: 30_000, fees_cents: 0, tax_cents: 0 }] });
    expect(nine?.customer?.name).toBeTruthy();
    // fulfillmentStartInstructions[0].shippingStep.shipTo in our address shape.
    expect(nine?.shipping_address).toEqual({
      name: 'Sim Buyer',
      line1: '1 Test Way',
      city: 'San Jose',
      region: 'CA',
      postal_code: '95125',
      country: 'US',
      phone: '4085550100',
    });
    await adapter.markShipped(nine?.external_order_id ?? '', { carrier: 'USPS', trackingNumber: '9400111899223344556677' });
    expect(sim.control.order(nine?.external_order_id ?? '')?.orderFulfillmentStatus).toBe('FULFILLED');
  });

  it('verifies genuine notifications, rejects forged ones, keeps the id on duplicates', async () => {
    await sim.control.emitWebhook({ topic: 'ORDER_CONFIRMATION', data: { orderId: '01-12345-67890' }, url: receiver.url, duplicate: 1 });
    await sim.control.emitWebhook({
      topic: 'ORDER_CONFIRMATION',
      data: { orderId: '01-12345-67890' },
      url: receiver.url,
      signature: 'tampered',
      attempts: 1,
    });
    await sim.control.emitWebhook({
      topic: 'ORDER_CONFIRMATION',
      data: { orderId: '01-1' },
      url: receiver.url,
      signature: 'unknown-kid',
      attempts: 1,
    });
    const [a, b, forged, stranger] = receiver.received.map((r) => ({ headers: r.headers, rawBody: r.rawBody }));
    if (!a || !b || !forged || !stranger) throw new Error('missing deliveries');
    expect(await adapter.verifyWebhook(a)).toBe(true);
    expect(await adapter.verifyWebhook(b)).toBe(true);
    expect(await adapter.verifyWebhook(forged)).toBe(false);
    expect(await adapter.verifyWebhook(stranger)).toBe(false);
    expect(await adapter.verifyWebhook({ headers: {}, rawBody: a.rawBody })).toBe(false);
    const [eventA] = adapter.parseWebhook(a);
    const [eventB] = adapter.parseWebhook(b);
    expect(eventA).toMatchObject({ kind: 'order', orderId: '01-12345-67890', topic: 'ORDER_CONFIRMATION' });
    expect(eventB?.eventId).toBe(eventA?.eventId);
    // One key fetch per kid: the known one is cached, the stranger's answers 404.
    expect(sim.control.requests({ route: 'GET /commerce/notification/v1/public_key/:kid' }).map((r) => r.status)).toEqual([200, 404]);
  });
});

describe('eBay adapter: webhook checks and the access probe', () => {
  it('accepts a fresh ORDER_CONFIRMATION; refuses an unsubscribed topic and a notification older than 72 hours', async () => {
    await sim.control.emitWebhook({ topic: 'ORDER_CONFIRMATION', data: { orderId: '01-2' }, url: receiver.url });
    await sim.control.emitWebhook({ topic: 'AUTHORIZATION_REVOCATION', data: { username: 'someone' }, url: receiver.url });
    const old = new Date(Date.now() - 73 * 3_600_000).toISOString();
    await sim.control.emitWebhook({ topic: 'ORDER_CONFIRMATION', data: { orderId: '01-3' }, url: receiver.url, eventDate: old });
    const context = { accountId: sim.credentials.sellerUsername, now: new Date() };
    const problems = receiver.received.map((r) => {
      const request = { headers: r.headers, rawBody: r.rawBody };
      const [event] = adapter.parseWebhook(request);
      return event ? adapter.checkWebhook(request, event, context) : 'no event';
    });
    expect(problems).toEqual([
      null,
      'topic AUTHORIZATION_REVOCATION is not one this connection subscribed to',
      expect.stringMatching(/^eventDate is 438\d minutes old/),
    ]);
  });

  it('confirms access while the token works; a token eBay refuses (refresh refused too) is reported gone; no answer throws', async () => {
    expect(await adapter.confirmAccess()).toEqual({ active: true, detail: 'eBay still accepts our user token' });
    sim.control.failNext({ route: 'GET /sell/inventory/v1/location', status: 503, count: 4 });
    await expect(adapter.confirmAccess()).rejects.toMatchObject({ name: 'PlatformError' });
    if (store.creds) store.creds = { ...store.creds, refreshToken: 'v^1.1#revoked' };
    sim.control.advanceClock('2h');
    const gone = await adapter.confirmAccess();
    expect(gone.active).toBe(false);
    expect(gone.detail).toMatch(/^eBay refused our access token/);
    expect(store.reconnects).toHaveLength(1);
  });
});

describe('eBay adapter: connecting, reading back, relisting', () => {
  it('prepares the account: seller name, policies, and a location created from the ship-from address', async () => {
    const bare = await adapter.prepareAccount();
    expect(bare).toMatchObject({ accountId: sim.credentials.sellerUsername, locations: [] });
    expect(bare.ebay).toBeUndefined();
    expect(bare.setupNeeded?.[0]).toMatch(/ships from/);

    const shipFrom = { address: { city: 'Portland', stateOrProvince: 'OR', postalCode: '97201', country: 'US' } };
    const ready = await adapter.prepareAccount({ shipFrom });
    // Each policy's `name` as the Account API answers it (PaymentPolicy, FulfillmentPolicy, ReturnPolicy all carry one:
    // https://developer.ebay.com/api-docs/sell/account/types/api:PaymentPolicy); the simulator seeds these three.
    const ids = await policies();
    const policyNames = {
      [ids.fulfillmentPolicyId]: 'Sim standard shipping',
      [ids.paymentPolicyId]: 'Sim managed payments',
      [ids.returnPolicyId]: 'Sim 30 day returns',
    };
    const expected = { marketplaceId: 'EBAY_US', merchantLocationKey: EBAY_DEFAULT_LOCATION_KEY, ...ids, policyNames };
    expect(ready.ebay).toEqual(expected);
    expect(ready.setupNeeded).toBeUndefined();
    // Connecting again finds the location instead of creating another.
    sim.control.clearRequests();
    expect((await adapter.prepareAccount({ shipFrom })).ebay).toEqual(expected);
    expect(sim.control.requests({ method: 'POST' })).toHaveLength(0);
  });

  it('refreshes credentials on demand and asks for a reconnect when eBay refuses', async () => {
    const before = store.creds?.accessToken;
    const fresh = await adapter.refreshCredentials();
    expect(fresh.accessToken).not.toBe(before);
    expect(store.creds?.accessToken).toBe(fresh.accessToken);
    expect(fresh.refreshToken).toBe(store.saved[0]?.refreshToken);
    if (store.creds) store.creds = { ...store.creds, refreshToken: 'v^1.1#revoked' };
    await expect(adapter.refreshCredentials()).rejects.toBeInstanceOf(ReconnectNeeded);
    expect(store.reconnects).toHaveLength(1);
  });

  it('fetches one order by id (null when eBay does not know it) and reads quantities back', async () => {
    const { variants } = await adapter.upsertListing(await listing(['9', '10']));
    const order = sim.control.sell({ sku: 'AJ1-CHI-10', quantity: 1, notify: false });
    const fetched = await adapter.fetchOrder(order.orderId);
    expect(fetched).toMatchObject({ external_order_id: order.orderId, lines: [{ sku: 'AJ1-CHI-10', quantity: 1 }] });
    expect(await adapter.fetchOrder('99-99999-99999')).toBeNull();

    const unknown: EbayRef = { platform: 'ebay', sku: 'NOT-LISTED', offerId: '1', groupKey: null, listingId: null };
    expect(await adapter.fetchQuantities([...variants, unknown])).toEqual([
      { sku: 'AJ1-CHI-9', quantity: 1 },
      { sku: 'AJ1-CHI-10', quantity: 1 },
      { sku: 'NOT-LISTED', quantity: null },
    ]);
  });

  it('lists existing listings page by page: each group once, with refs that drive quantity updates', async () => {
    const chicago = await adapter.upsertListing(await listing(['9', '10', '11']));
    const bred = await adapter.upsertListing(await listing(['8', '12'], 'AJ1-BRED'));
    await adapter.endListing(bred.variants);
    const seen = [];
    let cursor: string | null = null;
    do {
      const page = await adapter.listListings({ cursor, pageSize: 2 });
      seen.push(...page.listings);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((l) => [l.externalId, l.status, l.variants.map((v) => v.sku)])).toEqual([
      [bred.listingId, 'ended', ['AJ1-BRED-8', 'AJ1-BRED-12']],
      [chicago.listingId, 'active', ['AJ1-CHI-9', 'AJ1-CHI-10', 'AJ1-CHI-11']],
    ]);
    const listed = seen[1];
    expect(listed).toMatchObject({
      title: 'Air Jordan 1 Retro High OG Chicago',
      brand: 'Nike',
      images: [photos.copies.get('aj1-side')?.url],
    });
    expect(listed?.variants[1]).toMatchObject({ size: '10', priceCents: 31_000, quantity: 2, barcode: null });
    expect(listed?.variants.map((v) => v.ref)).toEqual(chicago.variants);
    const refs = listed?.variants.map((v) => v.ref) ?? [];
    expect((await adapter.setQuantities(refs.map((ref) => ({ ref, sku: ref.sku, quantity: 5 })))).every((r) => r.ok)).toBe(true);
  });

  it('relists after ending: the same offers are published again, none created', async () => {
    const first = await adapter.upsertListing(await listing(['9', '10']));
    await adapter.endListing(first.variants);
    for (const ref of first.variants) expect((sim.control.offer(ref.offerId) as { status: string }).status).toBe('UNPUBLISHED');
    const again = await adapter.upsertListing(await listing(['9', '10']));
    expect(again.variants.map((v) => v.offerId)).toEqual(first.variants.map((v) => v.offerId));
    for (const ref of again.variants) expect((sim.control.offer(ref.offerId) as { status: string }).status).toBe('PUBLISHED');
    expect(sim.control.requests({ route: 'POST /sell/inventory/v1/offer' })).toHaveLength(2);
  });

  it('registers notifications once: answers the endpoint challenge, subscribes ORDER_CONFIRMATION', async () => {
    const verificationToken = 'tp_verification_token_0123456789abcdef';
    receiver.handle((req) => {
      const code = req.query.get('challenge_code');
      if (req.method !== 'GET' || !code) return null;
      return { status: 200, body: JSON.stringify({ challengeResponse: ebayChallengeResponse(code, verificationToken, receiver.url) }) };
    });
    const input = { url: receiver.url, verificationToken, alertEmail: 'alerts@tradepost.test' };
    await expect(adapter.registerWebhooks({ url: receiver.url, verificationToken })).rejects.toThrow(/alert e-mail/);
    expect(await adapter.registerWebhooks(input)).toEqual({});
    sim.control.clearRequests();
    await adapter.registerWebhooks(input);
    expect(sim.control.requests({ method: 'POST' })).toHaveLength(0);

    receiver.handle(null);
    receiver.clear();
    await sim.control.emitWebhook({ topic: 'ORDER_CONFIRMATION', data: { orderId: '01-1' } });
    const [delivery] = receiver.received;
    if (!delivery) throw new Error('no delivery');
    expect(await adapter.verifyWebhook(delivery)).toBe(true);
    expect(adapter.parseWebhook(delivery)[0]).toMatchObject({ kind: 'order', orderId: '01-1' });
  });
});

describe('eBay photos: the bytes go to the Media API, no public address needed (reference §5b)', () => {
  const UPLOAD = 'POST /commerce/media/v1_beta/image/create_image_from_file';

  it('uploads a photo once, lists its Picture Services address, reuses it, and uploads again after it expires', async () => {
    let now = new Date();
    const clocked = createEbayAdapter(
      {
        baseUrl: sim.baseUrl,
        clientId: sim.credentials.clientId,
        clientSecret: sim.credentials.clientSecret,
        redirectUri: sim.credentials.ruName,
        sleep: async () => undefined,
        now: () => now,
      },
      store,
    );
    const first = await clocked.upsertListing(await listing(['9']));
    const copy = photos.copies.get('aj1-side');
    expect(copy?.url).toMatch(/^https:\/\/i\.ebayimg\.com\/images\/g\/[^/]+\/s-l1600\.png$/);
    expect(copy?.expiresAt?.getTime()).toBeGreaterThan(now.getTime() + 29 * 86_400_000);
    // The platform holds our bytes, and the listing names its copy.
    expect(sim.control.photo(copy?.url ?? '')?.data.equals(TINY_PNG)).toBe(true);
    const item = sim.control.inventoryItem('AJ1-CHI-9') as { product: { imageUrls: string[] } };
    expect(item.product.imageUrls).toEqual([copy?.url]);
    expect((sim.control.offer(first.variants[0]?.offerId ?? '') as { status: string }).status).toBe('PUBLISHED');

    await clocked.upsertListing(await listing(['9']));
    expect(sim.control.requests({ route: UPLOAD })).toHaveLength(1);
    expect(photos.reads).toEqual(['aj1-side']);

    now = new Date((copy?.expiresAt?.getTime() ?? 0) + 1_000);
    await clocked.upsertListing(await listing(['9']));
    expect(sim.control.requests({ route: UPLOAD })).toHaveLength(2);
    expect(photos.copies.get('aj1-side')?.url).not.toBe(copy?.url);
    expect((sim.control.inventoryItem('AJ1-CHI-9') as { product: { imageUrls: string[] } }).product.imageUrls).toEqual([
      photos.copies.get('aj1-side')?.url,
    ]);
  });

  it('a Media API outage fails the listing with a clear message before anything is listed; the retry lists it', async () => {
    sim.control.failNext({ route: UPLOAD, status: 503, count: 4 });
    await expect(adapter.upsertListing(await listing(['9', '10']))).rejects.toThrow(/photo could not be uploaded, so nothing was listed/);
    expect(sim.control.requests({ route: UPLOAD })).toHaveLength(4);
    expect(sim.control.inventoryItem('AJ1-CHI-9')).toBeNull();
    expect(photos.copies.size).toBe(0);

    const retried = await adapter.upsertListing(await listing(['9', '10']));
    expect(retried.variants).toHaveLength(2);
    expect(photos.copies.size).toBe(1);
  });
});
