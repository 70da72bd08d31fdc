import { type AliasedRawBuilder, sql } from 'kysely';

/**
 * Any number of rows as one parameter: sent as a JSON array, read back as the table `x` with these
 * typed columns (`id uuid, error text`), for an UPDATE … FROM or an INSERT … SELECT of up to
 * 10,000 rows in one statement.
 */
export const jsonRows = <Row extends object>(rows: readonly Row[], columns: string): AliasedRawBuilder<Row, 'x'> =>
  sql<Row>`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`.as<'x'>(sql.raw(`x(${columns})`));
