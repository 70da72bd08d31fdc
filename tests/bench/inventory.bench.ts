// `npm run bench:inventory`: one business with 100,000 products, 400,000 variants and 1,000,000
// movements, an opening cost lot per level and a year of trading (50,000 sales, as bench:load seeds
// them), then p50/p95/p99 of the hot inventory paths through the HTTP API, with the raw SQL of the
// very statements the API runs beside the search and the three summaries (the products summary, the
// inventory summary and the dashboard). Prints figures; asserts nothing. Sizes: BENCH_PRODUCTS
// (default 100000), BENCH_SALES (50000), BENCH_SAMPLES (200), BENCH_SEARCH_SAMPLES (1000: a p95 of 200
// samples is their 10th slowest, too few to compare two figures by), BENCH_SUMMARY_SAMPLES (100).
// BENCH_KEEP=1 leaves the app running on that data afterwards, to try the screens in a browser.
import pg from 'pg';
import { tenantDb } from '../../api/src/db/tenant-db.ts';
import { dashboardQueries } from '../../api/src/modules/analytics/dashboard.service.ts';
import {
  productDetailsQuery,
  productPageQuery,
  productRowsQuery,
  productSetSummaryQuery,
} from '../../api/src/modules/catalog/product-query.ts';
import { inventorySummaryQuery } from '../../api/src/modules/inventory/inventory.service.ts';
import { productFilterSchema, productListQuerySchema } from '../../shared/src/schemas/catalog.ts';
import { type ApiServer, registerBenchOwner, startApiServer, startBenchDatabase } from './bench-server.ts';
import { httpJsonClient } from './http-client.ts';
import { recomputeProductStock } from './product-stock.ts';
import { seedCatalog, seededCounts, settleDatabase } from './seed-catalog.ts';
import { seedCostLots, seedSalesHistory } from './seed-history.ts';
import { percentiles as stats, timeInterleaved } from './stats.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const SEARCH_SAMPLES = Number(process.env.BENCH_SEARCH_SAMPLES ?? 1000);
const SUMMARY_SAMPLES = Number(process.env.BENCH_SUMMARY_SAMPLES ?? 100);
const SALES = Number(process.env.BENCH_SALES ?? 50_000);

const database = await startBenchDatabase('tradepost-bench');
let server: ApiServer | null = null;
try {
  const { orm } = database;
  server = await startApiServer(database);
  const base = server.base;

  const http = httpJsonClient(base);
  const api = (method: string, path: string, token?: string, body?: unknown) => http.json(method, `/api/v1${path}`, { token, body });
  const { token, businessId, locationId } = await registerBenchOwner(base);
  await api('GET', `/businesses/${businessId}/channels`, token); // creates the business's sales channels

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const started = performance.now();
  await seedCatalog(client, { businessId, locationId, products: PRODUCTS });
  // What the dashboard and the summaries value and age: a cost lot per level, and a year of sales.
  await seedCostLots(client, businessId);
  await seedSalesHistory(client, { businessId, locationId, sales: SALES, customers: 5_000 });
  await recomputeProductStock(client, businessId);
  await settleDatabase(client);
  const counts = await seededCounts(client);
  console.log(
    `seeded ${counts.products} products, ${counts.variants} variants, ${counts.movements} movements, ${SALES} sales in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );

  const fmt = (name: string, s: { p50: number; p95: number; p99: number }) =>
    `${name.padEnd(46)} p50 ${s.p50.toFixed(1).padStart(6)} ms   p95 ${s.p95.toFixed(1).padStart(6)} ms   p99 ${s.p99.toFixed(1).padStart(6)} ms`;
  const time = async (run: (i: number) => Promise<unknown>, count = SAMPLES) => {
    for (let i = 0; i < 10; i += 1) await run(i); // warm-up
    const samples: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const t0 = performance.now();
      await run(i);
      samples.push(performance.now() - t0);
    }
    return stats(samples);
  };
  // Ours against raw SQL, interleaved (stats.ts), after 10 warm-ups of each.
  const timeAgainstRaw = async (ours: (i: number) => Promise<unknown>, raw: (i: number) => Promise<unknown>, count = SAMPLES) => {
    const { ours: api, floor } = await timeInterleaved(ours, raw, { count, warmUps: 10 });
    return { ours: api, raw: floor };
  };

  // What a person types, one keystroke at a time.
  const typed = [
    'j',
    'jo',
    'jor',
    'jord',
    'jorda',
    'jordan',
    'jordan r',
    'jordan re',
    'jordan ret',
    'jordan retro',
    'sam',
    'samb',
    'samba',
    'sc0123',
    'sc01234',
    'chicago',
    'mocha',
    'panda',
  ];
  const query = (i: number) => typed[i % typed.length] ?? 'j';
  // Exactly what the products page sends on each keystroke: a page of 50 table lines, no count (the
  // count and the values come from /products/summary, which the page asks for separately and waits for less).
  const searchPath = (i: number, shape: 'rows' | 'full') =>
    `/businesses/${businessId}/products${shape === 'rows' ? '/rows' : ''}?q=${encodeURIComponent(query(i))}&limit=50`;
  // The raw figure runs the very statements the API runs for that request (the page's ids, then the
  // shape of those rows), built by the same functions from the same parsed query, on PostgreSQL directly.
  const builder = tenantDb(orm.em.fork(), businessId);
  /** A compiled statement as the API sends it: SQL text with bound values. */
  type Compilable = { compile: () => { sql: string; parameters: readonly unknown[] } };
  const run = (query: Compilable) => {
    const compiled = query.compile();
    return client.query({ text: compiled.sql, values: [...compiled.parameters] });
  };
  const rawSearch = (shapeQuery: (db: typeof builder, ids: string[]) => Compilable) => async (i: number) => {
    const q = productListQuerySchema.parse({ q: query(i), limit: '50' });
    const ids = (await run(productPageQuery(builder, q))).rows as { id: string }[];
    if (ids.length)
      await run(
        shapeQuery(
          builder,
          ids.map((r) => r.id),
        ),
      );
  };
  const search = await timeAgainstRaw((i) => api('GET', searchPath(i, 'rows'), token), rawSearch(productRowsQuery), SEARCH_SAMPLES);
  // The same search as full products (variants, SKUs, barcodes, prices): what pickers and API clients ask.
  const fullSearch = await timeAgainstRaw((i) => api('GET', searchPath(i, 'full'), token), rawSearch(productDetailsQuery), SEARCH_SAMPLES);
  // The figures above the table for a filtered set (count, units, value at cost and at price).
  const summaries = ['brand=Jordan', 'q=samba', 'q=sc0123', 'brand=Nike&q=chicago'];
  const summaryQuery = (i: number) => summaries[i % summaries.length] ?? 'q=samba';
  const { ours: summary, raw: rawSummary } = await timeAgainstRaw(
    (i) => api('GET', `/businesses/${businessId}/products/summary?${summaryQuery(i)}`, token),
    async (i) => {
      const filter = productFilterSchema.parse(Object.fromEntries(new URLSearchParams(summaryQuery(i))));
      await run(productSetSummaryQuery(builder, filter));
    },
    SUMMARY_SAMPLES,
  );
  // The three summaries of issue #16, each beside the very statements it runs: the products page's
  // figures for the whole active catalog, the inventory summary, and the dashboard (its statements one
  // after another, as the API runs them).
  const wholeFilter = productFilterSchema.parse({});
  const { ours: wholeSummary, raw: rawWholeSummary } = await timeAgainstRaw(
    () => api('GET', `/businesses/${businessId}/products/summary`, token),
    () => run(productSetSummaryQuery(builder, wholeFilter)),
    SUMMARY_SAMPLES,
  );
  const { ours: stockSummary, raw: rawStockSummary } = await timeAgainstRaw(
    () => api('GET', `/businesses/${businessId}/inventory/summary`, token),
    () => run(inventorySummaryQuery(builder)),
    SUMMARY_SAMPLES,
  );
  // The dashboard reads the stock's totals itself (in `open`), not through the inventory summary.
  const dashboardStatements = dashboardQueries(builder);
  const { ours: dashboard, raw: rawDashboard } = await timeAgainstRaw(
    () => api('GET', `/businesses/${businessId}/analytics/dashboard`, token),
    async () => {
      for (const statement of Object.values(dashboardStatements)) await run(statement);
    },
    SUMMARY_SAMPLES,
  );
  // Where the dashboard's time goes: each of its statements alone.
  const dashboardParts = new Map<string, { p50: number; p95: number; p99: number }>();
  for (const [name, statement] of Object.entries(dashboardStatements))
    dashboardParts.set(name, await time(() => run(statement), Math.min(SUMMARY_SAMPLES, 50)));
  const figures = {
    products: await api('GET', `/businesses/${businessId}/products/summary`, token),
    inventory: await api('GET', `/businesses/${businessId}/inventory/summary`, token),
  };
  // The floor under every figure: an HTTP round trip that touches the database, then the same with
  // the signed-in session checked.
  const health = await time(() => http.request('GET', '/health'));
  const me = await time(() => api('GET', '/auth/me', token));
  const page = await time((i) =>
    api('GET', `/businesses/${businessId}/products/rows?limit=50&offset=${(i % 20) * 50}&sort=updated_at`, token),
  );
  const byStock = await time((i) =>
    api('GET', `/businesses/${businessId}/products/rows?limit=50&offset=${(i % 20) * 50}&sort=stock`, token),
  );
  const variants = (await client.query('SELECT id FROM variants WHERE business_id = $1 LIMIT 500', [businessId])).rows as { id: string }[];
  const ledger = await time((i) =>
    api('GET', `/businesses/${businessId}/inventory/variants/${variants[i % variants.length]?.id}/ledger`, token),
  );
  const adjust = await time((i) =>
    api('POST', `/businesses/${businessId}/inventory/adjustments`, token, {
      location_id: locationId,
      lines: [{ variant_id: variants[i % variants.length]?.id, quantity: 1, reason: 'found', unit_cost_cents: 5000 }],
    }),
  );

  console.log(
    `${SAMPLES} sequential requests each (search: ${SEARCH_SAMPLES}, summary: ${SUMMARY_SAMPLES}), after 10 warm-up requests; each API figure interleaved with its raw SQL\n`,
  );
  const overhead = (ours: { p50: number; p95: number }, raw: { p50: number; p95: number }) =>
    `${''.padEnd(46)} our overhead: ${(ours.p95 / Math.max(raw.p95, 0.001)).toFixed(2)}× at p95, ${(ours.p50 / Math.max(raw.p50, 0.001)).toFixed(2)}× at p50 (+${(ours.p50 - raw.p50).toFixed(1)} ms)`;
  console.log(fmt('GET /health: HTTP and one SELECT (floor)', health));
  console.log(fmt('GET /auth/me: the floor and the session check', me));
  console.log(fmt('product search as you type (API, table lines)', search.ours));
  console.log(fmt('  the same statements, raw SQL', search.raw));
  console.log(`${overhead(search.ours, search.raw)}  (targets: p95 < 50 ms, overhead ≤ 1.5×)`);
  console.log(fmt('the same search, full products (API)', fullSearch.ours));
  console.log(fmt('  the same statements, raw SQL', fullSearch.raw));
  console.log(overhead(fullSearch.ours, fullSearch.raw));
  console.log(fmt('filtered-set summary (API)', summary));
  console.log(fmt('  the same statement, raw SQL', rawSummary));
  console.log(fmt('products summary, whole active catalog (API)', wholeSummary));
  console.log(fmt('  the same statement, raw SQL', rawWholeSummary));
  console.log(fmt('inventory summary (API)', stockSummary));
  console.log(fmt('  the same statement, raw SQL', rawStockSummary));
  console.log(fmt('dashboard (API)', dashboard));
  console.log(fmt('  the same statements, raw SQL, one after another', rawDashboard));
  for (const [name, part] of dashboardParts) console.log(fmt(`    ${name}, raw SQL`, part));
  console.log(`${''.padEnd(46)} (target for each summary: p95 ≤ 50 ms)`);
  console.log(fmt('products page, 50 lines by updated_at (API)', page));
  console.log(fmt('products page, 50 lines by stock on hand (API)', byStock));
  console.log(fmt("a variant's ledger and reconciliation (API)", ledger));
  console.log(fmt('post an adjustment (API)', adjust));
  console.log(`\nproducts summary: ${JSON.stringify(figures.products)}\ninventory summary: ${JSON.stringify(figures.inventory)}`);
  await client.end();
  http.close();
  if (process.env.BENCH_KEEP === '1') {
    // To look at the screens on the big catalog: the app (web/dist) stays up until Ctrl-C.
    console.log(`\nBENCH_KEEP=1: ${base} is up; sign in as bench@tradepost.test / Amber-Quartz-Pylon-64. Ctrl-C stops it.`);
    await new Promise((resolveStop) => process.once('SIGINT', resolveStop));
  }
} finally {
  await server?.stop();
  await database.stop();
}
