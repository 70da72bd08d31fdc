// `npm run bench:load`: the server under many users at once. One business with 100,000 products
// (seed-catalog.ts: 400,000 sizes, 1,000,000 movements), their opening cost lots and a year of
// trading (seed-history.ts: 50,000 sales, 5,000 customers); the real server process on it; then
// the mix below driven by 20 clients for 60 s and by 200 clients for 60 s, printed side by side per
// route (count, req/s, p50/p95/p99, errors and non-2xx) beside the floor of each route (its p50 when
// each action of the mix runs alone, one client), and what the machine did meanwhile: CPU of the
// server, of PostgreSQL and of this load generator, the server's event loop and database pool
// (server-probe.ts, loaded into the server process), what PostgreSQL's connections waited on and
// which statements took its time (pg-activity.ts, with pg_stat_statements). It then says, from
// those figures, what limited the largest run. Prints figures; asserts nothing.
//
// Goal (issue #15) on this 2-core machine: 0 errors, and the p99 of every read under 250 ms at 20 clients.
//
// Clients are closed loops with no think time: each starts its next action when the last one is
// answered, so N clients keep about N actions in flight (many more real users, who pause). Each
// client has its own keep-alive connections (up to 4, as a browser sends a page's requests together)
// and one of 8 sessions of the owner. Per action, drawn by weight:
//   30  search as you type (products page): a product search sent for growing prefixes of a phrase
//       ("j", "jo", "jor"…; each keystroke kept with probability ½ as the 150 ms debounce merges
//       fast ones, the whole phrase always), GET /products/rows?q=…&limit=50 one after another,
//       then GET /products/summary for the phrase (the page asks for it once typing pauses);
//   20  products page with filters: GET /products/rows (brand, size, in stock, sort by stock,
//       price or title) and /products/summary together; one in four opens the page (also
//       /products/facets and /locations), one in three scrolls on (the next 50 rows);
//   10  dashboard: GET /analytics/dashboard and the recent sales (/sales?limit=20) together;
//   15  sales list: GET /sales (50 newest; also page 2, the open ones, or a search for a customer);
//   15  record a sale in store: the picker's search for a style code (GET /products?q=…&limit=8),
//       then POST /sales of one unit of a size the answer shows in stock;
//   10  stock adjustment: POST /inventory/adjustments of one size, 60% received (+1…3 units at a
//       cost), 40% damaged (−1).
// Sales and adjustments touch the 20,000 best sellers (products 1…20,000: 2-3 units a size, some
// 200,000 units): a run records at most a few thousand sales, and the adjustments add more than
// they remove, so stock never runs out. No client keeps answers (the web app's cache would spare
// some repeats): each client stands for many users each loading a screen once. Writes send an
// Idempotency-Key like the shared client (the sale's key is also its POS order id, as the retail
// page does).
//
// Environment: LOAD_SECONDS (60) per run, LOAD_CLIENTS ("20,200": one run per number),
// LOAD_FLOOR_REPEATS (6 of each action for the floor), BENCH_PRODUCTS (100000), LOAD_HISTORY_SALES
// (50000), LOAD_WITHOUT (reads to leave out, named as in the report, comma-separated: what the rest
// of the mix does without, say, "GET /products/summary,GET /analytics/dashboard").
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import pg from 'pg';
import { registerBenchOwner, signIn, startApiServer, startBenchDatabase } from './bench-server.ts';
import { httpJsonClient } from './http-client.ts';
import { type ActivityWindow, startActivitySampler } from './pg-activity.ts';
import { machineCpuSeconds, postmasterPid, processCpuSeconds, processTreeCpuSeconds } from './process-cpu.ts';
import { recomputeProductStock } from './product-stock.ts';
import { SEEDED_BRANDS, SEEDED_SIZES, seedCatalog, seededCounts, seededStyleCode, settleDatabase } from './seed-catalog.ts';
import { seedCostLots, seedSalesHistory } from './seed-history.ts';
import type { ProbeWindow } from './server-probe.ts';
import { percentiles } from './stats.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CLIENTS = (process.env.LOAD_CLIENTS ?? '20,200').split(',').map((n) => Number(n.trim()));
const FLOOR_REPEATS = Number(process.env.LOAD_FLOOR_REPEATS ?? 6);
/** Routes left out of the mix (comma-separated, as the report names them), to see what the rest does. */
const WITHOUT = new Set(
  (process.env.LOAD_WITHOUT ?? '')
    .split(',')
    .map((route) => route.trim())
    .filter(Boolean),
);
const HISTORY_SALES = Number(process.env.LOAD_HISTORY_SALES ?? 50_000);
const HISTORY_CUSTOMERS = 5_000;
const BEST_SELLERS = Math.min(PRODUCTS, 20_000);
const SESSIONS = 8;
const READ_P99_GOAL_MS = 250;
// The web client gives up on a request after 15 s (spec §9): past that it is an error to the user.
const REQUEST_TIMEOUT_MS = 15_000;

// ---- Recording ----

type RouteFigures = { latencies: number[]; failed: number; statuses: Map<number, number>; examples: string[] };
type Outcome = { status: number; text: string } | Error;

class Recorder {
  readonly routes = new Map<string, RouteFigures>();
  record(route: string, ms: number, outcome: Outcome): void {
    let figures = this.routes.get(route);
    if (!figures) {
      figures = { latencies: [], failed: 0, statuses: new Map(), examples: [] };
      this.routes.set(route, figures);
    }
    figures.latencies.push(ms);
    if (outcome instanceof Error) {
      figures.failed += 1;
      if (figures.examples.length < 3) figures.examples.push(outcome.message);
    } else if (outcome.status < 200 || outcome.status >= 300) {
      figures.statuses.set(outcome.status, (figures.statuses.get(outcome.status) ?? 0) + 1);
      if (figures.examples.length < 3) figures.examples.push(`${outcome.status} ${outcome.text.slice(0, 200)}`);
    }
  }
}

const isWrite = (route: string) => route.startsWith('POST');
/** The routes in the order the report lists them (the mix's, filled in when it is built). */
const routeOrder: string[] = [];

// ---- The mix ----

type Session = { token: string; businessId: string; locationId: string };
type Client = {
  /** The answer's text when it is a 2xx, else null (recorded either way). */
  call: (route: string, method: string, path: string, write?: { key: string; body: unknown }) => Promise<string | null>;
  biz: string;
  session: Session;
  live: () => boolean;
};

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const chance = (p: number) => Math.random() < p;
const query = (params: Record<string, string | number | undefined>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

const PHRASES = [
  'jordan retro high',
  'samba og',
  'new balance 990v6',
  'dunk low panda',
  'air max 90 bred',
  'chicago',
  'sc01234',
  'yeezy foam runner',
  'gel-kayano 14',
  'salomon xt-6',
  'mocha',
  'puma speedcat',
  'converse chuck 70',
  'lucky green',
];
const SORTS = ['updated_at', 'title', 'price', 'stock'] as const;
const CUSTOMER_SEARCHES = ['garcia', 'chen', 'alex', 'okafor', 'morgan kim'];

async function searchAsYouType(c: Client): Promise<void> {
  const phrase = pick(PHRASES);
  for (let length = 1; length <= phrase.length && c.live(); length += 1) {
    if (length < phrase.length && (phrase[length - 1] === ' ' || !chance(0.5))) continue;
    const q = phrase.slice(0, length);
    await c.call(
      'GET /products/rows (typing)',
      'GET',
      `${c.biz}/products/rows?${query({ q, limit: 50, offset: 0, sort: 'updated_at', status: 'active' })}`,
    );
  }
  if (c.live()) await c.call('GET /products/summary', 'GET', `${c.biz}/products/summary?${query({ q: phrase, status: 'active' })}`);
}

async function productsPage(c: Client): Promise<void> {
  const filter = {
    status: 'active',
    brand: chance(0.4) ? pick(SEEDED_BRANDS) : undefined,
    size: chance(0.25) ? pick(SEEDED_SIZES) : undefined,
    in_stock: chance(0.3) ? 'true' : undefined,
  };
  const sort = pick(SORTS);
  const rows = (offset: number) => `${c.biz}/products/rows?${query({ limit: 50, offset, sort, ...filter })}`;
  const requests = [
    c.call('GET /products/rows (page)', 'GET', rows(0)),
    c.call('GET /products/summary', 'GET', `${c.biz}/products/summary?${query(filter)}`),
  ];
  if (chance(0.25)) {
    requests.push(c.call('GET /products/facets', 'GET', `${c.biz}/products/facets?status=active`));
    requests.push(c.call('GET /locations', 'GET', `${c.biz}/locations`));
  }
  await Promise.all(requests);
  if (chance(1 / 3) && c.live()) await c.call('GET /products/rows (page)', 'GET', rows(50));
}

async function dashboard(c: Client): Promise<void> {
  await Promise.all([
    c.call('GET /analytics/dashboard', 'GET', `${c.biz}/analytics/dashboard`),
    c.call('GET /sales', 'GET', `${c.biz}/sales?${query({ limit: 20, sort: 'created_at' })}`),
  ]);
}

async function salesList(c: Client): Promise<void> {
  const roll = Math.random();
  if (roll < 0.15) {
    await c.call(
      'GET /sales?q= (search)',
      'GET',
      `${c.biz}/sales?${query({ q: pick(CUSTOMER_SEARCHES), status: 'all', limit: 50, offset: 0, sort: 'created_at' })}`,
    );
    return;
  }
  const status = roll < 0.3 ? 'open' : 'all';
  const offset = roll > 0.85 ? 50 : 0;
  await c.call('GET /sales', 'GET', `${c.biz}/sales?${query({ status, limit: 50, offset, sort: 'created_at' })}`);
}

type PickerProduct = { retail_price_cents: number | null; variants: { id: string; available: number; price_cents: number | null }[] };

async function recordSale(c: Client): Promise<void> {
  const code = seededStyleCode(1 + Math.floor(Math.random() * BEST_SELLERS));
  const found = await c.call(
    'GET /products?q= (picker)',
    'GET',
    `${c.biz}/products?${query({ q: code, limit: 8, offset: 0, sort: 'updated_at' })}`,
  );
  if (found === null || !c.live()) return;
  const product = (JSON.parse(found) as { items: PickerProduct[] }).items[0];
  const inStock = product?.variants.filter((v) => v.available > 0) ?? [];
  if (!product || inStock.length === 0) return;
  const variant = pick(inStock);
  const key = randomUUID();
  await c.call('POST /sales', 'POST', `${c.biz}/sales`, {
    key,
    body: {
      channel: 'in_store',
      external_order_id: `POS-${key}`,
      location_id: c.session.locationId,
      lines: [{ variant_id: variant.id, quantity: 1, unit_price_cents: variant.price_cents ?? product.retail_price_cents ?? 0 }],
    },
  });
}

function adjustment(variants: string[]) {
  return async (c: Client): Promise<void> => {
    const received = chance(0.6);
    await c.call('POST /inventory/adjustments', 'POST', `${c.biz}/inventory/adjustments`, {
      key: randomUUID(),
      body: {
        location_id: c.session.locationId,
        lines: [
          received
            ? {
                variant_id: pick(variants),
                quantity: 1 + Math.floor(Math.random() * 3),
                reason: 'received',
                unit_cost_cents: 5_000 + 100 * Math.floor(Math.random() * 40),
              }
            : { variant_id: pick(variants), quantity: -1, reason: 'damaged' },
        ],
      },
    });
  };
}

// ---- Runs ----

type RunFigures = {
  clients: number;
  seconds: number;
  recorder: Recorder;
  actions: number;
  /** Requests sent inside the window and answered after it (not timed). */
  leftOver: number;
  probe: ProbeWindow;
  activity: ActivityWindow;
  cpu: { server: number; postgres: number; generator: number; machineBusy: number; machineCapacity: number };
};

const database = await startBenchDatabase('tradepost-bench-load', { statementStats: true });
let server: Awaited<ReturnType<typeof startApiServer>> | null = null;
let sampler: Awaited<ReturnType<typeof startActivitySampler>> | null = null;
try {
  server = await startApiServer(database, { nodeArgs: ['--import', resolve(import.meta.dirname, 'server-probe.ts')], ipc: true });
  const { base, child } = server;
  const owner = await registerBenchOwner(base);
  const biz = `/api/v1/businesses/${owner.businessId}`;
  const setup = httpJsonClient(base);
  await setup.json('GET', `${biz}/channels`, { token: owner.token }); // creates the business's sales channels
  setup.close();

  const db = new pg.Client({ connectionString: database.url });
  db.on('error', () => {}); // a statement's failure still rejects it; this is the connection ending
  await db.connect();
  const started = performance.now();
  await seedCatalog(db, { businessId: owner.businessId, locationId: owner.locationId, products: PRODUCTS });
  await seedCostLots(db, owner.businessId);
  // The lots were written past the ledger: the kept per-product figures (value at cost) follow them.
  await recomputeProductStock(db, owner.businessId);
  await seedSalesHistory(db, {
    businessId: owner.businessId,
    locationId: owner.locationId,
    sales: HISTORY_SALES,
    customers: HISTORY_CUSTOMERS,
  });
  await settleDatabase(db);
  const counts = await seededCounts(db);
  console.log(
    `seeded ${counts.products} products, ${counts.variants} sizes, ${counts.movements} movements, ${HISTORY_SALES} sales, ${HISTORY_CUSTOMERS} customers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const bestSellerSizes = (
    await db.query(`SELECT id FROM variants WHERE business_id = $1 AND sku < $2`, [owner.businessId, seededStyleCode(BEST_SELLERS + 1)])
  ).rows.map((r: { id: string }) => r.id);
  await db.end();

  const sessions: Session[] = [{ token: owner.token, businessId: owner.businessId, locationId: owner.locationId }];
  while (sessions.length < SESSIONS) sessions.push({ ...(await signIn(base)), locationId: owner.locationId });

  /** The actions, with the routes each may call (in the report's order). */
  const mix: { weight: number; run: (c: Client) => Promise<void>; routes: string[] }[] = [
    { weight: 30, run: searchAsYouType, routes: ['GET /products/rows (typing)', 'GET /products/summary'] },
    {
      weight: 20,
      run: productsPage,
      routes: ['GET /products/rows (page)', 'GET /products/summary', 'GET /products/facets', 'GET /locations'],
    },
    { weight: 10, run: dashboard, routes: ['GET /analytics/dashboard', 'GET /sales'] },
    { weight: 15, run: salesList, routes: ['GET /sales', 'GET /sales?q= (search)'] },
    { weight: 15, run: recordSale, routes: ['GET /products?q= (picker)', 'POST /sales'] },
    { weight: 10, run: adjustment(bestSellerSizes), routes: ['POST /inventory/adjustments'] },
  ];
  routeOrder.push(...new Set(mix.flatMap((m) => m.routes)));
  const totalWeight = mix.reduce((sum, m) => sum + m.weight, 0);
  const drawAction = () => {
    let roll = Math.random() * totalWeight;
    for (const m of mix) {
      roll -= m.weight;
      if (roll < 0) return m.run;
    }
    return mix[0]?.run ?? searchAsYouType;
  };

  const probe = (message: 'start' | 'stop') =>
    new Promise<ProbeWindow | null>((answer) => {
      const listener = (reply: { probe?: string; window?: ProbeWindow }) => {
        if (reply?.probe !== (message === 'start' ? 'started' : 'window')) return;
        (child as ChildProcess).off('message', listener);
        answer(reply.window ?? null);
      };
      child.on('message', listener);
      child.send({ probe: message });
    });
  sampler = await startActivitySampler(database.url);
  const pgPid = postmasterPid(database.pgDir);
  const serverPid = child.pid ?? 0;

  /** A client of the mix: its own connections and one of the sessions; `answered` sees every answer. */
  const openClient = (n: number, live: () => boolean, answered: (route: string, sent: number, outcome: Outcome) => void) => {
    const http = httpJsonClient(base, { sockets: 4 });
    const session = sessions[n % sessions.length] as Session;
    const client: Client = {
      biz: `/api/v1/businesses/${session.businessId}`,
      session,
      live,
      call: async (route, method, path, write) => {
        if (WITHOUT.has(route)) return null;
        const sent = performance.now();
        let outcome: Outcome;
        try {
          outcome = await http.request(method, path, {
            token: session.token,
            body: write?.body,
            headers: write ? { 'Idempotency-Key': write.key } : {},
            timeoutMs: REQUEST_TIMEOUT_MS,
          });
        } catch (error) {
          outcome = error instanceof Error ? error : new Error(String(error));
        }
        answered(route, sent, outcome);
        return outcome instanceof Error || outcome.status < 200 || outcome.status >= 300 ? null : outcome.text;
      },
    };
    return { client, close: () => http.close() };
  };

  // One run: `clients` clients for `seconds`. What the window measures is what completed inside it;
  // requests still running at its end are waited for (so the next run starts on a quiet server)
  // and counted as left over, not timed: the ones in flight at any instant are the slow ones.
  const drive = async (clients: number, seconds: number): Promise<RunFigures> => {
    const recorder = new Recorder();
    let actions = 0;
    let leftOver = 0;
    await probe('start');
    await sampler?.window();
    const cpu0 = {
      server: processCpuSeconds(serverPid),
      postgres: processTreeCpuSeconds(pgPid),
      generator: process.cpuUsage(),
      machine: machineCpuSeconds(),
    };
    const t0 = performance.now();
    const deadline = t0 + seconds * 1000;
    const live = () => performance.now() < deadline;
    const atDeadline = new Promise<Omit<RunFigures, 'recorder' | 'actions' | 'leftOver'>>((done, fail) =>
      setTimeout(async () => {
        try {
          const generator = process.cpuUsage(cpu0.generator);
          const machine = machineCpuSeconds();
          const cpu = {
            server: processCpuSeconds(serverPid) - cpu0.server,
            postgres: processTreeCpuSeconds(pgPid) - cpu0.postgres,
            generator: (generator.user + generator.system) / 1e6,
            machineBusy: machine.busy - cpu0.machine.busy,
            machineCapacity: machine.total - cpu0.machine.total,
          };
          const elapsed = (performance.now() - t0) / 1000;
          const [probeWindow, activity] = await Promise.all([probe('stop'), sampler?.window()]);
          if (!probeWindow || !activity) throw new Error('no figures from the server probe or the activity sampler');
          done({ clients, seconds: elapsed, probe: probeWindow, activity, cpu });
        } catch (error) {
          fail(error);
        }
      }, seconds * 1000),
    );
    await Promise.all(
      Array.from({ length: clients }, async (_, n) => {
        const { client, close } = openClient(n, live, (route, sent, outcome) => {
          const at = performance.now();
          if (at <= deadline) recorder.record(route, at - sent, outcome);
          else leftOver += 1;
        });
        // Spread the clients' first requests over the first half second.
        await new Promise((r) => setTimeout(r, Math.random() * 500));
        while (live()) {
          await drawAction()(client);
          if (performance.now() <= deadline) actions += 1;
        }
        close();
      }),
    );
    return { ...(await atDeadline), recorder, actions, leftOver };
  };

  // Warm-up (JIT, PostgreSQL's buffers, the session cache), not measured.
  await drive(20, Math.min(5, SECONDS));
  // The floor: each action of the mix alone, FLOOR_REPEATS times in a row, by one client.
  const floor = new Recorder();
  const solo = openClient(
    0,
    () => true,
    (route, sent, outcome) => floor.record(route, performance.now() - sent, outcome),
  );
  // Each action until each of its routes has FLOOR_REPEATS answers (some routes are only sometimes called).
  for (const action of mix)
    for (
      let i = 0;
      i < 10 * FLOOR_REPEATS && action.routes.some((route) => (floor.routes.get(route)?.latencies.length ?? 0) < FLOOR_REPEATS);
      i += 1
    )
      await action.run(solo.client);
  solo.close();
  const runs: RunFigures[] = [];
  for (const clients of CLIENTS) runs.push(await drive(clients, SECONDS));
  report(floor, runs);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await sampler?.close();
  await server?.stop();
  await database.stop();
}

// ---- Report ----

function report(floor: Recorder, runs: RunFigures[]): void {
  const f1 = (n: number) => n.toFixed(1);
  const f0 = (n: number) => n.toFixed(0);
  const pct = (n: number) => `${(100 * n).toFixed(0)}%`;
  const routes = [...new Set([...routeOrder, ...runs.flatMap((r) => [...r.recorder.routes.keys()])])].filter((route) =>
    runs.some((r) => r.recorder.routes.has(route)),
  );
  const merged = (run: RunFigures | Recorder, which: (route: string) => boolean): RouteFigures => {
    const all: RouteFigures = { latencies: [], failed: 0, statuses: new Map(), examples: [] };
    for (const [route, figures] of (run instanceof Recorder ? run : run.recorder).routes) {
      if (!which(route)) continue;
      for (const ms of figures.latencies) all.latencies.push(ms);
      all.failed += figures.failed;
      for (const [status, n] of figures.statuses) all.statuses.set(status, (all.statuses.get(status) ?? 0) + n);
    }
    return all;
  };
  const non2xx = (figures: RouteFigures) => [...figures.statuses.values()].reduce((a, b) => a + b, 0);
  const cell = (run: RunFigures, figures: RouteFigures | undefined) => {
    if (!figures || figures.latencies.length === 0) return `${'—'.padStart(7)}${''.padEnd(43)}`;
    const p = percentiles(figures.latencies);
    return `${String(figures.latencies.length).padStart(7)} ${f1(figures.latencies.length / run.seconds).padStart(6)} ${f0(p.p50).padStart(5)} ${f0(p.p95).padStart(5)} ${f0(p.p99).padStart(5)} ${`${figures.failed}/${non2xx(figures)}`.padStart(9)}`;
  };
  const floorCell = (figures: RouteFigures | undefined) =>
    (figures?.latencies.length ? f1(percentiles(figures.latencies).p50) : '—').padStart(9);
  const label = (text: string) => text.padEnd(30);
  const sep = ' │ ';

  console.log(
    `\nClosed-loop clients, no think time; latencies in ms from request sent to answer read; err/non2xx = network errors or timeouts / answers other than 2xx.`,
  );
  console.log(
    `${label('')}${'floor'.padStart(9)}${runs.map((r) => `${sep}${`${r.clients} clients, ${f0(r.seconds)} s`.padEnd(50)}`).join('')}`,
  );
  console.log(
    `${label('route')}${'1-cl p50'.padStart(9)}${runs.map(() => `${sep}${'count'.padStart(7)} ${'req/s'.padStart(6)} ${'p50'.padStart(5)} ${'p95'.padStart(5)} ${'p99'.padStart(5)} ${'err/non2xx'.padStart(9)}`).join('')}`,
  );
  for (const route of routes)
    console.log(
      `${label(route)}${floorCell(floor.routes.get(route))}${runs.map((r) => `${sep}${cell(r, r.recorder.routes.get(route))}`).join('')}`,
    );
  const groups: [string, (route: string) => boolean][] = [
    ['all reads', (route) => !isWrite(route)],
    ['all writes', isWrite],
    ['all requests', () => true],
  ];
  for (const [name, which] of groups)
    console.log(`${label(name)}${floorCell(merged(floor, which))}${runs.map((r) => `${sep}${cell(r, merged(r, which))}`).join('')}`);
  console.log(
    `${label('actions (mix draws) per second')}${''.padStart(9)}${runs.map((r) => `${sep}${f1(r.actions / r.seconds).padStart(14)}${''.padEnd(36)}`).join('')}`,
  );
  console.log(
    `${label('in flight at the end (untimed)')}${''.padStart(9)}${runs.map((r) => `${sep}${String(r.leftOver).padStart(7)}${''.padEnd(43)}`).join('')}`,
  );

  for (const run of runs)
    for (const [route, figures] of run.recorder.routes)
      if (figures.examples.length)
        console.log(
          `  ${run.clients} clients, ${route}: ${[...figures.statuses].map(([s, n]) => `${n}× ${s}`).join(', ')}${figures.failed ? ` ${figures.failed}× failed` : ''}; e.g. ${figures.examples.join(' | ')}`,
        );

  // The goal, at the run with 20 clients (or the smallest one).
  const goalRun = runs.find((r) => r.clients === 20) ?? runs[0];
  if (goalRun) {
    const reads = routes.filter((route) => !isWrite(route) && goalRun.recorder.routes.has(route));
    const worst = reads
      .map((route) => ({ route, p99: percentiles(goalRun.recorder.routes.get(route)?.latencies ?? []).p99 }))
      .sort((a, b) => b.p99 - a.p99)[0];
    const all = merged(goalRun, () => true);
    const failures = all.failed + non2xx(all);
    const met = failures === 0 && (worst?.p99 ?? 0) < READ_P99_GOAL_MS;
    console.log(
      `\nGoal at ${goalRun.clients} clients: 0 errors and every read's p99 < ${READ_P99_GOAL_MS} ms → ${failures} errors/non-2xx; slowest read p99 ${f0(worst?.p99 ?? 0)} ms (${worst?.route}) — ${met ? 'met' : 'NOT met'}`,
    );
  }

  // Where the time went, per run.
  console.log('\nWhat the machine did (CPU in % of one core; the machine has 2):');
  const row = (name: string, value: (r: RunFigures) => string) =>
    console.log(`  ${name.padEnd(52)}${runs.map((r) => value(r).padStart(24)).join('')}`);
  row('', (r) => `${r.clients} clients`);
  const core = (seconds: number, r: RunFigures) => pct(seconds / r.seconds);
  row('server process (API, all threads)', (r) => core(r.cpu.server, r));
  row('  its event loop busy (utilisation)', (r) => pct(r.probe.eventLoop.utilization));
  row(
    '  event loop delay p50 / p99 / max (ms)',
    (r) => `${f1(r.probe.eventLoop.delayP50Ms)} / ${f1(r.probe.eventLoop.delayP99Ms)} / ${f0(r.probe.eventLoop.delayMaxMs)}`,
  );
  row('PostgreSQL (postmaster and backends)', (r) => core(r.cpu.postgres, r));
  row('this load generator', (r) => core(r.cpu.generator, r));
  row('other processes on the machine', (r) => core(Math.max(0, r.cpu.machineBusy - r.cpu.server - r.cpu.postgres - r.cpu.generator), r));
  row(
    'machine busy (of 200%)',
    (r) => `${core(r.cpu.machineBusy, r)} (${pct(r.cpu.machineBusy / Math.max(r.cpu.machineCapacity, 1e-9))} of all)`,
  );
  console.log('Database pool of the server (pg Pool under MikroORM):');
  row('connections / checkouts per second', (r) => `${r.probe.pool.max} / ${f0(r.probe.pool.checkouts / r.probe.seconds)}`);
  row('checkouts per request', (r) => f1(r.probe.pool.checkouts / Math.max(1, merged(r, () => true).latencies.length)));
  row('checkouts that queued (pool full)', (r) => pct(r.probe.pool.queued / Math.max(1, r.probe.pool.checkouts)));
  row(
    'checkout wait mean / p99 / max (ms)',
    (r) => `${f1(r.probe.pool.waitMeanMs)} / ${f0(r.probe.pool.waitP99Ms)} / ${f0(r.probe.pool.waitMaxMs)}`,
  );
  row('time with every connection out', (r) => pct(r.probe.pool.saturatedShare));
  row('mean connections out / requests waiting for one', (r) => `${f1(r.probe.pool.meanCheckedOut)} / ${f1(r.probe.pool.meanWaiting)}`);
  console.log("PostgreSQL's connections (pg_stat_activity every 100 ms):");
  row('mean running a statement / idle in transaction', (r) => `${f1(r.activity.meanActive)} / ${f1(r.activity.meanIdleInTransaction)}`);
  for (const run of runs)
    console.log(
      `  ${run.clients} clients, running statements by wait (mean backends): ${
        run.activity.waits
          .slice(0, 5)
          .map(([w, n]) => `${w} ${f1(n)}`)
          .join(', ') || 'none'
      }`,
    );
  console.log('Where PostgreSQL spent its time (pg_stat_statements: execution time summed over all connections):');
  for (const run of runs) {
    const { executionMs, costliest } = run.activity;
    console.log(
      `  ${run.clients} clients: ${f1(executionMs / 1000 / run.seconds)} s of statements per second of run; the costliest (share, calls, mean ms):`,
    );
    for (const statement of costliest.slice(0, 6))
      console.log(
        `    ${pct(statement.totalMs / Math.max(executionMs, 1e-9)).padStart(4)} ${String(statement.calls).padStart(7)} ${f1(statement.meanMs).padStart(8)}  ${statementName(statement.query)}`,
      );
  }

  const big = runs.at(-1);
  const small = runs.length > 1 ? runs[0] : undefined;
  if (big) console.log(`\nWhat limits it at ${big.clients} clients:\n  ${verdict(big, small).join('\n  ')}`);

  function verdict(run: RunFigures, before: RunFigures | undefined): string[] {
    const lines: string[] = [];
    const all = merged(run, () => true);
    const answered = (figures: RouteFigures) => figures.latencies.length - figures.failed - non2xx(figures);
    const good = answered(all) / run.seconds;
    const mean = all.latencies.reduce((a, b) => a + b, 0) / Math.max(1, all.latencies.length);
    if (before) {
      const earlier = answered(merged(before, () => true)) / before.seconds;
      lines.push(
        `${f0(good)} good answers (2xx) a second against ${f0(earlier)} at ${before.clients} clients (×${(good / Math.max(earlier, 1e-9)).toFixed(2)}) for ${run.clients / before.clients}× the clients: ${good < earlier * 1.2 ? 'throughput had already peaked, the extra clients only wait in queues' : 'throughput still grew'}; mean latency ${f0(mean)} ms, ${all.latencies.length - answered(all)} errors or non-2xx.`,
      );
    }
    const busy = run.cpu.machineBusy / Math.max(run.cpu.machineCapacity, 1e-9);
    const server = run.cpu.server / run.seconds;
    const postgres = run.cpu.postgres / run.seconds;
    const generator = run.cpu.generator / run.seconds;
    const elu = run.probe.eventLoop.utilization;
    const pool = run.probe.pool;
    const queuedShare = pool.queued / Math.max(1, pool.checkouts);
    const checkoutsPerRequest = pool.checkouts / Math.max(1, all.latencies.length);
    const poolWaitPerRequest = pool.waitMeanMs * checkoutsPerRequest;
    lines.push(
      `CPU: the machine was ${pct(busy)} busy — server ${pct(server)} of a core (event loop ${pct(elu)} busy), PostgreSQL ${pct(postgres)}, this load generator ${pct(generator)}.`,
    );
    lines.push(
      `Pool: ${pct(pool.saturatedShare)} of the time all ${pool.max} connections were out; ${pct(queuedShare)} of checkouts queued, waiting ${f1(pool.waitMeanMs)} ms on average; a request's waits add up to ${f0(poolWaitPerRequest)} ms, ${pct(poolWaitPerRequest / Math.max(mean, 1e-9))} of its mean latency (the dashboard's parallel checkouts overlap).`,
    );
    const lockWaits = run.activity.waits.filter(([w]) => w.startsWith('Lock:')).reduce((a, [, n]) => a + n, 0);
    if (lockWaits > 0.05)
      lines.push(
        `Row locks: on average ${f1(lockWaits)} statements were waiting for a lock (${run.activity.waits
          .filter(([w]) => w.startsWith('Lock:'))
          .map(([w, n]) => `${w} ${f1(n)}`)
          .join(', ')}).`,
      );
    // Busy time of the loop that is not CPU time of the process is time it was ready but not running.
    if (elu - server > 0.3)
      lines.push(
        `The server's event loop was busy ${pct(elu)} of the time but the process got ${pct(server)} of a core: it was ready to run and waited for a CPU.`,
      );
    const causes: string[] = [];
    if (busy > 0.9) {
      const biggest = [
        ['PostgreSQL', postgres],
        ['the API process', server],
        ['the load generator', generator],
      ].sort((a, b) => Number(b[1]) - Number(a[1]))[0];
      causes.push(`the 2 cores are used up (${pct(busy)} busy; the most by ${biggest?.[0]}, ${pct(Number(biggest?.[1]))} of a core)`);
    }
    if (elu > 0.9 && server > 0.8)
      causes.push(`the API's single event loop is saturated (${pct(elu)} busy): requests wait in Node before and between their queries`);
    if (pool.saturatedShare > 0.5 && poolWaitPerRequest > mean * 0.25)
      causes.push(
        `the database pool: all ${pool.max} connections out ${pct(pool.saturatedShare)} of the time, and waiting for one is ${pct(poolWaitPerRequest / mean)} of a request's latency`,
      );
    lines.push(
      causes.length
        ? `Limit: ${causes.join('; and ')}.`
        : `Limit: none of CPU (${pct(busy)}), event loop (${pct(elu)}) or pool (${pct(pool.saturatedShare)} saturated) is saturated; see the waits above.`,
    );
    return lines;
  }
}

/** Which query of the API a statement is, for the ones that matter most; else its first characters. */
function statementName(query: string): string {
  const known: [RegExp, string][] = [
    [/as "units_available"/, 'inventory summary (inventorySummary, on the dashboard)'],
    [/select "bucket", sum\(quantity_remaining\)/, 'aged stock (dashboard)'],
    [/^select \(select count\(\*\) as "products" from/, 'products set summary (GET /products/summary)'],
    [/count\(DISTINCT s\.id\)::int as "sales", coalesce\(sum\(x\.units\)/, 'sales of a period (dashboard)'],
    [/^select "c"\."kind", count\(DISTINCT s\.id\)/, 'sales by channel (dashboard)'],
    [/^select to_char\(d\.day/, 'sales per day (dashboard)'],
    [/^select count\(\*\)::int as "total" from "sales"/, 'sales count (GET /sales)'],
    [/^select "s"\."id" from "sales"/, 'sales page ids (GET /sales)'],
    [/^insert into "business_counters"/, 'next sale number (POST /sales)'],
  ];
  const name = known.find(([pattern]) => pattern.test(query))?.[1];
  return name ? `${name}: ${query.slice(0, 60)}…` : query.length > 120 ? `${query.slice(0, 120)}…` : query;
}
