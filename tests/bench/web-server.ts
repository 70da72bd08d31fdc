import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from '../../api/src/db/embedded-postgres.ts';
import type { ApiServer, BenchDatabase } from './bench-server.ts';

const root = resolve(import.meta.dirname, '../..');

/**
 * The server process on the bench database, as bench-server.ts's startApiServer starts it (same
 * environment), but waiting up to `timeoutMs` for /health: on a busy 2-core machine compiling and
 * starting the server can take longer than the 30 s startApiServer allows.
 */
export async function startApiServerPatiently(
  database: Pick<BenchDatabase, 'dir' | 'url'>,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<ApiServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [resolve(root, 'api/src/server.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: database.dir,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it answered /health`);
    const up = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /health within ${timeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, child, stop };
}
