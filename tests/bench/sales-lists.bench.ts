// `npm run bench:sales-lists`: the sales and customers lists, and recording sales side by side, at
// scale (issue #16). One business with 100,000 products (seed-catalog.ts: 400,000 sizes), their
// opening cost lots and a year of trading (seed-history.ts: 50,000 sales, 5,000 customers), the
// real server process on it; then p50/p95 of each list as the web app asks for it, beside its floor:
// hand-written SQL that gives the same rows on the same data, run on PostgreSQL directly,
// sample by sample in alternating order with the API (so both see the same cache). The floors are
// what the database can do at best, not what the API runs:
// - a sales page: the page's ids from the sales table alone by its sort, its exact count, then the
//   four reads that shape 50 sales (the sale with channel and customer, lines, fulfillments, refunds);
// - a sales search: the sales each trigram index finds (order id, customer name, SKU or product
//   text; the number by equality), joined by id, then the page, count and shape as above;
// - the customers list (the one order the screen offers: most recent order first, then name): the
//   page from a table of each customer's figures computed once by this bench, with an index on the
//   order, and the exact count of customers;
// - recording sales: N clients each posting in-store sales of one unit of its own sizes (no two
//   clients touch the same stock), as many as they can; the floor is the same N connections each
//   writing a sale's rows by hand in one transaction (level, movement, the product's stock, the FIFO
//   lot and its consumption, the sale numbered from the business's counter as its last statement,
//   its line) — no events, no idempotency record, no fulfillment.
// Prints figures; asserts nothing.
//
// Environment: BENCH_PRODUCTS (100000), BENCH_SALES (50000), BENCH_CUSTOMERS (5000), BENCH_SAMPLES
// (100 per list figure), BENCH_SEARCH_SAMPLES (60 per search figure), BENCH_WRITERS ("1,4,20": a run
// per number of concurrent writers), BENCH_WRITE_SALES (240 sales per run).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type ApiServer, registerBenchOwner, startApiServer, startBenchDatabase } from './bench-server.ts';
import { httpJsonClient } from './http-client.ts';
import { seedCatalog, seededCounts, settleDatabase } from './seed-catalog.ts';
import { seedCostLots, seedSalesHistory } from './seed-history.ts';
import { percentiles, timeInterleaved } from './stats.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SALES = Number(process.env.BENCH_SALES ?? 50_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 5_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const SEARCH_SAMPLES = Number(process.env.BENCH_SEARCH_SAMPLES ?? 60);
const WRITERS = (process.env.BENCH_WRITERS ?? '1,4,20').split(',').map((n) => Number(n.trim()));
const WRITE_SALES = Number(process.env.BENCH_WRITE_SALES ?? 240);
const PAGE = 50;

type Stats = ReturnType<typeof percentiles>;
const fmt = (name: string, s: Stats) =>
  `${name.padEnd(58)} p50 ${s.p50.toFixed(1).padStart(7)} ms   p95 ${s.p95.toFixed(1).padStart(7)} ms`;

const query = (params: Record<string, string | number | undefined>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

const database = await startBenchDatabase('tradepost-bench-sales-lists');
let server: ApiServer | null = null;
try {
  server = await startApiServer(database);
  const { base } = server;
  const http = httpJsonClient(base);
  const owner = await registerBenchOwner(base);
  const { token, businessId, locationId } = owner;
  const biz = `/api/v1/businesses/${businessId}`;
  await http.json('GET', `${biz}/channels`, { token }); // creates the business's sales channels

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const started = performance.now();
  await seedCatalog(client, { businessId, locationId, products: PRODUCTS });
  await seedCostLots(client, businessId);
  await seedSalesHistory(client, { businessId, locationId, sales: SALES, customers: CUSTOMERS });
  // The customers floor's figures, computed once (the bench's own table, not the app's).
  await client.query(
    `CREATE TABLE bench_customer_figures AS
     SELECT c.id AS customer_id, c.business_id, c.name,
            (SELECT count(*) FROM sales s WHERE s.business_id = $1 AND s.customer_id = c.id AND s.status <> 'cancelled')::int AS orders,
            (SELECT coalesce(sum((l.quantity - l.quantity_cancelled)::bigint * l.unit_price_cents), 0)
               FROM sales s JOIN sale_lines l ON l.sale_id = s.id WHERE s.business_id = $1 AND s.customer_id = c.id) AS spent_cents,
            (SELECT max(s.ordered_at) FROM sales s WHERE s.business_id = $1 AND s.customer_id = c.id) AS last_order_at
       FROM customers c WHERE c.business_id = $1`,
    [businessId],
  );
  await client.query(
    'CREATE INDEX bench_customer_figures_order ON bench_customer_figures (business_id, last_order_at DESC NULLS LAST, name, customer_id)',
  );
  await settleDatabase(client);
  const counts = await seededCounts(client);
  console.log(
    `seeded ${counts.products} products, ${counts.variants} sizes, ${SALES} sales, ${CUSTOMERS} customers in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );

  const api = async (path: string) => {
    const res = await http.request('GET', `${biz}${path}`, { token });
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.text.slice(0, 300)}`);
    return res.text;
  };
  const raw = (text: string, values: unknown[]) => client.query({ text, values });

  // ---- Floors ----

  /** The four reads that shape a page of sales (as the API's answer holds them). */
  const shapeSales = async (ids: string[]) => {
    if (ids.length === 0) return;
    await raw(
      `SELECT s.id, s.number, s.channel_id, c.kind, c.name, s.external_order_id, s.customer_id, cu.name AS customer_name,
              cu.email AS customer_email, s.status, s.currency, s.shipping_cents, s.note, s.ordered_at, s.created_at, s.cancelled_at
         FROM sales s JOIN sales_channels c ON c.id = s.channel_id LEFT JOIN customers cu ON cu.id = s.customer_id
        WHERE s.business_id = $1 AND s.id = ANY($2::uuid[])`,
      [businessId, ids],
    );
    await raw(
      `SELECT l.id, l.sale_id, l.variant_id, v.product_id, p.title, v.size, v.sku, l.location_id, l.quantity, l.quantity_shipped,
              l.quantity_cancelled, l.quantity_returned, l.unit_price_cents, l.fees_cents, l.tax_cents, l.shipped_cost_cents,
              l.estimated_unit_cost_cents
         FROM sale_lines l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
        WHERE l.business_id = $1 AND l.sale_id = ANY($2::uuid[]) ORDER BY l.id`,
      [businessId, ids],
    );
    await raw(
      'SELECT id, sale_id, location_id, status FROM fulfillments WHERE business_id = $1 AND sale_id = ANY($2::uuid[]) ORDER BY created_at, id',
      [businessId, ids],
    );
    await raw(
      `SELECT id, sale_id, amount_cents, reason, restocked_units, created_at FROM refunds
        WHERE business_id = $1 AND sale_id = ANY($2::uuid[]) ORDER BY created_at`,
      [businessId, ids],
    );
  };
  const channelIds = new Map(
    ((await raw('SELECT kind, id FROM sales_channels WHERE business_id = $1', [businessId])).rows as { kind: string; id: string }[]).map(
      (c) => [c.kind, c.id],
    ),
  );
  const salesPageFloor = (offset: number, channel?: string) => async () => {
    const byChannel = channel ? 'AND channel_id = $3' : '';
    const values = channel ? [businessId, offset, channelIds.get(channel)] : [businessId, offset];
    const page = await raw(
      `SELECT id FROM sales WHERE business_id = $1 ${byChannel} ORDER BY created_at DESC, id DESC LIMIT ${PAGE} OFFSET $2`,
      values,
    );
    await raw(
      `SELECT count(*) FROM sales WHERE business_id = $1 ${channel ? 'AND channel_id = $2' : ''}`,
      values.filter((_, i) => i !== 1),
    );
    await shapeSales(page.rows.map((r: { id: string }) => r.id));
  };
  const likeOf = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const searchFloor = (q: string) => async () => {
    const number = /^#?\d{1,9}$/.test(q) ? Number(q.replace(/^#/, '')) : null;
    const hits = `
      SELECT id FROM sales WHERE business_id = $1 AND lower(external_order_id) LIKE $2
      UNION SELECT id FROM sales WHERE business_id = $1 AND number = $3
      UNION SELECT s.id FROM sales s JOIN customers c ON c.id = s.customer_id
             WHERE s.business_id = $1 AND c.business_id = $1
               AND lower(c.name || ' ' || coalesce(c.email, '')) LIKE $2 AND lower(c.name) LIKE $2
      UNION SELECT l.sale_id FROM sale_lines l
             WHERE l.business_id = $1 AND l.variant_id IN (
               SELECT v.id FROM variants v WHERE v.business_id = $1 AND lower(v.sku) LIKE $2
               UNION SELECT v.id FROM variants v JOIN products p ON p.id = v.product_id
                      WHERE v.business_id = $1 AND p.business_id = $1 AND p.search_text LIKE $2)`;
    const values = [businessId, likeOf(q), number];
    const page = await raw(
      `SELECT id FROM sales WHERE business_id = $1 AND id IN (${hits}) ORDER BY created_at DESC, id DESC LIMIT ${PAGE}`,
      values,
    );
    await raw(`SELECT count(*) FROM (${hits}) AS hits`, values);
    await shapeSales(page.rows.map((r: { id: string }) => r.id));
  };
  const customersFloor = (offset: number, limit: number, q?: string) => async () => {
    const matching = q ? `AND lower(c.name || ' ' || coalesce(c.email, '')) LIKE $3` : '';
    const values = q ? [businessId, offset, likeOf(q)] : [businessId, offset];
    await raw(
      `SELECT c.id, c.name, c.email, c.phone, c.notes, c.created_at, f.orders, f.spent_cents, f.last_order_at
         FROM bench_customer_figures f JOIN customers c ON c.id = f.customer_id
        WHERE f.business_id = $1 ${matching}
        ORDER BY f.last_order_at DESC NULLS LAST, f.name, f.customer_id LIMIT ${limit} OFFSET $2`,
      values,
    );
    await raw(
      `SELECT count(*) FROM customers c WHERE c.business_id = $1 ${q ? `AND lower(c.name || ' ' || coalesce(c.email, '')) LIKE $2` : ''}`,
      q ? [businessId, likeOf(q)] : [businessId],
    );
  };

  // ---- Timing ----

  /** Ours against the floor (stats.ts), after 5 warm-ups of each. */
  const timeAgainstFloor = (ours: (i: number) => Promise<unknown>, floor: (i: number) => Promise<unknown>, count: number) =>
    timeInterleaved(ours, floor, { count, warmUps: 5 });
  const report = (name: string, figures: { ours: Stats; floor: Stats }) => {
    console.log(fmt(name, figures.ours));
    console.log(
      `${fmt('  floor (raw SQL)', figures.floor)}   API/floor at p50: ${(figures.ours.p50 / Math.max(figures.floor.p50, 0.01)).toFixed(1)}×`,
    );
  };

  const deep = Math.floor(SALES / 2 / PAGE) * PAGE;
  const salesList = (params: Record<string, string | number | undefined>) =>
    api(`/sales?${query({ status: 'all', limit: PAGE, offset: 0, sort: 'created_at', ...params })}`);
  console.log(
    `${SAMPLES} samples per list figure, ${SEARCH_SAMPLES} per search figure, each interleaved with its floor; one kept-alive connection\n`,
  );
  report('GET /sales page 1 (50 newest, exact total)', await timeAgainstFloor(() => salesList({}), salesPageFloor(0), SAMPLES));
  report(`GET /sales deep page (offset ${deep})`, await timeAgainstFloor(() => salesList({ offset: deep }), salesPageFloor(deep), SAMPLES));
  report(
    'GET /sales?channel=ebay page 1',
    await timeAgainstFloor(() => salesList({ channel: 'ebay' }), salesPageFloor(0, 'ebay'), SAMPLES),
  );

  // Searches as the sales screen sends them: a customer's name, a sale number, a SKU or style code.
  const searches: [string, string[]][] = [
    ['name', ['garcia', 'chen', 'alex', 'okafor', 'morgan kim']],
    ['number', [`#${1000 + Math.floor(SALES / 3)}`, String(1000 + Math.floor(SALES / 2)), `#${1000 + SALES - 7}`]],
    ['sku', ['sc012345', 'sc0456', 'sc099123-223-10']],
  ];
  for (const [kind, terms] of searches) {
    const term = (i: number) => terms[i % terms.length] ?? '';
    report(
      `GET /sales?q=<${kind}> (${terms.join(', ')})`,
      await timeAgainstFloor(
        (i) => salesList({ q: term(i) }),
        (i) => searchFloor(term(i))(),
        SEARCH_SAMPLES,
      ),
    );
  }

  // The customers screen: one order (most recent order first), 50 at a time, and the checkout's search.
  const customerDeep = Math.floor(CUSTOMERS / 2 / PAGE) * PAGE;
  report(
    'GET /customers page 1 (by most recent order, exact total)',
    await timeAgainstFloor(() => api(`/customers?limit=${PAGE}&offset=0`), customersFloor(0, PAGE), SAMPLES),
  );
  report(
    `GET /customers deep page (offset ${customerDeep})`,
    await timeAgainstFloor(() => api(`/customers?limit=${PAGE}&offset=${customerDeep}`), customersFloor(customerDeep, PAGE), SAMPLES),
  );
  report(
    'GET /customers?q=garcia&limit=8 (checkout search)',
    await timeAgainstFloor(() => api('/customers?q=garcia&limit=8'), customersFloor(0, 8, 'garcia'), SAMPLES),
  );

  // ---- Recording sales concurrently ----

  // Sizes no one sold in the history's newest part: each write takes one unit of its own size.
  const sizes = (
    await raw(
      `SELECT v.id, v.product_id, v.price_cents FROM variants v JOIN stock_levels l ON l.variant_id = v.id AND l.location_id = $2
        WHERE v.business_id = $1 AND l.on_hand >= 2 ORDER BY v.sku DESC LIMIT $3`,
      [businessId, locationId, WRITE_SALES * WRITERS.length * 2 + 100],
    )
  ).rows as { id: string; product_id: string; price_cents: number }[];
  const customerIds = (
    (await raw('SELECT id FROM customers WHERE business_id = $1 ORDER BY id LIMIT 200', [businessId])).rows as { id: string }[]
  ).map((r) => r.id);
  let nextSize = 0;
  const takeSize = () => {
    const size = sizes[nextSize];
    nextSize += 1;
    if (!size) throw new Error('ran out of sizes to sell');
    return size;
  };

  /** `writers` loops at once, `WRITE_SALES` sales among them; sales per second and each sale's time. */
  type Writer = { write: (n: number) => Promise<void>; close: () => Promise<void> | void };
  const concurrently = async (writers: number, open: () => Promise<Writer>) => {
    const loops = await Promise.all(Array.from({ length: writers }, open));
    let left = WRITE_SALES;
    const latencies: number[] = [];
    const t0 = performance.now();
    await Promise.all(
      loops.map(async ({ write }) => {
        while (left > 0) {
          left -= 1;
          const n = left;
          const s0 = performance.now();
          await write(n);
          latencies.push(performance.now() - s0);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    await Promise.all(loops.map((loop) => loop.close()));
    return { perSecond: WRITE_SALES / seconds, stats: percentiles(latencies) };
  };

  const apiWriter = async (): Promise<Writer> => {
    const writer = httpJsonClient(base);
    const write = async (n: number) => {
      const size = takeSize();
      const key = randomUUID();
      // Every third sale names a customer (each a different one), as a checkout with a known buyer.
      const customer = n % 3 === 0 ? customerIds[n % customerIds.length] : undefined;
      const res = await writer.request('POST', `${biz}/sales`, {
        token,
        headers: { 'Idempotency-Key': key },
        body: {
          channel: 'in_store',
          external_order_id: `POS-${key}`,
          location_id: locationId,
          ...(customer ? { customer_id: customer } : {}),
          lines: [{ variant_id: size.id, quantity: 1, unit_price_cents: size.price_cents }],
        },
      });
      if (res.status !== 201) throw new Error(`POST /sales: ${res.status} ${res.text.slice(0, 300)}`);
    };
    return { write, close: () => writer.close() };
  };
  const [{ id: inStore } = { id: '' }] = (
    await raw(`SELECT id FROM sales_channels WHERE business_id = $1 AND kind = 'in_store'`, [businessId])
  ).rows as { id: string }[];
  const floorWriter = async (): Promise<Writer> => {
    const connection = new pg.Client({ connectionString: database.url });
    await connection.connect();
    const q = (text: string, values: unknown[]) => connection.query({ text, values });
    const write = async (n: number) => {
      const size = takeSize();
      const saleId = randomUUID();
      const movementId = randomUUID();
      const customer = n % 3 === 0 ? (customerIds[n % customerIds.length] ?? null) : null;
      await q('BEGIN', []);
      try {
        await q(
          'UPDATE stock_levels SET on_hand = on_hand - 1 WHERE business_id = $1 AND variant_id = $2 AND location_id = $3 RETURNING on_hand',
          [businessId, size.id, locationId],
        );
        await q(
          `INSERT INTO stock_movements (id, business_id, variant_id, location_id, on_hand_delta, reason, reference_type, reference_id)
           VALUES ($1, $2, $3, $4, -1, 'sale', 'sale', $5)`,
          [movementId, businessId, size.id, locationId, saleId],
        );
        await q('UPDATE product_stock SET on_hand = on_hand - 1 WHERE product_id = $1', [size.product_id]);
        const lot = await q(
          `UPDATE cost_lots SET quantity_remaining = quantity_remaining - 1
            WHERE id = (SELECT id FROM cost_lots WHERE business_id = $1 AND variant_id = $2 AND quantity_remaining > 0
                         ORDER BY acquired_at, id LIMIT 1 FOR UPDATE)
            RETURNING id, unit_cost_cents`,
          [businessId, size.id],
        );
        const { id: lotId, unit_cost_cents: cost } = lot.rows[0] as { id: string; unit_cost_cents: number };
        await q(
          'INSERT INTO lot_consumptions (id, business_id, lot_id, movement_id, quantity, unit_cost_cents) VALUES ($1, $2, $3, $4, 1, $5)',
          [randomUUID(), businessId, lotId, movementId, cost],
        );
        await q(
          `WITH n AS (
             UPDATE business_counters SET value = value + 1 WHERE business_id = $1 AND name = 'sale' RETURNING value
           )
           INSERT INTO sales (id, business_id, number, channel_id, external_order_id, customer_id, status, currency)
           SELECT $2, $1, n.value, $3, $4, $5, 'fulfilled', 'USD' FROM n`,
          [businessId, saleId, inStore, `RAW-${saleId}`, customer],
        );
        await q(
          `INSERT INTO sale_lines (id, business_id, sale_id, variant_id, location_id, quantity, quantity_shipped, unit_price_cents, shipped_cost_cents)
           VALUES ($1, $2, $3, $4, $5, 1, 1, $6, $7)`,
          [randomUUID(), businessId, saleId, size.id, locationId, size.price_cents, cost],
        );
        await q('COMMIT', []);
      } catch (error) {
        await q('ROLLBACK', []);
        throw error;
      }
    };
    return { write, close: () => connection.end() };
  };

  console.log(`\nrecording in-store sales of one unit, ${WRITE_SALES} per run; every third names a customer`);
  for (const writers of WRITERS) {
    const ours = await concurrently(writers, apiWriter);
    const floor = await concurrently(writers, floorWriter);
    console.log(
      `${`POST /sales, ${writers} concurrent writer${writers === 1 ? '' : 's'}`.padEnd(40)} ${ours.perSecond.toFixed(1).padStart(7)} sales/s   p50 ${ours.stats.p50.toFixed(1).padStart(7)} ms   p95 ${ours.stats.p95.toFixed(1).padStart(7)} ms`,
    );
    console.log(
      `${'  floor (raw SQL, same connections)'.padEnd(40)} ${floor.perSecond.toFixed(1).padStart(7)} sales/s   p50 ${floor.stats.p50.toFixed(1).padStart(7)} ms   p95 ${floor.stats.p95.toFixed(1).padStart(7)} ms`,
    );
  }
  const numbers = await raw(
    `SELECT count(*)::int AS sales, count(DISTINCT number)::int AS numbers, max(number) - min(number) + 1 AS span
       FROM sales WHERE business_id = $1 AND number > $2`,
    [businessId, 1000 + SALES],
  );
  console.log(`sales recorded in this run: ${JSON.stringify(numbers.rows[0])} (numbers are unique and without gaps when span = sales)`);

  await client.end();
  http.close();
} finally {
  await server?.stop();
  await database.stop();
}
