import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { repoRoot, webDist } from './build.ts';

export type RunningServer = { baseUrl: string; dataDir: string; stop: () => Promise<void> };

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => ok(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs the product exactly as `pnpm start` does, on a fresh data folder and a free port. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tradepost-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [resolve(repoRoot, 'api/src/server.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: webDist, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // A busy machine can take minutes (PostgreSQL's first start, the migrations); a server that never
  // came up fails the run here instead of as refused connections in whichever file runs first.
  const deadline = Date.now() + 180_000;
  for (let up = false; !up; ) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the server did not answer ${baseUrl}/health within 3 minutes`);
    }
    up = await fetch(`${baseUrl}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 150));
  }
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
