import type { EntityManager } from '@mikro-orm/postgresql';
import { CONVERTIBLE_FORMAT_IDS, convertSize } from '@tradepost/shared/domain/sizes/conversions.ts';
import type { CustomSizeFormatData } from '@tradepost/shared/domain/sizes/custom-size-format.ts';
import { customSizeFormatId, customSizeFormatUuid, customSizeKey } from '@tradepost/shared/domain/sizes/resolved-size-format.ts';
import { getSizeFormat, SIZE_FORMATS, type SizeFormat, type SizeFormatId, sizeLabel } from '@tradepost/shared/domain/sizes/size-formats.ts';
import type { productCategories } from '@tradepost/shared/schemas/catalog.ts';
import type { customSizeFormatBodySchema, SizeFormatDto, SizeFormatList } from '@tradepost/shared/schemas/sizes.ts';
import type { z } from 'zod';
import { newId } from '../../db/ids.ts';
import { Conflict, NotFound } from '../../errors.ts';

type CustomFormatInput = z.output<typeof customSizeFormatBodySchema>;
type Category = (typeof productCategories)[number];

/** A custom_size_formats row. The tables of this area are read and written with SQL: no entity is registered for them. */
export type CustomFormatRow = {
  id: string;
  business_id: string;
  name: string;
  category: Category | null;
  sizes: string[];
  conversion_format: SizeFormatId | null;
  conversions: Record<string, string>;
  created_at: Date | string;
  updated_at: Date | string;
};

const CUSTOM_COLUMNS = 'id, business_id, name, category, sizes, conversion_format, conversions, created_at, updated_at';

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
  return em.execute<CustomFormatRow[]>(`SELECT ${CUSTOM_COLUMNS} FROM custom_size_formats WHERE business_id = ? ORDER BY lower(name), id`, [
    businessId,
  ]);
}

async function productCounts(em: EntityManager, businessId: string): Promise<Map<string, number>> {
  const rows = await em.execute<{ size_format: string; n: number }[]>(
    'SELECT size_format, count(*)::int AS n FROM products WHERE business_id = ? GROUP BY size_format',
    [businessId],
  );
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
  const [row] = uuid
    ? await em.execute<CustomFormatRow[]>(
        `SELECT ${CUSTOM_COLUMNS} FROM custom_size_formats WHERE business_id = ? AND id = ?${lock ? ' FOR UPDATE' : ''}`,
        [businessId, uuid],
      )
    : [];
  if (!row) throw new NotFound('Size format not found');
  return row;
}

async function productsUsing(em: EntityManager, businessId: string, formatId: string): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>('SELECT count(*)::int AS n FROM products WHERE business_id = ? AND size_format = ?', [
    businessId,
    formatId,
  ]);
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
    : await em.execute<{ id: string }[]>(
        'SELECT id FROM custom_size_formats WHERE business_id = ? AND lower(name) = lower(?) AND id <> ?',
        [businessId, name, exceptId ?? '00000000-0000-0000-0000-000000000000'],
      );
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
    await em.execute(
      `INSERT INTO custom_size_formats (id, business_id, name, category, sizes, conversion_format, conversions)
       VALUES (?, ?, ?, ?, ARRAY(SELECT jsonb_array_elements_text(?::jsonb)), ?, ?::jsonb)`,
      [
        id,
        businessId,
        input.name,
        input.category ?? null,
        JSON.stringify(sizes),
        input.conversion_format ?? null,
        JSON.stringify(conversions),
      ],
    );
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
      const usage = await tx.execute<{ size: string; n: number }[]>(
        `SELECT v.size, count(DISTINCT p.id)::int AS n FROM products p JOIN variants v ON v.product_id = p.id
         WHERE p.business_id = ? AND p.size_format = ? AND v.size IN (SELECT jsonb_array_elements_text(?::jsonb))
         GROUP BY v.size`,
        [businessId, formatId, JSON.stringify(removed)],
      );
      if (usage.length > 0) {
        const [total] = await tx.execute<{ n: number }[]>(
          `SELECT count(DISTINCT p.id)::int AS n FROM products p JOIN variants v ON v.product_id = p.id
           WHERE p.business_id = ? AND p.size_format = ? AND v.size IN (SELECT jsonb_array_elements_text(?::jsonb))`,
          [businessId, formatId, JSON.stringify(removed)],
        );
        const sizes = usage.map((u) => u.size).join(', ');
        const message = `Size${usage.length === 1 ? '' : 's'} ${sizes} ${usage.length === 1 ? 'is' : 'are'} used by ${plural(total?.n ?? 0, 'product')}; remove ${usage.length === 1 ? 'it' : 'them'} from those products first`;
        throw new Conflict(message, 'SIZE_IN_USE', [{ field: 'sizes', message }]);
      }
    }
    if (Object.keys(renames).length > 0) {
      // Two steps through a temporary spelling so swapping two names never collides on (product, size).
      const renameSql = `UPDATE variants v SET size = ? || m.new FROM jsonb_each_text(?::jsonb) AS m(old, new)
         WHERE v.business_id = ? AND v.size = m.old
           AND v.product_id IN (SELECT id FROM products WHERE business_id = ? AND size_format = ?)`;
      await tx.execute(renameSql, ['\u0001', JSON.stringify(renames), businessId, businessId, formatId]);
      await tx.execute(
        `UPDATE variants v SET size = substr(v.size, 2) WHERE v.business_id = ? AND left(v.size, 1) = ?
           AND v.product_id IN (SELECT id FROM products WHERE business_id = ? AND size_format = ?)`,
        [businessId, '\u0001', businessId, formatId],
      );
      await tx.execute(
        `UPDATE size_rules r SET value = m.new FROM jsonb_each_text(?::jsonb) AS m(old, new)
         WHERE r.business_id = ? AND r.format_id = ? AND r.value = m.old`,
        [JSON.stringify(renames), businessId, formatId],
      );
    }
    const { sizes, conversions } = storedRun(input);
    try {
      await tx.execute(
        `UPDATE custom_size_formats SET name = ?, category = ?, sizes = ARRAY(SELECT jsonb_array_elements_text(?::jsonb)),
           conversion_format = ?, conversions = ?::jsonb, updated_at = now()
         WHERE business_id = ? AND id = ?`,
        [
          input.name,
          input.category ?? null,
          JSON.stringify(sizes),
          input.conversion_format ?? null,
          JSON.stringify(conversions),
          businessId,
          row.id,
        ],
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateName(input.name);
      throw error;
    }
  });
  return getSizeFormatDto(em, businessId, formatId);
}

/** Refused while any product uses the format: its variants' sizes would mean nothing. */
export async function deleteCustomFormat(em: EntityManager, businessId: string, formatId: string): Promise<void> {
  await em.transactional(async (tx) => {
    const row = await findCustomRow(tx, businessId, formatId, true);
    const used = await productsUsing(tx, businessId, formatId);
    if (used > 0) {
      throw new Conflict(`${row.name} is used by ${plural(used, 'product')}; move them to another size format first`, 'IN_USE');
    }
    await tx.execute('DELETE FROM size_rules WHERE business_id = ? AND format_id = ?', [businessId, formatId]);
    await tx.execute('DELETE FROM custom_size_formats WHERE business_id = ? AND id = ?', [businessId, row.id]);
  });
}
