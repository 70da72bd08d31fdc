import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../../api/src/db/embedded-postgres.ts';
import { migrate, openOrm } from '../../api/src/db/orm.ts';
import { httpJsonClient } from './http-client.ts';

// What every benchmark starts from: a fresh embedded PostgreSQL in a temporary folder, migrated, and
// the real server process (`api/src/server.ts`, as `npm start` runs it) on a free port, signed up as
// the bench owner.

const root = resolve(import.meta.dirname, '../..');

export type BenchDatabase = {
  /** The temporary folder: PostgreSQL's data under `pg/`, the server's DATA_DIR. */
  dir: string;
  /** PostgreSQL's data folder (its `postmaster.pid` names the postmaster). */
  pgDir: string;
  url: string;
  /** Kept open: benches compile their raw SQL with the same tenant-bound builder the API uses. */
  orm: Awaited<ReturnType<typeof openOrm>>;
  /** Closes the ORM, stops PostgreSQL and removes the folder. */
  stop: () => Promise<void>;
};

/**
 * `statementStats` loads pg_stat_statements (a restart: it must be preloaded), so a bench can say
 * which statements PostgreSQL spent its time on.
 */
export async function startBenchDatabase(prefix: string, options: { statementStats?: boolean } = {}): Promise<BenchDatabase> {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const pgDir = join(dir, 'pg');
  let db = await startEmbeddedPostgres(pgDir);
  if (options.statementStats) {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
    await client.end();
    await db.stop();
    db = await startEmbeddedPostgres(pgDir, { port: Number(new URL(db.url).port) });
    const again = new pg.Client({ connectionString: db.url });
    await again.connect();
    await again.query('CREATE EXTENSION pg_stat_statements');
    await again.end();
  }
  const orm = await openOrm(db.url);
  await migrate(orm);
  return {
    dir,
    pgDir,
    url: db.url,
    orm,
    stop: async () => {
      await orm.close().catch(() => {});
      await db.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type ApiServer = { base: string; child: ChildProcess; stop: () => Promise<void> };

/**
 * The server process on the bench database. `nodeArgs` go before the script (a `--import` of a probe);
 * `ipc` opens Node's message channel to it; `env` adds to and overrides the bench defaults.
 */
export async function startApiServer(
  database: Pick<BenchDatabase, 'dir' | 'url'>,
  options: { env?: Record<string, string>; nodeArgs?: string[]; ipc?: boolean; startTimeoutMs?: number } = {},
): Promise<ApiServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), resolve(root, 'api/src/server.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: database.dir,
      ...options.env,
    },
    stdio: options.ipc ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  // A busy 2-core machine can take longer to compile and start the server: a bench may wait longer.
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it answered /health`);
    const up = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /health within ${startTimeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, child, stop };
}

export const BENCH_OWNER = { email: 'bench@tradepost.test', password: 'Amber-Quartz-Pylon-64', business_name: 'Bench Kicks' };

/** A new session of the bench owner (each sign-in is its own session row and token). */
export async function signIn(base: string): Promise<{ token: string; businessId: string; userId: string }> {
  const http = httpJsonClient(base);
  try {
    const login = (await http.json('POST', '/api/v1/auth/login/json', {
      body: { email: BENCH_OWNER.email, password: BENCH_OWNER.password },
    })) as { access_token: string; user: { id: string; business: { id: string } } };
    return { token: login.access_token, businessId: login.user.business.id, userId: login.user.id };
  } finally {
    http.close();
  }
}

/** Registers the bench owner and its business, signs in, and finds the business's default location. */
export async function registerBenchOwner(base: string): Promise<{ token: string; businessId: string; userId: string; locationId: string }> {
  const http = httpJsonClient(base);
  try {
    await http.json('POST', '/api/v1/auth/register', { body: BENCH_OWNER });
    const session = await signIn(base);
    const [location] = (await http.json('GET', `/api/v1/businesses/${session.businessId}/locations`, {
      token: session.token,
    })) as unknown as { id: string }[];
    if (!location) throw new Error('the new business has no location');
    return { ...session, locationId: location.id };
  } finally {
    http.close();
  }
}
