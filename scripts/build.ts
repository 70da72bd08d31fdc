// Builds the web app (and, with --extension, the browser extension) using the workspace's own
// binaries, so `npm start` and the tests need nothing installed globally.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const defaultWebDist = resolve(root, 'web/dist');

function run(cwd: string, binary: string, args: string[]): void {
  // Vitest sets NODE_ENV=test; a build started from a test must still be a production build.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(resolve(root, cwd, 'node_modules/.bin', binary), args, { cwd: resolve(root, cwd), stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${binary} ${args.join(' ')} failed in ${cwd}`);
}

/**
 * The file in a built web app that names the sources it was built from (a hash of `webInputs`).
 * A dotfile: the server never serves it (api/src/plugins/web-app.ts).
 */
export const BUILD_STAMP = '.build-stamp';

/** What a web build is made of: its sources, shared's, the config and the locked dependencies. */
const webInputs = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/tsconfig.json',
  'web/package.json',
  // Vite's env files, when there are any.
  'web/.env',
  'web/.env.local',
  'web/.env.production',
  'web/.env.production.local',
  'shared/src',
  'shared/package.json',
  // The product version, which vite.config.ts builds into the app.
  'package.json',
  'tsconfig.base.json',
  'pnpm-lock.yaml',
  // How the build is made (the precompression below) is an input too.
  'scripts/build.ts',
];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * A hash over a build's inputs (the files under `inputs`, names and contents, less those `skip`
 * matches) and the environment variables the bundler reads (`envPrefixes`), so any edit, added or
 * removed file, or dependency change gives another one.
 */
export function inputsHash(
  inputs: readonly string[],
  { repoRoot = root, envPrefixes = ['VITE_'], skip }: { repoRoot?: string; envPrefixes?: readonly string[]; skip?: RegExp } = {},
): string {
  const hash = createHash('sha256');
  const files = inputs
    .flatMap((input) => filesUnder(resolve(repoRoot, input)))
    .map((file) => relative(repoRoot, file).split('\\').join('/'))
    .filter((file) => skip === undefined || !skip.test(file));
  for (const file of files.sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(resolve(repoRoot, file)));
    hash.update('\0');
  }
  const env = Object.entries(process.env)
    .filter(([name]) => envPrefixes.some((prefix) => name.startsWith(prefix)))
    .sort(([a], [b]) => a.localeCompare(b));
  hash.update(JSON.stringify(env));
  return hash.digest('hex');
}

/** The web build's inputs hash (`VITE_*` variables are the environment Vite reads). */
export const webInputsHash = (repoRoot = root): string => inputsHash(webInputs, { repoRoot });

/** True when `outDir` holds a complete build made from exactly the sources there are now. */
export function webBuildIsCurrent(outDir = defaultWebDist, inputsHash = webInputsHash()): boolean {
  const stamp = join(outDir, BUILD_STAMP);
  if (!existsSync(join(outDir, 'index.html')) || !existsSync(stamp)) return false;
  return readFileSync(stamp, 'utf8').trim() === inputsHash;
}

/** Types that compress well; images, fonts in woff/woff2 and archives are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml', '.wasm', '.ico']);
/** Below this a compressed copy saves less than a packet. */
export const PRECOMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/**
 * Writes `<file>.br` (brotli at its best quality) and `<file>.gz` (gzip level 9) beside every
 * compressible file of a built web app, for the server to send by the client's Accept-Encoding.
 * Source maps are left out: no browser loads them (they are hidden), and they are the largest files.
 * A copy that would not be at least a tenth smaller is not written. The files are compressed in
 * parallel on libuv's threads (brotli's best quality is slow: several CPU seconds for the app).
 * Resolves to the files it wrote.
 */
export async function precompress(dir: string): Promise<string[]> {
  const compress = async (file: string): Promise<string[]> => {
    const content = await readFile(file);
    if (content.length < PRECOMPRESS_MIN_BYTES) return [];
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: extname(file) === '.wasm' ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzip(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    const worthIt = [
      { path: `${file}.br`, data: br },
      { path: `${file}.gz`, data: gz },
    ].filter((variant) => variant.data.length <= content.length * 0.9);
    await Promise.all(worthIt.map((variant) => writeFile(variant.path, variant.data)));
    return worthIt.map((variant) => variant.path);
  };
  const written = await Promise.all(
    filesUnder(dir)
      .filter((file) => COMPRESSIBLE.has(extname(file)))
      .map(compress),
  );
  return written.flat();
}

/**
 * Builds the web app into `outDir` (web/dist by default), writes its compressed copies, and last its
 * stamp: a build that stopped half way has none, so `ensureWebBuilt` makes it again.
 * `outDir` lets parallel test runs build into folders of their own (E2E_WEB_DIST).
 */
export function buildWeb(outDir?: string): void {
  // Hashed before Vite starts: a source edited during the build makes the next start build again.
  const inputsHash = webInputsHash();
  // Absolute, so Vite (which would resolve it from web/) and the steps below mean the same folder.
  const dist = outDir ? resolve(outDir) : defaultWebDist;
  // Vite empties the folder first (emptyOutDir), the old stamp with it.
  run('web', 'vite', outDir ? ['build', '--outDir', dist, '--emptyOutDir'] : ['build']);
  // In a process of its own: the compression is asynchronous (parallel), and buildWeb stays synchronous for its callers.
  const compressed = spawnSync(process.execPath, [import.meta.filename, '--precompress', dist], { stdio: 'inherit' });
  if (compressed.status !== 0) throw new Error(`precompressing ${dist} failed`);
  writeFileSync(join(dist, BUILD_STAMP), `${inputsHash}\n`);
}

/**
 * Builds the web app unless `outDir` already holds a build of the current sources (`npm start`).
 * `repoRoot` and `build` are for tests.
 */
export function ensureWebBuilt(
  outDir?: string,
  { repoRoot = root, build = buildWeb }: { repoRoot?: string; build?: (outDir?: string) => void } = {},
): 'built' | 'reused' {
  const dist = outDir ? resolve(outDir) : defaultWebDist;
  if (webBuildIsCurrent(dist, webInputsHash(repoRoot))) return 'reused';
  build(outDir);
  return 'built';
}

export function buildExtension(): void {
  run('extension', 'wxt', ['zip']);
  run('extension', 'wxt', ['zip', '-b', 'firefox', '--mv3']);
}

if (import.meta.main) {
  const precompressIndex = process.argv.indexOf('--precompress');
  if (precompressIndex >= 0) {
    const dir = process.argv[precompressIndex + 1];
    if (dir === undefined) throw new Error('--precompress needs the folder of a built web app');
    await precompress(dir);
  } else {
    buildWeb();
    if (process.argv.includes('--extension')) buildExtension();
  }
}
