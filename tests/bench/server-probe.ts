// Loaded into the server process under load (`node --import ./tests/bench/server-probe.ts api/src/server.ts`)
// to measure from the inside what a load can queue on, without touching the API's code:
// - the event loop: how busy it was (utilisation) and how late its timers ran (delay);
// - the database pool (`pg`'s Pool under MikroORM): how long each connection checkout waited, how
//   many checkouts queued, how often all its connections were out.
// The bench asks over Node's IPC channel: { probe: 'start' } opens a window, { probe: 'stop' } closes
// it and answers with the window's figures (a ProbeWindow).
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { createHistogram, monitorEventLoopDelay, performance } from 'node:perf_hooks';

export type ProbeWindow = {
  seconds: number;
  eventLoop: { utilization: number; delayP50Ms: number; delayP99Ms: number; delayMaxMs: number };
  pool: {
    max: number;
    checkouts: number;
    /** Checkouts that found no idle connection and the pool full: they queued. */
    queued: number;
    waitMeanMs: number;
    waitP99Ms: number;
    waitMaxMs: number;
    /** Share of 20 ms samples with every connection checked out. */
    saturatedShare: number;
    meanCheckedOut: number;
    meanWaiting: number;
  };
};

type PgPool = {
  options: { max?: number };
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  connect: (callback?: (...args: unknown[]) => void) => unknown;
};

// MikroORM imports its own copy of `pg` (a pnpm peer set of its own): patch the one it loads.
const root = resolve(import.meta.dirname, '../..');
const mikroOrmPostgres = realpathSync(join(root, 'api/node_modules/@mikro-orm/postgresql'));
const pg = createRequire(join(mikroOrmPostgres, 'index.js'))('pg') as { Pool: { prototype: PgPool } };

const pools = new Set<PgPool>();
let waits = createHistogram();
let checkouts = 0;
let queued = 0;
let waitTotalMs = 0;
let samples = { count: 0, saturated: 0, checkedOut: 0, waiting: 0 };

const originalConnect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function connect(this: PgPool, callback?: (...args: unknown[]) => void) {
  pools.add(this);
  const started = performance.now();
  const full = this.idleCount === 0 && this.totalCount >= (this.options.max ?? 10);
  const done = () => {
    const ms = performance.now() - started;
    checkouts += 1;
    if (full) queued += 1;
    waitTotalMs += ms;
    waits.record(Math.max(1, Math.round(ms * 1000)));
  };
  if (typeof callback === 'function')
    return originalConnect.call(this, (...args: unknown[]) => {
      done();
      callback(...args);
    });
  return (originalConnect.call(this) as Promise<unknown>).then(
    (client) => {
      done();
      return client;
    },
    (error: unknown) => {
      done();
      throw error;
    },
  );
};

setInterval(() => {
  for (const pool of pools) {
    const out = pool.totalCount - pool.idleCount;
    samples.count += 1;
    samples.checkedOut += out;
    samples.waiting += pool.waitingCount;
    if (out >= (pool.options.max ?? 10)) samples.saturated += 1;
  }
}, 20).unref();

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
let windowStart = { at: performance.now(), elu: performance.eventLoopUtilization() };

function stopWindow(): ProbeWindow {
  const elu = performance.eventLoopUtilization(windowStart.elu);
  const seconds = (performance.now() - windowStart.at) / 1000;
  const max = Math.max(0, ...[...pools].map((p) => p.options.max ?? 10));
  const per = (n: number) => (samples.count ? n / samples.count : 0);
  return {
    seconds,
    eventLoop: {
      utilization: elu.utilization,
      delayP50Ms: delay.percentile(50) / 1e6,
      delayP99Ms: delay.percentile(99) / 1e6,
      delayMaxMs: delay.max / 1e6,
    },
    pool: {
      max,
      checkouts,
      queued,
      waitMeanMs: checkouts ? waitTotalMs / checkouts : 0,
      waitP99Ms: checkouts ? waits.percentile(99) / 1000 : 0,
      waitMaxMs: checkouts ? waits.max / 1000 : 0,
      saturatedShare: per(samples.saturated),
      meanCheckedOut: per(samples.checkedOut),
      meanWaiting: per(samples.waiting),
    },
  };
}

function startWindow(): void {
  windowStart = { at: performance.now(), elu: performance.eventLoopUtilization() };
  delay.reset();
  waits = createHistogram();
  checkouts = 0;
  queued = 0;
  waitTotalMs = 0;
  samples = { count: 0, saturated: 0, checkedOut: 0, waiting: 0 };
}

process.on('message', (message: { probe?: string }) => {
  if (message?.probe === 'start') {
    startWindow();
    process.send?.({ probe: 'started' });
  } else if (message?.probe === 'stop') process.send?.({ probe: 'window', window: stopWindow() });
});
// The channel must not keep the server alive when it is told to stop.
process.channel?.unref();
