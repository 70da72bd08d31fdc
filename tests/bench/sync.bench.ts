// `npm run bench:sync`: the sync engine against the three marketplace simulators, through a real
// server process. Prints figures; asserts nothing.
//
// 1. Sale to delisting: a product listed on eBay, Shopify and Square; one size sold on eBay (the
//    simulator records the order, lowers its own quantity and sends the signed ORDER_CONFIRMATION
//    webhook); the time until BOTH other platforms have accepted the lowered quantity, read from
//    the simulators' own state. BENCH_SALES sales (default 200), one after another.
// 2. A batch listing BENCH_BATCH_ITEMS sizes (default 10,000: 2,500 products × 4 sizes) on Shopify,
//    whose rate limit is a cost budget (bucket BENCH_SHOPIFY_BUCKET points refilled at
//    BENCH_SHOPIFY_RESTORE points/s; defaults 1,000 / 100: the Standard plan): cost points actually
//    spent over the batch, as a fraction of what the limit allowed in that time (the full bucket
//    at the start plus its refill). About 40,000 points for 10,000 sizes: some 6-7 minutes.
import pg from 'pg';
import { startEbaySimulator } from '../simulators/ebay/ebay-simulator.ts';
import { startShopifySimulator } from '../simulators/shopify/shopify-simulator.ts';
import { startSquareSimulator } from '../simulators/square/square-simulator.ts';
import { type ApiServer, registerBenchOwner, startApiServer, startBenchDatabase } from './bench-server.ts';
import { recomputeProductStock } from './product-stock.ts';
import { percentiles as stats } from './stats.ts';

const SALES = Number(process.env.BENCH_SALES ?? 200);
const BATCH_ITEMS = Number(process.env.BENCH_BATCH_ITEMS ?? 10_000);
const SIZES = ['9', '9.5', '10', '10.5'];
const BUCKET = Number(process.env.BENCH_SHOPIFY_BUCKET ?? 1_000);
const RESTORE = Number(process.env.BENCH_SHOPIFY_RESTORE ?? 100);
// A 64×64 JPEG: eBay refuses a listing without a photo.
const PHOTO = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCABAAEADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAQG/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AjAIGtAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAf/9k=',
  'base64',
);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const database = await startBenchDatabase('tradepost-bench-sync');
let server: ApiServer | null = null;
const closers: (() => Promise<void>)[] = [];
try {
  server = await startApiServer(database, {
    env: {
      // eBay refuses photos that are not https (the simulator checks the address, not the file).
      MEDIA_BASE_URL: 'https://media.tradepost.bench',
      SYNC_POLL_SECONDS: '3600',
    },
  });
  const base = server.base;
  const callback = (platform: string) => `${base}/api/v1/channels/${platform}/oauth/callback`;
  const webhookRetry = { baseDelayMs: 200 };
  const ebay = await startEbaySimulator({ consent: 'auto', acceptUrl: callback('ebay'), webhookRetry, seed: { demo: true } });
  const shopify = await startShopifySimulator({
    consent: 'auto',
    webhookRetry,
    limits: { maximumAvailable: BUCKET, restoreRate: RESTORE },
  });
  const square = await startSquareSimulator({ consent: 'auto', redirectUrl: callback('square'), webhookRetry });
  closers.push(
    () => ebay.close(),
    () => shopify.close(),
    () => square.close(),
  );

  const api = async <T = Record<string, unknown>>(method: string, path: string, token?: string, body?: unknown): Promise<T> => {
    const raw = Buffer.isBuffer(body);
    const res = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: {
        ...(body ? { 'content-type': raw ? 'image/jpeg' : 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body ? { body: raw ? new Uint8Array(body as Buffer) : JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<T>;
  };
  const { token, businessId, locationId } = await registerBenchOwner(base);
  const biz = `/businesses/${businessId}`;

  // Connect the three through their real OAuth round trips (consent answered by the simulators).
  const connectThrough = async (platform: string, body: Record<string, unknown>) => {
    const { authorize_url, connection_id } = await api<{ authorize_url: string; connection_id: string }>(
      'POST',
      `${biz}/connections/${platform}/authorize`,
      token,
      { environment: 'simulator', ...body },
    );
    const consent = await fetch(authorize_url, { redirect: 'manual' });
    const back = consent.headers.get('location');
    if (!back) throw new Error(`${platform}: no redirect from the consent page (${consent.status})`);
    const done = await fetch(back, { redirect: 'manual' });
    const landing = done.headers.get('location') ?? '';
    if (landing.includes('error=')) throw new Error(`${platform}: ${decodeURIComponent(landing)}`);
    return connection_id;
  };
  const ebayId = await connectThrough('ebay', {
    base_url: ebay.baseUrl,
    auth_base_url: ebay.authBaseUrl,
    app: { client_id: ebay.credentials.clientId, client_secret: ebay.credentials.clientSecret, redirect_uri: ebay.credentials.ruName },
  });
  const shopifyId = await connectThrough('shopify', {
    base_url: shopify.baseUrl,
    shop_domain: shopify.credentials.shop,
    app: { client_id: shopify.credentials.clientId, client_secret: shopify.credentials.clientSecret, redirect_uri: callback('shopify') },
  });
  const squareId = await connectThrough('square', {
    base_url: square.baseUrl,
    app: {
      client_id: square.credentials.applicationId,
      client_secret: square.credentials.applicationSecret,
      redirect_uri: callback('square'),
    },
  });

  // ---- 1. Sale on eBay → quantity accepted by Shopify and Square ----
  const photo = await api<{ id: string }>('POST', `${biz}/media`, token, PHOTO);
  const product = await api<{ id: string; variants: { id: string; size: string; sku: string }[] }>('POST', `${biz}/products`, token, {
    title: 'Air Jordan 1 Retro High OG Bench',
    brand: 'Jordan',
    style_code: 'BENCH-001',
    category: 'sneakers',
    size_format: 'us-men',
    images: [{ media_id: photo.id }],
    variants: SIZES.map((size) => ({ size, sku: `BENCH-${size}`, price_cents: 18_000, barcodes: [] })),
  });
  const perSize = Math.ceil(SALES / SIZES.length) + 5;
  await api('POST', `${biz}/inventory/adjustments`, token, {
    location_id: locationId,
    lines: product.variants.map((v) => ({ variant_id: v.id, quantity: perSize, reason: 'received', unit_cost_cents: 9_000 })),
  });
  for (const connectionId of [ebayId, shopifyId, squareId]) {
    await api('POST', `${biz}/listings`, token, { connection_id: connectionId, product_id: product.id });
  }

  const shopifyLocation = (
    await api<{ platform: string; connection: { settings: { external_location_id: string | null } } | null }[]>(
      'GET',
      `${biz}/connections`,
      token,
    )
  ).find((c) => c.platform === 'shopify')?.connection?.settings.external_location_id;
  const shopifyQuantity = (sku: string) => shopify.control.quantity(sku, shopifyLocation ?? undefined);
  if (process.env.BENCH_DEBUG)
    console.log(
      'after listing',
      SIZES.map((size) => [shopifyQuantity(`BENCH-${size}`), square.control.inStock(`BENCH-${size}`)]),
    );
  const latencies: number[] = [];
  let slowest = '';
  const started = performance.now();
  for (let i = 0; i < SALES; i += 1) {
    const sku = `BENCH-${SIZES[i % SIZES.length]}`;
    const expected = perSize - Math.floor(i / SIZES.length) - 1;
    const t0 = performance.now();
    ebay.control.sell({ sku, quantity: 1 });
    for (;;) {
      if (shopifyQuantity(sku) === expected && square.control.inStock(sku) === expected) break;
      if (performance.now() - t0 > 30_000)
        throw new Error(
          `sale ${i}: ${sku} not at ${expected} after 30 s (Shopify ${shopifyQuantity(sku)}, Square ${square.control.inStock(sku)})`,
        );
      await sleep(2);
    }
    const ms = performance.now() - t0;
    latencies.push(ms);
    if (ms >= Math.max(...latencies)) slowest = `sale ${i + 1} (${sku})`;
  }
  const elapsed = (performance.now() - started) / 1000;
  const s = stats(latencies);
  console.log(`\nSale on eBay → quantity accepted by Shopify AND Square (${SALES} sales, one after another, real server process)`);
  console.log(
    `  p50 ${s.p50.toFixed(0)} ms   p95 ${s.p95.toFixed(0)} ms   p99 ${s.p99.toFixed(0)} ms   max ${s.max.toFixed(0)} ms (${slowest})   target p95 < 2000 ms`,
  );
  console.log(`  ${(SALES / elapsed).toFixed(1)} sales/s end to end (webhook, order fetch, sale, ledger, two pushes)`);

  // ---- 2. A 10,000-size listing batch on Shopify against its cost budget ----
  const products = Math.ceil(BATCH_ITEMS / SIZES.length);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(
    `INSERT INTO products (id, business_id, title, brand, style_code, category, size_format, retail_price_cents)
     SELECT gen_random_uuid(), $1, 'Dunk Low Batch #' || i, 'Nike', 'BATCH-' || lpad(i::text, 5, '0'), 'sneakers', 'us-men', 11000
       FROM generate_series(1, $2) AS i`,
    [businessId, products],
  );
  await client.query(
    `INSERT INTO variants (id, business_id, product_id, size, sku, price_cents)
     SELECT gen_random_uuid(), p.business_id, p.id, s.size, p.style_code || '-' || s.size, 12000
       FROM products p CROSS JOIN unnest($2::text[]) AS s(size) WHERE p.business_id = $1 AND p.style_code LIKE 'BATCH-%'`,
    [businessId, SIZES],
  );
  await client.query(
    `INSERT INTO stock_movements (id, business_id, variant_id, location_id, on_hand_delta, reason)
     SELECT gen_random_uuid(), v.business_id, v.id, $2, 3, 'adjustment' FROM variants v WHERE v.business_id = $1 AND v.sku LIKE 'BATCH-%'`,
    [businessId, locationId],
  );
  await client.query(
    `INSERT INTO stock_levels (business_id, variant_id, location_id, on_hand)
     SELECT business_id, variant_id, location_id, 3 FROM stock_movements m
      WHERE m.business_id = $1 AND EXISTS (SELECT 1 FROM variants v WHERE v.id = m.variant_id AND v.sku LIKE 'BATCH-%')`,
    [businessId],
  );
  await recomputeProductStock(client, businessId);
  const ids = (
    await client.query(`SELECT id FROM products WHERE business_id = $1 AND style_code LIKE 'BATCH-%' ORDER BY style_code`, [businessId])
  ).rows as { id: string }[];

  const before = shopify.control.bucket();
  const batchStarted = performance.now();
  const batch = await api<{ id: string }>('POST', `${biz}/batch-operations`, token, {
    connection_id: shopifyId,
    operation_type: 'list',
    items: ids.map((r) => ({ product_id: r.id })),
  });
  let last = { status: 'queued', succeeded: 0, failed: 0, total: ids.length };
  for (;;) {
    const detail = await api<{ batch: typeof last }>('GET', `${biz}/batch-operations/${batch.id}`, token);
    last = detail.batch;
    if (!['queued', 'running'].includes(last.status)) break;
    await sleep(500);
  }
  const seconds = (performance.now() - batchStarted) / 1000;
  const after = shopify.control.bucket();
  const spent = after.spent - before.spent;
  // What the limit allowed in that time: the bucket full at the start, plus its refill.
  const allowed = before.currentlyAvailable + RESTORE * seconds;
  const sizesListed = last.succeeded * SIZES.length;
  console.log(
    `\nShopify batch listing ${sizesListed.toLocaleString()} sizes (${last.succeeded.toLocaleString()} products, ${last.failed} failed; status ${last.status}) in ${seconds.toFixed(1)} s`,
  );
  console.log(
    `  ${(sizesListed / seconds).toFixed(0)} sizes/s; cost spent ${spent.toLocaleString()} points = ${(spent / seconds).toFixed(0)} points/s against a limit of ${RESTORE} points/s after a ${before.currentlyAvailable.toLocaleString()}-point bucket`,
  );
  console.log(`  share of the rate limit used: ${((100 * spent) / allowed).toFixed(0)}%   target ≥ 80%`);
  await client.end();
} finally {
  await server?.stop();
  for (const close of closers) await close().catch(() => {});
  await database.stop();
}
