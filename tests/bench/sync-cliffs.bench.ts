// `npm run bench:sync-cliffs`: the sync engine's scaling cliffs (issue #16) at BENCH_PRODUCTS products
// (default 100,000: 400,000 sizes, seed-catalog.ts) with BENCH_LISTED sizes (default 20,000) listed on
// a Square simulator connection, one in ten of them drifted on the platform. Prints each figure
// beside a floor; asserts nothing. The sync code runs in this process on the bench database (the
// app, built in this process, only signs the owner up, then closes, so no job runner takes the work measured):
//
// 1. A reconciliation poll of the connection (orders, then every listed size's platform quantity
//    against ours): its duration and the statements it sent (pg_stat_statements, BEGIN/COMMIT
//    included). Floor: the simulator answering the same quantity reads, plus one UPDATE of every
//    listed size's seen quantity.
// 2. A price change of every listed size (a channel price rule change: `enqueuePricePushes` for
//    the channel), in a transaction rolled back after. Floor: one hand-written INSERT … SELECT of
//    the same push jobs.
// 3. Sync Health (`syncHealth`) with BENCH_SYNC_LOG log rows over 30 days (default 1,000,000) and
//    BENCH_QUEUED_PUSHES queued push jobs (default 5,000). Floor: the newest successful log row and
//    the open jobs, each read by its index.
import pg from 'pg';
import { buildApp } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';
import { newId } from '../../api/src/db/ids.ts';
import { adapterFor, loadConnection } from '../../api/src/modules/connections/adapter-factory.ts';
import { sealSecrets } from '../../api/src/modules/connections/connection-secrets.ts';
import { enqueuePricePushes } from '../../api/src/modules/sync/enqueue-pushes.ts';
import { reconcileConnection } from '../../api/src/modules/sync/reconcile.ts';
import { syncHealth } from '../../api/src/modules/sync/sync-health.service.ts';
import { startSquareSimulator } from '../simulators/square/square-simulator.ts';
import { BENCH_OWNER, type BenchDatabase, startBenchDatabase } from './bench-server.ts';
import { SEEDED_SIZES, seedCatalog, settleDatabase } from './seed-catalog.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const LISTED = Number(process.env.BENCH_LISTED ?? 20_000);
const SYNC_LOG = Number(process.env.BENCH_SYNC_LOG ?? 1_000_000);
const QUEUED_PUSHES = Number(process.env.BENCH_QUEUED_PUSHES ?? 5_000);
const TOKEN_KEY = Buffer.alloc(32, 11);

const ms = (t0: number) => performance.now() - t0;
const fmt = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

class Rollback extends Error {}

/**
 * The bench owner signed up through the real routes, by the app built in this process (a server
 * process can miss bench-server's 30 s start deadline on a busy machine); closed again before
 * anything is measured, so its job runner takes none of the work.
 */
async function registerOwner(): Promise<{ businessId: string; locationId: string }> {
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    WEB_DIST: '/nonexistent',
    DATA_DIR: database.dir,
    SYNC_POLL_SECONDS: '3600',
  });
  const app = await buildApp({
    config,
    orm: database.orm,
    databaseUrl: database.url,
    sessionSecret: 'bench-session-secret-that-is-long-enough-0023',
    tokenKey: TOKEN_KEY,
  });
  await app.ready();
  try {
    const registered = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: BENCH_OWNER });
    if (registered.statusCode >= 300) throw new Error(`register: ${registered.statusCode} ${registered.body}`);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/json',
      payload: { email: BENCH_OWNER.email, password: BENCH_OWNER.password },
    });
    const { access_token: token, user } = login.json() as { access_token: string; user: { business: { id: string } } };
    const locations = await app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${user.business.id}/locations`,
      headers: { authorization: `Bearer ${token}` },
    });
    const [location] = locations.json() as { id: string }[];
    if (!location) throw new Error('the new business has no location');
    return { businessId: user.business.id, locationId: location.id };
  } finally {
    await app.close();
  }
}

const database: BenchDatabase = await startBenchDatabase('tradepost-bench-sync-cliffs', { statementStats: true });
const square = await startSquareSimulator();
const client = new pg.Client({ connectionString: database.url, application_name: 'tradepost-bench-sync-cliffs' });
try {
  const { businessId, locationId } = await registerOwner();
  await client.connect();

  // ---- The catalog, the listed sizes on Square, and the connection ----
  let t0 = performance.now();
  await seedCatalog(client, { businessId, locationId, products: PRODUCTS });
  const listedProducts = Math.ceil(LISTED / SEEDED_SIZES.length);
  const sizes = (
    await client.query<{ product_id: string; title: string; variant_id: string; sku: string; available: number }>(
      `SELECT p.id AS product_id, p.title, v.id AS variant_id, v.sku, coalesce(sum(l.on_hand - l.reserved - l.committed), 0)::int AS available
         FROM (SELECT id, title FROM products WHERE business_id = $1 ORDER BY style_code LIMIT $2) p
         JOIN variants v ON v.product_id = p.id
         LEFT JOIN stock_levels l ON l.variant_id = v.id
        GROUP BY p.id, p.title, v.id, v.sku
        ORDER BY p.id, v.sku
        LIMIT $3`,
      [businessId, listedProducts, LISTED],
    )
  ).rows;
  const byProduct = new Map<string, typeof sizes>();
  for (const size of sizes) byProduct.set(size.product_id, [...(byProduct.get(size.product_id) ?? []), size]);
  const squareLocation = square.control.locations()[0]?.id ?? '';
  // One in ten sizes shows five more on Square than we have: drift the poll finds and corrects.
  const theirs = (i: number, available: number) => (i % 10 === 0 ? available + 5 : available);
  let n = 0;
  const items = [...byProduct.values()].map((variants) => ({
    name: variants[0]?.title ?? '',
    variations: variants.map((v) => ({ name: v.sku, sku: v.sku, price: 15_000, quantities: theirs(n++, v.available) })),
  }));
  const seeded = square.control.seed({ items });
  const refs = new Map<string, { itemId: string; variationId: string }>();
  for (const item of seeded.items) for (const v of item.variations) if (v.sku) refs.set(v.sku, { itemId: item.id, variationId: v.id });

  const connectionId = newId();
  await client.query(
    `INSERT INTO sales_channels (id, business_id, kind, name, enabled) VALUES ($1, $2, 'square', 'Square', true)
     ON CONFLICT (business_id, kind) DO UPDATE SET enabled = true`,
    [newId(), businessId],
  );
  const channelId = (
    await client.query<{ id: string }>(`SELECT id FROM sales_channels WHERE business_id = $1 AND kind = 'square'`, [businessId])
  ).rows[0]?.id;
  const secrets = {
    app: {
      clientId: square.credentials.applicationId,
      clientSecret: square.credentials.applicationSecret,
      redirectUri: 'http://127.0.0.1:9/cb',
    },
    token: {
      accessToken: square.control.issueToken(),
      refreshToken: null,
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    },
  };
  await client.query(
    `INSERT INTO channel_connections (id, business_id, channel_id, platform, environment, api_base_url, external_account_id, account_name,
                                      status, credentials_sealed, token_expires_at, settings, connected_at, last_sync_at)
     VALUES ($1, $2, $3, 'square', 'simulator', $4, $5, $5, 'connected', $6, $7, $8::jsonb, now(), now())`,
    [
      connectionId,
      businessId,
      channelId,
      square.baseUrl,
      square.credentials.merchantId,
      sealSecrets(secrets, TOKEN_KEY, connectionId),
      secrets.token.expiresAt,
      JSON.stringify({ external_location_id: squareLocation }),
    ],
  );
  const listings = [...byProduct.keys()].map((productId) => ({ id: newId(), product_id: productId }));
  const listingOf = new Map(listings.map((l) => [l.product_id, l.id]));
  await client.query(
    `INSERT INTO channel_listings (id, business_id, connection_id, product_id, status, listed_at)
     SELECT x.id, $1, $2, x.product_id, 'active', now() FROM jsonb_to_recordset($3::jsonb) AS x(id uuid, product_id uuid)`,
    [businessId, connectionId, JSON.stringify(listings)],
  );
  const listedRows = sizes.map((s) => {
    const ref = refs.get(s.sku);
    return {
      id: newId(),
      listing_id: listingOf.get(s.product_id),
      variant_id: s.variant_id,
      sku: s.sku,
      quantity: s.available,
      ref: { platform: 'square', sku: s.sku, itemId: ref?.itemId, variationId: ref?.variationId, locationId: squareLocation },
    };
  });
  await client.query(
    `INSERT INTO channel_listing_variants (id, business_id, listing_id, connection_id, variant_id, external_sku, external_ref,
                                           pushed_quantity, pushed_price_cents, pushed_at)
     SELECT x.id, $1, x.listing_id, $2, x.variant_id, x.sku, x.ref, x.quantity, 15000, now()
       FROM jsonb_to_recordset($3::jsonb) AS x(id uuid, listing_id uuid, variant_id uuid, sku text, quantity int, ref jsonb)`,
    [businessId, connectionId, JSON.stringify(listedRows)],
  );
  // The sync log of a busy month: pushes, batches and polls, one in fifty failed.
  await client.query(
    `INSERT INTO sync_log (id, business_id, connection_id, variant_id, operation, ok, quantity, request, response, duration_ms, created_at)
     SELECT gen_random_uuid(), $1, $2, NULL, (ARRAY['quantity', 'price', 'list'])[1 + i % 3], i % 50 <> 0, 3,
            '{"sku": "SC000001-100-9"}', '{"ok": true}', 120, now() - (i * (30 * 86400.0 / $3::int)) * interval '1 second'
       FROM generate_series(1, $3::int) AS i`,
    [businessId, connectionId, SYNC_LOG],
  );
  await settleDatabase(client);
  console.log(
    `Seeded ${PRODUCTS.toLocaleString()} products, ${sizes.length.toLocaleString()} sizes listed on a Square simulator, ${SYNC_LOG.toLocaleString()} sync log rows in ${(ms(t0) / 1000).toFixed(0)} s`,
  );

  const statements = async () =>
    Number(
      (
        await client.query<{ calls: string }>(
          `SELECT coalesce(sum(calls), 0) AS calls FROM pg_stat_statements
            WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT LIKE '%pg_stat_statements%'`,
        )
      ).rows[0]?.calls ?? 0,
    );
  const orm = database.orm;

  // ---- 1. A reconciliation poll ----
  const poll = async () => {
    const job = {
      id: newId(),
      businessId,
      kind: 'sync.reconcile',
      key: `reconcile:${connectionId}`,
      payload: { connectionId },
      attempt: 1,
      maxAttempts: 1,
      lease: 'bench',
    };
    const before = await statements();
    const started = performance.now();
    await reconcileConnection({ em: orm.em.fork(), tokenKey: TOKEN_KEY }, job, 3_600_000);
    const duration = ms(started);
    const sent = (await statements()) - before;
    const [log] = (
      await client.query<{ response: Record<string, unknown> }>(
        `SELECT response FROM sync_log WHERE connection_id = $1 AND operation = 'reconcile' ORDER BY created_at DESC LIMIT 1`,
        [connectionId],
      )
    ).rows;
    return { duration, sent, summary: log?.response };
  };
  const polls = [await poll(), await poll()];
  // Floor: the simulator's answers to the same reads, and one UPDATE of every size's seen quantity.
  const em = orm.em.fork();
  const connectionRow = await loadConnection(em, businessId, connectionId);
  if (!connectionRow) throw new Error('no connection');
  const adapter = await adapterFor({ em, tokenKey: TOKEN_KEY }, connectionRow);
  t0 = performance.now();
  for (let i = 0; i < listedRows.length; i += 500) {
    await (adapter.fetchQuantities as (r: unknown[]) => Promise<unknown>)(listedRows.slice(i, i + 500).map((r) => r.ref));
  }
  const platformMs = ms(t0);
  t0 = performance.now();
  await client.query('BEGIN');
  await client.query(
    `UPDATE channel_listing_variants lv SET channel_quantity = x.q, channel_checked_at = now()
       FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, q int) WHERE lv.id = x.id`,
    [JSON.stringify(listedRows.map((r) => ({ id: r.id, q: r.quantity })))],
  );
  await client.query('ROLLBACK');
  const updateMs = ms(t0);
  console.log(`\n1. Reconciliation poll of ${sizes.length.toLocaleString()} listed sizes (one in ten drifted), twice`);
  for (const p of polls) console.log(`   ${fmt(p.duration)}, ${p.sent.toLocaleString()} statements   (${JSON.stringify(p.summary)})`);
  console.log(
    `   floor: Square simulator answering the quantity reads ${fmt(platformMs)} + one UPDATE of every size's seen quantity ${fmt(updateMs)} = ${fmt(platformMs + updateMs)}`,
  );

  // ---- 2. A price change of every listed size ----
  await client.query(`DELETE FROM jobs WHERE business_id = $1 AND kind IN ('sync.push_quantity', 'sync.push_price')`, [businessId]);
  const enqueueRuns: { duration: number; sent: number; queued: number }[] = [];
  for (let run = 0; run < 3; run++) {
    const before = await statements();
    let duration = 0;
    let queued = 0;
    await orm.em
      .fork()
      .transactional(async (tx) => {
        const started = performance.now();
        await enqueuePricePushes(tx, businessId, { channelId: channelId ?? '' });
        duration = ms(started);
        const [row] = await tx.execute<{ n: string }[]>(
          `SELECT count(*) AS n FROM jobs WHERE kind = 'sync.push_price' AND status = 'queued'`,
        );
        queued = Number(row?.n ?? 0);
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    enqueueRuns.push({ duration, sent: (await statements()) - before - 3, queued }); // less BEGIN, the count and ROLLBACK
  }
  const floorRuns: number[] = [];
  for (let run = 0; run < 3; run++) {
    await client.query('BEGIN');
    t0 = performance.now();
    await client.query(
      `INSERT INTO jobs (id, business_id, kind, coalesce_key, payload)
       SELECT gen_random_uuid(), $1, 'sync.push_price', 'price:' || w.variant_id, jsonb_build_object('variantId', w.variant_id)
         FROM (SELECT DISTINCT v.variant_id FROM channel_listing_variants v
                 JOIN channel_listings l ON l.id = v.listing_id AND l.status IN ('active', 'pending')
                 JOIN channel_connections c ON c.id = v.connection_id
                WHERE v.business_id = $1 AND c.channel_id = $2) w
       ON CONFLICT (coalesce_key) WHERE status = 'queued' DO UPDATE SET run_at = least(jobs.run_at, excluded.run_at), updated_at = now()`,
      [businessId, channelId],
    );
    floorRuns.push(ms(t0));
    await client.query('ROLLBACK');
  }
  const e = enqueueRuns[enqueueRuns.length - 1];
  console.log(`\n2. Price change of every listed size (the channel's price rule): one coalesced push per size, three runs`);
  console.log(
    `   median ${fmt(median(enqueueRuns.map((r) => r.duration)))} (${enqueueRuns.map((r) => fmt(r.duration)).join(', ')}), ${e?.sent.toLocaleString()} statements, ${e?.queued.toLocaleString()} pushes queued`,
  );
  console.log(`   floor: one INSERT … SELECT of the same jobs, median ${fmt(median(floorRuns))}`);

  // ---- 3. Sync Health ----
  await client.query(
    `INSERT INTO jobs (id, business_id, kind, coalesce_key, payload, run_at)
     SELECT gen_random_uuid(), $1, 'sync.push_quantity', 'qty:' || v.variant_id, jsonb_build_object('variantId', v.variant_id), now() + interval '1 hour'
       FROM (SELECT variant_id FROM channel_listing_variants WHERE connection_id = $2 ORDER BY id LIMIT $3) v`,
    [businessId, connectionId, QUEUED_PUSHES],
  );
  await client.query('ANALYZE jobs');
  const healthRuns: number[] = [];
  let healthStatements = 0;
  let shown = '';
  for (let run = 0; run < 3; run++) {
    const before = await statements();
    t0 = performance.now();
    const health = await syncHealth(orm.em.fork(), businessId);
    healthRuns.push(ms(t0));
    healthStatements = (await statements()) - before;
    const c = health.connections[0];
    shown = `last success ${c?.last_success_at}, jobs ${JSON.stringify(c?.jobs)}, ${c?.operations_24h} calls in 24 h`;
  }
  const lastOk: number[] = [];
  const openJobs: number[] = [];
  for (let run = 0; run < 3; run++) {
    t0 = performance.now();
    await client.query(
      `SELECT created_at FROM sync_log WHERE business_id = $1 AND connection_id = $2 AND ok ORDER BY created_at DESC LIMIT 1`,
      [businessId, connectionId],
    );
    lastOk.push(ms(t0));
    t0 = performance.now();
    await client.query(
      `SELECT kind, status, count(*) FROM jobs WHERE business_id = $1 AND kind = ANY($2) AND status IN ('queued', 'running', 'failed') GROUP BY 1, 2`,
      [businessId, ['sync.reconcile', 'sync.refresh_token', 'sync.push_quantity', 'sync.push_price', 'sync.webhook_event', 'batch.run']],
    );
    openJobs.push(ms(t0));
  }
  console.log(
    `\n3. Sync Health with ${SYNC_LOG.toLocaleString()} log rows and ${QUEUED_PUSHES.toLocaleString()} queued pushes, three runs`,
  );
  console.log(`   median ${fmt(median(healthRuns))} (${healthRuns.map(fmt).join(', ')}), ${healthStatements} statements   (${shown})`);
  console.log(
    `   floor: newest successful log row by index ${fmt(median(lastOk))} + the open jobs by index ${fmt(median(openJobs))} = ${fmt(median(lastOk) + median(openJobs))}`,
  );
} finally {
  await client.end().catch(() => {});
  await square.close();
  await database.stop();
}
