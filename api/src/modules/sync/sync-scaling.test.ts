import type { SyncHealth } from '@tradepost/shared/schemas/sync.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndLogin, type SignedIn, TEST_TOKEN_KEY } from '../../../test/helper.ts';
import { connectSimulator } from '../../../test/marketplace-support.ts';
import { newId } from '../../db/ids.ts';
import { adapterFor, loadConnection } from '../connections/adapter-factory.ts';
import type { VariantRef } from '../marketplaces/adapters/types.ts';
import { enqueuePricePushes } from './enqueue-pushes.ts';
import { reconcileConnection } from './reconcile.ts';
import {
  connect,
  list,
  ourAvailable,
  type StockedProduct,
  type SyncWorld,
  settle,
  startSyncWorld,
  stockedProduct,
} from './sync-test-support.ts';

// The sync engine at scale (issue #16): reconciliation pages through a connection's listed sizes
// and writes each page set-based, price pushes are enqueued set-based, reconciliation leaves a
// connection's quantities alone while a batch works on it, and Sync Health counts each
// connection's jobs and finds its last success by indexed look-ups.

let w: SyncWorld;
let square = '';
let ebay = '';

beforeAll(async () => {
  w = await startSyncWorld();
  square = await connect(w, 'square');
  ebay = await connect(w, 'ebay');
}, 60_000);
afterAll(async () => w.close());

const variantOf = (product: StockedProduct, size: string) => product.variants.find((v) => v.size === size)?.id ?? '';
const skuOf = (product: StockedProduct, size: string) => product.variants.find((v) => v.size === size)?.sku ?? '';

async function rows<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return w.t.orm.em.fork().execute<T[]>(query, params);
}

/** One reconciliation poll of the connection, run here (not by the runner) with the given page size. */
async function reconcile(connectionId: string, pageSize: number) {
  const job = {
    id: newId(),
    businessId: w.owner.businessId,
    kind: 'sync.reconcile',
    key: `reconcile:${connectionId}`,
    payload: { connectionId },
    attempt: 1,
    maxAttempts: 1,
    lease: 'test',
  };
  await reconcileConnection({ em: w.t.orm.em.fork(), tokenKey: TEST_TOKEN_KEY }, job, 3_600_000, pageSize);
  const [log] = await rows<{ response: Record<string, unknown> }>(
    `SELECT response FROM sync_log WHERE connection_id = ? AND operation = 'reconcile' ORDER BY created_at DESC, id DESC LIMIT 1`,
    [connectionId],
  );
  return log?.response ?? {};
}

/** Sets quantities on the platform behind our back (the seller using the platform's own tools). */
async function setOnPlatform(connectionId: string, quantities: { variantId: string; quantity: number }[]) {
  const em = w.t.orm.em.fork();
  const connection = await loadConnection(em, w.owner.businessId, connectionId);
  if (!connection) throw new Error('no connection');
  const adapter = await adapterFor({ em, tokenKey: TEST_TOKEN_KEY }, connection);
  const refs = await rows<{ variant_id: string; external_sku: string; external_ref: VariantRef }>(
    'SELECT variant_id, external_sku, external_ref FROM channel_listing_variants WHERE connection_id = ?',
    [connectionId],
  );
  const items = quantities.map(({ variantId, quantity }) => {
    const ref = refs.find((r) => r.variant_id === variantId);
    if (!ref) throw new Error('not listed');
    return { ref: ref.external_ref, sku: ref.external_sku, quantity };
  });
  await (adapter.setQuantities as (i: typeof items) => Promise<unknown>)(items);
}

describe('reconciliation, page by page', () => {
  it('corrects every size over several pages, records drift and a missing size, and pushes ours', async () => {
    const sizes = ['6', '7', '8', '9', '10'];
    const shoe = await stockedProduct(w, 4, sizes);
    await list(w, square, shoe.id);
    await settle(w);
    // Four sizes drifted on Square, one matches; one more is gone from the platform.
    const drifted = sizes.slice(0, 4).map((size, i) => ({ variantId: variantOf(shoe, size), quantity: 40 + i }));
    await setOnPlatform(square, drifted);
    const gone = await stockedProduct(w, 2, ['12']);
    await list(w, square, gone.id);
    await settle(w);
    await w.t.orm.em
      .fork()
      .execute(
        `UPDATE channel_listing_variants SET external_ref = external_ref || '{"variationId": "NO-SUCH-VARIATION"}'::jsonb WHERE connection_id = ? AND variant_id = ?`,
        [square, variantOf(gone, '12')],
      );

    // Pages of two: six listed sizes of these products, plus whatever earlier tests listed.
    const summary = await reconcile(square, 2);
    const [listed] = await rows<{ n: string }>(
      `SELECT count(*) AS n FROM channel_listing_variants lv JOIN channel_listings l ON l.id = lv.listing_id AND l.status = 'active' WHERE lv.connection_id = ?`,
      [square],
    );
    expect(Number(listed?.n)).toBeGreaterThan(4);
    expect(summary).toMatchObject({ checked: Number(listed?.n), drift: 4, missing: 1 });

    const seen = await rows<{ variant_id: string; channel_quantity: number | null; checked: boolean; last_error: string | null }>(
      'SELECT variant_id, channel_quantity, channel_checked_at IS NOT NULL AS checked, last_error FROM channel_listing_variants WHERE connection_id = ?',
      [square],
    );
    expect(seen.every((row) => row.checked)).toBe(true);
    for (const { variantId, quantity } of drifted) expect(seen.find((r) => r.variant_id === variantId)?.channel_quantity).toBe(quantity);
    expect(seen.find((r) => r.variant_id === variantOf(shoe, '10'))?.channel_quantity).toBe(4);
    expect(seen.find((r) => r.variant_id === variantOf(gone, '12'))).toMatchObject({
      channel_quantity: null,
      last_error: `${skuOf(gone, '12')} was not found on the platform`,
    });
    const drift = await rows<{ variant_id: string; ours: number; theirs: number }>(
      'SELECT variant_id, ours, theirs FROM sync_drift WHERE connection_id = ? ORDER BY theirs',
      [square],
    );
    expect(drift).toEqual(drifted.map(({ variantId, quantity }) => ({ variant_id: variantId, ours: 4, theirs: quantity })));

    // The pushes the poll queued put our quantity back on every drifted size, and resolve the drift.
    await settle(w);
    for (const size of sizes) expect(w.square.control.inStock(skuOf(shoe, size))).toBe(await ourAvailable(w, variantOf(shoe, size)));
    const [open] = await rows<{ n: string }>('SELECT count(*) AS n FROM sync_drift WHERE connection_id = ? AND resolved_at IS NULL', [
      square,
    ]);
    expect(Number(open?.n)).toBe(0);

    // A poll that finds everything in sync changes no quantity and queues nothing.
    await w.t.orm.em.fork().execute('DELETE FROM channel_listings WHERE connection_id = ? AND product_id = ?', [square, gone.id]);
    const again = await reconcile(square, 2);
    expect(again).toMatchObject({ drift: 0, missing: 0 });
    const [queued] = await rows<{ n: string }>(
      `SELECT count(*) AS n FROM jobs WHERE kind = 'sync.push_quantity' AND status = 'queued' AND business_id = ?`,
      [w.owner.businessId],
    );
    expect(Number(queued?.n)).toBe(0);
  });

  it('leaves the quantities alone while a batch works on the connection, and compares them once it is done', async () => {
    const shoe = await stockedProduct(w, 3, ['11']);
    await list(w, square, shoe.id);
    await settle(w);
    const size = variantOf(shoe, '11');
    await setOnPlatform(square, [{ variantId: size, quantity: 33 }]);

    // A batch on this connection, its run waiting (a pause after a rate limit).
    const batchId = newId();
    const em = w.t.orm.em.fork();
    await em.execute(
      `INSERT INTO batch_operations (id, business_id, connection_id, platform, operation_type, status, total) VALUES (?, ?, ?, 'square', 'quantity', 'running', 1)`,
      [batchId, w.owner.businessId, square],
    );
    const jobId = newId();
    await em.execute(
      `INSERT INTO jobs (id, business_id, kind, coalesce_key, payload, run_at) VALUES (?, ?, 'batch.run', ?, ?::jsonb, now() + interval '1 hour')`,
      [jobId, w.owner.businessId, `batch:${batchId}`, JSON.stringify({ batchId })],
    );

    const skipped = await reconcile(square, 50);
    expect(skipped).toMatchObject({ checked: 0, drift: 0, skipped: expect.stringContaining('batch is running') });
    await settle(w);
    expect(w.square.control.inStock(skuOf(shoe, '11'))).toBe(33);
    const [drift] = await rows<{ n: string }>('SELECT count(*) AS n FROM sync_drift WHERE variant_id = ?', [size]);
    expect(Number(drift?.n)).toBe(0);

    // A batch on another connection does not hold this one back.
    await em.execute('UPDATE batch_operations SET connection_id = ? WHERE id = ?', [ebay, batchId]);
    await em.execute(`UPDATE batch_operations SET platform = 'ebay' WHERE id = ?`, [batchId]);
    const other = await reconcile(square, 50);
    expect(other.skipped).toBeUndefined();
    expect(other).toMatchObject({ drift: 1 });
    await settle(w);
    expect(w.square.control.inStock(skuOf(shoe, '11'))).toBe(3);

    // Back on this connection but finished: compared again.
    await setOnPlatform(square, [{ variantId: size, quantity: 34 }]);
    await em.execute(`UPDATE batch_operations SET connection_id = ?, platform = 'square', status = 'completed' WHERE id = ?`, [
      square,
      batchId,
    ]);
    await em.execute(`UPDATE jobs SET status = 'done', finished_at = now() WHERE id = ?`, [jobId]);
    const done = await reconcile(square, 50);
    expect(done).toMatchObject({ drift: 1 });
    expect(done.skipped).toBeUndefined();
    await settle(w);
    expect(w.square.control.inStock(skuOf(shoe, '11'))).toBe(3);
  });
});

describe('price pushes', () => {
  it('a price change of many sizes on two marketplaces queues one push per size, which sends the newest price', async () => {
    const sizes = ['4', '4.5', '5', '5.5', '6', '6.5'];
    const shoe = await stockedProduct(w, 2, sizes);
    await list(w, square, shoe.id);
    await list(w, ebay, shoe.id);
    await settle(w);
    const ids = shoe.variants.map((v) => v.id);

    await w.t.orm.em.fork().transactional(async (tx) => {
      await tx.execute('UPDATE variants SET price_cents = 15000 WHERE product_id = ?', [shoe.id]);
      await enqueuePricePushes(tx, w.owner.businessId, { productId: shoe.id });
      await tx.execute('UPDATE variants SET price_cents = 16500 WHERE product_id = ?', [shoe.id]);
      await enqueuePricePushes(tx, w.owner.businessId, ids);
      const queued = await tx.execute<{ business_id: string; kind: string; coalesce_key: string; payload: { variantId: string } }[]>(
        `SELECT business_id, kind, coalesce_key, payload FROM jobs WHERE status = 'queued' AND kind = 'sync.push_price' AND business_id = ?`,
        [w.owner.businessId],
      );
      const byKey = (a: { coalesce_key: string }, b: { coalesce_key: string }) => (a.coalesce_key < b.coalesce_key ? -1 : 1);
      expect(queued.sort(byKey)).toEqual(
        ids
          .map((id) => ({
            business_id: w.owner.businessId,
            kind: 'sync.push_price',
            coalesce_key: `price:${id}`,
            payload: { variantId: id },
          }))
          .sort(byKey),
      );
    });
    await settle(w);
    for (const size of sizes) {
      const offer = w.ebay.control.offersForSku(skuOf(shoe, size))[0] as { pricingSummary: { price: { value: string } } };
      expect(offer.pricingSummary.price.value).toBe('165.00');
    }
    // A change of sizes listed nowhere queues nothing.
    const unlisted = await stockedProduct(w, 1, ['13']);
    await w.t.orm.em.fork().transactional(async (tx) => {
      await enqueuePricePushes(tx, w.owner.businessId, [variantOf(unlisted, '13')]);
      const [row] = await tx.execute<{ n: string }[]>(`SELECT count(*) AS n FROM jobs WHERE coalesce_key = ?`, [
        `price:${variantOf(unlisted, '13')}`,
      ]);
      expect(Number(row?.n)).toBe(0);
    });
  });
});

describe('Sync Health at scale', () => {
  let other: SignedIn;
  let sq = '';
  let sh = '';

  beforeAll(async () => {
    other = await registerAndLogin(w.t.app, { business_name: 'Health Kicks' });
    sq = (await connectSimulator(w.t.orm, other.businessId, { platform: 'square', sim: w.square })).connectionId;
    sh = (await connectSimulator(w.t.orm, other.businessId, { platform: 'shopify', sim: w.shopify })).connectionId;
  });

  const health = async () => {
    const res = await w.t.app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${other.businessId}/sync-health`,
      headers: bearer(other.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as SyncHealth;
    return (id: string) => body.connections.find((c) => c.connection_id === id);
  };

  it("counts each connection's queued, running and recently failed work, whatever job names it", async () => {
    const em = w.t.orm.em.fork();
    const biz = other.businessId;
    const created = await w.t.app.inject({
      method: 'POST',
      url: `/api/v1/businesses/${biz}/products`,
      headers: bearer(other.token),
      payload: {
        title: 'Health Runner',
        brand: 'Asics',
        style_code: 'HEALTH-1',
        category: 'sneakers',
        size_format: 'us-men',
        variants: [{ size: '9', sku: 'HEALTH-1-9', price_cents: 9_000, barcodes: [] }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json() as { id: string; variants: { id: string }[] };
    const variantId = product.variants[0]?.id ?? '';
    // The size is listed on both connections.
    for (const connectionId of [sq, sh]) {
      const listingId = newId();
      await em.execute(`INSERT INTO channel_listings (id, business_id, connection_id, product_id, status) VALUES (?, ?, ?, ?, 'active')`, [
        listingId,
        biz,
        connectionId,
        product.id,
      ]);
      await em.execute(
        `INSERT INTO channel_listing_variants (id, business_id, listing_id, connection_id, variant_id, external_sku) VALUES (?, ?, ?, ?, ?, 'HEALTH-1-9')`,
        [newId(), biz, listingId, connectionId, variantId],
      );
    }
    const eventId = newId();
    await em.execute(
      `INSERT INTO webhook_events (id, business_id, connection_id, platform, event_id, topic, kind, payload) VALUES (?, ?, ?, 'shopify', 'e1', 'orders/create', 'order', '{}')`,
      [eventId, biz, sh],
    );
    const batchId = newId();
    await em.execute(
      `INSERT INTO batch_operations (id, business_id, connection_id, platform, operation_type, status, total) VALUES (?, ?, ?, 'square', 'price', 'running', 1)`,
      [batchId, biz, sq],
    );
    // None of these is due or expired: the runner leaves them as they are.
    const job = (kind: string, status: string, payload: object, extra: { failedAgo?: string } = {}) =>
      em.execute(
        `INSERT INTO jobs (id, business_id, kind, payload, status, run_at, locked_until, finished_at)
         VALUES (?, ?, ?, ?::jsonb, ?, now() + interval '1 hour', now() + interval '1 hour', ${extra.failedAgo ? `now() - interval '${extra.failedAgo}'` : 'NULL'})`,
        [newId(), biz, kind, JSON.stringify(payload), status],
      );
    await job('sync.push_price', 'queued', { variantId });
    await job('sync.push_quantity', 'running', { variantId });
    await job('sync.push_quantity', 'done', { variantId });
    await job('sync.webhook_event', 'failed', { eventId }, { failedAgo: '1 hour' });
    await job('sync.webhook_event', 'failed', { eventId }, { failedAgo: '2 days' });
    await job('batch.run', 'queued', { batchId });
    await job('sync.reconcile', 'queued', { connectionId: sq });
    await job('sync.refresh_token', 'running', { connectionId: sh });
    await job('sync.refresh_token', 'failed', { connectionId: sq }, { failedAgo: '3 hours' });

    const of = await health();
    expect(of(sq)?.jobs).toEqual({ queued: 2, running: 1, failed_24h: 1 });
    expect(of(sh)?.jobs).toEqual({ queued: 1, running: 2, failed_24h: 1 });
    // Work that is done is not counted.
    await em.execute(`UPDATE jobs SET status = 'done', finished_at = now() WHERE business_id = ? AND status <> 'failed'`, [biz]);
    const after = await health();
    expect(after(sq)?.jobs).toEqual({ queued: 0, running: 0, failed_24h: 1 });
  });

  it('shows the newest successful call as the last success, not a later failure', async () => {
    const em = w.t.orm.em.fork();
    const log = (connectionId: string, ok: boolean, ago: string) =>
      em.execute(
        `INSERT INTO sync_log (id, business_id, connection_id, operation, ok, created_at) VALUES (?, ?, ?, 'quantity', ?, now() - interval '${ago}')`,
        [newId(), other.businessId, connectionId, ok],
      );
    let of = await health();
    expect(of(sq)?.last_success_at).toBeNull();
    await log(sq, true, '3 hours');
    await log(sq, true, '2 hours');
    await log(sq, false, '1 hour');
    await log(sh, false, '30 minutes');
    of = await health();
    const [newest] = await em.execute<{ at: Date }[]>(`SELECT max(created_at) AS at FROM sync_log WHERE connection_id = ? AND ok`, [sq]);
    expect(of(sq)?.last_success_at).toBe(new Date(newest?.at ?? 0).toISOString());
    expect(of(sh)?.last_success_at).toBeNull();
    expect(of(sq)?.failures_24h).toBe(1);
    expect(of(sq)?.operations_24h).toBe(3);
  });
});
