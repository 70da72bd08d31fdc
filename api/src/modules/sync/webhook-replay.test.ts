import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookAttempt } from '../../../../tests/simulators/kit/webhooks.ts';
import { findConnectionForWebhook } from './sync-connection.ts';
import { connect, list, type StockedProduct, type SyncWorld, settle, startSyncWorld, stockedProduct } from './sync-test-support.ts';
import { recordRejection } from './webhook-events.ts';
import { REFUSALS_BEFORE_BLOCK, REJECTION_ROWS_PER_CONNECTION } from './webhook-guard.ts';

// Issue #15, defect 4 (replays of signed deliveries) and defect 10 (rejection floods), against the
// real app, the real database and the simulators. Shopify signs only the body: every header of a
// captured delivery can be rewritten, so each attack below starts from a genuine signed delivery.

let w: SyncWorld;
const connections = { ebay: '', shopify: '', square: '' };
let shoe: StockedProduct;

beforeAll(async () => {
  w = await startSyncWorld();
  connections.ebay = await connect(w, 'ebay');
  connections.shopify = await connect(w, 'shopify');
  connections.square = await connect(w, 'square');
  shoe = await stockedProduct(w, 5, ['9', '10']);
  await list(w, connections.shopify, shoe.id);
  await settle(w);
});
afterAll(async () => w.close());

const sku = (size: string) => shoe.variants.find((v) => v.size === size)?.sku ?? '';
const webhookUrl = (platform: 'ebay' | 'shopify' | 'square') => `${w.base}/api/v1/webhooks/${platform}/${connections[platform]}`;

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return w.t.orm.em.fork().execute<T[]>(sql, params);
}
async function count(sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await rows<{ n: string }>(sql, params);
  return Number(row?.n ?? 0);
}
async function status(connectionId: string): Promise<{ status: string; status_reason: string | null }> {
  const [row] = await rows<{ status: string; status_reason: string | null }>(
    'SELECT status, status_reason FROM channel_connections WHERE id = ?',
    [connectionId],
  );
  if (!row) throw new Error('no connection');
  return row;
}

/** The last genuine delivery of a topic to a connection, as the simulator sent it (signed bytes and headers). */
function captured(topic: string, connectionId: string): WebhookAttempt {
  const delivery = w.shopify.control
    .webhooks()
    .filter((d) => d.topic === topic && d.url.endsWith(connectionId) && d.state === 'delivered')
    .at(-1);
  const attempt = delivery?.attempts.at(-1);
  if (!attempt) throw new Error(`no ${topic} delivery captured`);
  return attempt;
}

/** Sends a captured delivery again with some headers changed, from a source address of the test's own. */
function replay(attempt: WebhookAttempt, headers: Record<string, string>, remoteAddress = '192.0.2.10') {
  return w.t.app.inject({
    method: 'POST',
    url: `/api/v1/webhooks/shopify/${connections.shopify}`,
    headers: { ...attempt.headers, ...headers },
    payload: attempt.body,
    remoteAddress,
  });
}

const rejectionsOf = (connectionId: string) =>
  rows<{ reason: string }>('SELECT reason FROM webhook_rejections WHERE connection_id = ? ORDER BY received_at', [connectionId]);

describe('Shopify deliveries replayed under other headers', () => {
  it("the issue's attack: an order's signed body sent as app/uninstalled under a new id is refused and changes nothing", async () => {
    w.shopify.control.sell({ sku: sku('9'), quantity: 1 });
    await settle(w);
    const order = captured('orders/create', connections.shopify);
    const swapped = await replay(order, {
      'x-shopify-webhook-id': 'swap-1',
      'x-shopify-topic': 'app/uninstalled',
      'x-shopify-triggered-at': new Date().toISOString(),
    });
    expect(swapped.statusCode).toBe(401);
    expect(swapped.json().error.code).toBe('WEBHOOK_REJECTED');
    await settle(w);
    expect((await status(connections.shopify)).status).toBe('connected');
    expect(await count('SELECT count(*) AS n FROM webhook_events WHERE event_id = ?', ['swap-1'])).toBe(0);
    expect((await rejectionsOf(connections.shopify)).at(-1)?.reason).toMatch(/app\/uninstalled does not fit the body \(Order\)/);
  });

  it('the same body under a new webhook id, or the same X-Shopify-Event-Id, is acknowledged as a duplicate and processed once', async () => {
    const sold = w.shopify.control.sell({ sku: sku('10'), quantity: 1 });
    await settle(w);
    const order = captured('orders/create', connections.shopify);
    const original = order.headers['x-shopify-webhook-id'];
    const again = await replay(order, { 'x-shopify-webhook-id': 'dup-by-body', 'x-shopify-triggered-at': new Date().toISOString() });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ received: 0, duplicates: 1 });

    // Shopify's own duplicate marker: the same action delivered again (another subscription), its body
    // serialised anew after the order changed, under a new webhook id.
    w.shopify.control.touchOrder(sold.id);
    const [sameAction] = await w.shopify.control.emitWebhook({
      topic: 'orders/create',
      orderId: sold.id,
      url: webhookUrl('shopify'),
      eventId: order.headers['x-shopify-event-id'],
    });
    expect(sameAction?.attempts.map((a) => a.status)).toEqual([200]);
    expect(JSON.parse(sameAction?.attempts[0]?.body ?? '{}').updated_at).not.toBe(JSON.parse(order.body).updated_at);
    await settle(w);

    const stored = await rows<{ event_id: string; deliveries: number; status: string }>(
      `SELECT event_id, deliveries, status FROM webhook_events WHERE connection_id = ? AND payload ->> 'order_id' = ?`,
      [connections.shopify, sold.id],
    );
    expect(stored).toEqual([{ event_id: original, deliveries: 3, status: 'processed' }]);
    expect(await count('SELECT count(*) AS n FROM sales WHERE external_order_id = ?', [sold.id])).toBe(1);
  });

  it('a delivery whose X-Shopify-Triggered-At is older than the retry horizon is refused', async () => {
    // A genuine delivery, triggered 6 hours ago (Shopify stops retrying after 4).
    const order = w.shopify.control.sell({ sku: sku('9'), quantity: 1, notify: false });
    w.shopify.control.setClock(Date.now() - 6 * 3_600_000);
    try {
      const [late] = await w.shopify.control.emitWebhook({
        topic: 'orders/create',
        orderId: order.id,
        url: webhookUrl('shopify'),
        attempts: 1,
      });
      expect(late?.attempts.map((a) => a.status)).toEqual([401]);
    } finally {
      w.shopify.control.setClock(Date.now());
    }
    // A captured one sent again with its original, stale headers (and a new id).
    const captive = captured('orders/create', connections.shopify);
    const stale = await replay(captive, {
      'x-shopify-webhook-id': 'stale-1',
      'x-shopify-triggered-at': new Date(Date.now() - 6 * 3_600_000).toISOString(),
    });
    expect(stale.statusCode).toBe(401);
    const missing = await replay(captive, { 'x-shopify-webhook-id': 'stale-2', 'x-shopify-triggered-at': '' });
    expect(missing.statusCode).toBe(401);
    await settle(w);
    expect(await count('SELECT count(*) AS n FROM sales WHERE external_order_id = ?', [order.id])).toBe(0);
    expect(await count("SELECT count(*) AS n FROM webhook_events WHERE payload ->> 'order_id' = ?", [order.id])).toBe(0);
    const reasons = (await rejectionsOf(connections.shopify)).slice(-3).map((r) => r.reason);
    expect(reasons).toEqual([
      expect.stringMatching(/X-Shopify-Triggered-At is 36\d minutes old/),
      expect.stringMatching(/X-Shopify-Triggered-At is 36\d minutes old/),
      'X-Shopify-Triggered-At is missing or unreadable',
    ]);
  });

  it('a signed body under a topic that does not fit it, a topic never subscribed to, or another shop is refused', async () => {
    const order = JSON.parse(captured('orders/create', connections.shopify).body) as Record<string, unknown>;
    const url = webhookUrl('shopify');
    // Shopify itself signs these bodies: only the topic (or the shop) is wrong.
    const [orderAsUninstall] = await w.shopify.control.emitWebhook({ topic: 'app/uninstalled', payload: order, url, attempts: 1 });
    const [shopAsOrder] = await w.shopify.control.emitWebhook({
      topic: 'orders/create',
      payload: { id: 1, myshopify_domain: w.shopify.credentials.shop, updated_at: new Date().toISOString() },
      url,
      attempts: 1,
    });
    const [unsubscribed] = await w.shopify.control.emitWebhook({
      topic: 'products/update',
      productId: 1,
      payload: { id: 1 },
      url,
      attempts: 1,
    });
    const [otherShop] = await w.shopify.control.emitWebhook({
      topic: 'app/uninstalled',
      payload: { id: 2, myshopify_domain: 'someone-else.myshopify.com', updated_at: new Date().toISOString() },
      url,
      attempts: 1,
    });
    for (const delivery of [orderAsUninstall, shopAsOrder, unsubscribed, otherShop])
      expect(delivery?.attempts.map((a) => a.status)).toEqual([401]);
    await settle(w);
    expect((await status(connections.shopify)).status).toBe('connected');
    expect((await rejectionsOf(connections.shopify)).slice(-4).map((r) => r.reason)).toEqual([
      'topic app/uninstalled does not fit the body (Order)',
      'topic orders/create does not fit the body (it names no object)',
      'topic products/update is not one this connection subscribed to',
      'the app/uninstalled body names another shop',
    ]);
  });
});

describe('destructive events are confirmed with the platform before anything changes', () => {
  it('an app/uninstalled that Shopify did not mean (the token still works) leaves the connection connected and says why', async () => {
    w.shopify.control.clearRequests();
    const [delivery] = await w.shopify.control.emitWebhook({ topic: 'app/uninstalled' });
    expect(delivery?.attempts.map((a) => a.status)).toEqual([200]);
    await settle(w);
    expect((await status(connections.shopify)).status).toBe('connected');
    const [event] = await rows<{ status: string; error: string }>(
      `SELECT status, error FROM webhook_events WHERE connection_id = ? AND topic = 'app/uninstalled'`,
      [connections.shopify],
    );
    expect(event).toEqual({ status: 'ignored', error: expect.stringContaining('Shopify still accepts our access token') });
    // The platform was asked, with our token.
    const probes = w.shopify.control.requests({ pathIncludes: '/graphql.json' }).filter((r) => JSON.stringify(r.body).includes('shop'));
    expect(probes.map((r) => r.status)).toEqual([200]);
  });

  it('a signed Square revocation whose token still works changes nothing; a real one (the API answers 401) asks to reconnect', async () => {
    await w.square.control.emitWebhook({
      type: 'oauth.authorization.revoked',
      dataId: w.square.credentials.merchantId,
      object: { revocation: { revoked_at: new Date().toISOString(), revoker_type: 'MERCHANT' } },
    });
    await settle(w);
    expect((await status(connections.square)).status).toBe('connected');

    w.square.control.clearRequests();
    await w.square.control.revokeAuthorization();
    await settle(w);
    const after = await status(connections.square);
    expect(after.status).toBe('reconnect_needed');
    expect(after.status_reason).toMatch(/Square reported oauth\.authorization\.revoked and confirmed our access is gone/);
    expect(w.square.control.requests({ pathIncludes: '/oauth2/token/status' }).map((r) => r.status)).toEqual([401]);
  });

  it('eBay: a signed AUTHORIZATION_REVOCATION (a topic the connection never subscribed to) and a stale notification are refused', async () => {
    const url = webhookUrl('ebay');
    const [revocation] = await w.ebay.control.emitWebhook({
      topic: 'AUTHORIZATION_REVOCATION',
      data: { username: w.ebay.credentials.sellerUsername, revokeReason: 'REVOKED_BY_USER' },
      url,
      attempts: 1,
    });
    const [stale] = await w.ebay.control.emitWebhook({
      topic: 'ORDER_CONFIRMATION',
      data: { orderId: '01-00000-00000' },
      eventDate: new Date(Date.now() - 4 * 86_400_000).toISOString(),
      url,
      attempts: 1,
    });
    expect(revocation?.attempts.map((a) => a.status)).toEqual([401]);
    expect(stale?.attempts.map((a) => a.status)).toEqual([401]);
    await settle(w);
    expect((await status(connections.ebay)).status).toBe('connected');
    expect((await rejectionsOf(connections.ebay)).map((r) => r.reason)).toEqual([
      'topic AUTHORIZATION_REVOCATION is not one this connection subscribed to',
      expect.stringMatching(/^eventDate is 57\d\d minutes old/),
    ]);
  });

  it('a real uninstall (the API answers 401) marks the connection reconnect-needed', async () => {
    w.shopify.control.clearRequests();
    await w.shopify.control.uninstall();
    await settle(w);
    const after = await status(connections.shopify);
    expect(after.status).toBe('reconnect_needed');
    expect(after.status_reason).toMatch(/Shopify reported app\/uninstalled and confirmed our access is gone/);
    const probes = w.shopify.control.requests({ pathIncludes: '/graphql.json' });
    expect(probes.map((r) => r.status)).toEqual([401]);
  });
});

describe('a flood of refused deliveries', () => {
  it('writes at most 10 rows a minute per connection, then answers 429 to the source, quickly and without the database', async () => {
    const flooder = '198.51.100.7';
    const forged = () =>
      w.t.app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/ebay/${connections.ebay}`,
        headers: {
          'content-type': 'application/json',
          'x-ebay-signature': Buffer.from('{"kid":"x","signature":"AA=="}').toString('base64'),
        },
        payload: JSON.stringify({ metadata: { topic: 'ORDER_CONFIRMATION' }, notification: { notificationId: 'forged' } }),
        remoteAddress: flooder,
      });
    const answers: number[] = [];
    for (let i = 0; i < REFUSALS_BEFORE_BLOCK; i++) answers.push((await forged()).statusCode);
    expect(answers.every((s) => s === 401)).toBe(true);
    // Every one refused, a few written down (the minute's bound also counts the eBay test's two rows).
    const flooded = await count('SELECT count(*) AS n FROM webhook_rejections WHERE connection_id = ? AND remote_ip = ?', [
      connections.ebay,
      flooder,
    ]);
    expect(flooded).toBeGreaterThan(0);
    expect(flooded).toBeLessThanOrEqual(REJECTION_ROWS_PER_CONNECTION);

    // Over the block threshold the source is answered at once, before any look-up.
    const blocked = await forged();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('60');
    const started = performance.now();
    for (let i = 0; i < 50; i++) expect((await forged()).statusCode).toBe(429);
    expect(performance.now() - started).toBeLessThan(2_000);

    // Another process's rejections meet the same bound: the database counts the minute's rows.
    const em = w.t.orm.em.fork();
    const connection = await findConnectionForWebhook(em, 'ebay', connections.ebay);
    if (!connection) throw new Error('no connection');
    const recorded = await recordRejection(em, connection, { reason: 'from another process', remoteIp: flooder, suppressed: 0 });
    expect(recorded).toBe(false);
    const lastMinute = await count(
      `SELECT count(*) AS n FROM webhook_rejections WHERE connection_id = ? AND received_at > now() - interval '1 minute'`,
      [connections.ebay],
    );
    expect(lastMinute).toBe(REJECTION_ROWS_PER_CONNECTION);

    // Genuine deliveries from elsewhere still go through.
    const [genuine] = await w.ebay.control.emitWebhook({ topic: 'ORDER_CONFIRMATION', data: { orderId: '01-00000-00001' }, attempts: 1 });
    expect(genuine?.attempts.map((a) => a.status)).toEqual([200]);
  });
});
