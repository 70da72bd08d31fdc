import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildExtension, buildWeb } from '../../../scripts/build.ts';

export const repoRoot = resolve(import.meta.dirname, '../../..');

/** Where the web app is built for the run: E2E_WEB_DIST keeps parallel runs from sharing one folder. */
export const webDist = process.env.E2E_WEB_DIST ? resolve(process.env.E2E_WEB_DIST) : resolve(repoRoot, 'web/dist');

/** Builds web and extension, unless E2E_SKIP_BUILD=1 and a build is already there. */
export function buildApps(): void {
  const skip = process.env.E2E_SKIP_BUILD === '1';
  if (!(skip && existsSync(resolve(webDist, 'index.html')))) buildWeb(webDist);
  if (!(skip && existsSync(resolve(repoRoot, 'extension/.output/chrome-mv3/manifest.json')))) buildExtension();
}
