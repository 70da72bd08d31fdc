import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApps, repoRoot } from './support/build.ts';
import { startServer } from './support/server.ts';

declare module 'vitest' {
  interface ProvidedContext {
    baseUrl: string;
    extensionDir: string;
    chromiumPath: string;
  }
}

export const ADMIN_EMAIL = 'admin@tradepost.test';

/** Builds what `pnpm start` serves, then runs the real server on a fresh embedded PostgreSQL. */
export default async function setup(project: TestProject) {
  buildApps();
  const server = await startServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  project.provide('baseUrl', server.baseUrl);
  project.provide('extensionDir', resolve(repoRoot, 'extension/.output/chrome-mv3'));
  project.provide('chromiumPath', process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
  return () => server.stop();
}
