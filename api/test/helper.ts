import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Role } from '@tradepost/shared/schemas/auth.ts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { openOrm } from '../src/db/orm.ts';
import { TEMPLATE_DB, withDatabase } from './global-setup.ts';

export type TestApp = {
  app: FastifyInstance;
  orm: MikroORM;
  databaseUrl: string;
  config: Config;
  close: () => Promise<void>;
};

/** A fresh database cloned from the migrated template, for one test file. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `tradepost_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // FILE_COPY copies the template's files at once; the default (WAL_LOG, PostgreSQL 15+) writes every
  // page through the WAL, about twice as slow for a small fresh schema, and each test file makes one.
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB} STRATEGY FILE_COPY`);
  await admin.end();
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The real app on a real database; requests go through app.inject. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { database?: { url: string }; beforeReady?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const database = options.database;
  const own = database ? null : await createTestDatabase();
  const databaseUrl = database?.url ?? own?.url ?? '';
  // Its own data folder (media, the mail outbox's file), removed with it: tests never write into the repository's .data.
  const dataDir = mkdtempSync(join(tmpdir(), 'tradepost-api-test-data-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', WEB_DIST: '/nonexistent', DATA_DIR: dataDir, ...env });
  const orm = await openOrm(databaseUrl);
  const app = await buildApp({ config, orm, databaseUrl, sessionSecret: TEST_SESSION_SECRET, tokenKey: TEST_TOKEN_KEY });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    orm,
    databaseUrl,
    config,
    close: async () => {
      await app.close();
      await orm.close();
      await own?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-123';
export const TEST_TOKEN_KEY = Buffer.alloc(32, 7);

let counter = 0;
export const uniqueEmail = (label = 'user') => `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}@example.com`;

export const STRONG_PASSWORD = 'Laces-Lantern-Orbit-48';

export type SignedIn = { token: string; userId: string; businessId: string; email: string };

export async function registerAndLogin(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<SignedIn> {
  const email = (overrides.email as string | undefined) ?? uniqueEmail();
  const password = (overrides.password as string | undefined) ?? STRONG_PASSWORD;
  const registered = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { business_name: 'Test Kicks', ...overrides, email, password },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login/json', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const body = login.json() as { access_token: string; user: { id: string; business: { id: string } } };
  return { token: body.access_token, userId: body.user.id, businessId: body.user.business.id, email };
}

/** A member of `owner`'s business with `role`, invited and signed in through the API. */
export async function joinAs(app: FastifyInstance, owner: SignedIn, role: Role): Promise<SignedIn> {
  const email = uniqueEmail(role);
  const invited = await app.inject({
    method: 'POST',
    url: `/api/v1/businesses/${owner.businessId}/invitations`,
    headers: bearer(owner.token),
    payload: { email, role },
  });
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.body}`);
  const token = (invited.json() as { accept_path: string }).accept_path.split('/').pop();
  const accepted = await app.inject({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, payload: { password: STRONG_PASSWORD } });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
  const body = accepted.json() as { access_token: string; user: { id: string } };
  return { token: body.access_token, userId: body.user.id, businessId: owner.businessId, email };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The fields a refused request names, in the order the error lists them. */
export const errorFields = (res: { json: () => { error: { details: { field: string }[] } } }): string[] =>
  res.json().error.details.map((detail) => detail.field);

/**
 * A fingerprint of every table's rows, to prove a rejected request wrote nothing. It is taken once
 * the job queue has settled: deliveries of earlier requests' events run in the background and
 * would otherwise land between two snapshots.
 */
export async function databaseSnapshot(orm: MikroORM): Promise<Record<string, string>> {
  const connection = orm.em.getConnection();
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
    const [busy] = (await connection.execute(
      `SELECT count(*)::int AS n FROM jobs WHERE status = 'running' OR (status = 'queued' AND run_at <= now())`,
    )) as { n: number }[];
    if (busy?.n === 0) break;
  }
  const tables = (await connection.execute(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'mikro_orm_migrations' ORDER BY tablename`,
  )) as { tablename: string }[];
  const snapshot: Record<string, string> = {};
  for (const { tablename } of tables) {
    const [row] = (await connection.execute(
      `SELECT count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS fp FROM "${tablename}" t`,
    )) as { fp: string }[];
    snapshot[tablename] = row?.fp ?? '';
  }
  return snapshot;
}
