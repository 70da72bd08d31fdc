// Builds the web app (and, with --extension, the browser extension) using the workspace's own
// binaries, so `npm start` and the tests need nothing installed globally.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

function run(cwd: string, binary: string, args: string[]): void {
  // Vitest sets NODE_ENV=test; a build started from a test must still be a production build.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(resolve(root, cwd, 'node_modules/.bin', binary), args, { cwd: resolve(root, cwd), stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${binary} ${args.join(' ')} failed in ${cwd}`);
}

/** `outDir` lets parallel test runs build into folders of their own (E2E_WEB_DIST). */
export function buildWeb(outDir?: string): void {
  run('web', 'vite', outDir ? ['build', '--outDir', outDir, '--emptyOutDir'] : ['build']);
}

export function buildExtension(): void {
  run('extension', 'wxt', ['zip']);
  run('extension', 'wxt', ['zip', '-b', 'firefox', '--mv3']);
}

if (import.meta.main) {
  buildWeb();
  if (process.argv.includes('--extension')) buildExtension();
}
