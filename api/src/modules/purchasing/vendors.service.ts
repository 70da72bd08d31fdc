import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type Vendor,
  type VendorImportResult,
  type VendorInput,
  vendorInputSchema,
  type vendorListQuerySchema,
} from '@tradepost/shared/schemas/purchasing.ts';
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import { newId } from '../../db/ids.ts';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { Conflict, NotFound } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';

type VendorListQuery = z.output<typeof vendorListQuerySchema>;

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const VENDOR_COLUMNS = [
  'v.id',
  'v.name',
  'v.contact_name',
  'v.email',
  'v.phone',
  'v.terms',
  'v.currency',
  'v.notes',
  'v.archived_at',
  'v.created_at',
] as const;

/** The business's vendors matching the list's filter (search on name, contact and e-mail), not yet ordered or paged. */
function matching(db: Kysely<DB>, query: { q?: string | undefined; include_archived: boolean }) {
  let vendors = db.selectFrom('vendors as v');
  if (!query.include_archived) vendors = vendors.where('v.archived_at', 'is', null);
  if (query.q) {
    const like = `%${escapeLike(query.q.toLowerCase())}%`;
    vendors = vendors.where(sql`lower(v.name || ' ' || coalesce(v.contact_name, '') || ' ' || coalesce(v.email, ''))`, 'like', like);
  }
  return vendors;
}

type VendorRow = {
  id: string;
  name: string;
  contact_name: string | null;
  email: string | null;
  phone: string | null;
  terms: string | null;
  currency: string;
  notes: string | null;
  archived_at: string | Date | null;
  created_at: string | Date;
};

/**
 * Orders, spend and last order of these vendors, in one grouped statement over their purchase orders
 * (the page's vendors only): orders not cancelled; spend is what was received, at landed cost.
 */
async function withFigures(db: Kysely<DB>, rows: VendorRow[]): Promise<Vendor[]> {
  if (rows.length === 0) return [];
  const figures = await db
    .selectFrom('purchase_orders as po')
    .leftJoin('purchase_order_lines as l', 'l.purchase_order_id', 'po.id')
    .where(
      'po.vendor_id',
      'in',
      rows.map((row) => row.id),
    )
    .where('po.status', '<>', 'cancelled')
    .groupBy('po.vendor_id')
    .select([
      'po.vendor_id',
      sql<number>`count(DISTINCT po.id)::int`.as('order_count'),
      sql<string>`coalesce(sum(l.quantity_received::bigint * l.landed_unit_cost_cents), 0)::text`.as('spend_cents'),
      sql<string | null>`max(coalesce(po.ordered_at, po.created_at))`.as('last_order_at'),
    ])
    .execute();
  const byVendor = new Map(figures.map((row) => [row.vendor_id, row]));
  return rows.map((row) => {
    const figure = byVendor.get(row.id);
    return {
      id: row.id,
      name: row.name,
      contact_name: row.contact_name,
      email: row.email,
      phone: row.phone,
      terms: row.terms,
      currency: row.currency,
      notes: row.notes,
      archived: row.archived_at !== null,
      created_at: new Date(row.created_at).toISOString(),
      order_count: figure?.order_count ?? 0,
      spend_cents: Number(figure?.spend_cents ?? 0),
      last_order_at: iso(figure?.last_order_at ?? null),
    };
  });
}

export async function listVendors(
  em: EntityManager,
  businessId: string,
  query: VendorListQuery,
): Promise<{ items: Vendor[]; total: number }> {
  const db = tenantDb(em, businessId);
  const found = matching(db, query);
  const [rows, counted] = await Promise.all([
    found.select(VENDOR_COLUMNS).orderBy(sql`lower(v.name)`).orderBy('v.id').limit(query.limit).offset(query.offset).execute(),
    found.select(sql<number>`count(*)::int`.as('total')).executeTakeFirst(),
  ]);
  return { items: await withFigures(db, rows), total: counted?.total ?? 0 };
}

export async function getVendor(em: EntityManager, businessId: string, vendorId: string): Promise<Vendor> {
  const db = tenantDb(em, businessId);
  const row = await db.selectFrom('vendors as v').select(VENDOR_COLUMNS).where('v.id', '=', vendorId).executeTakeFirst();
  if (!row) throw new NotFound('Vendor not found');
  const [vendor] = await withFigures(db, [row]);
  return vendor as Vendor;
}

/** A vendor's id and name, or null when the business has no such vendor (for other areas: PDF import). */
export async function findVendor(em: EntityManager, businessId: string, vendorId: string): Promise<{ id: string; name: string } | null> {
  const row = await tenantDb(em, businessId).selectFrom('vendors').select(['id', 'name']).where('id', '=', vendorId).executeTakeFirst();
  return row ?? null;
}

const nameTaken = (name: string) =>
  new Conflict(`A vendor named ${name} already exists`, 'DUPLICATE', [{ field: 'name', message: `A vendor named ${name} already exists` }]);

const isNameViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === '23505' &&
  String((error as { constraint?: unknown; message?: unknown }).constraint ?? (error as { message?: unknown }).message).includes(
    'vendors_name_key',
  );

async function vendorNamed(db: Kysely<DB>, name: string, exceptId?: string): Promise<{ id: string } | undefined> {
  let vendors = db
    .selectFrom('vendors')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) vendors = vendors.where('id', '<>', exceptId);
  return vendors.executeTakeFirst();
}

type VendorFields = z.output<typeof vendorInputSchema>;

export async function createVendor(em: EntityManager, businessId: string, input: VendorFields): Promise<Vendor> {
  const id = newId();
  await em.transactional(async (tx) => {
    const db = tenantDb(tx, businessId);
    if (await vendorNamed(db, input.name)) throw nameTaken(input.name);
    try {
      await db
        .insertInto('vendors')
        .values((eb) => ({
          id,
          name: input.name,
          contact_name: input.contact_name ?? null,
          email: input.email ?? null,
          phone: input.phone ?? null,
          terms: input.terms ?? null,
          currency: input.currency ?? eb.selectFrom('businesses').select('currency').where('id', '=', businessId),
          notes: input.notes ?? null,
        }))
        .execute();
    } catch (error) {
      throw isNameViolation(error) ? nameTaken(input.name) : error;
    }
    await emit(tx, businessId, 'purchasing.changed', { vendor_id: id });
  });
  return getVendor(em, businessId, id);
}

/** The fields the body names; a free-text field sent empty is cleared (the schema reads '' as "not given"). */
function changes(body: z.output<ReturnType<typeof vendorInputSchema.partial>>) {
  const set: Record<string, string | null> = {};
  for (const key of ['name', 'contact_name', 'email', 'phone', 'terms', 'currency', 'notes'] as const) {
    if (!(key in body)) continue;
    const value = body[key];
    if (value !== undefined) set[key] = value;
    else if (key !== 'name' && key !== 'currency') set[key] = null;
  }
  return set;
}

export async function updateVendor(
  em: EntityManager,
  businessId: string,
  vendorId: string,
  body: z.output<ReturnType<typeof vendorInputSchema.partial>>,
): Promise<Vendor> {
  const set = changes(body);
  await em.transactional(async (tx) => {
    const db = tenantDb(tx, businessId);
    if (body.name !== undefined && (await vendorNamed(db, body.name, vendorId))) throw nameTaken(body.name);
    try {
      const updated = await db
        .updateTable('vendors')
        .set({ ...set, updated_at: sql`now()` })
        .where('id', '=', vendorId)
        .returning('id')
        .executeTakeFirst();
      if (!updated) throw new NotFound('Vendor not found');
    } catch (error) {
      throw isNameViolation(error) && body.name !== undefined ? nameTaken(body.name) : error;
    }
    await emit(tx, businessId, 'purchasing.changed', { vendor_id: vendorId });
  });
  return getVendor(em, businessId, vendorId);
}

/** Archived vendors leave the list and the pickers; their orders and history stay. */
export async function setVendorArchived(em: EntityManager, businessId: string, vendorId: string, archived: boolean): Promise<Vendor> {
  await em.transactional(async (tx) => {
    await tenantDb(tx, businessId)
      .updateTable('vendors')
      .set({ archived_at: archived ? sql`coalesce(archived_at, now())` : null, updated_at: sql`now()` })
      .where('id', '=', vendorId)
      .execute();
    await emit(tx, businessId, 'purchasing.changed', { vendor_id: vendorId });
  });
  return getVendor(em, businessId, vendorId);
}

// ---------------------------------------------------------------------------------------------
// CSV

export const VENDOR_CSV_HEADER = [
  'name',
  'contact_name',
  'email',
  'phone',
  'terms',
  'currency',
  'notes',
  'order_count',
  'spend_cents',
] as const;
const IMPORTED_COLUMNS = ['name', 'contact_name', 'email', 'phone', 'terms', 'currency', 'notes'] as const;
type ImportedColumn = (typeof IMPORTED_COLUMNS)[number];
const MAX_IMPORT_ROWS = 5_000;

/** Spreadsheets run a cell starting with =, +, - or @ as a formula: such text goes out behind an apostrophe. */
const asText = (text: string | null) => (text === null ? '' : /^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
/** …and comes back without it. */
const fromText = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/** Every vendor of the filter (not one page) as CSV with a header row; the import reads the same file back. */
export async function vendorsCsv(em: EntityManager, businessId: string, query: Omit<VendorListQuery, 'offset' | 'limit'>): Promise<string> {
  const db = tenantDb(em, businessId);
  const rows = await matching(db, query).select(VENDOR_COLUMNS).orderBy(sql`lower(v.name)`).orderBy('v.id').execute();
  const vendors = await withFigures(db, rows);
  return stringify(
    [
      [...VENDOR_CSV_HEADER],
      ...vendors.map((v) => [
        asText(v.name),
        asText(v.contact_name),
        asText(v.email),
        asText(v.phone),
        asText(v.terms),
        v.currency,
        asText(v.notes),
        String(v.order_count),
        String(v.spend_cents),
      ]),
    ],
    { bom: true },
  );
}

type ParsedRecord = { record: string[]; info: { lines: number } };

/**
 * Reads a vendor CSV (the export's columns; order_count and spend_cents are ignored, as are columns
 * it does not know): a row whose name matches an existing vendor in any case updates it (cells left
 * empty clear that field, the currency excepted), any other row creates one. A row that fails the
 * vendor rules is refused on its own, with its line and field; the good rows are written together.
 */
export async function importVendors(em: EntityManager, businessId: string, csv: string): Promise<VendorImportResult> {
  let parsed: ParsedRecord[];
  try {
    parsed = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, info: true }) as unknown as ParsedRecord[];
  } catch (error) {
    if (error instanceof CsvError)
      return { created: 0, updated: 0, errors: [{ line: 1, field: 'csv', message: `The file is not valid CSV: ${error.message}` }] };
    throw error;
  }
  const rows = parsed.filter((entry) => entry.record.some((cell) => cell.trim() !== ''));
  const [header, ...data] = rows;
  if (!header) return { created: 0, updated: 0, errors: [{ line: 1, field: 'csv', message: 'The file is empty' }] };
  const names = header.record.map((cell) => cell.trim().toLowerCase().replace(/\s+/g, '_'));
  const position = new Map<ImportedColumn, number>();
  for (const column of IMPORTED_COLUMNS) {
    const index = names.indexOf(column);
    if (index >= 0) position.set(column, index);
  }
  if (!position.has('name'))
    return { created: 0, updated: 0, errors: [{ line: header.info.lines, field: 'name', message: 'The header has no name column' }] };
  if (data.length > MAX_IMPORT_ROWS)
    return {
      created: 0,
      updated: 0,
      errors: [{ line: 1, field: 'csv', message: `The file has ${data.length} rows; ${MAX_IMPORT_ROWS.toLocaleString('en')} at most` }],
    };

  const errors: VendorImportResult['errors'] = [];
  const good: { line: number; input: VendorFields; cells: Partial<Record<ImportedColumn, string>> }[] = [];
  for (const { record, info } of data) {
    const cells: Partial<Record<ImportedColumn, string>> = {};
    for (const [column, index] of position) cells[column] = fromText((record[index] ?? '').trim());
    const raw: Partial<Record<keyof VendorInput, string>> = {};
    for (const [column, value] of Object.entries(cells) as [ImportedColumn, string][]) if (value !== '') raw[column] = value;
    const checked = vendorInputSchema.safeParse(raw);
    if (!checked.success) {
      for (const issue of checked.error.issues)
        errors.push({ line: info.lines, field: String(issue.path[0] ?? 'name'), message: issue.message });
      continue;
    }
    good.push({ line: info.lines, input: checked.data, cells });
  }

  let created = 0;
  let updated = 0;
  if (good.length > 0) {
    await em.transactional(async (tx) => {
      const db = tenantDb(tx, businessId);
      for (const { input, cells } of good) {
        const existing = await vendorNamed(db, input.name);
        if (existing) {
          const set: Record<string, string | null> = { name: input.name };
          for (const column of IMPORTED_COLUMNS) {
            if (column === 'name' || cells[column] === undefined) continue;
            const value = input[column];
            if (value !== undefined) set[column] = value;
            else if (column !== 'currency') set[column] = null;
          }
          await db
            .updateTable('vendors')
            .set({ ...set, updated_at: sql`now()` })
            .where('id', '=', existing.id)
            .execute();
          updated += 1;
        } else {
          await db
            .insertInto('vendors')
            .values((eb) => ({
              id: newId(),
              name: input.name,
              contact_name: input.contact_name ?? null,
              email: input.email ?? null,
              phone: input.phone ?? null,
              terms: input.terms ?? null,
              currency: input.currency ?? eb.selectFrom('businesses').select('currency').where('id', '=', businessId),
              notes: input.notes ?? null,
            }))
            .execute();
          created += 1;
        }
      }
      await emit(tx, businessId, 'purchasing.changed', {});
    });
  }
  errors.sort((a, b) => a.line - b.line);
  return { created, updated, errors };
}
