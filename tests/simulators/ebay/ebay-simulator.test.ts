import { createHash, createPublicKey, verify } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../kit/receiver.ts';
import { type EbaySimulator, startEbaySimulator } from './ebay-simulator.ts';

// Written as the eBay adapter will see the simulator: plain HTTP, eBay's shapes, and every
// signature checked with our own crypto rather than the simulator's helpers.

const SELL_SCOPES = [
  'https://api.ebay.com/oauth/api_scope/sell.inventory',
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
  'https://api.ebay.com/oauth/api_scope/sell.account',
  'https://api.ebay.com/oauth/api_scope/commerce.notification.subscription',
];

let sim: EbaySimulator;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver('/ebay/notifications');
  sim = await startEbaySimulator({ acceptUrl: 'http://127.0.0.1:9/callback', webhookRetry: { baseDelayMs: 5 } });
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});
afterEach(() => {
  sim.control.reset();
  receiver.clear();
  receiver.handle(null);
});

type EbayErrorView = { errorId: number; domain: string; category: string; message: string; parameters: { name: string; value: string }[] };

/** The fields these tests read from eBay's answers (each call reads a few of them). */
type Answer = {
  errors: EbayErrorView[];
  offerId: string;
  listingId: string;
  status: string;
  availableQuantity: number;
  listing: { listingStatus: string; soldQuantity: number; listingId: string };
  availability: { shipToLocationAvailability: { quantity: number } };
  fulfillmentPolicies: { fulfillmentPolicyId: string }[];
  paymentPolicies: { paymentPolicyId: string }[];
  returnPolicies: { returnPolicyId: string }[];
  responses: { sku: string; statusCode: number; errors: EbayErrorView[] }[];
  inventoryItems: { sku: string }[];
  itemSummaries: { title: string }[];
  next?: string;
  total: number;
  orders: { orderId: string }[];
  orderFulfillmentStatus: string;
  key: string;
  accessToken: string;
  now: string;
};

type TokenAnswer = { access_token: string; refresh_token?: string; expires_in: number; token_type: string; error?: string };

type Notification = { metadata: unknown; notification: { notificationId: string; publishAttemptCount: number; data: { orderId: string } } };

async function call(method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${sim.baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json', 'content-language': 'en-US' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as Answer };
}

function basic(): string {
  return `Basic ${Buffer.from(`${sim.credentials.clientId}:${sim.credentials.clientSecret}`).toString('base64')}`;
}

async function tokenCall(form: Record<string, string>, auth = basic()) {
  const response = await fetch(`${sim.baseUrl}/identity/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as TokenAnswer };
}

async function consent(scopes = SELL_SCOPES): Promise<{ code: string; state: string | null; expiresIn: string | null }> {
  const url = new URL(`${sim.authBaseUrl}/oauth2/authorize`);
  url.searchParams.set('client_id', sim.credentials.clientId);
  url.searchParams.set('redirect_uri', sim.credentials.ruName);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', scopes.join(' '));
  url.searchParams.set('state', 'csrf-123');
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  expect(location.origin + location.pathname).toBe('http://127.0.0.1:9/callback');
  return {
    code: location.searchParams.get('code') ?? '',
    state: location.searchParams.get('state'),
    expiresIn: location.searchParams.get('expires_in'),
  };
}

const fullItem = (quantity: number) => ({
  condition: 'NEW',
  product: {
    title: 'Air Jordan 1 Chicago',
    description: 'Deadstock',
    imageUrls: ['https://img.example/aj1.jpg'],
    aspects: { Brand: ['Nike'] },
  },
  availability: { shipToLocationAvailability: { quantity } },
});

async function listingReady(token: string, sku: string, quantity = 3): Promise<string> {
  await call('POST', '/sell/inventory/v1/location/wh-1', token, {
    location: { address: { city: 'San Jose', stateOrProvince: 'CA', country: 'US' } },
    name: 'WH',
  });
  expect((await call('PUT', `/sell/inventory/v1/inventory_item/${sku}`, token, fullItem(quantity))).status).toBe(204);
  const policies = await call('GET', '/sell/account/v1/fulfillment_policy?marketplace_id=EBAY_US', token);
  const payment = await call('GET', '/sell/account/v1/payment_policy?marketplace_id=EBAY_US', token);
  const returns = await call('GET', '/sell/account/v1/return_policy?marketplace_id=EBAY_US', token);
  const offer = await call('POST', '/sell/inventory/v1/offer', token, {
    sku,
    marketplaceId: 'EBAY_US',
    format: 'FIXED_PRICE',
    availableQuantity: quantity,
    pricingSummary: { price: { value: '199.99', currency: 'USD' } },
    categoryId: '15709',
    merchantLocationKey: 'wh-1',
    listingPolicies: {
      fulfillmentPolicyId: policies.body.fulfillmentPolicies[0]?.fulfillmentPolicyId,
      paymentPolicyId: payment.body.paymentPolicies[0]?.paymentPolicyId,
      returnPolicyId: returns.body.returnPolicies[0]?.returnPolicyId,
    },
  });
  expect(offer.status).toBe(201);
  return offer.body.offerId;
}

describe('eBay OAuth', () => {
  it('runs the authorization code grant, refreshes with a subset of scopes and refuses replays', async () => {
    const { code, state, expiresIn } = await consent();
    expect(state).toBe('csrf-123');
    expect(Number(expiresIn)).toBeGreaterThan(0);

    const granted = await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: sim.credentials.ruName });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ expires_in: 7200, refresh_token_expires_in: 47304000, token_type: 'User Access Token' });

    const replay = await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: sim.credentials.ruName });
    expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    const narrower = await tokenCall({
      grant_type: 'refresh_token',
      refresh_token: String(granted.body.refresh_token),
      scope: SELL_SCOPES[0] as string,
    });
    expect(narrower.status).toBe(200);
    expect(narrower.body.refresh_token).toBeUndefined();
    const wider = await tokenCall({
      grant_type: 'refresh_token',
      refresh_token: String(granted.body.refresh_token),
      scope: 'https://api.ebay.com/oauth/api_scope/sell.finances',
    });
    expect(wider).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });

    const narrowToken = narrower.body.access_token;
    expect((await call('GET', '/sell/inventory/v1/inventory_item', narrowToken)).status).toBe(200);
    expect((await call('GET', '/sell/fulfillment/v1/order', narrowToken)).body.errors[0]?.errorId).toBe(1100);
  });

  it('checks Basic client authentication, the form body and the client credentials grant', async () => {
    const wrong = await tokenCall(
      { grant_type: 'client_credentials', scope: 'https://api.ebay.com/oauth/api_scope' },
      `Basic ${Buffer.from('x:y').toString('base64')}`,
    );
    expect(wrong).toMatchObject({ status: 401, body: { error: 'invalid_client' } });

    const asJson = await fetch(`${sim.baseUrl}/identity/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: basic(), 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    expect(asJson.status).toBe(400);

    const app = await tokenCall({ grant_type: 'client_credentials', scope: 'https://api.ebay.com/oauth/api_scope' });
    expect(app.body).toMatchObject({ token_type: 'Application Access Token', expires_in: 7200 });
    const sell = await call('GET', '/sell/inventory/v1/inventory_item', app.body.access_token);
    expect(sell.status).toBe(403);
    expect(sell.body.errors[0]).toMatchObject({ errorId: 1100, domain: 'ACCESS' });
  });

  it('expires access tokens on the simulator clock with errorId 1001, and refresh tokens after 18 months', async () => {
    const { code } = await consent();
    const granted = await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: sim.credentials.ruName });
    const token = granted.body.access_token;
    expect((await call('GET', '/sell/inventory/v1/inventory_item', token)).status).toBe(200);

    sim.control.advanceClock('2h');
    const expired = await call('GET', '/sell/inventory/v1/inventory_item', token);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({
      errors: [
        {
          errorId: 1001,
          domain: 'OAuth',
          category: 'REQUEST',
          message: 'Invalid access token',
          longMessage: 'Invalid access token. Check the value of the Authorization HTTP request header.',
        },
      ],
    });

    const refreshed = await tokenCall({ grant_type: 'refresh_token', refresh_token: String(granted.body.refresh_token) });
    expect((await call('GET', '/sell/inventory/v1/inventory_item', refreshed.body.access_token)).status).toBe(200);

    sim.control.advanceClock(47_304_000 * 1_000);
    const late = await tokenCall({ grant_type: 'refresh_token', refresh_token: String(granted.body.refresh_token) });
    expect(late).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
});

describe('eBay Inventory API', () => {
  it('replaces items in full: a PUT without availability loses the quantity, also on the live listing', async () => {
    const { accessToken } = sim.control.issueUserToken();
    const offerId = await listingReady(accessToken, 'TRAP-1', 5);
    expect((await call('POST', `/sell/inventory/v1/offer/${offerId}/publish/`, accessToken)).status).toBe(200);

    const { availability: _dropped, ...withoutAvailability } = fullItem(5);
    expect((await call('PUT', '/sell/inventory/v1/inventory_item/TRAP-1', accessToken, withoutAvailability)).status).toBe(204);
    const item = await call('GET', '/sell/inventory/v1/inventory_item/TRAP-1', accessToken);
    expect(item.body.availability.shipToLocationAvailability.quantity).toBe(0);
    const offer = await call('GET', `/sell/inventory/v1/offer/${offerId}`, accessToken);
    expect(offer.body).toMatchObject({ availableQuantity: 0, status: 'PUBLISHED', listing: { listingStatus: 'OUT_OF_STOCK' } });
  });

  it('requires Content-Language and refuses conditions outside the enum', async () => {
    const { accessToken } = sim.control.issueUserToken();
    const noLanguage = await fetch(`${sim.baseUrl}/sell/inventory/v1/inventory_item/A-1`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(fullItem(1)),
    });
    expect(noLanguage.status).toBe(400);
    expect(((await noLanguage.json()) as Answer).errors[0]?.errorId).toBe(25709);

    const used = await call('PUT', '/sell/inventory/v1/inventory_item/A-1', accessToken, { ...fullItem(1), condition: 'USED' });
    expect(used.status).toBe(400);
    expect(used.body.errors[0]?.message).toBe('Could not serialize field [condition]');
  });

  it('validates publish with the reference errorIds, then publishes, withdraws and republishes', async () => {
    const { accessToken } = sim.control.issueUserToken();
    await call('PUT', '/sell/inventory/v1/inventory_item/BARE-1', accessToken, {
      availability: { shipToLocationAvailability: { quantity: 0 } },
    });
    const bare = await call('POST', '/sell/inventory/v1/offer', accessToken, {
      sku: 'BARE-1',
      marketplaceId: 'EBAY_US',
      format: 'FIXED_PRICE',
    });
    const refused = await call('POST', `/sell/inventory/v1/offer/${bare.body.offerId}/publish/`, accessToken);
    expect(refused.status).toBe(400);
    const ids = new Set(refused.body.errors.map((e) => e.errorId));
    for (const id of [25017, 25004, 25003, 25005, 25007, 25008, 25009, 25012]) expect(ids).toContain(id);
    const missing = refused.body.errors.filter((e) => e.errorId === 25017).map((e) => e.parameters[0]?.value);
    expect(missing).toEqual(expect.arrayContaining(['title', 'description', 'imageUrls', 'condition']));

    const offerId = await listingReady(accessToken, 'GOOD-1');
    const duplicate = await call('POST', '/sell/inventory/v1/offer', accessToken, {
      sku: 'GOOD-1',
      marketplaceId: 'EBAY_US',
      format: 'FIXED_PRICE',
    });
    expect(duplicate.body.errors[0]).toMatchObject({ errorId: 25002, parameters: [{ name: 'offerId', value: offerId }] });

    const published = await call('POST', `/sell/inventory/v1/offer/${offerId}/publish/`, accessToken);
    expect(published.status).toBe(200);
    const firstListing = published.body.listingId;
    expect(firstListing).toMatch(/^\d{12}$/);
    const withdrawn = await call('POST', `/sell/inventory/v1/offer/${offerId}/withdraw`, accessToken);
    expect(withdrawn.body.listingId).toBe(firstListing);
    expect((await call('GET', `/sell/inventory/v1/offer/${offerId}`, accessToken)).body.status).toBe('UNPUBLISHED');
    const again = await call('POST', `/sell/inventory/v1/offer/${offerId}/publish`, accessToken);
    expect(again.body.listingId).not.toBe(firstListing);
  });

  it('caps bulk calls at 25 and answers 207 with per-element results when some fail', async () => {
    const { accessToken } = sim.control.issueUserToken();
    const requests = (n: number) => Array.from({ length: n }, (_, i) => ({ sku: `BULK-${i}`, locale: 'en_US', ...fullItem(1) }));
    const tooMany = await call('POST', '/sell/inventory/v1/bulk_create_or_replace_inventory_item', accessToken, { requests: requests(26) });
    expect(tooMany.status).toBe(400);

    const mixed = [...requests(2), { sku: 'BULK-BAD', locale: 'en_US', ...fullItem(1), condition: 'USED' }];
    const result = await call('POST', '/sell/inventory/v1/bulk_create_or_replace_inventory_item', accessToken, { requests: mixed });
    expect(result.status).toBe(207);
    expect(result.body.responses.map((r) => [r.sku, r.statusCode])).toEqual([
      ['BULK-0', 200],
      ['BULK-1', 200],
      ['BULK-BAD', 400],
    ]);
    expect(result.body.responses[2]?.errors[0]?.message).toContain('condition');
    // Only the failed element needs a retry: the others exist.
    expect((await call('GET', '/sell/inventory/v1/inventory_item/BULK-1', accessToken)).status).toBe(200);
    expect((await call('GET', '/sell/inventory/v1/inventory_item/BULK-BAD', accessToken)).status).toBe(404);

    const offerId = await listingReady(accessToken, 'PQ-1');
    const prices = await call('POST', '/sell/inventory/v1/bulk_update_price_quantity', accessToken, {
      requests: [
        { sku: 'PQ-1', offers: [{ offerId, availableQuantity: 2 }] },
        { sku: 'BULK-0', offers: [{ offerId, availableQuantity: 2 }] },
      ],
    });
    expect(prices.status).toBe(207);
    expect(prices.body.responses.map((r) => r.statusCode)).toEqual([400, 404]);
  });

  it('publishes an item group as one listing and refuses auctions for grouped SKUs', async () => {
    const { accessToken } = sim.control.issueUserToken();
    const [nine, ten] = [await listingReady(accessToken, 'VAR-9'), await listingReady(accessToken, 'VAR-10')];
    const group = {
      title: 'AJ1 Chicago',
      description: 'Deadstock',
      imageUrls: ['https://img.example/g.jpg'],
      aspects: { Brand: ['Nike'] },
      variantSKUs: ['VAR-9', 'VAR-10'],
    };
    expect((await call('PUT', '/sell/inventory/v1/inventory_item_group/AJ1', accessToken, group)).status).toBe(204);
    const noVaries = await call('POST', '/sell/inventory/v1/offer/publish_by_inventory_item_group/', accessToken, {
      inventoryItemGroupKey: 'AJ1',
      marketplaceId: 'EBAY_US',
    });
    expect(noVaries.body.errors[0]).toMatchObject({ errorId: 25017, parameters: [{ value: 'variesBy' }] });

    const varies = { ...group, variesBy: { specifications: [{ name: 'US Shoe Size', values: ['9', '10'] }] } };
    await call('PUT', '/sell/inventory/v1/inventory_item_group/AJ1', accessToken, varies);
    const published = await call('POST', '/sell/inventory/v1/offer/publish_by_inventory_item_group/', accessToken, {
      inventoryItemGroupKey: 'AJ1',
      marketplaceId: 'EBAY_US',
    });
    expect(published.status).toBe(200);
    for (const offerId of [nine, ten])
      expect((await call('GET', `/sell/inventory/v1/offer/${offerId}`, accessToken)).body.listing.listingStatus).toBe('ACTIVE');
    expect(sim.control.offer(nine)?.listing).toMatchObject({ listingId: published.body.listingId });
    expect(sim.control.offer(ten)?.listing).toMatchObject({ listingId: published.body.listingId });

    const auction = await call('POST', '/sell/inventory/v1/offer', accessToken, {
      sku: 'VAR-9',
      marketplaceId: 'EBAY_US',
      format: 'AUCTION',
    });
    expect(auction.body.errors[0]?.errorId).toBe(25756);
  });

  it('pages inventory items with limit and offset until next is gone', async () => {
    const { accessToken } = sim.control.issueUserToken();
    sim.control.seed({
      inventoryItems: Array.from({ length: 30 }, (_, i) => ({ sku: `PAGE-${String(i).padStart(2, '0')}`, ...fullItem(1) })),
    });
    const seen: string[] = [];
    let next: string | undefined = `${sim.baseUrl}/sell/inventory/v1/inventory_item?limit=25`;
    let pages = 0;
    while (next) {
      const page = await call('GET', next.replace(sim.baseUrl, ''), accessToken);
      seen.push(...page.body.inventoryItems.map((i) => i.sku));
      next = page.body.next;
      pages++;
    }
    expect(pages).toBe(2);
    expect(new Set(seen).size).toBe(30);
  });
});

describe('eBay Fulfillment API', () => {
  it('sells through the hook, filters and pages getOrders, and ships with a Location header', async () => {
    const { accessToken } = sim.control.issueUserToken();
    const offerId = await listingReady(accessToken, 'SOLD-1', 3);
    await call('POST', `/sell/inventory/v1/offer/${offerId}/publish/`, accessToken);
    const first = sim.control.sell({ sku: 'SOLD-1', quantity: 2 });
    sim.control.advanceClock('1m');
    const second = sim.control.sell({ sku: 'SOLD-1', quantity: 1 });
    expect((await call('GET', `/sell/inventory/v1/offer/${offerId}`, accessToken)).body).toMatchObject({
      availableQuantity: 0,
      listing: { soldQuantity: 3, listingStatus: 'OUT_OF_STOCK' },
    });
    expect(() => sim.control.sell({ sku: 'SOLD-1' })).toThrow(/left/);

    const since = new Date(sim.control.now().getTime() - 3_600_000).toISOString();
    const filter = encodeURIComponent(`creationdate:[${since}..],orderfulfillmentstatus:{NOT_STARTED|IN_PROGRESS}`);
    const page1 = await call('GET', `/sell/fulfillment/v1/order?filter=${filter}&limit=1`, accessToken);
    expect(page1.body).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(page1.body.orders[0]?.orderId).toBe(second.orderId);
    const nextUrl = new URL(String(page1.body.next));
    const page2 = await call('GET', nextUrl.pathname + nextUrl.search, accessToken);
    expect(page2.body.orders[0]?.orderId).toBe(first.orderId);
    expect(page2.body.next).toBeUndefined();
    const beyond = await call('GET', `/sell/fulfillment/v1/order?filter=${filter}&limit=1&offset=5`, accessToken);
    expect(beyond.body.orders).toEqual([]);

    expect((await call('GET', '/sell/fulfillment/v1/order?limit=201', accessToken)).body.errors[0]?.errorId).toBe(31100);
    expect(
      (await call('GET', `/sell/fulfillment/v1/order?filter=${encodeURIComponent('color:{RED}')}`, accessToken)).body.errors[0]?.errorId,
    ).toBe(30700);
    expect(
      (
        await call(
          'GET',
          `/sell/fulfillment/v1/order?filter=${encodeURIComponent('creationdate:[..2024-01-01T00:00:00.000Z]')}`,
          accessToken,
        )
      ).body.errors[0]?.errorId,
    ).toBe(30820);

    const lineItemId = first.lineItems[0]?.lineItemId as string;
    const shipped = await call('POST', `/sell/fulfillment/v1/order/${first.orderId}/shipping_fulfillment`, accessToken, {
      lineItems: [{ lineItemId, quantity: 2 }],
      shippingCarrierCode: 'USPS',
      trackingNumber: '9400100000000000000000',
    });
    expect(shipped.status).toBe(201);
    expect(shipped.headers.get('location')).toBe(
      `${sim.baseUrl}/sell/fulfillment/v1/order/${first.orderId}/shipping_fulfillment/9400100000000000000000`,
    );
    expect((await call('GET', `/sell/fulfillment/v1/order/${first.orderId}`, accessToken)).body.orderFulfillmentStatus).toBe('FULFILLED');
    const fulfilledOnly = await call(
      'GET',
      `/sell/fulfillment/v1/order?filter=${encodeURIComponent('orderfulfillmentstatus:{FULFILLED|IN_PROGRESS}')}`,
      accessToken,
    );
    expect(fulfilledOnly.body.orders.map((o) => o.orderId)).toEqual([first.orderId]);
  });

  it('searches active listings for price research with the Browse offset rules', async () => {
    sim.control.seed({
      browseListings: [
        { title: 'Dunk Low Panda 10', price: 120 },
        { title: 'Dunk Low Panda 9', price: 95 },
        { title: 'Yeezy 350', price: 300 },
      ],
    });
    const appToken = sim.control.issueApplicationToken();
    const found = await call(
      'GET',
      `/buy/browse/v1/item_summary/search?q=${encodeURIComponent('dunk panda')}&sort=price&filter=${encodeURIComponent('price:[90..200]')}`,
      appToken,
    );
    expect(found.body.itemSummaries.map((i) => i.title)).toEqual(['Dunk Low Panda 9', 'Dunk Low Panda 10']);
    expect((await call('GET', '/buy/browse/v1/item_summary/search?q=dunk&limit=10&offset=5', appToken)).status).toBe(400);
  });

  it('requires marketplace_id on policy lists', async () => {
    const { accessToken } = sim.control.issueUserToken();
    expect((await call('GET', '/sell/account/v1/fulfillment_policy', accessToken)).status).toBe(400);
    expect((await call('GET', '/sell/account/v1/fulfillment_policy?marketplace_id=EBAY_US', accessToken)).body.total).toBe(1);
  });
});

describe('eBay notifications', () => {
  async function subscribe(accessToken: string): Promise<void> {
    const verificationToken = 'tradepost_verification_token_0123456789abcdef';
    receiver.handle((req) => {
      const code = req.query.get('challenge_code');
      if (req.method !== 'GET' || !code) return null;
      const hash = createHash('sha256').update(code).update(verificationToken).update(receiver.url).digest('hex');
      return { status: 200, body: JSON.stringify({ challengeResponse: hash }) };
    });
    expect((await call('PUT', '/commerce/notification/v1/config', accessToken, { alertEmail: 'ops@tradepost.test' })).status).toBe(204);
    const destination = await call('POST', '/commerce/notification/v1/destination', accessToken, {
      name: 'tradepost',
      status: 'ENABLED',
      deliveryConfig: { endpoint: receiver.url, verificationToken },
    });
    expect(destination.status).toBe(201);
    const destinationId = destination.headers.get('location')?.split('/').pop();
    const subscription = await call('POST', '/commerce/notification/v1/subscription', accessToken, {
      topicId: 'ORDER_CONFIRMATION',
      status: 'ENABLED',
      destinationId,
      payload: { format: 'JSON', schemaVersion: '1.0', deliveryProtocol: 'HTTPS' },
    });
    expect(subscription.status).toBe(201);
    receiver.handle(null);
    receiver.clear();
  }

  async function verifyEbaySignature(raw: string, header: string): Promise<boolean> {
    const decoded = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as {
      alg: string;
      kid: string;
      signature: string;
      digest: string;
    };
    expect(decoded.alg).toBe('ecdsa');
    const appToken = sim.control.issueApplicationToken();
    const key = await call('GET', `/commerce/notification/v1/public_key/${decoded.kid}`, appToken);
    if (key.status !== 200) return false;
    expect(key.body).toMatchObject({ algorithm: 'ECDSA', digest: 'SHA1' });
    // eBay serves the PEM on one line; put the line breaks back as its SDK does.
    const pem = key.body.key
      .replace('-----BEGIN PUBLIC KEY-----', '-----BEGIN PUBLIC KEY-----\n')
      .replace('-----END PUBLIC KEY-----', '\n-----END PUBLIC KEY-----');
    const message = JSON.stringify(JSON.parse(raw));
    return verify(
      decoded.digest === 'SHA1' ? 'sha1' : 'sha256',
      Buffer.from(message),
      createPublicKey(pem),
      Buffer.from(decoded.signature, 'base64'),
    );
  }

  it('challenges the destination, then delivers ORDER_CONFIRMATION signed with ECDSA and retries non-2xx', async () => {
    const { accessToken } = sim.control.issueUserToken();
    await subscribe(accessToken);
    const offerId = await listingReady(accessToken, 'NOTE-1');
    await call('POST', `/sell/inventory/v1/offer/${offerId}/publish/`, accessToken);

    receiver.respondWith(500);
    const order = sim.control.sell({ sku: 'NOTE-1' });
    const [failed, delivered] = await receiver.waitFor(2);
    const bodies = [failed, delivered].map((r) => JSON.parse(r?.text ?? '{}') as Notification);
    expect(bodies[0]?.metadata).toEqual({ topic: 'ORDER_CONFIRMATION', schemaVersion: '1.0', deprecated: false });
    expect(bodies[0]?.notification.data.orderId).toBe(order.orderId);
    expect(bodies.map((b) => b.notification.publishAttemptCount)).toEqual([1, 2]);
    expect(bodies[1]?.notification.notificationId).toBe(bodies[0]?.notification.notificationId);
    for (const r of [failed, delivered])
      expect(await verifyEbaySignature(r?.text ?? '', String(r?.headers['x-ebay-signature']))).toBe(true);
  });

  it('sends duplicates, out-of-order and badly signed notifications on demand', async () => {
    const { accessToken } = sim.control.issueUserToken();
    await subscribe(accessToken);
    await sim.control.emitWebhook({ topic: 'ORDER_CONFIRMATION', data: { orderId: 'A' }, duplicate: 1 });
    const [a1, a2] = await receiver.waitFor(2);
    const ids = [a1, a2].map((r) => (JSON.parse(r?.text ?? '{}') as Notification).notification.notificationId);
    expect(ids[0]).toBe(ids[1]);

    receiver.clear();
    await sim.control.emitWebhook({ topic: 'ORDER_CONFIRMATION', data: { orderId: 'first' }, hold: true });
    await sim.control.emitWebhook({ topic: 'ORDER_CONFIRMATION', data: { orderId: 'second' }, hold: true });
    await sim.control.releaseWebhooks('reverse');
    expect(receiver.received.map((r) => (JSON.parse(r.text) as Notification).notification.data.orderId)).toEqual(['second', 'first']);

    receiver.clear();
    await sim.control.emitWebhook({ topic: 'ORDER_CONFIRMATION', data: { orderId: 'forged' }, signature: 'tampered', attempts: 1 });
    await sim.control.emitWebhook({ topic: 'ORDER_CONFIRMATION', data: { orderId: 'stranger' }, signature: 'unknown-kid', attempts: 1 });
    const [tampered, stranger] = receiver.received;
    expect(await verifyEbaySignature(tampered?.text ?? '', String(tampered?.headers['x-ebay-signature']))).toBe(false);
    expect(await verifyEbaySignature(stranger?.text ?? '', String(stranger?.headers['x-ebay-signature']))).toBe(false);
  });
});

describe('eBay limits and faults', () => {
  it('answers 429 errorId 2001 once the daily quota is used, until the next Pacific day', async () => {
    const { accessToken } = sim.control.issueUserToken({ lifetimeSeconds: 3 * 86_400 });
    sim.control.setDailyQuota('inventory', 3);
    for (let i = 0; i < 3; i++) expect((await call('GET', '/sell/inventory/v1/inventory_item', accessToken)).status).toBe(200);
    const limited = await call('GET', '/sell/inventory/v1/inventory_item', accessToken);
    expect(limited.status).toBe(429);
    expect(limited.body.errors[0]).toMatchObject({ errorId: 2001, domain: 'ACCESS', message: 'Too many requests.' });
    expect((await call('GET', '/sell/fulfillment/v1/order', accessToken)).status).toBe(200);
    sim.control.advanceClock('1d');
    expect((await call('GET', '/sell/inventory/v1/inventory_item', accessToken)).status).toBe(200);
  });

  it('fails the next call with a 5xx, drops a connection, and can lose the answer after committing', async () => {
    const { accessToken } = sim.control.issueUserToken();
    sim.control.failNext({ route: 'GET /sell/inventory/v1/inventory_item', status: 503 });
    const failed = await call('GET', '/sell/inventory/v1/inventory_item', accessToken);
    expect(failed.status).toBe(503);
    expect(failed.body.errors[0]).toMatchObject({ errorId: 25001, category: 'SYSTEM' });
    expect((await call('GET', '/sell/inventory/v1/inventory_item', accessToken)).status).toBe(200);

    sim.control.failNext({ route: 'PUT /sell/inventory/v1/inventory_item/*', kind: 'drop', when: 'after' });
    await expect(call('PUT', '/sell/inventory/v1/inventory_item/LOST-1', accessToken, fullItem(4))).rejects.toThrow();
    // The write happened although the answer never came: a retry of the PUT is safe.
    expect(
      (await call('GET', '/sell/inventory/v1/inventory_item/LOST-1', accessToken)).body.availability.shipToLocationAvailability.quantity,
    ).toBe(4);

    sim.control.failNext({ kind: 'malformed' });
    await expect(call('GET', '/sell/inventory/v1/inventory_item', accessToken)).rejects.toThrow(SyntaxError);

    const recorded = sim.control.requests({ route: 'PUT /sell/inventory/v1/inventory_item/:sku' });
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ status: null, fault: 'drop after', body: fullItem(4) });
  });

  it('offers the same control API over HTTP', async () => {
    const fault = await fetch(`${sim.baseUrl}/__sim/fail-next`, { method: 'POST', body: JSON.stringify({ status: 500, after: 1 }) });
    expect(fault.status).toBe(201);
    const token = ((await (await fetch(`${sim.baseUrl}/__sim/tokens`, { method: 'POST' })).json()) as Answer).accessToken;
    expect((await call('GET', '/sell/inventory/v1/inventory_item', token)).status).toBe(200);
    expect((await call('GET', '/sell/inventory/v1/inventory_item', token)).status).toBe(500);
    const clock = (await (
      await fetch(`${sim.baseUrl}/__sim/clock`, { method: 'POST', body: JSON.stringify({ advance: '3h' }) })
    ).json()) as Answer;
    expect(Date.parse(clock.now)).toBeGreaterThan(Date.now() + 2 * 3_600_000);
    expect((await call('GET', '/sell/inventory/v1/inventory_item', token)).status).toBe(401);
    const info = await fetch(`${sim.baseUrl}/__sim/info`);
    expect(info.headers.get('x-tradepost-simulator')).toBe('ebay');
    expect(await info.json()).toMatchObject({ simulator: 'ebay', baseUrl: sim.baseUrl });
  });
});
