import type { MikroORM } from '@mikro-orm/postgresql';

// "Nothing written", checked for every refused request rather than once per route: a snapshot of
// every table costs about half a second, a request a few milliseconds. So the suite's own database
// (a clone made for this file alone) gets a row trigger on every table that logs each committed
// insert, update or delete. A write that rolls back leaves no row, like the write itself.

const LOG = 'bad_input_writes';

/** Installs the log and its triggers on every table the migrations made. */
export async function watchWrites(orm: MikroORM): Promise<void> {
  const connection = orm.em.getConnection();
  const tables = (await connection.execute(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'mikro_orm_migrations' ORDER BY tablename`,
  )) as { tablename: string }[];
  await connection.execute(`CREATE TABLE ${LOG} (id bigserial PRIMARY KEY, table_name text NOT NULL, operation text NOT NULL)`);
  await connection.execute(
    `CREATE FUNCTION ${LOG}_log() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN INSERT INTO ${LOG} (table_name, operation) VALUES (TG_TABLE_NAME, TG_OP); RETURN NULL; END $$`,
  );
  for (const { tablename } of tables) {
    await connection.execute(
      `CREATE TRIGGER ${LOG} AFTER INSERT OR UPDATE OR DELETE ON "${tablename}" FOR EACH ROW EXECUTE FUNCTION ${LOG}_log()`,
    );
  }
}

/** Where the log stands now. */
export async function writeMark(orm: MikroORM): Promise<number> {
  return (await writesSince(orm, Number.MAX_SAFE_INTEGER)).mark;
}

/** The writes committed since a mark, as `INSERT products` lines, and the new mark: one statement per request checked. */
export async function writesSince(orm: MikroORM, mark: number): Promise<{ mark: number; writes: string[] }> {
  const [row] = (await orm.em.getConnection().execute(
    `SELECT (SELECT coalesce(max(id), 0) FROM ${LOG})::bigint AS mark,
            coalesce((SELECT array_agg(what ORDER BY what) FROM (
              SELECT operation || ' ' || table_name || CASE WHEN count(*) > 1 THEN ' ×' || count(*) ELSE '' END AS what
              FROM ${LOG} WHERE id > ? GROUP BY operation, table_name) changes), '{}') AS writes`,
    [Math.min(mark, 2 ** 62)],
  )) as { mark: string; writes: string[] }[];
  return { mark: Number(row?.mark ?? 0), writes: row?.writes ?? [] };
}
