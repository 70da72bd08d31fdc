// `npm run db:types`: writes api/src/db/schema.generated.ts (the Kysely `DB` interface and the tenant
// tables) from the schema the migrations build, read from `information_schema` of a throwaway
// embedded PostgreSQL. Nothing of a developer's own database is read, so the output depends on the
// migrations alone.
//
//   node scripts/generate-db-types.ts            write the file
//   node scripts/generate-db-types.ts --check    exit 1 when the file on disk differs from the schema
//   … --url postgresql://…                       read an already migrated database instead
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { startEmbeddedPostgres } from '../api/src/db/embedded-postgres.ts';
import { migrate, openOrm } from '../api/src/db/orm.ts';
import { type RenderedTypes, readSchema, renderDbTypes } from '../api/src/db/schema-types.ts';

const root = resolve(import.meta.dirname, '..');
export const GENERATED_FILE = resolve(root, 'api/src/db/schema.generated.ts');

/** Migrates the database at `url` (a no-op when it is current) and renders its schema. */
export async function typesOf(url: string): Promise<RenderedTypes> {
  const orm = await openOrm(url);
  try {
    await migrate(orm);
    const connection = orm.em.getConnection();
    return renderDbTypes(await readSchema((sql) => connection.execute(sql)));
  } finally {
    await orm.close();
  }
}

async function withThrowawayDatabase<T>(use: (url: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'tradepost-db-types-'));
  try {
    const db = await startEmbeddedPostgres(join(dir, 'pg'));
    try {
      return await use(db.url);
    } finally {
      await db.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const started = performance.now();
  const check = process.argv.includes('--check');
  const urlAt = process.argv.indexOf('--url');
  const url = urlAt >= 0 ? process.argv[urlAt + 1] : undefined;
  const rendered = url ? await typesOf(url) : await withThrowawayDatabase(typesOf);
  for (const unknown of rendered.unknownTypes) console.warn(`warning: no TypeScript type for ${unknown}; it is typed unknown`);
  const file = relative(root, GENERATED_FILE);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  let current: string | null = null;
  try {
    current = readFileSync(GENERATED_FILE, 'utf8');
  } catch {}
  if (check) {
    if (current === rendered.text) {
      console.log(`db:types: ${file} is current (${rendered.tenantTables.length} tenant tables, ${seconds} s)`);
      return 0;
    }
    console.log(`db:types: ${file} differs from the schema the migrations build; run \`npm run db:types\` (${seconds} s)`);
    return 1;
  }
  if (current !== rendered.text) writeFileSync(GENERATED_FILE, rendered.text);
  console.log(
    `db:types: ${current === rendered.text ? 'unchanged' : 'wrote'} ${file} (${rendered.tenantTables.length} tenant tables, ${seconds} s)`,
  );
  return 0;
}

if (import.meta.main) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('generate-db-types could not run:', error);
      process.exit(1);
    },
  );
}
