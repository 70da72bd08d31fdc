import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { simControlClient } from '../kit/control-client.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../kit/receiver.ts';
import { type SquareSimulator, startSquareSimulator } from './square-simulator.ts';

// Written as the Square adapter will see the simulator: REST over HTTP with Square's envelopes,
// and webhook signatures recomputed here with node:crypto.

let sim: SquareSimulator;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver('/square/webhooks');
  sim = await startSquareSimulator({ webhookRetry: { baseDelayMs: 5 } });
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});
afterEach(() => {
  sim.control.reset();
  receiver.clear();
});

type SquareErrorView = { category: string; code: string; detail: string; field?: string };
type CatalogView = {
  id: string;
  type: string;
  version: number;
  is_deleted: boolean;
  item_data?: { name: string; variations?: CatalogView[] };
  item_variation_data?: { sku?: string };
};
type CountView = { catalog_object_id: string; location_id: string; state: string; quantity: string };
type OrderView = { id: string; state: string; closed_at?: string; source: { name: string } };

/** The fields these tests read from Square's answers. */
type Answer = {
  errors?: SquareErrorView[];
  catalog_object: CatalogView;
  id_mappings: { client_object_id: string; object_id: string }[];
  objects?: CatalogView[];
  cursor?: string;
  counts?: CountView[];
  orders?: OrderView[];
  order_entries?: { order_id: string }[];
  subscription: { id: string; signature_key: string };
  access_token: string;
  refresh_token: string;
  expires_at: string;
  locations: { id: string }[];
};

type EventBody = {
  merchant_id: string;
  type: string;
  event_id: string;
  data: { type: string; id: string; object: Record<string, unknown> };
};

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  token: string | null = sim.credentials.accessToken,
) {
  const response = await fetch(`${sim.baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'square-version': '2025-08-20',
      'content-type': 'application/json',
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

const LOCATION = 'LSIMMAIN0000A';
const itemWith = (tempId: string, sku: string, track = true) => ({
  type: 'ITEM',
  id: `#${tempId}`,
  item_data: {
    name: `Item ${tempId}`,
    variations: [
      {
        type: 'ITEM_VARIATION',
        id: `#${tempId}-v`,
        item_variation_data: {
          item_id: `#${tempId}`,
          name: 'Regular',
          sku,
          pricing_type: 'FIXED_PRICING',
          price_money: { amount: 1500, currency: 'USD' },
          track_inventory: track,
        },
      },
    ],
  },
});

function count(variation: string, quantity: string | number) {
  return {
    type: 'PHYSICAL_COUNT',
    physical_count: {
      catalog_object_id: variation,
      location_id: LOCATION,
      state: 'IN_STOCK',
      quantity,
      occurred_at: sim.control.now().toISOString(),
    },
  };
}

describe('Square auth', () => {
  it('answers the documented 401, 403 and 400 errors', async () => {
    expect((await call('GET', '/v2/locations', undefined, {}, null)).body.errors?.[0]).toMatchObject({
      category: 'AUTHENTICATION_ERROR',
      code: 'UNAUTHORIZED',
    });
    const narrow = sim.control.issueToken({ scopes: ['ITEMS_READ'] });
    const denied = await call('POST', '/v2/inventory/changes/batch-create', { idempotency_key: 'x', changes: [] }, {}, narrow);
    expect(denied.status).toBe(403);
    expect(denied.body.errors?.[0]?.code).toBe('INSUFFICIENT_SCOPES');
    const version = await call('GET', '/v2/locations', undefined, { 'square-version': '2025/08/20' });
    expect(version).toMatchObject({ status: 400, body: { errors: [{ code: 'INVALID_SQUARE_VERSION_FORMAT' }] } });
  });

  it('runs OAuth with 30-day tokens that expire on the clock, refreshes with the same refresh token, and revokes', async () => {
    const url = new URL(`${sim.baseUrl}/oauth2/authorize`);
    url.searchParams.set('client_id', sim.credentials.applicationId);
    url.searchParams.set('scope', 'ITEMS_READ INVENTORY_READ MERCHANT_PROFILE_READ');
    url.searchParams.set('state', 's-1');
    url.searchParams.set('redirect_uri', 'http://127.0.0.1:9/square/callback');
    const redirect = await fetch(url, { redirect: 'manual' });
    const back = new URL(redirect.headers.get('location') ?? '');
    expect(back.searchParams.get('state')).toBe('s-1');
    const grant = { client_id: sim.credentials.applicationId, client_secret: sim.credentials.applicationSecret };
    const token = await call(
      'POST',
      '/oauth2/token',
      { ...grant, grant_type: 'authorization_code', code: back.searchParams.get('code') },
      {},
      null,
    );
    expect(token.status).toBe(200);
    const days = (Date.parse(token.body.expires_at) - sim.control.now().getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    expect((await call('GET', '/v2/locations', undefined, {}, token.body.access_token)).body.locations).toHaveLength(2);

    sim.control.advanceClock('31d');
    expect((await call('GET', '/v2/locations', undefined, {}, token.body.access_token)).body.errors?.[0]?.code).toBe(
      'ACCESS_TOKEN_EXPIRED',
    );
    const refreshed = await call(
      'POST',
      '/oauth2/token',
      { ...grant, grant_type: 'refresh_token', refresh_token: token.body.refresh_token },
      {},
      null,
    );
    expect(refreshed.body.refresh_token).toBe(token.body.refresh_token);
    expect((await call('GET', '/v2/locations', undefined, {}, refreshed.body.access_token)).status).toBe(200);

    const revoke = await fetch(`${sim.baseUrl}/oauth2/revoke`, {
      method: 'POST',
      headers: { authorization: `Client ${sim.credentials.applicationSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: sim.credentials.applicationId, access_token: refreshed.body.access_token }),
    });
    expect(revoke.status).toBe(200);
    expect((await call('GET', '/v2/locations', undefined, {}, refreshed.body.access_token)).body.errors?.[0]?.code).toBe(
      'ACCESS_TOKEN_REVOKED',
    );
  });
});

describe('Square catalog', () => {
  it('maps #temporary ids, checks versions and replays idempotency keys', async () => {
    const created = await call('POST', '/v2/catalog/object', { idempotency_key: 'create-1', object: itemWith('shoe', 'SQ-1') });
    expect(created.status).toBe(200);
    expect(created.body.id_mappings.map((m) => m.client_object_id).sort()).toEqual(['#shoe', '#shoe-v']);
    const item = created.body.catalog_object;
    expect(item.id).toBe(created.body.id_mappings.find((m) => m.client_object_id === '#shoe')?.object_id);
    expect(item.item_data?.variations?.[0]?.item_variation_data?.sku).toBe('SQ-1');

    const replay = await call('POST', '/v2/catalog/object', { idempotency_key: 'create-1', object: itemWith('shoe', 'SQ-1') });
    expect(replay.body).toEqual(created.body);
    const reused = await call('POST', '/v2/catalog/object', { idempotency_key: 'create-1', object: itemWith('shoe', 'SQ-2') });
    expect(reused).toMatchObject({ status: 400, body: { errors: [{ code: 'IDEMPOTENCY_KEY_REUSED' }] } });

    const rename = (version: number, key: string) =>
      call('POST', '/v2/catalog/object', {
        idempotency_key: key,
        object: { type: 'ITEM', id: item.id, version, item_data: { name: 'Renamed' } },
      });
    expect((await rename(item.version, 'rename-1')).status).toBe(200);
    const stale = await rename(item.version, 'rename-2');
    expect(stale.status).toBe(400);
    expect(stale.body.errors?.[0]?.code).toBe('VERSION_MISMATCH');
  });

  it('keeps batches all-or-nothing and independent, enforces the batch limit and the single writer', async () => {
    const result = await call('POST', '/v2/catalog/batch-upsert', {
      idempotency_key: 'batch-1',
      batches: [{ objects: [itemWith('a', 'A-1')] }, { objects: [itemWith('b', 'B-1'), { type: 'ITEM', id: '#broken', item_data: {} }] }],
    });
    expect(result.status).toBe(200);
    expect(result.body.objects?.map((o) => o.item_data?.name)).toEqual(['Item a']);
    expect(result.body.errors?.[0]).toMatchObject({ code: 'MISSING_REQUIRED_PARAMETER', field: 'batches[1].objects[1].item_data.name' });
    expect(sim.control.variationBySku('B-1')).toBeNull();

    const tooBig = await call('POST', '/v2/catalog/batch-upsert', {
      idempotency_key: 'batch-2',
      batches: [{ objects: Array.from({ length: 1001 }, (_, i) => itemWith(`x${i}`, `X-${i}`)) }],
    });
    expect(tooBig.status).toBe(400);

    sim.control.setCatalogWriteMs(150);
    const [one, two] = await Promise.all([
      call('POST', '/v2/catalog/object', { idempotency_key: 'w-1', object: itemWith('w1', 'W-1') }),
      call('POST', '/v2/catalog/object', { idempotency_key: 'w-2', object: itemWith('w2', 'W-2') }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 429]);
    expect((two.status === 429 ? two : one).body.errors?.[0]?.code).toBe('RATE_LIMITED');
  });

  it('lists 100 objects a page until the cursor is gone, and shows deletions to search', async () => {
    sim.control.seed({ items: Array.from({ length: 130 }, (_, i) => ({ name: `Bulk ${i}`, variations: [{ sku: `BULK-${i}` }] })) });
    const ids: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await call('GET', `/v2/catalog/list?types=ITEM${cursor ? `&cursor=${cursor}` : ''}`);
      ids.push(...(page.body.objects ?? []).map((o) => o.id));
      cursor = page.body.cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(new Set(ids).size).toBe(130);

    const before = sim.control.now().toISOString();
    sim.control.advanceClock('1s');
    const deleted = await fetch(`${sim.baseUrl}/v2/catalog/object/${ids[0]}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${sim.credentials.accessToken}` },
    });
    expect(((await deleted.json()) as { deleted_object_ids: string[] }).deleted_object_ids).toHaveLength(2);
    const changed = await call('POST', '/v2/catalog/search', { object_types: ['ITEM'], begin_time: before, include_deleted_objects: true });
    expect(changed.body.objects).toMatchObject([{ id: ids[0], is_deleted: true }]);
  });
});

describe('Square inventory and orders', () => {
  it('takes decimal-string quantities only, applies physical counts and adjustments, and refuses bad moves', async () => {
    sim.control.seed({
      items: [
        { name: 'Shoe', variations: [{ sku: 'INV-1' }] },
        { name: 'Untracked', variations: [{ sku: 'INV-2', trackInventory: false }] },
      ],
    });
    const variation = sim.control.variationBySku('INV-1')?.variationId as string;
    const asNumber = await call('POST', '/v2/inventory/changes/batch-create', { idempotency_key: 'n', changes: [count(variation, 5)] });
    expect(asNumber.body.errors?.[0]).toMatchObject({ code: 'INVALID_VALUE', field: 'changes[0].physical_count.quantity' });

    const set = await call('POST', '/v2/inventory/changes/batch-create', { idempotency_key: 's', changes: [count(variation, '2.5')] });
    expect(set.body.counts?.[0]).toMatchObject({ catalog_object_id: variation, state: 'IN_STOCK', quantity: '2.5' });
    const sold = await call('POST', '/v2/inventory/changes/batch-create', {
      idempotency_key: 'a',
      changes: [
        {
          type: 'ADJUSTMENT',
          adjustment: {
            catalog_object_id: variation,
            location_id: LOCATION,
            from_state: 'IN_STOCK',
            to_state: 'SOLD',
            quantity: '1',
            occurred_at: sim.control.now().toISOString(),
          },
        },
      ],
    });
    expect(sold.body.counts?.[0]?.quantity).toBe('1.5');
    const wrongMove = await call('POST', '/v2/inventory/changes/batch-create', {
      idempotency_key: 'b',
      changes: [
        {
          type: 'ADJUSTMENT',
          adjustment: {
            catalog_object_id: variation,
            location_id: LOCATION,
            from_state: 'WASTE',
            to_state: 'SOLD',
            quantity: '1',
            occurred_at: sim.control.now().toISOString(),
          },
        },
      ],
    });
    expect(wrongMove.status).toBe(400);
    const untracked = await call('POST', '/v2/inventory/changes/batch-create', {
      idempotency_key: 'u',
      changes: [count(sim.control.variationBySku('INV-2')?.variationId as string, '1')],
    });
    expect(untracked.body.errors?.[0]?.code).toBe('INVALID_VALUE');
    expect(sim.control.inStock('INV-1')).toBe(1.5);

    const tooMany = await call('POST', '/v2/inventory/changes/batch-create', {
      idempotency_key: 'm',
      changes: Array.from({ length: 101 }, () => count(variation, '1')),
    });
    expect(tooMany.body.errors?.[0]?.code).toBe('ARRAY_LENGTH_TOO_LONG');
  });

  it('searches orders: at most 10 locations, the sort field must match the date filter, cursor to the end', async () => {
    sim.control.seed({ items: [{ name: 'Kit', variations: [{ sku: 'KIT', quantities: 20 }] }] });
    const ids = Array.from({ length: 5 }, () => {
      sim.control.advanceClock('1m');
      return sim.control.sell({ sku: 'KIT' }).id as string;
    });
    const eleven = Array.from({ length: 11 }, () => LOCATION);
    expect((await call('POST', '/v2/orders/search', { location_ids: eleven })).status).toBe(400);
    const mismatch = await call('POST', '/v2/orders/search', {
      location_ids: [LOCATION],
      query: { filter: { date_time_filter: { closed_at: { start_at: '2020-01-01T00:00:00Z' } } } },
    });
    expect(mismatch.body.errors?.[0]).toMatchObject({ code: 'INVALID_VALUE', field: 'query.sort.sort_field' });

    const query = {
      filter: { date_time_filter: { closed_at: { start_at: '2020-01-01T00:00:00Z' } }, state_filter: { states: ['COMPLETED'] } },
      sort: { sort_field: 'CLOSED_AT', sort_order: 'ASC' },
    };
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await call('POST', '/v2/orders/search', { location_ids: [LOCATION], query, limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...(page.body.orders ?? []).map((o) => o.id));
      cursor = page.body.cursor;
    } while (cursor);
    expect(seen).toEqual(ids);
    const entries = await call('POST', '/v2/orders/search', { location_ids: [LOCATION], return_entries: true });
    expect(entries.body.order_entries).toHaveLength(5);
    expect(sim.control.inStock('KIT')).toBe(15);
  });
});

describe('Square webhooks, limits and faults', () => {
  function verify(raw: string, url: string, key: string, signature: string | string[] | undefined): boolean {
    return (
      createHmac('sha256', key)
        .update(url + raw)
        .digest('base64') === signature
    );
  }

  it('signs notification URL + body, retries with the same event_id and skips order.created for POS sales', async () => {
    sim.control.seed({ items: [{ name: 'Kit', variations: [{ sku: 'KIT', quantities: 3 }] }] });
    const sub = await call('POST', '/v2/webhooks/subscriptions', {
      idempotency_key: 'sub-1',
      subscription: {
        name: 'tradepost',
        event_types: ['inventory.count.updated', 'order.created'],
        notification_url: receiver.url,
        api_version: '2025-08-20',
      },
    });
    const key = sub.body.subscription.signature_key;
    expect(key).toBeTruthy();

    receiver.respondWith(503);
    sim.control.sell({ sku: 'KIT', source: 'pos' });
    const [first, second] = await receiver.waitFor(2);
    await sim.control.settleWebhooks();
    expect(receiver.received).toHaveLength(2);
    const events = [first, second].map((r) => JSON.parse(r?.text ?? '{}') as EventBody);
    expect(events.map((e) => e.type)).toEqual(['inventory.count.updated', 'inventory.count.updated']);
    expect(events[0]?.event_id).toBe(events[1]?.event_id);
    expect(events[0]?.data.object).toMatchObject({ inventory_counts: [{ quantity: '2', state: 'IN_STOCK' }] });
    for (const r of [first, second]) {
      expect(verify(r?.text ?? '', receiver.url, key, r?.headers['x-square-hmacsha256-signature'])).toBe(true);
      expect(r?.headers['square-environment']).toBe('Sandbox');
    }

    receiver.clear();
    const apiOrder = sim.control.sell({ sku: 'KIT', source: 'api' });
    const [created] = await receiver.waitFor(1);
    const event = JSON.parse(created?.text ?? '{}') as EventBody;
    expect(event).toMatchObject({
      type: 'order.created',
      data: { type: 'order_created', id: apiOrder.id, object: { order_created: { order_id: apiOrder.id, state: 'OPEN' } } },
    });
  });

  it('revokes the authorization: every OAuth token answers 401, the token status too, then oauth.authorization.revoked', async () => {
    sim.control.seed({ subscriptions: [{ url: receiver.url, eventTypes: ['oauth.authorization.revoked'] }] });
    const token = sim.control.issueToken();
    expect((await call('POST', '/oauth2/token/status', undefined, {}, token)).status).toBe(200);
    const [delivery] = await sim.control.revokeAuthorization();
    expect(delivery?.attempts.map((a) => a.status)).toEqual([200]);
    const status = await call('POST', '/oauth2/token/status', undefined, {}, token);
    expect(status.status).toBe(401);
    const locations = await call('GET', '/v2/locations', undefined, {}, token);
    expect(locations.status).toBe(401);
    expect(locations.body.errors?.[0]?.code).toBe('ACCESS_TOKEN_REVOKED');
    const event = JSON.parse(receiver.received[0]?.text ?? '{}') as EventBody;
    expect(event).toMatchObject({
      merchant_id: sim.credentials.merchantId,
      type: 'oauth.authorization.revoked',
      data: { type: 'revocation', object: { revocation: { revoker_type: 'MERCHANT' } } },
    });
  });

  it('sends duplicates and bad signatures on demand', async () => {
    const [sub] = sim.control.seed({ subscriptions: [{ url: receiver.url, eventTypes: ['catalog.version.updated'] }] }).subscriptions;
    await sim.control.emitWebhook({
      type: 'catalog.version.updated',
      object: { catalog_version: { updated_at: '2026-01-01T00:00:00Z' } },
      duplicate: 1,
    });
    await sim.control.emitWebhook({ type: 'catalog.version.updated', object: {}, signature: 'wrong-url', attempts: 1 });
    const [a, b, forged] = await receiver.waitFor(3);
    expect((JSON.parse(a?.text ?? '{}') as EventBody).event_id).toBe((JSON.parse(b?.text ?? '{}') as EventBody).event_id);
    expect(verify(a?.text ?? '', receiver.url, sub?.signatureKey ?? '', a?.headers['x-square-hmacsha256-signature'])).toBe(true);
    expect(verify(forged?.text ?? '', receiver.url, sub?.signatureKey ?? '', forged?.headers['x-square-hmacsha256-signature'])).toBe(false);
  });

  it('answers 429 RATE_LIMITED past the configured rate and after N calls on one route', async () => {
    sim.control.setRateLimit({ requests: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) expect((await call('GET', '/v2/locations')).status).toBe(200);
    expect((await call('GET', '/v2/locations')).body.errors?.[0]).toMatchObject({ category: 'RATE_LIMIT_ERROR', code: 'RATE_LIMITED' });
    sim.control.setRateLimit(null);

    sim.control.failNext({ route: 'POST /v2/orders/search', kind: 'rate-limit', after: 2 });
    const search = () => call('POST', '/v2/orders/search', { location_ids: [LOCATION] });
    expect([(await search()).status, (await search()).status, (await search()).status, (await search()).status]).toEqual([
      200, 200, 429, 200,
    ]);
  });

  it('loses the answer of a committed write; the retry with the same key replays it without applying twice', async () => {
    sim.control.seed({ items: [{ name: 'Kit', variations: [{ sku: 'KIT', quantities: 5 }] }] });
    const variation = sim.control.variationBySku('KIT')?.variationId as string;
    const body = {
      idempotency_key: 'sale-77',
      changes: [
        {
          type: 'ADJUSTMENT',
          adjustment: {
            catalog_object_id: variation,
            location_id: LOCATION,
            from_state: 'IN_STOCK',
            to_state: 'SOLD',
            quantity: '1',
            occurred_at: sim.control.now().toISOString(),
          },
        },
      ],
    };
    sim.control.failNext({ route: '/v2/inventory/changes/batch-create', kind: 'drop', when: 'after' });
    await expect(call('POST', '/v2/inventory/changes/batch-create', body)).rejects.toThrow();
    sim.control.failNext({ route: '/v2/inventory/changes/batch-create', status: 500 });
    expect((await call('POST', '/v2/inventory/changes/batch-create', body)).body.errors?.[0]?.code).toBe('INTERNAL_SERVER_ERROR');
    const retry = await call('POST', '/v2/inventory/changes/batch-create', body);
    expect(retry.body.counts?.[0]?.quantity).toBe('4');
    expect(sim.control.inStock('KIT')).toBe(4);
  });

  it('is driven the same way over HTTP through the control client', async () => {
    const remote = simControlClient(sim.baseUrl);
    await remote.seed({ items: [{ name: 'Kit', variations: [{ sku: 'KIT', quantities: 2 }] }] });
    await remote.sell({ sku: 'KIT' });
    expect(sim.control.inStock('KIT')).toBe(1);
    await remote.failNext({ route: 'GET /v2/locations', status: 503 });
    expect((await call('GET', '/v2/locations')).body.errors?.[0]?.code).toBe('SERVICE_UNAVAILABLE');
    expect((await remote.requests({ path: '/v2/locations' })).map((r) => r.status)).toEqual([503]);
    await remote.reset();
    expect(sim.control.inStock('KIT')).toBeNull();
  });
});
