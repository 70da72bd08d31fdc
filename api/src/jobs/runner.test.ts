import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { newId } from '../db/ids.ts';
import { enqueue } from './queue.ts';
import { createJobRunner, type Job, type JobRunner, RetryLater } from './runner.ts';

// The durable queue every after-commit effect goes through: these are the promises the sync engine relies on.

let t: TestApp;
let businessId: string;
const runners: JobRunner[] = [];

beforeAll(async () => {
  // The app's own runner stays off so only the runners made here take jobs.
  t = await createTestApp({ JOBS_ENABLED: 'false' });
  businessId = newId();
  await t.orm.em.fork().execute(`INSERT INTO businesses (id, name, trial_ends_at) VALUES (?, 'Queue Test', now())`, [businessId]);
});
afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.close()));
  await t.close();
});
beforeEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.close()));
  await t.orm.em.fork().execute('DELETE FROM jobs');
});

function runner(options: { leaseMs?: number; concurrency?: number } = {}): JobRunner {
  const created = createJobRunner({ orm: t.orm, databaseUrl: t.databaseUrl, log: t.app.log, pollMs: 100, ...options });
  runners.push(created);
  return created;
}

async function jobs() {
  return t.orm.em
    .fork()
    .execute<{ kind: string; coalesce_key: string | null; status: string; attempts: number; last_error: string | null }[]>(
      'SELECT kind, coalesce_key, status, attempts, last_error FROM jobs ORDER BY created_at',
    );
}

const add = (key: string | null, payload: Record<string, unknown> = {}) =>
  t.orm.em.fork().transactional((em) => enqueue(em, { kind: 'sync.push_price', businessId, key, payload }));

describe('the job queue', () => {
  it('a job exists only when the transaction that enqueued it commits', async () => {
    const seen: Job[] = [];
    const r = runner();
    r.register('sync.push_price', async (job) => void seen.push(job));
    await r.start();
    await t.orm.em
      .fork()
      .transactional(async (em) => {
        await enqueue(em, { kind: 'sync.push_price', businessId, payload: { n: 'rolled back' } });
        throw new Error('the write failed');
      })
      .catch(() => {});
    await add(null, { n: 'committed' });
    await r.drain();
    expect(seen.map((job) => job.payload.n)).toEqual(['committed']);
    expect((await jobs()).map((job) => job.status)).toEqual(['done']);
  });

  it('enqueues with the same key while one waits coalesce into one run', async () => {
    for (let i = 0; i < 5; i++) await add('qty:v1', { i });
    expect(await jobs()).toHaveLength(1);
    const seen: Job[] = [];
    const r = runner();
    r.register('sync.push_price', async (job) => void seen.push(job));
    await r.start();
    await r.drain();
    expect(seen).toHaveLength(1);
  });

  it('never runs two jobs with the same key at once, even across processes; other keys run alongside', async () => {
    const events: string[] = [];
    let active = 0;
    let maxActiveSameKey = 0;
    const handler = async (job: Job) => {
      if (job.key === 'qty:same') {
        active++;
        maxActiveSameKey = Math.max(maxActiveSameKey, active);
      }
      events.push(`start ${job.payload.n}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
      events.push(`end ${job.payload.n}`);
      if (job.key === 'qty:same') active--;
    };
    const a = runner();
    const b = runner();
    a.register('sync.push_price', handler);
    b.register('sync.push_price', handler);
    await a.start();
    await b.start();
    await add('qty:same', { n: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The first is running: this one queues behind it rather than coalescing into it.
    await add('qty:same', { n: 2 });
    await add('qty:other', { n: 3 });
    await a.drain();
    await b.drain();
    expect(maxActiveSameKey).toBe(1);
    expect(events.indexOf('end 1')).toBeLessThan(events.indexOf('start 2'));
    expect(events).toContain('end 3');
    expect((await jobs()).every((job) => job.status === 'done')).toBe(true);
  });

  it('a failing job is retried with backoff and succeeds; a rate-limit wait does not count as an attempt', async () => {
    let calls = 0;
    const r = runner();
    r.register('sync.push_price', async (job) => {
      calls++;
      if (job.payload.kind === 'flaky' && job.attempt === 1) throw new Error('platform answered 503');
      if (job.payload.kind === 'throttled' && calls < 4) throw new RetryLater(50);
    });
    await r.start();
    await add('flaky', { kind: 'flaky' });
    await r.drain({ withinMs: 2_000, timeoutMs: 10_000 });
    const [flaky] = await jobs();
    expect(flaky).toMatchObject({ status: 'done', attempts: 2, last_error: 'platform answered 503' });

    await t.orm.em.fork().execute('DELETE FROM jobs');
    calls = 1;
    await add('throttled', { kind: 'throttled' });
    await r.drain({ withinMs: 1_000 });
    const [throttled] = await jobs();
    expect(throttled).toMatchObject({ status: 'done', attempts: 1 });
    expect(calls).toBe(4);
  });

  it('a job that keeps failing stops at its attempt limit and keeps the error', async () => {
    const r = runner();
    r.register('sync.push_price', async () => {
      throw new Error('listing not found');
    });
    await r.start();
    await t.orm.em.fork().transactional((em) => enqueue(em, { kind: 'sync.push_price', businessId, maxAttempts: 1 }));
    await r.drain();
    expect(await jobs()).toMatchObject([{ status: 'failed', attempts: 1, last_error: 'listing not found' }]);
  });

  it('a job whose worker died is taken over once its lease expires', async () => {
    // A claim by a process that no longer renews it.
    await t.orm.em.fork().execute(
      `INSERT INTO jobs (id, business_id, kind, coalesce_key, payload, status, attempts, locked_by, locked_until)
         VALUES (?, ?, 'sync.push_price', 'batch:x', '{}', 'running', 1, 'dead-worker', now() - interval '1 second')`,
      [newId(), businessId],
    );
    const seen: Job[] = [];
    const r = runner({ leaseMs: 1_000 });
    r.register('sync.push_price', async (job) => void seen.push(job));
    await r.start();
    await r.drain();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.attempt).toBe(2);
  });

  it('two runners share 60 jobs and each job runs exactly once', async () => {
    const runs = new Map<number, number>();
    const handler = async (job: Job) => {
      const n = job.payload.n as number;
      runs.set(n, (runs.get(n) ?? 0) + 1);
    };
    const a = runner({ concurrency: 3 });
    const b = runner({ concurrency: 3 });
    a.register('sync.push_price', handler);
    b.register('sync.push_price', handler);
    await a.start();
    await b.start();
    await Promise.all(Array.from({ length: 60 }, (_, n) => add(`k:${n}`, { n })));
    await a.drain();
    await b.drain();
    expect(runs.size).toBe(60);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it('a process never takes over a job it is still running, even when its renewal is late', async () => {
    let runs = 0;
    let finished = false;
    const r = runner({ leaseMs: 600 });
    r.register('sync.push_price', async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 2_500));
    });
    await r.start();
    await add('batch:slow');
    // The lease keeps looking expired (as when the event loop is too busy to renew it in time).
    const expire = (async () => {
      while (!finished) {
        await t.orm.em.fork().execute(`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE status = 'running'`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await r.drain({ timeoutMs: 10_000 });
    finished = true;
    await expire;
    expect(runs).toBe(1);
    expect(await jobs()).toMatchObject([{ status: 'done', attempts: 1 }]);
  });

  it('a run whose job another worker took over is told, and does not record its outcome over the new run', async () => {
    let told = false;
    const r = runner({ leaseMs: 600 });
    r.register('sync.push_price', async (_job, { signal }) => {
      // Another process's recovery and claim happen while this run is still busy.
      await t.orm.em.fork().execute(`UPDATE jobs SET locked_by = 'other-worker/claim', locked_until = now() + interval '1 minute'`);
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      told = signal.aborted;
    });
    await r.start();
    await add('batch:taken');
    await expect.poll(() => told, { timeout: 5_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [row] = await t.orm.em.fork().execute<{ status: string; locked_by: string }[]>('SELECT status, locked_by FROM jobs');
    expect(row).toEqual({ status: 'running', locked_by: 'other-worker/claim' });
  });

  it('a notice that arrives while the worker is claiming still wakes it, rather than waiting for the fallback poll', async () => {
    // The claim statement answers "nothing due", and only then is a job committed and announced:
    // its NOTIFY lands while the loop is still inside the claim, not waiting. Lost, it would run a
    // whole poll later (a minute here, a second in production: a sale's pushes a second late).
    let announcedDuringClaim = false;
    const claimingOrm = {
      em: {
        fork() {
          const forked = t.orm.em.fork();
          const connection = forked.getConnection();
          const execute = connection.execute.bind(connection);
          connection.execute = (async (query: string, ...rest: unknown[]) => {
            const result = await (execute as (query: string, ...rest: unknown[]) => Promise<unknown>)(query, ...rest);
            if (!announcedDuringClaim && query.startsWith("UPDATE jobs SET status = 'running'")) {
              announcedDuringClaim = true;
              await add(null, { n: 'announced during the claim' });
              await new Promise((resolve) => setTimeout(resolve, 150));
            }
            return result;
          }) as typeof connection.execute;
          forked.getConnection = () => connection;
          return forked;
        },
      },
    } as unknown as typeof t.orm;
    const seen: unknown[] = [];
    const created = createJobRunner({ orm: claimingOrm, databaseUrl: t.databaseUrl, log: t.app.log, pollMs: 60_000 });
    runners.push(created);
    created.register('sync.push_price', async (job) => void seen.push(job.payload.n));
    await created.start();
    await expect.poll(() => seen, { timeout: 3_000 }).toEqual(['announced during the claim']);
    expect(announcedDuringClaim).toBe(true);
  });

  it('housekeeping deletes the rows of a retained table older than its period and keeps the rest', async () => {
    const db = t.orm.em.fork();
    await db.execute('CREATE TABLE IF NOT EXISTS retention_probe (label text, received_at timestamptz NOT NULL)');
    await db.execute('DELETE FROM retention_probe');
    await db.execute(
      `INSERT INTO retention_probe VALUES ('31 days old', now() - interval '31 days'), ('29 days old', now() - interval '29 days'), ('new', now())`,
    );
    const r = runner();
    r.retain({ table: 'retention_probe', column: 'received_at', keep: '30 days' });
    await r.start();
    await expect
      .poll(async () =>
        (await db.execute<{ label: string }[]>('SELECT label FROM retention_probe ORDER BY received_at')).map((row) => row.label),
      )
      .toEqual(['29 days old', 'new']);
    expect(() => r.retain({ table: 'x; DROP TABLE jobs', column: 'received_at', keep: '1 days' })).toThrow('not a table or column name');
  });
});
