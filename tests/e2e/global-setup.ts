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
export const SYSTEM_SALES_EMAIL = 'sales@tradepost.test';

/** Builds what `pnpm start` serves, then runs the real server on a fresh embedded PostgreSQL. */
export default async function setup(project: TestProject) {
  buildApps();
  const server = await startServer({
    ADMIN_EMAILS: ADMIN_EMAIL,
    SYSTEM_SALES_EMAIL,
    // Many accounts sign in from one address during the run.
    LOGIN_RATE_LIMIT_PER_IP: '100000',
    REGISTER_RATE_LIMIT_PER_HOUR: '100000',
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('extensionDir', resolve(repoRoot, 'extension/.output/chrome-mv3'));
  project.provide('chromiumPath', process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
  return () => server.stop();
}
