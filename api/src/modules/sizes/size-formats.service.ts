import type { EntityManager } from '@mikro-orm/postgresql';
import { CONVERTIBLE_FORMAT_IDS, convertSize } from '@tradepost/shared/domain/sizes/conversions.ts';
import type { CustomSizeFormatData } from '@tradepost/shared/domain/sizes/custom-size-format.ts';
import { customSizeFormatId, customSizeFormatUuid, customSizeKey } from '@tradepost/shared/domain/sizes/resolved-size-format.ts';
import { getSizeFormat, SIZE_FORMATS, type SizeFormat, type SizeFormatId, sizeLabel } from '@tradepost/shared/domain/sizes/size-formats.ts';
import type { productCategories } from '@tradepost/shared/schemas/catalog.ts';
import type { customSizeFormatBodySchema, SizeFormatDto, SizeFormatList } from '@tradepost/shared/schemas/sizes.ts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { z } from 'zod';
import { newId } from '../../db/ids.ts';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { Conflict, NotFound } from '../../errors.ts';

type CustomFormatInput = z.output<typeof customSizeFormatBodySchema>;
type Category = (typeof productCategories)[number];

/** What the custom_size_formats columns hold beyond their SQL types: the schema checks the request, this area writes them. */
type StoredFormat = { category: Category | null; conversion_format: SizeFormatId | null; conversions: Record<string, string> };

/** A custom_size_formats row. The tables of this area have no entity: they are read and written through tenantDb. */
export type CustomFormatRow = Omit<Selectable<DB['custom_size_formats']>, keyof StoredFormat> & StoredFormat;

const customColumns = [
  'id',
  'business_id',
  'name',
  'category',
  'sizes',
  'conversion_format',
  'conversions',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof CustomFormatRow)[];

const selectCustomFormats = (db: Kysely<DB>) => db.selectFrom('custom_size_formats').select(customColumns).$narrowType<StoredFormat>();

export function customFormatData(row: CustomFormatRow): CustomSizeFormatData {
  return {
    id: customSizeFormatId(row.id),
    name: row.name,
    category: row.category,
    sizes: row.sizes,
    conversionFormat: row.conversion_format,
    conversions: row.conversions,
  };
}

export async function loadCustomFormats(em: EntityManager, businessId: string): Promise<CustomFormatRow[]> {
  return selectCustomFormats(tenantDb(em, businessId))
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('id')
    .execute();
}

async function productCounts(em: EntityManager, businessId: string): Promise<Map<string, number>> {
  const rows = await tenantDb(em, businessId)
    .selectFrom('products')
    .select(['size_format', sql<number>`count(*)::int`.as('n')])
    .groupBy('size_format')
    .execute();
  return new Map(rows.map((row) => [row.size_format, row.n]));
}

function presentBuiltIn(format: SizeFormat, count: number): SizeFormatDto {
  const convertible: readonly SizeFormatId[] = CONVERTIBLE_FORMAT_IDS;
  const conversions = convertible.includes(format.id)
    ? convertible
        .filter((other) => other !== format.id)
        .map((other) => ({
          format_id: other,
          format_name: getSizeFormat(other).name,
          values: format.values.map((value) => {
            const converted = convertSize(value, format.id, other);
            return converted === null ? null : sizeLabel(other, converted);
          }),
        }))
    : [];
  return {
    id: format.id,
    name: format.name,
    is_custom: false,
    category: null,
    sizes: [...format.values],
    labels: format.values.map((value) => sizeLabel(format.id, value)),
    conversions,
    conversion_format: null,
    products_count: count,
    created_at: null,
    updated_at: null,
  };
}

function presentCustom(row: CustomFormatRow, count: number): SizeFormatDto {
  const target = row.conversion_format;
  return {
    id: customSizeFormatId(row.id),
    name: row.name,
    is_custom: true,
    category: row.category,
    sizes: row.sizes,
    labels: row.sizes,
    conversions: target
      ? [
          {
            format_id: target,
            format_name: getSizeFormat(target).name,
            values: row.sizes.map((size) => row.conversions[size] ?? null),
          },
        ]
      : [],
    conversion_format: target,
    products_count: count,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export async function listSizeFormats(em: EntityManager, businessId: string): Promise<SizeFormatList> {
  const [rows, counts] = await Promise.all([loadCustomFormats(em, businessId), productCounts(em, businessId)]);
  return {
    built_in: SIZE_FORMATS.map((format) => presentBuiltIn(format, counts.get(format.id) ?? 0)),
    custom: rows.map((row) => presentCustom(row, counts.get(customSizeFormatId(row.id)) ?? 0)),
  };
}

async function findCustomRow(em: EntityManager, businessId: string, formatId: string, lock = false): Promise<CustomFormatRow> {
  const uuid = customSizeFormatUuid(formatId);
  const row = uuid
    ? await selectCustomFormats(tenantDb(em, businessId))
        .where('id', '=', uuid)
        .$if(lock, (query) => query.forUpdate())
        .executeTakeFirst()
    : undefined;
  if (!row) throw new NotFound('Size format not found');
  return row;
}

async function productsUsing(em: EntityManager, businessId: string, formatId: string): Promise<number> {
  const row = await tenantDb(em, businessId)
    .selectFrom('products')
    .where('size_format', '=', formatId)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}

export async function getSizeFormatDto(em: EntityManager, businessId: string, formatId: string): Promise<SizeFormatDto> {
  const builtIn = SIZE_FORMATS.find((format) => format.id === formatId);
  if (builtIn) return presentBuiltIn(builtIn, await productsUsing(em, businessId, formatId));
  const row = await findCustomRow(em, businessId, formatId);
  return presentCustom(row, await productsUsing(em, businessId, formatId));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A name already used by this business's formats (or a built-in one) would make the product form's picker ambiguous. */
async function assertNameFree(em: EntityManager, businessId: string, name: string, exceptId: string | null): Promise<void> {
  const builtIn = SIZE_FORMATS.find((format) => format.name.toLowerCase() === name.toLowerCase());
  const taken = builtIn
    ? [{ id: builtIn.id }]
    : await tenantDb(em, businessId)
        .selectFrom('custom_size_formats')
        .where((eb) =>
          eb.and([
            eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)])),
            ...(exceptId === null ? [] : [eb('id', '<>', exceptId)]),
          ]),
        )
        .select('id')
        .execute();
  if (taken.length > 0) {
    const message = builtIn ? `${builtIn.name} is a built-in size format` : `You already have a size format named ${name}`;
    throw new Conflict(message, 'DUPLICATE', [{ field: 'name', message }]);
  }
}

/** Sizes and their conversions as stored: canonical spelling from the request, conversions keyed by it. */
function storedRun(input: CustomFormatInput): { sizes: string[]; conversions: Record<string, string> } {
  const sizes = input.sizes.map((size) => size.value);
  const conversions: Record<string, string> = {};
  const target = input.conversion_format ?? null;
  if (target) {
    for (const size of input.sizes) {
      const value = size.converts_to?.trim();
      // The schema checked the value is in the run; stored in the run's own spelling.
      const canonical = value ? (getSizeFormat(target).values.find((v) => v.toLowerCase() === value.toLowerCase()) ?? null) : null;
      if (canonical) conversions[size.value] = canonical;
    }
  }
  return { sizes, conversions };
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === '23505';

function duplicateName(name: string): Conflict {
  const message = `You already have a size format named ${name}`;
  return new Conflict(message, 'DUPLICATE', [{ field: 'name', message }]);
}

export async function createCustomFormat(em: EntityManager, businessId: string, input: CustomFormatInput): Promise<SizeFormatDto> {
  await assertNameFree(em, businessId, input.name, null);
  const { sizes, conversions } = storedRun(input);
  const id = newId();
  try {
    await tenantDb(em, businessId)
      .insertInto('custom_size_formats')
      .values({
        id,
        name: input.name,
        category: input.category ?? null,
        sizes,
        conversion_format: input.conversion_format ?? null,
        conversions: JSON.stringify(conversions),
      })
      .execute();
  } catch (error) {
    // Two creates with one name at the same moment: the unique index decides, the loser gets the field message.
    if (isUniqueViolation(error)) throw duplicateName(input.name);
    throw error;
  }
  return getSizeFormatDto(em, businessId, customSizeFormatId(id));
}

/**
 * Renames and reorders are free: variants using a renamed size follow it. A size dropped from the
 * run while products still use it would leave variants with a size their format does not hold, so
 * the update is refused naming how many products use the dropped sizes.
 */
export async function updateCustomFormat(
  em: EntityManager,
  businessId: string,
  formatId: string,
  input: CustomFormatInput,
): Promise<SizeFormatDto> {
  await em.transactional(async (tx) => {
    const db = tenantDb(tx, businessId);
    const row = await findCustomRow(tx, businessId, formatId, true);
    await assertNameFree(tx, businessId, input.name, row.id);
    const oldByKey = new Map(row.sizes.map((size) => [customSizeKey(size), size]));
    const kept = new Set<string>();
    const renames: Record<string, string> = {};
    for (const size of input.sizes) {
      const old = oldByKey.get(customSizeKey(size.previous ?? size.value));
      if (old === undefined || kept.has(old)) continue;
      kept.add(old);
      if (old !== size.value) renames[old] = size.value;
    }
    const removed = row.sizes.filter((size) => !kept.has(size));
    if (removed.length > 0) {
      const usage = await productsWithSizes(db, formatId, removed)
        .select(['v.size', sql<number>`count(DISTINCT p.id)::int`.as('n')])
        .groupBy('v.size')
        .execute();
      if (usage.length > 0) {
        const total = await productsWithSizes(db, formatId, removed)
          .select(sql<number>`count(DISTINCT p.id)::int`.as('n'))
          .executeTakeFirst();
        const sizes = usage.map((u) => u.size).join(', ');
        const message = `Size${usage.length === 1 ? '' : 's'} ${sizes} ${usage.length === 1 ? 'is' : 'are'} used by ${plural(total?.n ?? 0, 'product')}; remove ${usage.length === 1 ? 'it' : 'them'} from those products first`;
        throw new Conflict(message, 'SIZE_IN_USE', [{ field: 'sizes', message }]);
      }
    }
    if (Object.keys(renames).length > 0) await renameSizes(db, formatId, renames);
    const { sizes, conversions } = storedRun(input);
    try {
      await db
        .updateTable('custom_size_formats')
        .set({
          name: input.name,
          category: input.category ?? null,
          sizes,
          conversion_format: input.conversion_format ?? null,
          conversions: JSON.stringify(conversions),
          updated_at: sql`now()`,
        })
        .where('id', '=', row.id)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateName(input.name);
      throw error;
    }
  });
  return getSizeFormatDto(em, businessId, formatId);
}

/** The business's products in this format joined to their variants of these sizes. */
const productsWithSizes = (db: Kysely<DB>, formatId: string, sizes: readonly string[]) =>
  db
    .selectFrom('products as p')
    .innerJoin('variants as v', 'v.product_id', 'p.id')
    .where('p.size_format', '=', formatId)
    .where('v.size', 'in', sizes);

/** Old size → new size, as rows `m(key, value)` a statement can join. */
const renameRows = (renames: Record<string, string>) =>
  sql<{ key: string; value: string }>`jsonb_each_text(${JSON.stringify(renames)}::jsonb)`.as('m');

/** A size no variant holds for long: renames pass through it. */
const TEMPORARY_PREFIX = '\u0001';

/** Variants of the format's products and the business's rules for it follow renamed sizes. */
async function renameSizes(db: Kysely<DB>, formatId: string, renames: Record<string, string>): Promise<void> {
  const inFormat = db.selectFrom('products').where('size_format', '=', formatId).select('id');
  // Two steps through a temporary spelling so swapping two names never collides on (product, size).
  await db
    .updateTable('variants as v')
    .from(renameRows(renames))
    .set({ size: sql`${TEMPORARY_PREFIX} || m.value` })
    .whereRef('v.size', '=', 'm.key')
    .where('v.product_id', 'in', inFormat)
    .execute();
  await db
    .updateTable('variants as v')
    .set({ size: sql`substr(v.size, 2)` })
    .where(sql`left(v.size, 1)`, '=', TEMPORARY_PREFIX)
    .where('v.product_id', 'in', inFormat)
    .execute();
  await db
    .updateTable('size_rules as r')
    .from(renameRows(renames))
    .set({ value: sql`m.value` })
    .where('r.format_id', '=', formatId)
    .whereRef('r.value', '=', 'm.key')
    .execute();
}

/** Refused while any product uses the format: its variants' sizes would mean nothing. */
export async function deleteCustomFormat(em: EntityManager, businessId: string, formatId: string): Promise<void> {
  await em.transactional(async (tx) => {
    const row = await findCustomRow(tx, businessId, formatId, true);
    const used = await productsUsing(tx, businessId, formatId);
    if (used > 0) {
      throw new Conflict(`${row.name} is used by ${plural(used, 'product')}; move them to another size format first`, 'IN_USE');
    }
    const db = tenantDb(tx, businessId);
    // Writes touch this business's rules only, never the shared ones.
    await db.deleteFrom('size_rules').where('format_id', '=', formatId).execute();
    await db.deleteFrom('custom_size_formats').where('id', '=', row.id).execute();
  });
}
