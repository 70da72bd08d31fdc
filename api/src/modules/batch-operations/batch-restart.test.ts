import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { BatchOperation } from '@tradepost/shared/schemas/batch-operations.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EbaySimulator, startEbaySimulator } from '../../../../tests/simulators/ebay/ebay-simulator.ts';
import {
  bearer,
  createTestApp,
  createTestDatabase,
  registerAndLogin,
  type SignedIn,
  TEST_SESSION_SECRET,
  TEST_TOKEN_KEY,
  type TestApp,
} from '../../../test/helper.ts';
import { connectSimulator } from '../../../test/marketplace-support.ts';
import { freePort } from '../../db/embedded-postgres.ts';
import { bulkCalls, createSizedProducts, type ListedVariant, listOnEbaySimulator, simPriceCents } from './batch-test-support.ts';

// The API process is killed (SIGKILL: no shutdown, no cleanup) in the middle of a 1,000-item
// batch; a second process takes the job over when its lease expires and finishes the batch.

const serverEntry = resolve(import.meta.dirname, '../../server.ts');
const BULK_ROUTE = 'POST /sell/inventory/v1/bulk_update_price_quantity';

let db: { url: string; drop: () => Promise<void> };
let t: TestApp;
let ebay: EbaySimulator;
let owner: SignedIn;
let listed: ListedVariant[];
let connectionId: string;
const servers: ChildProcess[] = [];

/** The real server, as `npm start` runs it, on the test database; jobs run in it with a 2 s lease. */
async function startServer(name: string): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      SESSION_SECRET: TEST_SESSION_SECRET,
      TOKEN_ENCRYPTION_KEY: TEST_TOKEN_KEY.toString('base64url'),
      JOB_LEASE_MS: '2000',
      SEED_DEMO: 'false',
      // Warnings too: a job that fails or loses its lease says so in the test's output.
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      // Names its database connections, so the test can tell when PostgreSQL is done with them.
      PGAPPNAME: name,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  servers.push(child);
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

type Progress = { succeeded: number; sending: number; status: string };

async function progress(batchId: string): Promise<Progress> {
  const [row] = await t.orm.em.fork().execute<Progress[]>(
    `SELECT count(*) FILTER (WHERE i.status = 'succeeded')::int AS succeeded, count(*) FILTER (WHERE i.status = 'sending')::int AS sending,
            max(b.status) AS status
       FROM batch_operation_items i JOIN batch_operations b ON b.id = i.batch_id WHERE i.batch_id = ?`,
    [batchId],
  );
  return row ?? { succeeded: 0, sending: 0, status: 'unknown' };
}

async function waitFor(batchId: string, done: (p: Progress) => boolean, timeoutMs: number): Promise<Progress> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const p = await progress(batchId);
    if (done(p)) return p;
    if (Date.now() > deadline) {
      const em = t.orm.em.fork();
      const jobs = await em.execute(
        `SELECT kind, status, attempts, locked_by, locked_until, run_at, last_error, now() AS now FROM jobs
          WHERE coalesce_key = ? OR status = 'running'`,
        [`batch:${batchId}`],
      );
      const waits = await em.execute(
        `SELECT application_name, state, wait_event_type, wait_event, left(query, 120) AS query FROM pg_stat_activity
          WHERE datname = current_database() AND state <> 'idle' AND pid <> pg_backend_pid()`,
      );
      throw new Error(`batch still at ${JSON.stringify(p)}; jobs: ${JSON.stringify(jobs)}; busy connections: ${JSON.stringify(waits)}`);
    }
    await new Promise((r) => setTimeout(r, 15));
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  // This process only sets up and reads: the batch runs in the spawned servers.
  t = await createTestApp({ JOBS_ENABLED: 'false' }, { database: db });
  ebay = await startEbaySimulator({ acceptUrl: 'http://127.0.0.1:9/cb' });
  owner = await registerAndLogin(t.app);
  ({ connectionId } = await connectSimulator(t.orm, owner.businessId, { platform: 'ebay', sim: ebay }));
  const products = await createSizedProducts(t.app, owner, { prefix: 'KILL', products: 50, sizes: 20 });
  listed = await listOnEbaySimulator(t.orm, ebay, { businessId: owner.businessId, connectionId, products });
}, 120_000);

afterAll(async () => {
  for (const child of servers) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }
  await t?.close();
  await db?.drop();
  await ebay?.close();
});

describe('a batch survives the API process being killed', () => {
  it('finishes after a restart and writes no item twice, except the re-send of the items in flight at the kill', async () => {
    expect(listed).toHaveLength(1_000);
    const priceOf = (seq: number) => 30_000 + seq;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/businesses/${owner.businessId}/batch-operations`,
      headers: bearer(owner.token),
      payload: {
        connection_id: connectionId,
        operation_type: 'price',
        items: listed.map((item, i) => ({ variant_id: item.variantId, price_cents: priceOf(i + 1) })),
      },
    });
    expect(res.statusCode).toBe(201);
    const batchId = (res.json() as BatchOperation).id;
    ebay.control.clearRequests();
    // 40 bulk calls of 25, each answered after 150 ms: about 6 s of work to interrupt.
    ebay.control.setLatency(BULK_ROUTE, 150);

    const first = await startServer('restart-test-first');
    await waitFor(batchId, (p) => p.succeeded >= 300 && p.sending > 0, 60_000);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    // A statement the process sent just before it died still runs (and commits) in PostgreSQL:
    // read the state it left only once its connections are gone.
    await expect
      .poll(
        async () =>
          (
            await t.orm.em
              .fork()
              .execute<{ n: number }[]>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'restart-test-first'")
          )[0]?.n,
        { timeout: 30_000 },
      )
      .toBe(0);

    // The state the dead process left: answered items, and one chunk marked sent but not answered.
    const em = t.orm.em.fork();
    const atKill = await em.execute<{ sku: string; status: string }[]>('SELECT sku, status FROM batch_operation_items WHERE batch_id = ?', [
      batchId,
    ]);
    const inFlight = new Set(atKill.filter((i) => i.status === 'sending').map((i) => i.sku));
    const answeredAtKill = atKill.filter((i) => i.status === 'succeeded').length;
    expect(inFlight.size).toBeGreaterThan(0);
    expect(inFlight.size).toBeLessThanOrEqual(25);
    expect(answeredAtKill).toBeLessThan(1_000);
    const callsBeforeRestart = bulkCalls(ebay).length;

    await startServer('restart-test-second');
    const final = await waitFor(
      batchId,
      (p) => p.status === 'completed' || p.status === 'failed' || p.status === 'partially_failed',
      90_000,
    );
    expect(final).toMatchObject({ status: 'completed', succeeded: 1_000, sending: 0 });

    // The restarted run resumed with exactly the unanswered chunk, sent again as it was.
    const calls = bulkCalls(ebay);
    expect(new Set(calls[callsBeforeRestart])).toEqual(inFlight);

    // The rule: an item is written once; an item that was `sending` when the process died may be
    // written twice (its request may have reached eBay before the kill), and that second write is
    // the same absolute price (a full-state write), so the end state is as if sent once.
    const writes = new Map<string, number>();
    for (const sku of calls.flat()) writes.set(sku, (writes.get(sku) ?? 0) + 1);
    const items = await em.execute<{ sku: string; seq: number; attempts: number; request: { price_cents: number } }[]>(
      'SELECT sku, seq, attempts, request FROM batch_operation_items WHERE batch_id = ? ORDER BY seq',
      [batchId],
    );
    for (const item of items) {
      const count = writes.get(item.sku) ?? 0;
      if (inFlight.has(item.sku)) {
        expect(item.attempts, item.sku).toBe(2);
        expect(count, item.sku).toBeGreaterThanOrEqual(1);
        expect(count, item.sku).toBeLessThanOrEqual(2);
      } else {
        expect(item.attempts, item.sku).toBe(1);
        expect(count, item.sku).toBe(1);
      }
      expect(item.request.price_cents).toBe(priceOf(item.seq));
    }
    for (const [i, item] of listed.entries()) expect(simPriceCents(ebay, item.offerId)).toBe(priceOf(i + 1));
    const [job] = await em.execute<{ status: string; attempts: number }[]>(
      `SELECT status, attempts FROM jobs WHERE coalesce_key = ? ORDER BY created_at DESC LIMIT 1`,
      [`batch:${batchId}`],
    );
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
  }, 180_000);
});
