/**
 * Reads the migrated schema from `information_schema` and renders `schema.generated.ts`: the Kysely
 * `DB` interface and the list of tenant tables. `scripts/generate-db-types.ts` runs it against a
 * freshly migrated embedded PostgreSQL; `tenant-db.test.ts` runs it against the test database to
 * prove the committed file is current.
 */

/** One column as `information_schema` describes it. */
export type ColumnInfo = {
  table: string;
  column: string;
  nullable: boolean;
  /** A DEFAULT or an identity BY DEFAULT: the insert may leave it out. */
  hasDefault: boolean;
  /** A GENERATED ALWAYS column or identity: the insert must leave it out. */
  generatedAlways: boolean;
  /** `ARRAY`, `USER-DEFINED` or the type's own name. */
  dataType: string;
  /** The type's internal name: `int4`, `timestamptz`, `_text` for an array of text. */
  udtName: string;
};

export type SchemaInfo = { columns: ColumnInfo[]; enums: Record<string, string[]> };

type Row = Record<string, unknown>;
export type Execute = (sql: string) => Promise<Row[]>;

/** Tables and views of the public schema; MikroORM's own bookkeeping table is not app data. */
const COLUMNS_SQL = `
  SELECT c.table_name, c.column_name, c.is_nullable, c.column_default, c.data_type, c.udt_name,
         c.is_identity, c.identity_generation, c.is_generated
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
   WHERE c.table_schema = 'public' AND c.table_name <> 'mikro_orm_migrations'
   ORDER BY c.table_name, c.column_name`;

const ENUMS_SQL = `
  SELECT t.typname, e.enumlabel
    FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
   WHERE n.nspname = 'public'
   ORDER BY t.typname, e.enumsortorder`;

export async function readSchema(execute: Execute): Promise<SchemaInfo> {
  const columns = (await execute(COLUMNS_SQL)).map(
    (row): ColumnInfo => ({
      table: String(row.table_name),
      column: String(row.column_name),
      nullable: row.is_nullable === 'YES',
      hasDefault: row.column_default !== null || row.identity_generation === 'BY DEFAULT',
      generatedAlways: row.is_generated === 'ALWAYS' || row.identity_generation === 'ALWAYS',
      dataType: String(row.data_type),
      udtName: String(row.udt_name),
    }),
  );
  const enums: Record<string, string[]> = {};
  for (const row of await execute(ENUMS_SQL)) {
    const name = String(row.typname);
    enums[name] = [...(enums[name] ?? []), String(row.enumlabel)];
  }
  return { columns, enums };
}

/** Every table with a `business_id` column: the tables the tenant builder scopes, in name order. */
export function tenantTablesOf(columns: ColumnInfo[]): string[] {
  return [...new Set(columns.filter((c) => c.column === 'business_id').map((c) => c.table))].sort();
}

/**
 * What a value of each PostgreSQL type is in JavaScript when it comes through MikroORM's `pg` pool
 * (the pool `em.execute` and `em.getKysely()` share). MikroORM keeps date and time types as the
 * text PostgreSQL sends (`createPostgreSqlTypeParsers`), so they select as strings, not Dates; they
 * may be written as either. `pg` returns int8 and numeric as strings (they do not fit a double).
 */
const SCALARS: Record<string, string> = {
  bool: 'boolean',
  int2: 'number',
  int4: 'number',
  oid: 'number',
  float4: 'number',
  float8: 'number',
  int8: 'string',
  numeric: 'string',
  money: 'string',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  char: 'string',
  name: 'string',
  citext: 'string',
  uuid: 'string',
  inet: 'string',
  cidr: 'string',
  macaddr: 'string',
  tsvector: 'string',
  xml: 'string',
  bytea: 'Buffer',
  timestamptz: 'Timestamp',
  timestamp: 'Timestamp',
  date: 'Timestamp',
  time: 'string',
  timetz: 'string',
  interval: 'string',
  json: 'Json',
  jsonb: 'Json',
};

/** The helper types a column type may name; only those used are written. */
const HELPERS: Record<string, string[]> = {
  Timestamp: [
    '/** Dates and times select as the text PostgreSQL sends (MikroORM keeps it raw); a Date or ISO text writes. */',
    'export type Timestamp = ColumnType<string, Date | string, Date | string>;',
  ],
  TenantId: [
    '/** The business_id of a tenant table: `tenantDb` fills it in on insert (it may be left out) and never changes it. */',
    'export type TenantId = ColumnType<string, string | undefined, never>;',
  ],
  Json: [
    '/**',
    ' * JSON selects parsed. It is written as text (`JSON.stringify`): `pg` would send a JavaScript array as a',
    ' * PostgreSQL array, not as JSON.',
    ' */',
    'export type Json = ColumnType<JsonValue, string, string>;',
  ],
  JsonValue: [
    'export type JsonValue = JsonArray | JsonObject | JsonPrimitive;',
    'export type JsonArray = JsonValue[];',
    'export type JsonObject = { [key: string]: JsonValue | undefined };',
    'export type JsonPrimitive = boolean | number | string | null;',
  ],
};

const pascal = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');

const property = (name: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : `'${name.replaceAll("'", "\\'")}'`);

/** The TypeScript type of one column, before nullability and defaults; unknown types become `unknown`. */
function columnType(column: ColumnInfo, schema: SchemaInfo, unknownTypes: Set<string>): string {
  const isArray = column.dataType === 'ARRAY';
  const udt = isArray ? column.udtName.replace(/^_/, '') : column.udtName;
  const enumLabels = schema.enums[udt];
  let scalar: string;
  if (enumLabels !== undefined) scalar = pascal(udt);
  else if (SCALARS[udt] !== undefined) scalar = SCALARS[udt];
  else {
    unknownTypes.add(`${column.table}.${column.column}: ${udt}`);
    scalar = 'unknown';
  }
  if (!isArray) return scalar;
  // An array element cannot be a ColumnType: arrays of timestamps and JSON use the selected type.
  const element = scalar === 'Timestamp' ? 'string' : scalar === 'Json' ? 'JsonValue' : scalar;
  return `${element}[]`;
}

export type RenderedTypes = { text: string; tenantTables: string[]; unknownTypes: string[] };

/** The whole of `schema.generated.ts`, formatted as biome would, so the check compares text. */
export function renderDbTypes(schema: SchemaInfo): RenderedTypes {
  const unknownTypes = new Set<string>();
  const tables = new Map<string, ColumnInfo[]>();
  for (const column of [...schema.columns].sort((a, b) => a.table.localeCompare(b.table) || a.column.localeCompare(b.column))) {
    tables.set(column.table, [...(tables.get(column.table) ?? []), column]);
  }
  const interfaces: string[] = [];
  for (const [table, columns] of tables) {
    const members = columns.map((column) => {
      let type =
        column.column === 'business_id' && SCALARS[column.udtName] === 'string' ? 'TenantId' : columnType(column, schema, unknownTypes);
      if (column.nullable) type = `${type} | null`;
      if (column.generatedAlways) type = `GeneratedAlways<${type}>`;
      else if (column.hasDefault) type = `Defaulted<${type}>`;
      return `  ${property(column.column)}: ${type};`;
    });
    interfaces.push(`export interface ${pascal(table)} {\n${members.join('\n')}\n}`);
  }
  const body = interfaces.join('\n\n');
  const used = (name: string) => new RegExp(`\\b${name}\\b`).test(body);
  const helpers: string[] = [];
  if (used('Defaulted')) {
    // Kysely's Generated<T> keeps a ColumnType T whole, so a defaulted timestamp would select as the
    // wrapper type instead of its text: unwrap it first.
    helpers.push(
      "/** A column with a default: an insert may leave it out (Kysely's `Generated`, for `ColumnType` columns too). */",
      'export type Defaulted<T> = T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : Generated<T>;',
      '',
    );
  }
  if (used('Timestamp')) helpers.push(...(HELPERS.Timestamp ?? []), '');
  if (used('TenantId')) helpers.push(...(HELPERS.TenantId ?? []), '');
  if (used('Json') || used('JsonValue')) {
    if (used('Json')) helpers.push(...(HELPERS.Json ?? []), '');
    helpers.push(...(HELPERS.JsonValue ?? []), '');
  }
  const enumTypes = Object.entries(schema.enums)
    .sort(([a], [b]) => a.localeCompare(b))
    .filter(([name]) => used(pascal(name)))
    .map(([name, labels]) => {
      const union = labels.map((label) => `'${label.replaceAll("'", "\\'")}'`);
      const line = `export type ${pascal(name)} = ${union.join(' | ')};`;
      return line.length <= 140 ? line : `export type ${pascal(name)} =\n${union.map((u) => `  | ${u}`).join('\n')};`;
    });
  const kyselyImports = ['ColumnType', 'Generated', 'GeneratedAlways'].filter(
    (name) => used(name) || (name === 'ColumnType' && helpers.length > 0) || (name === 'Generated' && used('Defaulted')),
  );
  const tenantTables = tenantTablesOf(schema.columns);
  const db = [...tables.keys()].map((table) => `  ${property(table)}: ${pascal(table)};`);
  const lines = [
    '// Generated by scripts/generate-db-types.ts from the schema the migrations build: do not edit.',
    '// After a migration, regenerate with `npm run db:types`; `npm run db:types -- --check` fails when',
    '// this file is stale, and api/src/db/tenant-db.test.ts checks it against the test database.',
    '',
    ...(kyselyImports.length > 0 ? [`import type { ${kyselyImports.join(', ')} } from 'kysely';`, ''] : []),
    ...helpers,
    ...(enumTypes.length > 0 ? [...enumTypes, ''] : []),
    body,
    '',
    'export interface DB {',
    ...db,
    '}',
    '',
    '/** Every table with a `business_id` column: `tenantDb` scopes each of them to the bound business. */',
    'export const tenantTables = [',
    ...tenantTables.map((table) => `  '${table}',`),
    '] as const;',
    '',
    'export type TenantTable = (typeof tenantTables)[number];',
    '',
  ];
  return { text: lines.join('\n'), tenantTables, unknownTypes: [...unknownTypes].sort() };
}
