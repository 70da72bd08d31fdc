import { join } from 'node:path';
import type { Config } from '../config.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

export type Database = { url: string; embedded: boolean; stop: () => Promise<void> };

/** DATABASE_URL when given; otherwise a real PostgreSQL from npm with its data under DATA_DIR/pg. */
export async function openDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, embedded: false, stop: async () => {} };
  const db = await startEmbeddedPostgres(join(config.DATA_DIR, 'pg'), { port: config.EMBEDDED_PG_PORT });
  return { url: db.url, embedded: true, stop: db.stop };
}
