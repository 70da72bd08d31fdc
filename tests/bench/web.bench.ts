// `npm run bench:web` (issue #16): what a person's browser gets. Builds the web app into a temporary
// folder (scripts/build.ts, a production build), runs the real server serving it on a fresh embedded
// PostgreSQL with BENCH_PRODUCTS products (seed-catalog.ts: 100,000 by default, four sizes each),
// then loads in headless Chromium (1280×900, no service worker) the landing page `/` signed out, and
// `/dashboard` and `/products` signed in as the owner (the session put where the web app keeps it,
// as the e2e helpers do). Each page is loaded BENCH_WEB_RUNS times cold (a new browser context:
// empty cache, new connections; 5 by default) and once warm (the second visit in one context). Per
// load (web-load.ts): requests, bytes over the wire as sent and decoded, split into JS, CSS and the
// rest, every script gzipped on its own (the bundle's size whatever the server does), LCP,
// navigation → first API call, navigation → first data row painted (products), and the session
// checks (GET /api/v1/auth/me). Prints p50 and max of the cold loads, the warm load, and the goals
// beside the figures they are about. Measures; asserts nothing.
//
// BENCH_WEB_SLOW=1 also loads the landing page cold BENCH_WEB_RUNS times on a slow phone network
// (DevTools throttling: 1.6 Mbps down, 750 kbps up, 150 ms round trip; the CPU is not slowed) and
// reports its LCP and bytes.
//
// Before the runs one load of each page is made and thrown away, so the server's first-request
// costs (compiling, opening files, filling the pool) are not in the first cold load.
//
// Environment: BENCH_PRODUCTS (100000), BENCH_WEB_RUNS (5), BENCH_WEB_SLOW (unset), BENCH_SERVER_START_S (120), CHROMIUM_PATH
// (/usr/bin/chromium), BENCH_WEB_ROWS (the first data row's selector; the products table's by default).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Browser, type BrowserContextOptions, chromium } from 'playwright-core';
import { buildWeb } from '../../scripts/build.ts';
import { type ApiServer, BENCH_OWNER, registerBenchOwner, startApiServer, startBenchDatabase } from './bench-server.ts';
import { seedCatalog, seededCounts, settleDatabase } from './seed-catalog.ts';
import { type LoadFigures, type LoadOptions, measureLoad, type Throttle } from './web-load.ts';
import { figuresTable, type Goal, goalsTable, kB, ms, type PageResult, spread } from './web-report.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 5));
const SLOW = process.env.BENCH_WEB_SLOW === '1';
const SERVER_START_S = Number(process.env.BENCH_SERVER_START_S ?? 120);
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The products table's first data row (web/src/pages/products/list/products-table.tsx). */
const ROWS_SELECTOR = process.env.BENCH_WEB_ROWS ?? 'table[aria-label="Products"] tbody tr';
/** Where the web app keeps its session (web/src/features/session/session-model.ts; tests/e2e/support/accounts.ts). */
const SESSION_STORAGE_KEY = 'tradepost.session.v1';
const SLOW_PHONE: Throttle = { latencyMs: 150, downloadBitsPerSecond: 1_600_000, uploadBitsPerSecond: 750_000 };
/** As tests/e2e/support/browser.ts launches it. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const GOALS = { landingJsGzip: 100_000, dashboardJsGzip: 250_000, productsFirstRowsMs: 1_000, sessionChecksPerLoad: 1 };

type PagePlan = { name: string; path: string; signedIn: boolean; rows: boolean };
const PAGES: PagePlan[] = [
  { name: 'landing', path: '/', signedIn: false, rows: false },
  { name: 'dashboard', path: '/dashboard', signedIn: true, rows: false },
  { name: 'products', path: '/products', signedIn: true, rows: true },
];

const webDist = mkdtempSync(join(tmpdir(), 'tradepost-bench-web-dist-'));
console.log(`building the web app into ${webDist}…`);
let started = performance.now();
try {
  buildWeb(webDist);
} catch (error) {
  rmSync(webDist, { recursive: true, force: true });
  throw error;
}
console.log(`built in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const database = await startBenchDatabase('tradepost-bench-web');
let server: ApiServer | null = null;
let browser: Browser | null = null;
try {
  // A busy 2-core machine can take longer than startApiServer's 30 s to start the server: this bench
  // waits up to BENCH_SERVER_START_S (120 s).
  server = await startApiServer(database, { env: { WEB_DIST: webDist }, startTimeoutMs: SERVER_START_S * 1000 });
  const { base } = server;
  const owner = await registerBenchOwner(base);
  const db = new pg.Client({ connectionString: database.url });
  db.on('error', () => {});
  await db.connect();
  started = performance.now();
  await seedCatalog(db, { businessId: owner.businessId, locationId: owner.locationId, products: PRODUCTS });
  await settleDatabase(db);
  const counts = await seededCounts(db);
  await db.end();
  console.log(
    `seeded ${counts.products} products, ${counts.variants} sizes, ${counts.movements} movements in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // One session for every signed-in load, as a person who stays signed in.
  const login = await fetch(`${base}/api/v1/auth/login/json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_OWNER.email, password: BENCH_OWNER.password }),
  });
  if (!login.ok) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
  const session = (await login.json()) as { access_token: string; expires_at: string };
  const signedInState: BrowserContextOptions['storageState'] = {
    cookies: [],
    origins: [
      {
        origin: base,
        localStorage: [
          { name: SESSION_STORAGE_KEY, value: JSON.stringify({ token: session.access_token, expiresAt: Date.parse(session.expires_at) }) },
        ],
      },
    ],
  };

  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const gzipCache = new Map<string, number>();
  const contextFor = (plan: PagePlan) =>
    (browser as Browser).newContext({
      viewport: { width: 1280, height: 900 },
      serviceWorkers: 'block',
      ...(plan.signedIn ? { storageState: signedInState } : {}),
    });
  const optionsFor = (plan: PagePlan, extra: Partial<LoadOptions> = {}): LoadOptions => ({
    gzipCache,
    ...(plan.rows ? { rowsSelector: ROWS_SELECTOR } : {}),
    ...extra,
  });
  const cold = async (plan: PagePlan, extra: Partial<LoadOptions> = {}): Promise<LoadFigures> => {
    const context = await contextFor(plan);
    try {
      return await measureLoad(context, base + plan.path, optionsFor(plan, extra));
    } finally {
      await context.close();
    }
  };

  console.log(`Chromium ${browser.version()}; warming the server up (one load of each page, not counted)…`);
  for (const plan of PAGES) await cold(plan);

  const results: PageResult[] = PAGES.map((plan) => ({ ...plan, cold: [], warm: null }));
  // Pages take turns, so a slow moment of the machine falls on all of them alike.
  for (let run = 1; run <= RUNS; run += 1) {
    for (const [index, plan] of PAGES.entries()) (results[index] as PageResult).cold.push(await cold(plan));
    console.log(`cold run ${run}/${RUNS} done`);
  }
  for (const [index, plan] of PAGES.entries()) {
    const context = await contextFor(plan);
    try {
      await measureLoad(context, base + plan.path, optionsFor(plan));
      (results[index] as PageResult).warm = await measureLoad(context, base + plan.path, optionsFor(plan));
    } finally {
      await context.close();
    }
  }
  const slow: LoadFigures[] = [];
  if (SLOW) {
    for (let run = 1; run <= RUNS; run += 1) slow.push(await cold(PAGES[0] as PagePlan, { throttle: SLOW_PHONE }));
    console.log(`slow-network runs done`);
  }

  report(results, slow, { base, products: Number(counts.products), chromium: browser.version() });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser?.close().catch(() => {});
  await server?.stop();
  await database.stop();
  rmSync(webDist, { recursive: true, force: true });
}

function report(results: PageResult[], slow: LoadFigures[], about: { base: string; products: number; chromium: string }): void {
  const byName = (name: string) => results.find((r) => r.name === name) as PageResult;
  const landing = byName('landing');
  const dashboard = byName('dashboard');
  const products = byName('products');

  console.log(
    `\n${new Date().toISOString()}: ${about.products.toLocaleString('en-US')} products; Chromium ${about.chromium}, 1280×900; ` +
      `${RUNS} cold loads per page (new context: empty cache, new connections) and 1 warm load (second visit, same context); ` +
      `machine load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ')} (1 / 5 / 15 min)\n`,
  );
  console.log(figuresTable(results));

  const warnings: string[] = [];
  for (const page of results) {
    const loads = [...page.cold, ...(page.warm ? [page.warm] : [])];
    const wrongPlace = loads.filter((l) => l.finalPath !== page.path);
    if (wrongPlace.length > 0)
      warnings.push(
        `${page.name}: ${wrongPlace.length} load(s) ended on ${[...new Set(wrongPlace.map((l) => l.finalPath))].join(', ')} instead of ${page.path}` +
          (page.signedIn ? ` (not signed in? the session is put in localStorage "${SESSION_STORAGE_KEY}")` : ''),
      );
    const unsettled = loads.filter((l) => !l.settled).length;
    if (unsettled > 0) warnings.push(`${page.name}: ${unsettled} load(s) never went quiet within the time allowed`);
    const failed = loads.reduce((sum, l) => sum + l.failed, 0);
    if (failed > 0) warnings.push(`${page.name}: ${failed} request(s) failed or were cancelled`);
  }
  const noRows = products.cold.filter((l) => l.firstRowsMs === null).length;
  if (noRows > 0) warnings.push(`products: no data row (${ROWS_SELECTOR}) appeared in ${noRows} cold load(s)`);
  const encodings = [...new Set(results.flatMap((r) => r.cold.flatMap((l) => l.jsEncodings)))];
  console.log(`\nscripts sent with Content-Encoding: ${encodings.join(', ') || '—'}`);
  if (warnings.length > 0) console.log(`\nwarnings:\n${warnings.map((w) => `  ${w}`).join('\n')}`);

  const js = (page: PageResult) => spread(page.cold, (l) => l.jsGzip);
  const twoWay = (s: { p50: number; max: number } | null, format: (n: number) => string) =>
    s === null ? '—' : `${format(s.p50)} (max ${format(s.max)})`;
  const landingJs = js(landing);
  const dashboardJs = js(dashboard);
  const firstRows = spread(products.cold, (l) => l.firstRowsMs);
  const checks = (page: PageResult) => spread(page.cold, (l) => l.sessionChecks);
  const signedInChecks = [dashboard, products].map((p) => checks(p));
  const goals: Goal[] = [
    {
      label: 'landing JavaScript, gzip',
      measured: twoWay(landingJs, kB),
      goal: `≤ ${kB(GOALS.landingJsGzip)}`,
      met: landingJs === null ? null : landingJs.p50 <= GOALS.landingJsGzip,
    },
    {
      label: 'signed-in frame (dashboard) JavaScript, gzip',
      measured: twoWay(dashboardJs, kB),
      goal: `≤ ${kB(GOALS.dashboardJsGzip)}`,
      met: dashboardJs === null ? null : dashboardJs.p50 <= GOALS.dashboardJsGzip,
    },
    {
      label: 'products: navigation → first rows',
      measured: twoWay(firstRows, ms),
      goal: `≤ ${ms(GOALS.productsFirstRowsMs)}`,
      met: firstRows === null ? false : firstRows.p50 <= GOALS.productsFirstRowsMs,
    },
    {
      label: 'session checks per signed-in load',
      measured: `dashboard ${twoWay(signedInChecks[0] ?? null, String)}, products ${twoWay(signedInChecks[1] ?? null, String)}`,
      goal: `= ${GOALS.sessionChecksPerLoad} (every load)`,
      met: signedInChecks.every((c) => c !== null && c.p50 === GOALS.sessionChecksPerLoad && c.max === GOALS.sessionChecksPerLoad),
    },
    {
      label: 'session checks, landing signed out',
      measured: twoWay(checks(landing), String),
      goal: '(no goal)',
      met: null,
    },
  ];
  if (slow.length > 0) {
    goals.push(
      {
        label: 'landing LCP, slow phone network',
        measured: twoWay(
          spread(slow, (l) => l.lcpMs),
          ms,
        ),
        goal: '(no goal)',
        met: null,
      },
      {
        label: '  its bytes over the wire',
        measured: twoWay(
          spread(slow, (l) => l.wire),
          kB,
        ),
        goal: '',
        met: null,
      },
    );
  }
  console.log(`\ngoals (issue #16), judged on the cold loads' p50 (session checks: on every load)\n`);
  console.log(goalsTable(goals));
  if (slow.length > 0) {
    const down = SLOW_PHONE.downloadBitsPerSecond / 1e6;
    console.log(
      `\nslow phone network: ${down} Mbps down, ${SLOW_PHONE.uploadBitsPerSecond / 1e3} kbps up, ${SLOW_PHONE.latencyMs} ms round trip; CPU not slowed`,
    );
  }
  console.log(
    '\nkB = 1,000 bytes. "over the wire": bytes Chromium received, headers included, as the server sent them; "decoded": body bytes after ' +
      'decompression; "JS gzip": each script the page ran gzipped on its own (zlib level 6), whatever the server sent. Times from the start ' +
      'of the navigation; first rows = the frame after the first data row of the products table appeared in view.',
  );
}
