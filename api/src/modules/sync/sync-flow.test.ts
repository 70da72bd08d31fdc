import type { InventoryControl, Listing } from '@tradepost/shared/schemas/listings.ts';
import type { SyncHealth, VariantSyncState } from '@tradepost/shared/schemas/sync.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseSnapshot, registerAndLogin, type SignedIn } from '../../../test/helper.ts';
import { connectSimulator } from '../../../test/marketplace-support.ts';
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
let stranger: SignedIn;
const connections: Record<'ebay' | 'shopify' | 'square', string> = { ebay: '', shopify: '', square: '' };

beforeAll(async () => {
  w = await startSyncWorld();
  stranger = await registerAndLogin(w.t.app, { business_name: 'Stranger Kicks' });
  connections.ebay = await connect(w, 'ebay');
  connections.shopify = await connect(w, 'shopify');
  connections.square = await connect(w, 'square');
});
afterAll(async () => w.close());

const sku = (product: StockedProduct, size: string) => product.variants.find((v) => v.size === size)?.sku ?? '';
const variant = (product: StockedProduct, size: string) => product.variants.find((v) => v.size === size)?.id ?? '';

describe('listing and selling across marketplaces', () => {
  let shoe: StockedProduct;
  const listings: Record<string, Listing> = {};

  it('lists a product with sizes on eBay, Shopify and Square with the pushable quantity per size', async () => {
    shoe = await stockedProduct(w, { '9': 3, '10': 3, '11': 2 });
    for (const platform of ['ebay', 'shopify', 'square'] as const) {
      const listing = (await list(w, connections[platform], shoe.id)) as Listing;
      expect(listing).toMatchObject({ status: 'active', platform, product_id: shoe.id, last_error: null });
      expect(listing.external_id).toBeTruthy();
      expect(listing.variants.map((v) => [v.external_sku, v.pushed_quantity]).sort()).toEqual(
        [
          [sku(shoe, '10'), 3],
          [sku(shoe, '11'), 2],
          [sku(shoe, '9'), 3],
        ].sort(),
      );
      listings[platform] = listing;
    }
    await settle(w);
    for (const size of ['9', '10', '11'])
      expect(platformQuantities(w, sku(shoe, size))).toEqual({
        ebay: size === '11' ? 2 : 3,
        shopify: size === '11' ? 2 : 3,
        square: size === '11' ? 2 : 3,
      });
    // eBay got the product's photo as bytes (no public address here) and lists its own copy.
    const item = w.ebay.control.inventoryItem(sku(shoe, '9')) as { product: { imageUrls: string[] } };
    expect(item.product.imageUrls[0]).toMatch(/^https:\/\/i\.ebayimg\.com\/images\/g\//);
  });

  it('a sale of one size on eBay takes that size down on Shopify and Square; other sizes untouched; ledger = levels', async () => {
    w.shopify.control.clearRequests();
    w.square.control.clearRequests();
    w.ebay.control.sell({ sku: sku(shoe, '10'), quantity: 1 });
    await settle(w);

    expect(platformQuantities(w, sku(shoe, '10'))).toEqual({ ebay: 2, shopify: 2, square: 2 });
    expect(platformQuantities(w, sku(shoe, '9'))).toEqual({ ebay: 3, shopify: 3, square: 3 });
    expect(platformQuantities(w, sku(shoe, '11'))).toEqual({ ebay: 2, shopify: 2, square: 2 });
    expect(await ourAvailable(w, variant(shoe, '10'))).toBe(2);
    expect(await ourAvailable(w, variant(shoe, '9'))).toBe(3);

    const sales = (await w.call('GET', '/sales?limit=20&sort=created_at')).json() as { items: { channel: { kind: string } }[] };
    expect(sales.items.filter((s) => s.channel.kind === 'ebay')).toHaveLength(1);
    // Only the sold size was written to the other platforms.
    const shopifyWrites = w.shopify.control
      .requests({ method: 'POST' })
      .filter((r) => JSON.stringify(r.body).includes('inventorySetQuantities'));
    expect(shopifyWrites.length).toBeGreaterThan(0);
    for (const write of shopifyWrites) {
      expect(JSON.stringify(write.body)).not.toContain(sku(shoe, '9'));
    }
  });

  it('an online order on Square (a webhook signed over our URL) takes the size down on eBay and Shopify', async () => {
    w.square.control.sell({ sku: sku(shoe, '11'), quantity: 1, source: 'api' });
    await settle(w);
    expect(platformQuantities(w, sku(shoe, '11'))).toEqual({ ebay: 1, shopify: 1, square: 1 });
    expect(await ourAvailable(w, variant(shoe, '11'))).toBe(1);
  });

  it('sync health shows each connection healthy with its webhook and listings; debug2 shows the sold size on every channel', async () => {
    const health = (await w.call('GET', '/sync-health')).json() as SyncHealth;
    expect(health.connections.map((c) => c.platform).sort()).toEqual(['ebay', 'shopify', 'square']);
    const ebay = health.connections.find((c) => c.platform === 'ebay');
    expect(ebay).toMatchObject({ status: 'connected', sync_enabled: true, listings: { active: 1, errors: 0 }, drift: [] });
    expect(ebay?.webhooks.received_24h).toBeGreaterThanOrEqual(1);
    expect(ebay?.webhooks.rejected_24h).toBe(0);
    expect(ebay?.last_success_at).not.toBeNull();
    expect(ebay?.hourly).toHaveLength(24);
    expect(ebay?.hourly.at(-1)?.ok).toBeGreaterThan(0);
    const shopify = health.connections.find((c) => c.platform === 'shopify');
    expect(shopify?.operations_24h).toBeGreaterThan(0);
    expect(shopify?.error_rate_24h).toBe(0);

    const state = (await w.call('GET', `/inventory/variants/${variant(shoe, '10')}/sync-state`)).json() as VariantSyncState;
    expect(state.variant).toMatchObject({ sku: sku(shoe, '10'), available: 2 });
    expect(state.listings.map((l) => [l.platform, l.pushed_quantity, l.pushable_now]).sort()).toEqual([
      ['ebay', 2, 2],
      ['shopify', 2, 2],
      ['square', 2, 2],
    ]);
    expect(state.log.some((entry) => entry.operation === 'order_import' && entry.platform === 'ebay')).toBe(true);
    expect(state.log.some((entry) => entry.operation === 'quantity' && entry.platform === 'shopify' && entry.quantity === 2)).toBe(true);
    expect(
      state.webhooks.some((event) => event.platform === 'ebay' && event.topic === 'ORDER_CONFIRMATION' && event.status === 'processed'),
    ).toBe(true);
    // Nothing secret reaches the log.
    expect(JSON.stringify(state)).not.toMatch(/accessToken|refreshToken|Bearer /);
  });

  it('the inventory-control matrix shows the product on every connection with its listed quantities; search narrows it', async () => {
    const matrix = (await w.call('GET', '/listings/inventory-control')).json() as InventoryControl;
    expect(matrix.connections.map((c) => c.platform)).toEqual(['ebay', 'shopify', 'square']);
    const row = matrix.rows.find((r) => r.product_id === shoe.id);
    expect(row?.listings.map((l) => l.platform).sort()).toEqual(['ebay', 'shopify', 'square']);
    expect(row?.variants.find((v) => v.size === '10')?.available).toBe(2);
    const other = await stockedProduct(w, 1, ['8']);
    const searched = (
      await w.call('GET', `/listings/inventory-control?search=${encodeURIComponent(sku(shoe, '9'))}`)
    ).json() as InventoryControl;
    expect(searched.rows.map((r) => r.product_id)).toEqual([shoe.id]);
    const paged = (await w.call('GET', '/listings/inventory-control?limit=1')).json() as InventoryControl;
    expect(paged.rows).toHaveLength(1);
    expect(paged.next_cursor).not.toBeNull();
    const next = (await w.call('GET', `/listings/inventory-control?limit=1&cursor=${paged.next_cursor}`)).json() as InventoryControl;
    expect(next.rows[0]?.product_id).not.toBe(paged.rows[0]?.product_id);
    expect([...paged.rows, ...next.rows].map((r) => r.product_id).sort()).toEqual([shoe.id, other.id].sort());
    const one = (await w.call('GET', `/listings/inventory-control?connection_id=${connections.square}`)).json() as InventoryControl;
    expect(one.connections.map((c) => c.platform)).toEqual(['square']);
    expect(one.rows.find((r) => r.product_id === shoe.id)?.listings.map((l) => l.platform)).toEqual(['square']);
  });

  it('listing again updates the same listing on each platform (no second product or offer)', async () => {
    const before = w.shopify.control.variantBySku(sku(shoe, '9'));
    const offersBefore = w.ebay.control.offersForSku(sku(shoe, '9')).length;
    const again = (await list(w, connections.shopify, shoe.id)) as Listing;
    await list(w, connections.ebay, shoe.id);
    expect(again.id).toBe(listings.shopify?.id);
    expect(w.shopify.control.variantBySku(sku(shoe, '9'))?.productId).toBe(before?.productId);
    expect(w.ebay.control.offersForSku(sku(shoe, '9'))).toHaveLength(offersBefore);
  });

  it('a price override and a quantity cap on one listing are pushed to that platform only', async () => {
    const listing = listings.ebay as Listing;
    const res = await w.call('PATCH', `/listings/${listing.id}`, { price_override_cents: 17_500, quantity_cap: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ price_override_cents: 17_500, quantity_cap: 1 });
    await settle(w);
    expect(platformQuantities(w, sku(shoe, '9'))).toEqual({ ebay: 1, shopify: 3, square: 3 });
    const offer = w.ebay.control.offersForSku(sku(shoe, '9'))[0] as { pricingSummary: { price: { value: string } } };
    expect(offer.pricingSummary.price.value).toBe('175.00');
    // Back to no cap: eBay shows the stock again.
    await w.call('PATCH', `/listings/${listing.id}`, { quantity_cap: null });
    await settle(w);
    expect(platformQuantities(w, sku(shoe, '9')).ebay).toBe(3);
  });

  it('ending a listing takes it off sale there; later stock changes leave it alone', async () => {
    const listing = listings.square as Listing;
    const ended = await w.call('DELETE', `/listings/${listing.id}`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ status: 'ended' });
    w.square.control.clearRequests();
    await adjust(w, variant(shoe, '9'), 2);
    await settle(w);
    expect(w.square.control.requests({ pathIncludes: '/v2/inventory' })).toHaveLength(0);
    expect(platformQuantities(w, sku(shoe, '9'))).toMatchObject({ ebay: 5, shopify: 5 });
  });
});

describe('price changes', () => {
  it('a size’s new price and a channel price rule reach the listing', async () => {
    const shoe = await stockedProduct(w, 1, ['9']);
    await list(w, connections.ebay, shoe.id);
    const price = () =>
      (w.ebay.control.offersForSku(sku(shoe, '9'))[0] as { pricingSummary: { price: { value: string } } }).pricingSummary.price.value;
    expect(price()).toBe('140.00');
    const changed = await w.call('PATCH', `/products/${shoe.id}`, { variants: [{ id: variant(shoe, '9'), price_cents: 15_000 }] });
    expect(changed.statusCode, changed.body).toBe(200);
    await settle(w);
    expect(price()).toBe('150.00');
    const channels = (await w.call('GET', '/channels')).json() as { id: string; kind: string }[];
    const ebayChannel = channels.find((c) => c.kind === 'ebay')?.id;
    const rule = await w.call('PUT', `/price-rules/${ebayChannel}`, {
      markup_percent: 10,
      rounding: '.99',
      min_margin_percent: null,
      enabled: true,
    });
    expect(rule.statusCode, rule.body).toBe(200);
    await settle(w);
    expect(price()).toBe('165.99');
    await w.call('PUT', `/price-rules/${ebayChannel}`, { markup_percent: 0, rounding: 'none', min_margin_percent: null, enabled: false });
    await settle(w);
  });
});

describe('a platform that refuses a listing', () => {
  it('answers 422 with the platform’s reason, keeps it on the listing, and a later attempt lists it', async () => {
    const shoe = await stockedProduct(w, 2, ['9']);
    w.ebay.control.failNext({
      route: 'POST /sell/inventory/v1/offer/publish_by_inventory_item_group',
      kind: 'status',
      status: 400,
      body: { errors: [{ errorId: 25005, domain: 'API_INVENTORY', category: 'REQUEST', message: 'The category is not valid.' }] },
    });
    const refused = await w.call('POST', '/listings', { connection_id: connections.ebay, product_id: shoe.id });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'PLATFORM_REFUSED', message: expect.stringContaining('eBay refused') });
    const matrix = (
      await w.call('GET', `/listings/inventory-control?search=${encodeURIComponent(sku(shoe, '9'))}`)
    ).json() as InventoryControl;
    expect(matrix.rows[0]?.listings).toEqual([
      expect.objectContaining({ platform: 'ebay', status: 'error', last_error: expect.stringContaining('category') }),
    ]);
    const health = (await w.call('GET', '/sync-health')).json() as SyncHealth;
    expect(health.connections.find((c) => c.platform === 'ebay')?.listings.errors).toBe(1);

    const listed = (await list(w, connections.ebay, shoe.id)) as Listing;
    expect(listed).toMatchObject({ status: 'active', last_error: null, id: matrix.rows[0]?.listings[0]?.id });
  });

  it('sync health counts every refused listing call in the error share and lists each listing with eBay’s message', async () => {
    const ebayHealth = async () =>
      ((await w.call('GET', '/sync-health')).json() as SyncHealth).connections.find((c) => c.platform === 'ebay');
    const before = await ebayHealth();
    const shoes = [await stockedProduct(w, 1, ['8']), await stockedProduct(w, 1, ['12'])];
    w.ebay.control.failNext({
      route: 'POST /sell/inventory/v1/offer/publish_by_inventory_item_group',
      kind: 'status',
      status: 400,
      count: 2,
      body: { errors: [{ errorId: 25017, domain: 'API_INVENTORY', category: 'REQUEST', message: 'The title is missing or too long.' }] },
    });
    for (const shoe of shoes) {
      const refused = await w.call('POST', '/listings', { connection_id: connections.ebay, product_id: shoe.id });
      expect(refused.statusCode, refused.body).toBe(422);
    }
    const after = await ebayHealth();
    expect(after?.failures_24h).toBe((before?.failures_24h ?? 0) + 2);
    expect(after?.operations_24h).toBeGreaterThanOrEqual((before?.operations_24h ?? 0) + 2);
    expect(after?.error_rate_24h).toBeGreaterThan(0);
    expect(after?.hourly.reduce((sum, p) => sum + p.failed, 0)).toBe(after?.failures_24h);
    expect(after?.listings.errors).toBe(2);
    expect(after?.failed_listings).toEqual(
      [...shoes].reverse().map((shoe) =>
        expect.objectContaining({
          product_id: shoe.id,
          title: shoe.title,
          status: 'error',
          message: expect.stringContaining('The title is missing'),
        }),
      ),
    );
  });

  it('a listing our own checks refuse before any call counts as a failed call, and one the platform refused counts once', async () => {
    const ebayHealth = async () =>
      ((await w.call('GET', '/sync-health')).json() as SyncHealth).connections.find((c) => c.platform === 'ebay');
    const before = await ebayHealth();
    // No photo: refused by our check before anything is sent to eBay.
    const tag = Date.now().toString(36).toUpperCase();
    const created = await w.call('POST', '/products', {
      title: `Photo-less Runner ${tag}`,
      brand: 'Nike',
      category: 'sneakers',
      size_format: 'us-men',
      variants: [{ size: '10', sku: `NOPHOTO-${tag}-10`, price_cents: 9_000, barcodes: [] }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const photoless = created.json() as StockedProduct;
    await adjust(w, photoless.variants[0]?.id ?? '', 1);
    // Refused by eBay itself: its call is in the sync log already and must not count twice.
    const refusedByEbay = await stockedProduct(w, 1, ['8']);
    w.ebay.control.failNext({
      route: 'POST /sell/inventory/v1/offer/publish_by_inventory_item_group',
      kind: 'status',
      status: 400,
      body: { errors: [{ errorId: 25005, domain: 'API_INVENTORY', category: 'REQUEST', message: 'The category is not valid.' }] },
    });
    const batch = await w.call('POST', '/batch-operations', {
      connection_id: connections.ebay,
      operation_type: 'list',
      items: [{ product_id: photoless.id }, { product_id: refusedByEbay.id }],
    });
    expect(batch.statusCode, batch.body).toBe(201);
    await settle(w);
    const done = (await w.call('GET', `/batch-operations/${(batch.json() as { id: string }).id}`)).json();
    expect(done.batch).toMatchObject({ status: 'failed', failed: 2 });
    expect(done.items.map((item: { error: string }) => item.error)).toEqual([
      expect.stringContaining('eBay needs at least one photo'),
      expect.stringContaining('The category is not valid'),
    ]);

    const after = await ebayHealth();
    expect(after?.failures_24h).toBe((before?.failures_24h ?? 0) + 2);
    expect(after?.operations_24h).toBeGreaterThanOrEqual((before?.operations_24h ?? 0) + 2);
    expect(after?.hourly.reduce((sum, p) => sum + p.failed, 0)).toBe(after?.failures_24h);
    expect(after?.error_rate_24h).toBe((after?.failures_24h ?? 0) / (after?.operations_24h ?? 1));

    // Listed on its own (not in a batch), the same refusal counts too.
    const single = await w.call('POST', '/listings', { connection_id: connections.ebay, product_id: photoless.id });
    expect(single.statusCode).toBe(400);
    expect((await ebayHealth())?.failures_24h).toBe((after?.failures_24h ?? 0) + 1);
  });
});

describe('bad input and other businesses', () => {
  it('refuses bad bodies naming the field, writing nothing', async () => {
    const product = await stockedProduct(w, 1, ['7']);
    const before = await databaseSnapshot(w.t.orm);
    const missing = await w.call('POST', '/listings', { product_id: product.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details[0].field).toBe('connection_id');
    const [listing] = await w.t.orm.em.fork().execute<{ id: string }[]>('SELECT id FROM channel_listings ORDER BY created_at LIMIT 1');
    const negative = await w.call('PATCH', `/listings/${listing?.id}`, { quantity_cap: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.details[0].field).toBe('quantity_cap');
    const unknownField = await w.call('PATCH', `/listings/${listing?.id}`, { quantity: 3 });
    expect(unknownField.statusCode).toBe(400);
    // A listing that is not the business's is not found, whatever the body says (platform/owned-ids.ts).
    const unknownListing = await w.call('PATCH', `/listings/00000000-0000-4000-8000-000000000000`, { quantity_cap: -1 });
    expect(unknownListing.statusCode).toBe(404);
    const badCursor = await w.call('GET', '/listings/inventory-control?cursor=nope');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().error.details[0].field).toBe('cursor');
    expect(await databaseSnapshot(w.t.orm)).toEqual(before);
  });

  it('eBay without business policies answers 400 naming each setting to choose, and lists nothing', async () => {
    const other = await registerAndLogin(w.t.app, { business_name: 'Policy-less Kicks' });
    const { connectionId } = await connectSimulator(w.t.orm, other.businessId, { platform: 'ebay', sim: w.ebay });
    const created = await w.call(
      'POST',
      '/products',
      {
        title: 'No Policy Dunk',
        category: 'sneakers',
        size_format: 'us-men',
        variants: [{ size: '9', sku: `NOPOL-${Date.now()}`, price_cents: 9_000, barcodes: [] }],
      },
      other,
    );
    const variantId = created.json().variants[0].id;
    const location = (await w.call('GET', '/locations', undefined, other)).json()[0].id;
    await w.call(
      'POST',
      '/inventory/adjustments',
      { location_id: location, lines: [{ variant_id: variantId, quantity: 1, reason: 'received', unit_cost_cents: 100 }] },
      other,
    );
    const before = await databaseSnapshot(w.t.orm);
    const res = await w.call('POST', '/listings', { connection_id: connectionId, product_id: created.json().id }, other);
    expect(res.statusCode, res.body).toBe(400);
    const fields = (res.json().error.details as { field: string }[]).map((d) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'images',
        'settings.ebay.merchant_location_key',
        'settings.ebay.fulfillment_policy_id',
        'settings.ebay.payment_policy_id',
        'settings.ebay.return_policy_id',
      ]),
    );
    // Nothing is listed; the refused attempt is logged (Sync Health counts it as a failed call).
    const { sync_log: logBefore, ...restBefore } = before;
    const { sync_log: logAfter, ...restAfter } = await databaseSnapshot(w.t.orm);
    expect(restAfter).toEqual(restBefore);
    expect(logAfter).not.toEqual(logBefore);
    const logged = await w.t.orm.em
      .fork()
      .execute<{ operation: string; ok: boolean; error: string }[]>(`SELECT operation, ok, error FROM sync_log WHERE connection_id = ?`, [
        connectionId,
      ]);
    expect(logged).toEqual([{ operation: 'list', ok: false, error: expect.stringContaining('fulfillment') }]);
  });

  it("another business's connection, product, listing and variant answer 404", async () => {
    const product = await stockedProduct(w, 1, ['6']);
    const listing = await list(w, connections.shopify, product.id);
    const asStranger = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: object) => w.call(method, path, body, stranger);
    expect((await asStranger('POST', '/listings', { connection_id: connections.shopify, product_id: product.id })).statusCode).toBe(404);
    expect((await asStranger('DELETE', `/listings/${listing.id}`)).statusCode).toBe(404);
    expect((await asStranger('PATCH', `/listings/${listing.id}`, { quantity_cap: 1 })).statusCode).toBe(404);
    expect((await asStranger('GET', `/inventory/variants/${product.variants[0]?.id}/sync-state`)).statusCode).toBe(404);
    expect((await asStranger('GET', `/listings/inventory-control?connection_id=${connections.shopify}`)).statusCode).toBe(404);
    const health = (await asStranger('GET', '/sync-health')).json() as SyncHealth;
    expect(health.connections).toEqual([]);
    // Our own product on a foreign connection id is a 404 too.
    const foreignConnection = await connectSimulator(w.t.orm, stranger.businessId, { platform: 'square', sim: w.square });
    expect((await w.call('POST', '/listings', { connection_id: foreignConnection.connectionId, product_id: product.id })).statusCode).toBe(
      404,
    );
  });
});
