import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../kit/receiver.ts';
import { type ShopifySimulator, startShopifySimulator } from './shopify-simulator.ts';

// Written as the Shopify adapter will see the simulator: GraphQL over HTTP, Shopify's error
// layers, and HMACs recomputed here with node:crypto.

let sim: ShopifySimulator;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver('/shopify/webhooks');
  sim = await startShopifySimulator({ webhookRetry: { baseDelayMs: 5 } });
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});
afterEach(() => {
  sim.control.reset();
  receiver.clear();
});

type GqlError = { message: string; path?: string[]; extensions?: { code?: string; requiredAccess?: string } };
type Cost = {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
};
type GqlAnswer<T> = { data?: T | null; errors?: GqlError[]; extensions?: { cost: Cost } };
type UserErrors = { userErrors: { field: string[] | null; message: string; code?: string }[] };
type Connection<T> = { nodes: T[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };

async function gql<T>(query: string, variables: Record<string, unknown> = {}, options: { token?: string; version?: string } = {}) {
  const response = await fetch(`${sim.baseUrl}/admin/api/${options.version ?? '2026-07'}/graphql.json`, {
    method: 'POST',
    headers: { 'x-shopify-access-token': options.token ?? sim.credentials.adminToken, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as GqlAnswer<T> };
}

function independentHmac(secret: string, raw: Buffer): string {
  return createHmac('sha256', secret).update(raw).digest('base64');
}

function seedShoe(available = 5) {
  return sim.control.seed({
    products: [
      {
        title: 'Dunk Low Panda',
        options: ['Size'],
        variants: ['9', '10'].map((size) => ({ sku: `DUNK-${size}`, price: '120.00', options: [size], available })),
      },
    ],
  });
}

const SET = `mutation Set($input: InventorySetQuantitiesInput!, $key: String!) {
  inventorySetQuantities(input: $input) @idempotent(key: $key) {
    inventoryAdjustmentGroup { id changes { name delta quantityAfterChange } }
    userErrors { field message code }
  }
}`;

describe('Shopify transport and OAuth', () => {
  it('refuses unknown tokens with the REST-style 401 and falls forward from unknown versions', async () => {
    const bad = await gql('{ shop { name } }', {}, { token: 'shpat_nope' });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });

    const old = await gql<{ shop: { myshopifyDomain: string } }>('{ shop { myshopifyDomain } }', {}, { version: '2019-04' });
    expect(old.headers.get('x-shopify-api-version')).toBe('2025-07');
    expect(old.body.data?.shop.myshopifyDomain).toBe(sim.credentials.shop);
  });

  it('signs the OAuth redirect with a hex HMAC of the sorted query and issues expiring, rotating tokens', async () => {
    const url = new URL(`${sim.baseUrl}/admin/oauth/authorize`);
    url.searchParams.set('client_id', sim.credentials.clientId);
    url.searchParams.set('scope', 'read_products,write_inventory,read_inventory');
    url.searchParams.set('redirect_uri', 'http://127.0.0.1:9/shopify/callback');
    url.searchParams.set('state', 'nonce-1');
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const params = Object.fromEntries(new URL(response.headers.get('location') ?? '').searchParams);
    expect(params).toMatchObject({ shop: sim.credentials.shop, state: 'nonce-1' });
    const { hmac, ...rest } = params;
    const message = Object.keys(rest)
      .sort()
      .map((k) => `${k}=${rest[k]}`)
      .join('&');
    const expected = createHmac('sha256', sim.credentials.clientSecret).update(message).digest('hex');
    expect(timingSafeEqual(Buffer.from(String(hmac), 'hex'), Buffer.from(expected, 'hex'))).toBe(true);

    const exchange = async (body: Record<string, string>) => {
      const r = await fetch(`${sim.baseUrl}/admin/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return {
        status: r.status,
        body: (await r.json()) as { access_token: string; scope: string; expires_in?: number; refresh_token?: string; error?: string },
      };
    };
    const creds = { client_id: sim.credentials.clientId, client_secret: sim.credentials.clientSecret };
    const first = await exchange({ ...creds, code: String(params.code), expiring: '1' });
    expect(first.body).toMatchObject({ scope: 'read_products,write_inventory,read_inventory', expires_in: 3600 });
    expect((await exchange({ ...creds, code: String(params.code) })).status).toBe(400);

    expect((await gql('{ shop { name } }', {}, { token: first.body.access_token })).status).toBe(200);
    sim.control.advanceClock('1h');
    expect((await gql('{ shop { name } }', {}, { token: first.body.access_token })).status).toBe(401);

    const refreshed = await exchange({ ...creds, grant_type: 'refresh_token', refresh_token: String(first.body.refresh_token) });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(first.body.refresh_token);
    expect((await gql('{ shop { name } }', {}, { token: refreshed.body.access_token })).status).toBe(200);
    const reused = await exchange({ ...creds, grant_type: 'refresh_token', refresh_token: String(first.body.refresh_token) });
    expect(reused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
});

describe('Shopify GraphQL engine', () => {
  it('fails unknown fields like Shopify, and answers a missing scope with ACCESS_DENIED', async () => {
    const unknown = await gql('{ products(first: 1) { nodes { id inventoryQuantity } } }');
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toBeUndefined();
    expect(unknown.body.errors?.[0]).toMatchObject({
      message: "Field 'inventoryQuantity' doesn't exist on type 'Product'",
      extensions: { code: 'undefinedField' },
    });
    expect(unknown.body.extensions?.cost).toBeDefined();

    const { accessToken } = sim.control.issueToken({ scopes: ['read_inventory'] });
    const denied = await gql('{ orders(first: 1) { nodes { id } } }', {}, { token: accessToken });
    expect(denied.body.errors?.[0]?.extensions).toMatchObject({ code: 'ACCESS_DENIED', requiredAccess: '`read_orders` access scope.' });
  });

  it('replaces variant lists on productSet: a variant left out is deleted', async () => {
    const create = await gql<{ productSet: UserErrors & { product: { id: string; variants: Connection<{ id: string; sku: string }> } } }>(
      `mutation($input: ProductSetInput!) { productSet(input: $input) { product { id variants(first: 10) { nodes { id sku } } } userErrors { field message code } } }`,
      {
        input: {
          title: 'AJ1 Chicago',
          productOptions: [{ name: 'Size', values: [{ name: '9' }, { name: '10' }] }],
          variants: [
            { optionValues: [{ optionName: 'Size', name: '9' }], sku: 'AJ1-9', price: '300.00' },
            { optionValues: [{ optionName: 'Size', name: '10' }], sku: 'AJ1-10', price: '300.00' },
          ],
        },
      },
    );
    const product = create.body.data?.productSet.product;
    expect(product?.variants.nodes.map((v) => v.sku)).toEqual(['AJ1-9', 'AJ1-10']);
    const keep = product?.variants.nodes[0];
    const update = await gql<{ productSet: UserErrors & { product: { variants: Connection<{ sku: string }> } } }>(
      `mutation($input: ProductSetInput!, $identifier: ProductSetIdentifiers) { productSet(input: $input, identifier: $identifier) { product { variants(first: 10) { nodes { sku } } } userErrors { code } } }`,
      {
        identifier: { id: product?.id },
        input: {
          productOptions: [{ name: 'Size', values: [{ name: '9' }] }],
          variants: [{ id: keep?.id, optionValues: [{ optionName: 'Size', name: '9' }] }],
        },
      },
    );
    expect(update.body.data?.productSet.product.variants.nodes.map((v) => v.sku)).toEqual(['AJ1-9']);
    expect(sim.control.variantBySku('AJ1-10')).toBeNull();

    const blank = await gql<{ productSet: UserErrors }>(
      `mutation { productSet(input: { descriptionHtml: "x" }) { userErrors { field message code } } }`,
    );
    expect(blank.body.data?.productSet.userErrors).toEqual([{ field: ['input', 'title'], message: "Title can't be blank", code: 'BLANK' }]);
  });

  it('refuses a stale changeFromQuantity, applies a fresh one and replays an idempotency key', async () => {
    seedShoe(5);
    const item = sim.control.variantBySku('DUNK-9')?.inventoryItemId;
    const location = sim.control.locations()[0]?.id;
    const input = (quantity: number, changeFromQuantity: number | null) => ({
      name: 'available',
      reason: 'correction',
      referenceDocumentUri: 'gid://tradepost/SyncJob/1',
      quantities: [{ inventoryItemId: item, locationId: location, quantity, changeFromQuantity }],
    });
    type SetAnswer = {
      inventorySetQuantities: UserErrors & { inventoryAdjustmentGroup: { id: string; changes: { name: string; delta: number }[] } | null };
    };

    const stale = await gql<SetAnswer>(SET, { input: input(2, 4), key: 'k-stale' });
    expect(stale.body.data?.inventorySetQuantities.inventoryAdjustmentGroup).toBeNull();
    expect(stale.body.data?.inventorySetQuantities.userErrors[0]).toMatchObject({
      code: 'CHANGE_FROM_QUANTITY_STALE',
      field: ['input', 'quantities', '0', 'changeFromQuantity'],
    });
    expect(sim.control.quantity('DUNK-9')).toBe(5);

    const fresh = await gql<SetAnswer>(SET, { input: input(2, 5), key: 'k-1' });
    const group = fresh.body.data?.inventorySetQuantities.inventoryAdjustmentGroup;
    expect(group?.changes).toEqual([
      { name: 'available', delta: -3, quantityAfterChange: 2 },
      { name: 'on_hand', delta: -3, quantityAfterChange: 2 },
    ]);
    sim.control.sell({ sku: 'DUNK-9', quantity: 1, notify: false });
    const replay = await gql<SetAnswer>(SET, { input: input(2, 5), key: 'k-1' });
    expect(replay.body.data?.inventorySetQuantities.inventoryAdjustmentGroup?.id).toBe(group?.id);
    expect(sim.control.quantity('DUNK-9')).toBe(1);

    const noDirective = await gql(
      `mutation($input: InventorySetQuantitiesInput!) { inventorySetQuantities(input: $input) { userErrors { code } } }`,
      { input: input(3, 1) },
      { version: '2026-04' },
    );
    expect(noDirective.body.errors?.[0]?.message).toContain('@idempotent');
    const omitted = { ...input(3, 1), quantities: [{ inventoryItemId: item, locationId: location, quantity: 3 }] };
    const explicit = await gql<SetAnswer>(SET, { input: omitted, key: 'k-2' }, { version: '2026-04' });
    expect(explicit.body.data?.inventorySetQuantities.userErrors[0]?.code).toBe('CHANGE_FROM_QUANTITY_REQUIRED');
  });

  it('updates variants in bulk (SKU on the inventory item) and refuses inventory quantities there', async () => {
    seedShoe(5);
    const ids = sim.control.variantBySku('DUNK-9');
    const bulk = `mutation($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
      productVariantsBulkUpdate(productId: $productId, variants: $variants) { productVariants { sku price } userErrors { field code } }
    }`;
    type BulkAnswer = { productVariantsBulkUpdate: UserErrors & { productVariants: { sku: string; price: string }[] | null } };
    const refused = await gql<BulkAnswer>(bulk, {
      productId: ids?.productId,
      variants: [
        { id: ids?.variantId, price: '99.00', inventoryQuantities: [{ locationId: sim.control.locations()[0]?.id, availableQuantity: 1 }] },
      ],
    });
    expect(refused.body.data?.productVariantsBulkUpdate.userErrors[0]?.code).toBe('NO_INVENTORY_QUANTITIES_ON_VARIANTS_UPDATE');
    const updated = await gql<BulkAnswer>(bulk, {
      productId: ids?.productId,
      variants: [{ id: ids?.variantId, price: '99.00', inventoryItem: { sku: 'DUNK-9-NEW' } }],
    });
    expect(updated.body.data?.productVariantsBulkUpdate.productVariants).toEqual([{ sku: 'DUNK-9-NEW', price: '99.00' }]);

    const adjust = `mutation($input: InventoryAdjustQuantitiesInput!) { inventoryAdjustQuantities(input: $input) @idempotent(key: "adj-1") { userErrors { code } } }`;
    const change = { inventoryItemId: ids?.inventoryItemId, locationId: sim.control.locations()[0]?.id, delta: -1, changeFromQuantity: 4 };
    const stale = await gql<{ inventoryAdjustQuantities: UserErrors }>(adjust, {
      input: { name: 'available', reason: 'correction', changes: [change] },
    });
    expect(stale.body.data?.inventoryAdjustQuantities.userErrors[0]?.code).toBe('CHANGE_FROM_QUANTITY_STALE');
    expect(sim.control.quantity('DUNK-9-NEW')).toBe(5);
  });

  it('reports the cost on every answer, refuses queries over 1,000 and throttles an empty bucket', async () => {
    seedShoe();
    const cheap = await gql('{ products(first: 10) { nodes { id title } } }');
    expect(cheap.body.extensions?.cost).toMatchObject({ requestedQueryCost: 12, actualQueryCost: 3 });

    const huge = await gql('{ products(first: 250) { nodes { variants(first: 250) { nodes { id } } } } }');
    expect(huge.body.data).toBeUndefined();
    expect(huge.body.errors?.[0]?.extensions?.code).toBe('MAX_COST_EXCEEDED');

    const arrays = await gql(SET, {
      key: 'big',
      input: {
        name: 'available',
        reason: 'correction',
        quantities: Array.from({ length: 251 }, () => ({
          inventoryItemId: 'gid://shopify/InventoryItem/1',
          locationId: 'gid://shopify/Location/1',
          quantity: 1,
        })),
      },
    });
    expect(arrays.body.errors?.[0]?.extensions?.code).toBe('MAX_INPUT_SIZE_EXCEEDED');

    sim.control.setLimits({ maximumAvailable: 60, restoreRate: 1 });
    sim.control.advanceClock('1m');
    let throttled: Awaited<ReturnType<typeof gql>> | null = null;
    for (let i = 0; i < 20 && !throttled; i++) {
      const answer = await gql('{ products(first: 25) { nodes { id } } }');
      if (answer.body.errors?.[0]?.extensions?.code === 'THROTTLED') throttled = answer;
    }
    expect(throttled?.status).toBe(200);
    expect(throttled?.body.data).toBeUndefined();
    expect(throttled?.body.extensions?.cost).toMatchObject({
      requestedQueryCost: 27,
      actualQueryCost: null,
      throttleStatus: { maximumAvailable: 60, restoreRate: 1 },
    });
    sim.control.advanceClock('30s');
    expect((await gql('{ products(first: 25) { nodes { id } } }')).body.errors).toBeUndefined();
  });
});

describe('Shopify orders and fulfillment', () => {
  it('pages orders by cursor to the end and filters on updated_at and the 60-day window', async () => {
    seedShoe(20);
    sim.control.sell({ sku: 'DUNK-9', createdAt: new Date(sim.control.now().getTime() - 61 * 86_400_000).toISOString(), notify: false });
    const ids = Array.from({ length: 5 }, () => sim.control.sell({ sku: 'DUNK-10', notify: false }).id);
    const seen: string[] = [];
    let after: string | null = null;
    let hasNext = true;
    while (hasNext) {
      const page: Awaited<ReturnType<typeof gql<{ orders: Connection<{ id: string }> }>>> = await gql<{
        orders: Connection<{ id: string }>;
      }>(
        'query($after: String) { orders(first: 2, after: $after, sortKey: CREATED_AT) { nodes { id } pageInfo { hasNextPage endCursor } } }',
        { after },
      );
      const orders = page.body.data?.orders;
      seen.push(...(orders?.nodes.map((o) => o.id) ?? []));
      hasNext = orders?.pageInfo.hasNextPage ?? false;
      after = orders?.pageInfo.endCursor ?? null;
    }
    expect(seen).toEqual(ids);

    sim.control.advanceClock('5m');
    const since = sim.control.now().toISOString();
    sim.control.advanceClock('1m');
    sim.control.touchOrder(ids[2] as string);
    const changed = await gql<{ orders: Connection<{ id: string }> }>(
      `{ orders(first: 50, query: "updated_at:>='${since}'") { nodes { id } pageInfo { hasNextPage endCursor } } }`,
    );
    expect(changed.body.data?.orders.nodes.map((o) => o.id)).toEqual([ids[2]]);
  });

  it('fulfils an order through its fulfillment order and refuses more than remains', async () => {
    seedShoe(3);
    const order = sim.control.sell({ sku: 'DUNK-9', quantity: 2, notify: false });
    expect(sim.control.quantity('DUNK-9', undefined, 'committed')).toBe(2);
    type FoAnswer = {
      order: {
        fulfillmentOrders: Connection<{ id: string; status: string; lineItems: Connection<{ id: string; remainingQuantity: number }> }>;
      };
    };
    const read = await gql<FoAnswer>(
      'query($id: ID!) { order(id: $id) { fulfillmentOrders(first: 5) { nodes { id status lineItems(first: 5) { nodes { id remainingQuantity } } } pageInfo { hasNextPage endCursor } } } }',
      { id: order.id },
    );
    const fo = read.body.data?.order.fulfillmentOrders.nodes[0];
    const line = fo?.lineItems.nodes[0];
    const create = `mutation($f: FulfillmentInput!) { fulfillmentCreate(fulfillment: $f) { fulfillment { status trackingInfo { number } } userErrors { field message } } }`;
    type CreateAnswer = { fulfillmentCreate: UserErrors & { fulfillment: { status: string; trackingInfo: { number: string }[] } | null } };
    const tooMany = await gql<CreateAnswer>(create, {
      f: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo?.id, fulfillmentOrderLineItems: [{ id: line?.id, quantity: 3 }] }] },
    });
    expect(tooMany.body.data?.fulfillmentCreate.userErrors[0]?.message).toBe('Invalid fulfillment order line item quantity requested.');
    const done = await gql<CreateAnswer>(create, {
      f: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo?.id }], trackingInfo: { company: 'UPS', number: '1Z999' } },
    });
    expect(done.body.data?.fulfillmentCreate.fulfillment).toEqual({ status: 'SUCCESS', trackingInfo: [{ number: '1Z999' }] });
    const after = await gql<{ order: { displayFulfillmentStatus: string } }>(
      'query($id: ID!) { order(id: $id) { displayFulfillmentStatus } }',
      { id: order.id },
    );
    expect(after.body.data?.order.displayFulfillmentStatus).toBe('FULFILLED');
    expect(sim.control.quantity('DUNK-9', undefined, 'on_hand')).toBe(1);
  });
});

describe('Shopify webhooks', () => {
  it('delivers orders/create and inventory_levels/update with every header and a body HMAC, same id on retry', async () => {
    seedShoe(4);
    for (const topic of ['ORDERS_CREATE', 'INVENTORY_LEVELS_UPDATE']) {
      const created = await gql<{ webhookSubscriptionCreate: UserErrors }>(
        'mutation($topic: WebhookSubscriptionTopic!, $uri: String!) { webhookSubscriptionCreate(topic: $topic, webhookSubscription: { uri: $uri, format: JSON }) { userErrors { message } } }',
        { topic, uri: receiver.url },
      );
      expect(created.body.data?.webhookSubscriptionCreate.userErrors).toEqual([]);
    }
    receiver.respondWith(500);
    const order = sim.control.sell({ sku: 'DUNK-9', quantity: 1 });
    await receiver.waitFor(3);
    await sim.control.settleWebhooks();
    const byTopic = (topic: string) => receiver.received.filter((r) => r.headers['x-shopify-topic'] === topic);
    const orderDeliveries = byTopic('orders/create');
    const levelDeliveries = byTopic('inventory_levels/update');
    expect(orderDeliveries.length + levelDeliveries.length).toBe(3);
    const retried = orderDeliveries.length === 2 ? orderDeliveries : levelDeliveries;
    expect(retried[0]?.headers['x-shopify-webhook-id']).toBe(retried[1]?.headers['x-shopify-webhook-id']);
    // One checkout, two topics: they share the event id, each delivery has its own webhook id.
    expect(orderDeliveries[0]?.headers['x-shopify-event-id']).toBe(levelDeliveries[0]?.headers['x-shopify-event-id']);
    expect(orderDeliveries[0]?.headers['x-shopify-webhook-id']).not.toBe(levelDeliveries[0]?.headers['x-shopify-webhook-id']);
    for (const delivery of receiver.received) {
      for (const name of [
        'x-shopify-topic',
        'x-shopify-hmac-sha256',
        'x-shopify-shop-domain',
        'x-shopify-api-version',
        'x-shopify-webhook-id',
        'x-shopify-event-id',
        'x-shopify-triggered-at',
      ]) {
        expect(delivery.headers[name], name).toBeTruthy();
      }
      expect(delivery.headers['x-shopify-hmac-sha256']).toBe(independentHmac(sim.credentials.clientSecret, delivery.rawBody));
    }
    const orderBody = JSON.parse(orderDeliveries[0]?.text ?? '{}') as {
      admin_graphql_api_id: string;
      line_items: { sku: string; quantity: number }[];
    };
    expect(orderBody.admin_graphql_api_id).toBe(order.id);
    expect(orderBody.line_items).toMatchObject([{ sku: 'DUNK-9', quantity: 1 }]);
    const levelBody = JSON.parse(levelDeliveries[0]?.text ?? '{}') as { available: number; inventory_item_id: number };
    expect(levelBody.available).toBe(3);
  });

  it('signs with a wrong secret on demand and sends duplicates with the same webhook id', async () => {
    seedShoe(4);
    sim.control.setWebhookSigning('wrong-secret');
    const product = sim.control.variantBySku('DUNK-9')?.productId as string;
    await sim.control.emitWebhook({ topic: 'products/update', productId: product, url: receiver.url, duplicate: 1 });
    const [a, b] = await receiver.waitFor(2);
    expect(a?.headers['x-shopify-webhook-id']).toBe(b?.headers['x-shopify-webhook-id']);
    expect(a?.headers['x-shopify-hmac-sha256']).not.toBe(independentHmac(sim.credentials.clientSecret, a?.rawBody ?? Buffer.alloc(0)));
  });
});

describe('Shopify uninstall', () => {
  it('revokes every token (401), sends app/uninstalled with the shop as its body, and removes the subscriptions', async () => {
    const subscribed = await gql<{ webhookSubscriptionCreate: UserErrors }>(
      'mutation($uri: String!) { webhookSubscriptionCreate(topic: APP_UNINSTALLED, webhookSubscription: { uri: $uri, format: JSON }) { userErrors { message } } }',
      { uri: receiver.url },
    );
    expect(subscribed.body.data?.webhookSubscriptionCreate.userErrors).toEqual([]);
    const [delivery] = await sim.control.uninstall();
    expect(delivery?.attempts.map((a) => a.status)).toEqual([200]);
    const [received] = receiver.received;
    expect(received?.headers['x-shopify-topic']).toBe('app/uninstalled');
    expect(received?.headers['x-shopify-hmac-sha256']).toBe(
      independentHmac(sim.credentials.clientSecret, received?.rawBody ?? Buffer.alloc(0)),
    );
    expect(JSON.parse(received?.text ?? '{}')).toMatchObject({
      myshopify_domain: sim.credentials.shop,
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // The app's token is gone: the API answers as to an unknown token.
    const after = await gql('query { shop { myshopifyDomain } }');
    expect(after.status).toBe(401);
    // Installed again: no subscription survived the uninstall.
    const { accessToken } = sim.control.issueToken();
    const subscriptions = await gql<{ webhookSubscriptions: Connection<{ topic: string }> }>(
      'query { webhookSubscriptions(first: 10) { nodes { topic } } }',
      {},
      { token: accessToken },
    );
    expect(subscriptions.body.data?.webhookSubscriptions.nodes).toEqual([]);
  });
});

describe('Shopify faults', () => {
  it('fails the next GraphQL call with a 5xx or drops it, scoped by the mutation name', async () => {
    seedShoe(4);
    sim.control.failNext({ route: 'POST /admin/api/*', bodyIncludes: 'inventorySetQuantities', status: 502 });
    expect((await gql('{ shop { name } }')).status).toBe(200);
    const item = sim.control.variantBySku('DUNK-9')?.inventoryItemId;
    const location = sim.control.locations()[0]?.id;
    const input = {
      name: 'available',
      reason: 'correction',
      quantities: [{ inventoryItemId: item, locationId: location, quantity: 1, changeFromQuantity: null }],
    };
    expect((await gql(SET, { input, key: 'x' })).status).toBe(502);
    sim.control.failNext({ kind: 'drop' });
    await expect(gql(SET, { input, key: 'x' })).rejects.toThrow();
    expect(sim.control.quantity('DUNK-9')).toBe(4);
    expect((await gql(SET, { input, key: 'x' })).status).toBe(200);
    expect(sim.control.quantity('DUNK-9')).toBe(1);
  });
});
