import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { migrate, openOrm } from '../src/db/orm.ts';

export const TEMPLATE_DB = 'tradepost_test_template';

declare module 'vitest' {
  interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * One real PostgreSQL for the run (embedded, or TEST_DATABASE_URL's server); a migrated template
 * database from which every test file clones its own database.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  let dir: string | null = null;
  if (!adminUrl) {
    dir = mkdtempSync(join(tmpdir(), 'tradepost-api-test-'));
    const db = await startEmbeddedPostgres(dir, { database: 'postgres', throwaway: true });
    adminUrl = db.url;
    stop = db.stop;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const orm = await openOrm(withDatabase(adminUrl, TEMPLATE_DB));
  await migrate(orm);
  await orm.close();
  project.provide('pgAdminUrl', adminUrl);
  return async () => {
    await stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
