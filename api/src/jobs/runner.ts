import { randomBytes } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { JOBS_CHANNEL } from './queue.ts';

export type Job<P = Record<string, unknown>> = {
  id: string;
  businessId: string | null;
  kind: string;
  key: string | null;
  payload: P;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  /** This run's claim on the job (`jobs.locked_by`): a write fenced by it is refused once another run took the job over. */
  lease: string;
};

export type JobContext = {
  em: EntityManager;
  log: FastifyBaseLogger;
  workerId: string;
  /**
   * Aborted when this run lost its job: another process took the job over after the lease expired
   * (this one was too slow to renew it). A long handler checks it between steps and stops, so two
   * runs of one job overlap by one step at most.
   */
  signal: AbortSignal;
};

/** Thrown by a handler that noticed its lease was lost; the run ends without touching the job row. */
export class LeaseLost extends Error {
  constructor() {
    super('another worker took this job over');
  }
}

/** Thrown by a handler that wants another go later without counting as an error (e.g. a platform's rate limit). */
export class RetryLater extends Error {
  readonly delayMs: number;
  constructor(delayMs: number, message = 'retry later') {
    super(message);
    this.delayMs = delayMs;
  }
}

export type JobHandler<P = Record<string, unknown>> = (job: Job<P>, context: JobContext) => Promise<void>;

export type JobRunnerOptions = {
  orm: MikroORM;
  databaseUrl: string;
  log: FastifyBaseLogger;
  /** Jobs running at once in this process. */
  concurrency?: number;
  /** A claimed job belongs to its worker this long; the worker renews it while the job runs. */
  leaseMs?: number;
  /** Fallback poll when no NOTIFY arrives (delayed retries, expired leases). */
  pollMs?: number;
  /** How long closing waits for running jobs before leaving them to their leases. */
  closeGraceMs?: number;
};

/** A table whose rows older than `keep` the housekeeping deletes (an area's `retention`). */
export type RetentionRule = { table: string; column: string; keep: `${number} days` };

export type JobRunner = {
  register(kind: string, handler: JobHandler): void;
  /** Adds a table to the housekeeping. */
  retain(rule: RetentionRule): void;
  start(): Promise<void>;
  /** Wakes the loop now (tests, and after an enqueue in this process). */
  kick(): void;
  /** Resolves when no job is due or running (tests). Delayed jobs count once they are due within `withinMs`. */
  drain(options?: { timeoutMs?: number; withinMs?: number }): Promise<void>;
  close(): Promise<void>;
  readonly workerId: string;
};

type JobRow = {
  id: string;
  business_id: string | null;
  kind: string;
  coalesce_key: string | null;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  /** This claim's lease: `worker/uuid`, new on every claim, so a run can tell its claim from a later one. */
  locked_by: string;
};

const quoteName = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a table or column name: ${name}`);
  return `"${name}"`;
};

/** Exponential backoff between attempts: 1 s, 2 s, 4 s … capped at 5 minutes. */
export const retryDelayMs = (attempt: number): number => Math.min(300_000, 1_000 * 2 ** Math.max(0, attempt - 1));

/**
 * The durable job runner: claims due jobs with `FOR UPDATE SKIP LOCKED` (so any number of
 * processes share the queue), never runs two jobs with the same coalesce key at once (pushes for
 * one variant stay in order), renews its lease while a job runs, and requeues jobs whose worker
 * died once their lease expires. It wakes on NOTIFY at commit, so a sale's pushes start within
 * milliseconds instead of a polling interval.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { orm, log } = options;
  const concurrency = options.concurrency ?? 4;
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 1_000;
  const closeGraceMs = options.closeGraceMs ?? 10_000;
  const workerId = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const handlers = new Map<string, JobHandler>();
  const retained: RetentionRule[] = [];
  const running = new Set<Promise<void>>();
  /** The jobs this process is running, which its own recovery leaves alone. */
  const runningIds = new Set<string>();
  let listener: pg.Client | null = null;
  let closed = false;
  let started = false;
  let wake: (() => void) | null = null;
  /**
   * Set by every wake-up, cleared when the loop starts a round. A NOTIFY that arrives while the loop
   * is claiming (not waiting) must not be lost: the job it announces committed after the claim's
   * snapshot, and would otherwise wait for the fallback poll, a whole second behind the sale.
   */
  let kicked = false;
  let loopDone: Promise<void> = Promise.resolve();

  const sql = <T extends object[] = object[]>(query: string, params: unknown[] = []) =>
    orm.em.fork().getConnection().execute<T>(query, params);

  const kick = () => {
    kicked = true;
    wake?.();
  };

  // Until the database answers again: every second (the poll keeps jobs moving meanwhile).
  function listenAgainSoon(): void {
    if (!closed) setTimeout(() => void listen().catch(listenAgainSoon), 1_000).unref();
  }

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: options.databaseUrl });
    client.on('notification', kick);
    client.on('error', () => {
      listener = null;
      listenAgainSoon();
    });
    await client.connect();
    await client.query(`LISTEN ${JOBS_CHANNEL}`);
    listener = client;
  }

  /**
   * Jobs whose worker stopped renewing go back to the queue (or are dropped when a newer one with the
   * same key waits). Not the ones this process is still running: a renewal late under load does not
   * mean the run is dead, and taking over one's own job would run it twice side by side.
   */
  async function recoverExpired(): Promise<void> {
    const own = `{${[...runningIds].join(',')}}`;
    await sql(
      `UPDATE jobs j SET status = 'done', finished_at = now(), locked_until = NULL, last_error = 'superseded by a newer queued job after its worker stopped'
        WHERE j.status = 'running' AND j.locked_until < now() AND j.coalesce_key IS NOT NULL AND NOT (j.id = ANY(?::uuid[]))
          AND EXISTS (SELECT 1 FROM jobs q WHERE q.coalesce_key = j.coalesce_key AND q.status = 'queued')`,
      [own],
    );
    await sql(
      `UPDATE jobs SET status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
              finished_at = CASE WHEN attempts >= max_attempts THEN now() END,
              last_error = coalesce(last_error, 'worker stopped before finishing'),
              locked_until = NULL, locked_by = NULL, run_at = now(), updated_at = now()
        WHERE status = 'running' AND locked_until < now() AND NOT (id = ANY(?::uuid[]))`,
      [own],
    );
  }

  async function claim(limit: number): Promise<JobRow[]> {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0 || limit <= 0) return [];
    return sql<JobRow[]>(
      `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ? || '/' || gen_random_uuid(),
              locked_until = now() + make_interval(secs => ?), updated_at = now()
        WHERE id IN (
          SELECT j.id FROM jobs j
           WHERE j.status = 'queued' AND j.run_at <= now() AND j.kind = ANY(?::text[])
             AND (j.coalesce_key IS NULL OR NOT EXISTS (
                   SELECT 1 FROM jobs r WHERE r.coalesce_key = j.coalesce_key AND r.status = 'running' AND r.locked_until > now()))
           ORDER BY j.run_at
           LIMIT ?
           FOR UPDATE SKIP LOCKED)
        RETURNING id, business_id, kind, coalesce_key, payload, attempts, max_attempts, locked_by`,
      [workerId, leaseMs / 1000, `{${kinds.join(',')}}`, limit],
    );
  }

  /** Records a run's outcome, only while the run still holds its lease: a run taken over leaves the job to its new owner. */
  async function finish(row: JobRow, error: unknown): Promise<void> {
    if (error instanceof LeaseLost) {
      log.warn({ job: row.id, kind: row.kind }, 'job taken over by another worker; this run stopped');
      return;
    }
    if (!error) {
      await sql(
        `UPDATE jobs SET status = 'done', finished_at = now(), locked_until = NULL, updated_at = now() WHERE id = ? AND locked_by = ?`,
        [row.id, row.locked_by],
      );
      return;
    }
    const later = error instanceof RetryLater;
    const message = error instanceof Error ? error.message : String(error);
    const final = !later && row.attempts >= row.max_attempts;
    if (final) {
      log.error({ job: row.id, kind: row.kind, err: error }, 'job failed for good');
      await sql(
        `UPDATE jobs SET status = 'failed', finished_at = now(), locked_until = NULL, last_error = ?, updated_at = now() WHERE id = ? AND locked_by = ?`,
        [message.slice(0, 2_000), row.id, row.locked_by],
      );
      return;
    }
    const delay = later ? error.delayMs : retryDelayMs(row.attempts);
    if (!later) log.warn({ job: row.id, kind: row.kind, attempt: row.attempts, err: error }, 'job failed; will retry');
    // A rate-limit wait is not a failed attempt.
    const requeued = await sql<{ id: string }[]>(
      `UPDATE jobs j SET status = 'queued', locked_until = NULL, locked_by = NULL, last_error = ?, updated_at = now(),
              attempts = j.attempts - ?, run_at = now() + make_interval(secs => ?)
        WHERE j.id = ? AND j.locked_by = ? AND NOT (j.coalesce_key IS NOT NULL AND EXISTS (
              SELECT 1 FROM jobs q WHERE q.coalesce_key = j.coalesce_key AND q.status = 'queued'))
        RETURNING j.id`,
      [message.slice(0, 2_000), later ? 1 : 0, delay / 1000, row.id, row.locked_by],
    );
    // A newer job with the same key is already waiting and will read the current state.
    if (requeued.length === 0) {
      await sql(
        `UPDATE jobs SET status = 'done', finished_at = now(), locked_until = NULL, last_error = ? WHERE id = ? AND locked_by = ?`,
        [`superseded after: ${message.slice(0, 1_900)}`, row.id, row.locked_by],
      );
    }
  }

  function run(row: JobRow): Promise<void> {
    const handler = handlers.get(row.kind);
    const lease = new AbortController();
    const renew = setInterval(
      () =>
        void sql<{ id: string }[]>(
          `UPDATE jobs SET locked_until = now() + make_interval(secs => ?) WHERE id = ? AND locked_by = ? AND status = 'running' RETURNING id`,
          [leaseMs / 1000, row.id, row.locked_by],
        ).then(
          (renewed) => {
            if (renewed.length === 0) lease.abort(new LeaseLost());
          },
          () => {},
        ),
      Math.max(200, Math.floor(leaseMs / 3)),
    );
    const job: Job = {
      id: row.id,
      businessId: row.business_id,
      kind: row.kind,
      key: row.coalesce_key,
      payload: row.payload ?? {},
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
      lease: row.locked_by,
    };
    const task = (async () => {
      let failure: unknown = null;
      try {
        if (!handler) throw new Error(`no handler for ${row.kind}`);
        await handler(job, { em: orm.em.fork(), log, workerId, signal: lease.signal });
      } catch (error) {
        failure = error ?? new Error('job failed');
      } finally {
        clearInterval(renew);
      }
      if (!closed || !failure)
        await finish(row, failure).catch((error: unknown) => log.error({ err: error }, 'could not record a job outcome'));
    })();
    running.add(task);
    runningIds.add(row.id);
    void task.finally(() => {
      running.delete(task);
      runningIds.delete(row.id);
      kick();
    });
    return task;
  }

  /**
   * Finished jobs are kept a day (failed ones a month) for sync health and debugging, then removed;
   * so are the marks of handled domain events, once no delivery of theirs can still be retried, and
   * the answers kept for idempotency keys after their day, and stream tickets past their minute.
   */
  async function prune(): Promise<void> {
    await sql(
      `DELETE FROM jobs WHERE (status = 'done' AND finished_at < now() - interval '1 day')
                           OR (status = 'failed' AND finished_at < now() - interval '30 days')`,
    );
    await sql(`DELETE FROM event_deliveries WHERE delivered_at < now() - interval '31 days'`);
    await sql(`DELETE FROM idempotency_keys WHERE created_at < now() - interval '1 day'`);
    await sql(`DELETE FROM stream_tickets WHERE expires_at < now()`);
    for (const { table, column, keep } of retained) {
      // Names come from the module definitions (code), never from a request.
      await sql(`DELETE FROM ${quoteName(table)} WHERE ${quoteName(column)} < now() - ?::interval`, [keep]);
    }
  }

  async function loop(): Promise<void> {
    let lastRecovery = 0;
    let lastPrune = 0;
    while (!closed) {
      kicked = false;
      try {
        if (Date.now() - lastPrune > 600_000) {
          lastPrune = Date.now();
          await prune();
        }
        if (Date.now() - lastRecovery > Math.min(leaseMs, 5_000)) {
          lastRecovery = Date.now();
          await recoverExpired();
        }
        const rows = await claim(concurrency - running.size);
        for (const row of rows) void run(row);
        if (rows.length > 0 && running.size < concurrency) continue;
      } catch (error) {
        if (!closed) log.warn({ err: error }, 'job loop error');
      }
      if (closed) break;
      // Woken while claiming: look again at once rather than sleep on a notice already spent.
      if (kicked) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          wake = null;
          resolve();
        };
      });
    }
  }

  return {
    workerId,
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    retain(rule) {
      // Refused at boot rather than at the first housekeeping, ten minutes in.
      quoteName(rule.table);
      quoteName(rule.column);
      retained.push(rule);
    },
    async start() {
      if (started) return;
      started = true;
      await listen();
      loopDone = loop();
    },
    kick,
    async drain({ timeoutMs = 15_000, withinMs = 0 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await sql<{ pending: string }[]>(
          `SELECT count(*) AS pending FROM jobs
            WHERE (status = 'queued' AND run_at <= now() + make_interval(secs => ?)) OR status = 'running'`,
          [withinMs / 1000],
        );
        if (Number(row?.pending ?? 0) === 0 && running.size === 0) return;
        if (Date.now() > deadline) throw new Error(`jobs still pending after ${timeoutMs} ms`);
        kick();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      closed = true;
      kick();
      await loopDone;
      // Running jobs get a grace period to finish; one still running after it (a platform slow to
      // answer, a long rate-limit wait) is left to its lease: another process takes it over, as
      // after a crash. Stopping must not hang on a marketplace.
      const grace = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), closeGraceMs).unref());
      if ((await Promise.race([Promise.allSettled([...running]), grace])) === 'timeout') {
        log.warn({ running: running.size }, 'stopping with jobs still running; their leases will expire and they will run again');
      }
      await listener?.end().catch(() => {});
      listener = null;
    },
  };
}
