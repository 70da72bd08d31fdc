import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../../../tests/simulators/kit/receiver.ts';
import { type SquareSimulator, startSquareSimulator } from '../../../../../../tests/simulators/square/square-simulator.ts';
import { ReconnectNeeded } from '../http.ts';
import { consent, type MemoryTokenStore, memoryPhotos, memoryTokenStore, recordingSleep, TINY_PNG } from '../test-support.ts';
import type { MarketplaceAdapter, SquareRef } from '../types.ts';
import { createSquareAdapter } from './square-adapter.ts';

let sim: SquareSimulator;
let receiver: WebhookReceiver;
let store: MemoryTokenStore;
let adapter: MarketplaceAdapter<SquareRef>;
let sleeps: number[];
let location: string;
const REDIRECT = 'http://127.0.0.1:9/square/callback';

beforeAll(async () => {
  receiver = await startWebhookReceiver('/square/webhooks');
  sim = await startSquareSimulator({ redirectUrl: REDIRECT, webhookRetry: { baseDelayMs: 5 } });
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
  const { subscriptions } = sim.control.seed({ subscriptions: [{ url: receiver.url }] });
  adapter = createSquareAdapter(
    {
      baseUrl: sim.baseUrl,
      clientId: sim.credentials.applicationId,
      clientSecret: sim.credentials.applicationSecret,
      redirectUri: REDIRECT,
      webhookSignatureKey: subscriptions[0]?.signatureKey,
      now: () => sim.control.now(),
      sleep: recorder.sleep,
      random: () => 0.5,
    },
    store,
  );
  const query = await consent(adapter.authorizeUrl('csrf-3'));
  await adapter.exchangeCode(query.get('code') ?? '');
  location = sim.control.locations()[0]?.id ?? '';
});

const listing = (sizes: string[], key = 'AJ1') => ({
  groupKey: key,
  title: 'Air Jordan 1 Chicago',
  description: 'Deadstock',
  brand: 'Nike',
  photos: [],
  condition: 'new' as const,
  variants: sizes.map((size, i) => ({ sku: `${key}-${size}`, size, quantity: i + 1, priceCents: 30_000 + i * 1_000 })),
  placement: { locationId: location },
});

describe('Square adapter against the simulator', () => {
  it('lists an item with three variations and their counts', async () => {
    const result = await adapter.upsertListing(listing(['9', '10', '11']));
    expect(result.variants.map((v) => sim.control.inStock(v.sku, location))).toEqual([1, 2, 3]);
    expect(result.variants.every((v) => v.variationId && !v.variationId.startsWith('#'))).toBe(true);
  });

  it('sets 120 counts in batches of 100; only the bad one fails; prices per variation', async () => {
    const sizes = Array.from({ length: 120 }, (_, i) => `S${i}`);
    const { variants } = await adapter.upsertListing(listing(sizes, 'BIG'));
    sim.control.clearRequests();
    const bogus: SquareRef = { ...(variants[0] as SquareRef), sku: 'ghost', variationId: 'NOPE000000000' };
    const results = await adapter.setQuantities([
      ...variants.map((ref, i) => ({ ref, sku: ref.sku, quantity: i === 0 ? 0 : 6 })),
      { ref: bogus, sku: 'ghost', quantity: 1 },
    ]);
    expect(results.filter((r) => !r.ok).map((r) => r.sku)).toEqual(['ghost']);
    expect(sim.control.inStock('BIG-S0', location)).toBe(0);
    expect(sim.control.inStock('BIG-S119', location)).toBe(6);
    const sent = sim.control
      .requests({ route: 'POST /v2/inventory/changes/batch-create' })
      .map((r) => (r.body as { changes: unknown[] }).changes.length);
    expect(sent).toEqual([100, 21, 20]);
    const prices = await adapter.setPrices([
      ...variants.slice(0, 2).map((ref) => ({ ref, sku: ref.sku, priceCents: 25_000 })),
      { ref: bogus, sku: 'ghost', priceCents: 1 },
    ]);
    expect(prices.map((p) => p.ok)).toEqual([true, true, false]);
  });

  it('refreshes after expiry, backs off on RATE_LIMITED, asks for reconnect when refresh fails', async () => {
    await adapter.upsertListing(listing(['9']));
    sim.control.advanceClock('31d');
    sim.control.failNext({ route: 'POST /v2/orders/search', kind: 'rate-limit' });
    await adapter.fetchOrders({ since: new Date(sim.control.now().getTime() - 60_000) });
    expect(store.saved).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
    if (store.creds) store.creds = { ...store.creds, accessToken: 'EAAAexpired', refreshToken: 'EQAAbogus' };
    await expect(adapter.fetchOrders({ since: new Date(sim.control.now().getTime() - 60_000) })).rejects.toBeInstanceOf(ReconnectNeeded);
    expect(store.reconnects).toHaveLength(1);
  });

  it('pages orders to the missing cursor and verifies webhooks (URL + body)', async () => {
    const { variants } = await adapter.upsertListing(listing(['9', '10', '11']));
    const since = new Date(sim.control.now().getTime() - 60_000);
    for (const ref of variants) sim.control.sell({ sku: ref.sku, locationId: location });
    const orders = [];
    let cursor: string | null = null;
    do {
      const page = await adapter.fetchOrders({ since, cursor, pageSize: 2 });
      orders.push(...page.orders);
      cursor = page.nextCursor;
    } while (cursor);
    expect(orders.map((o) => o.lines[0]?.sku).sort()).toEqual(['AJ1-10', 'AJ1-11', 'AJ1-9']);
    expect(orders.find((o) => o.lines[0]?.sku === 'AJ1-9')?.lines[0]).toMatchObject({ quantity: 1, unit_price_cents: 30_000 });

    // The sales sent inventory.count.updated to the seeded subscription: start from a clean log.
    await sim.control.settleWebhooks();
    receiver.clear();
    await sim.control.emitWebhook({ type: 'order.created', dataId: orders[0]?.external_order_id, url: receiver.url, duplicate: 1 });
    await sim.control.emitWebhook({ type: 'order.created', url: receiver.url, signature: 'bad', attempts: 1 });
    const [a, b, forged] = receiver.received.map((r) => ({ headers: r.headers, rawBody: r.rawBody, url: receiver.url }));
    if (!a || !b || !forged) throw new Error('missing deliveries');
    expect(await adapter.verifyWebhook(a)).toBe(true);
    expect(await adapter.verifyWebhook({ ...a, url: `${receiver.url}/other` })).toBe(false);
    expect(await adapter.verifyWebhook(forged)).toBe(false);
    expect(adapter.parseWebhook(b)[0]?.eventId).toBe(adapter.parseWebhook(a)[0]?.eventId);
    expect(adapter.parseWebhook(a)[0]?.kind).toBe('order');
  });
});

describe('Square adapter: webhook checks and the access probe', () => {
  it('checks the event type, the merchant, the revocation body and created_at', async () => {
    await sim.control.emitWebhook({ type: 'order.created', dataId: 'ORDER1', url: receiver.url });
    await sim.control.emitWebhook({ type: 'oauth.authorization.revoked', url: receiver.url });
    await sim.control.emitWebhook({ type: 'catalog.version.updated', url: receiver.url });
    sim.control.setClock(Date.now() - 74 * 3_600_000);
    await sim.control.emitWebhook({ type: 'order.updated', dataId: 'ORDER1', url: receiver.url });
    sim.control.setClock(Date.now());
    const problems = (accountId: string) =>
      receiver.received.map((r) => {
        const request = { headers: r.headers, rawBody: r.rawBody, url: receiver.url };
        const [event] = adapter.parseWebhook(request);
        return event ? adapter.checkWebhook(request, event, { accountId, now: new Date() }) : 'no event';
      });
    expect(problems(sim.credentials.merchantId)).toEqual([
      null,
      'event type oauth.authorization.revoked does not fit the body (no revocation)',
      'event type catalog.version.updated is not one this connection subscribed to',
      expect.stringMatching(/^created_at is 44\d\d minutes old/),
    ]);
    expect(problems('ANOTHER-MERCHANT')[0]).toBe('the order.created body names another merchant');
  });

  it('confirms access while the token works and reports it gone once the seller revokes the app (401, refresh refused)', async () => {
    expect(await adapter.confirmAccess()).toEqual({ active: true, detail: 'Square still accepts our access token' });
    await sim.control.revokeAuthorization();
    const gone = await adapter.confirmAccess();
    expect(gone.active).toBe(false);
    expect(gone.detail).toMatch(/^Square refused our access token/);
    expect(store.reconnects).toHaveLength(1);
  });
});

describe('Square adapter: updating in place, reading back, connecting', () => {
  it('upserting again updates the same item and variations, adding a new size', async () => {
    const first = await adapter.upsertListing(listing(['9', '10']));
    const again = await adapter.upsertListing({ ...listing(['9', '10', '11']), title: 'Air Jordan 1 Chicago (2015)' });
    expect(again.listingId).toBe(first.listingId);
    expect(again.variants.slice(0, 2).map((v) => v.variationId)).toEqual(first.variants.map((v) => v.variationId));
    expect(again.variants.map((v) => sim.control.inStock(v.sku, location))).toEqual([1, 2, 3]);
    const { listings } = await adapter.listListings({ locationId: location });
    expect(listings.map((l) => [l.externalId, l.title, l.variants.length])).toEqual([[first.listingId, 'Air Jordan 1 Chicago (2015)', 3]]);
  });

  it('ending a listing archives the item with its ids and stock; listing again brings the same item back', async () => {
    const made = await adapter.upsertListing(listing(['9', '10']));
    const status = async () => (await adapter.listListings({ locationId: location })).listings.map((l) => [l.externalId, l.status]);
    await adapter.endListing(made.variants);
    expect(await status()).toEqual([[made.listingId, 'ended']]);
    expect(made.variants.map((v) => sim.control.inStock(v.sku, location))).toEqual([1, 2]);
    // Ending again (a retried job) changes nothing and is not refused.
    await adapter.endListing(made.variants);
    expect(await status()).toEqual([[made.listingId, 'ended']]);

    const again = await adapter.upsertListing(listing(['9', '10']));
    expect(again.listingId).toBe(made.listingId);
    expect(again.variants.map((v) => v.variationId)).toEqual(made.variants.map((v) => v.variationId));
    expect(await status()).toEqual([[made.listingId, 'active']]);
  });

  it('lists items with sizes, prices, quantities and usable refs; reads quantities back', async () => {
    const made = [await adapter.upsertListing(listing(['9', '10'])), await adapter.upsertListing(listing(['8'], 'DUNK'))];
    const seen = [];
    let cursor: string | null = null;
    do {
      const page = await adapter.listListings({ cursor, pageSize: 1, locationId: location });
      seen.push(...page.listings);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((l) => l.externalId)).toEqual(made.map((m) => m.listingId));
    expect(seen[0]).toMatchObject({ title: 'Air Jordan 1 Chicago', description: 'Deadstock', status: 'active' });
    expect(seen[0]?.variants.map((v) => [v.sku, v.size, v.priceCents, v.quantity])).toEqual([
      ['AJ1-9', '9', 30_000, 1],
      ['AJ1-10', '10', 31_000, 2],
    ]);
    expect(seen.flatMap((l) => l.variants.map((v) => v.ref))).toEqual(made.flatMap((m) => m.variants));

    sim.control.sell({ sku: 'AJ1-10', locationId: location });
    const ghost: SquareRef = { ...(made[0]?.variants[0] as SquareRef), sku: 'ghost', variationId: 'NOPE000000000' };
    expect(await adapter.fetchQuantities([...(made[0]?.variants ?? []), ghost])).toEqual([
      { sku: 'AJ1-9', quantity: 1 },
      { sku: 'AJ1-10', quantity: 1 },
      { sku: 'ghost', quantity: null },
    ]);
  });

  it('fetches one order by id with its shipment recipient (null when unknown); shipping is refused with a clear message', async () => {
    await adapter.upsertListing(listing(['9']));
    // Square's FulfillmentRecipient and Address (square/square-nodejs-sdk src/models/fulfillmentRecipient.ts, src/models/address.ts).
    const shipTo = {
      display_name: 'Jaiden Urie',
      phone_number: '+1 503-555-0142',
      address: {
        address_line_1: '1455 Market St',
        address_line_2: 'Suite 600',
        locality: 'San Francisco',
        administrative_district_level_1: 'CA',
        postal_code: '94103',
        country: 'US',
      },
    };
    const sold = sim.control.sell({ sku: 'AJ1-9', locationId: location, source: 'api', shipTo });
    const order = await adapter.fetchOrder(String(sold.id));
    expect(order).toMatchObject({
      external_order_id: sold.id,
      lines: [{ sku: 'AJ1-9', quantity: 1, unit_price_cents: 30_000 }],
      shipping_address: {
        name: 'Jaiden Urie',
        line1: '1455 Market St',
        line2: 'Suite 600',
        city: 'San Francisco',
        region: 'CA',
        postal_code: '94103',
        country: 'US',
        phone: '+1 503-555-0142',
      },
    });
    const register = sim.control.sell({ sku: 'AJ1-9', locationId: location, source: 'api' });
    expect((await adapter.fetchOrder(String(register.id)))?.shipping_address).toBeUndefined();
    expect(await adapter.fetchOrder('NOSUCHORDER')).toBeNull();
    await expect(adapter.markShipped(String(sold.id), { carrier: 'USPS', trackingNumber: '1' })).rejects.toMatchObject({
      code: 'UNSUPPORTED',
      message: expect.stringMatching(/Square Dashboard/),
    });
  });

  it('prepares the account and refreshes the token on demand', async () => {
    expect(await adapter.prepareAccount()).toEqual({
      accountId: sim.credentials.merchantId,
      accountName: 'Tradepost Sim',
      locations: sim.control.locations().map((l) => ({ id: l.id, name: l.name })),
    });
    const before = store.creds?.accessToken;
    const fresh = await adapter.refreshCredentials();
    expect(fresh.accessToken).not.toBe(before);
    expect(store.creds).toEqual(fresh);
  });

  it('subscribes once and returns the signature key that verifies deliveries (rotated on re-registering)', async () => {
    const url = `${receiver.url}/tp`;
    const { signatureKey } = await adapter.registerWebhooks({ url });
    expect(signatureKey).toBeTruthy();
    const again = await adapter.registerWebhooks({ url });
    expect(again.signatureKey).toBeTruthy();
    expect(again.signatureKey).not.toBe(signatureKey);
    const mine = sim.control.requests({ route: 'POST /v2/webhooks/subscriptions' });
    expect(mine).toHaveLength(1);

    const verifier = createSquareAdapter(
      { baseUrl: sim.baseUrl, clientId: 'x', clientSecret: 'x', redirectUri: REDIRECT, webhookSignatureKey: again.signatureKey },
      store,
    );
    await sim.control.settleWebhooks();
    receiver.clear();
    await sim.control.emitWebhook({ type: 'order.created', dataId: 'ORDER1' });
    const delivery = receiver.received.find((r) => r.path.endsWith('/tp'));
    if (!delivery) throw new Error('no delivery to the registered URL');
    expect(await verifier.verifyWebhook({ headers: delivery.headers, rawBody: delivery.rawBody, url })).toBe(true);
    expect(await verifier.verifyWebhook({ headers: delivery.headers, rawBody: delivery.rawBody, url: receiver.url })).toBe(false);
  });
});

describe('Square photos: CreateCatalogImage with the bytes, attached to the item (reference §5b)', () => {
  const UPLOAD = 'POST /v2/catalog/images';

  it('uploads each photo once, as JPEG/PNG/GIF, and the item shows it first; listing again reuses it', async () => {
    const photos = memoryPhotos(['aj1-side', 'aj1-sole']);
    const accepted: (readonly string[] | undefined)[] = [];
    const tracked = () =>
      photos.photos().map((photo) => ({
        ...photo,
        read: (accept?: readonly string[]) => {
          accepted.push(accept);
          return photo.read(accept);
        },
      }));
    const result = await adapter.upsertListing({ ...listing(['9', '10']), photos: tracked() });
    const item = sim.control.catalogObject(result.listingId) as { item_data: { image_ids: string[] } };
    const ids = ['aj1-side', 'aj1-sole'].map((m) => photos.copies.get(m)?.platformId);
    expect(item.item_data.image_ids).toEqual(ids);
    const image = sim.control.catalogObject(ids[0] ?? '') as { type: string; image_data: { url: string } };
    expect(image.type).toBe('IMAGE');
    expect(image.image_data.url).toMatch(/^https:\/\//);
    expect(photos.copies.get('aj1-side')?.url).toBe(image.image_data.url);
    expect(sim.control.photo(image.image_data.url)?.data.equals(TINY_PNG)).toBe(true);
    // WebP photos are converted before they go: Square takes JPEG, PJPEG, PNG or GIF.
    expect(accepted[0]).toEqual(['image/jpeg', 'image/pjpeg', 'image/png', 'image/gif']);

    await adapter.upsertListing({ ...listing(['9', '10']), photos: photos.photos() });
    expect(sim.control.requests({ route: UPLOAD })).toHaveLength(2);
    expect((sim.control.catalogObject(result.listingId) as { item_data: { image_ids: string[] } }).item_data.image_ids).toEqual(ids);
  });

  it('an upload fault leaves no item behind; the retry makes one image, not two', async () => {
    const photos = memoryPhotos(['aj1-side']);
    sim.control.failNext({ route: UPLOAD, count: 4 });
    await expect(adapter.upsertListing({ ...listing(['9']), photos: photos.photos() })).rejects.toThrow(/photo could not be uploaded/);
    expect(sim.control.variationBySku('AJ1-9')).toBeNull();

    // A lost answer is replayed under the same idempotency key: one image.
    sim.control.failNext({ route: UPLOAD, kind: 'drop', when: 'after' });
    const result = await adapter.upsertListing({ ...listing(['9']), photos: photos.photos() });
    const item = sim.control.catalogObject(result.listingId) as { item_data: { image_ids: string[] } };
    expect(item.item_data.image_ids).toEqual([photos.copies.get('aj1-side')?.platformId]);
    expect(sim.control.requests({ route: UPLOAD }).filter((r) => r.status === 200)).toHaveLength(1);
  });
});
