import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildExtension, ensureWebBuilt, inputsHash } from '../../../scripts/build.ts';

export const repoRoot = resolve(import.meta.dirname, '../../..');

/** Where the web app is built for the run: E2E_WEB_DIST keeps parallel runs from sharing one folder. */
export const webDist = process.env.E2E_WEB_DIST ? resolve(process.env.E2E_WEB_DIST) : resolve(repoRoot, 'web/dist');

const extensionOutput = resolve(repoRoot, 'extension/.output');

/** Names the sources the extension in extension/.output was built from (written last, after both builds). */
const EXTENSION_STAMP = join(extensionOutput, '.e2e-build-stamp');

/** What the extension's build is made of: its own sources (not its tests), shared's, and the locked dependencies. */
const extensionInputs = [
  'extension',
  'shared/src',
  'shared/package.json',
  'package.json',
  'tsconfig.base.json',
  'pnpm-lock.yaml',
  'scripts/build.ts',
];
const notInputs = /(^|\/)(node_modules|\.output|\.wxt|\.scratch)(\/|$)|\.test\.tsx?$/;

/** A hash over the extension build's inputs and the environment WXT and Vite read. */
const extensionInputsHash = () => inputsHash(extensionInputs, { repoRoot, envPrefixes: ['VITE_', 'WXT_'], skip: notInputs });

/**
 * Builds web and extension unless a build of the current sources is already there: the web app by
 * its stamp (`ensureWebBuilt`, as `npm start` does), the extension by a stamp of its own. With
 * E2E_SKIP_BUILD=1 any existing build is used as it is.
 */
export function buildApps(): void {
  const skip = process.env.E2E_SKIP_BUILD === '1';
  if (!(skip && existsSync(resolve(webDist, 'index.html')))) ensureWebBuilt(webDist);
  const built = ['chrome-mv3', 'firefox-mv3'].every((dir) => existsSync(join(extensionOutput, dir, 'manifest.json')));
  if (skip && built) return;
  // Hashed before the build starts: a source edited during it makes the next run build again.
  const inputs = extensionInputsHash();
  if (built && existsSync(EXTENSION_STAMP) && readFileSync(EXTENSION_STAMP, 'utf8').trim() === inputs) return;
  buildExtension();
  writeFileSync(EXTENSION_STAMP, `${inputs}\n`);
}
