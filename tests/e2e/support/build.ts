import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildExtension, buildWeb } from '../../../scripts/build.ts';

export const repoRoot = resolve(import.meta.dirname, '../../..');

/** Builds web and extension, unless E2E_SKIP_BUILD=1 and a build is already there. */
export function buildApps(): void {
  const skip = process.env.E2E_SKIP_BUILD === '1';
  if (!(skip && existsSync(resolve(repoRoot, 'web/dist/index.html')))) buildWeb();
  if (!(skip && existsSync(resolve(repoRoot, 'extension/.output/chrome-mv3/manifest.json')))) buildExtension();
}
