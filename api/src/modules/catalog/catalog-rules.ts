import type { EntityManager } from '@mikro-orm/postgresql';
import type { ResolvedSizeFormat } from '@tradepost/shared/domain/sizes/resolved-size-format.ts';
import type { FieldError } from '@tradepost/shared/schemas/common.ts';
import { sql } from 'kysely';
import { tenantDb } from '../../db/tenant-db.ts';
import { Conflict, Invalid } from '../../errors.ts';
import { loadSizeFormat } from '../sizes/public.ts';

/** UPC-A is 12 digits and EAN-13 13; anything else is the shop's own code. */
export const barcodeKind = (code: string): 'upc' | 'ean' | 'custom' =>
  /^\d{12}$/.test(code) ? 'upc' : /^\d{13}$/.test(code) ? 'ean' : 'custom';

/** The product's size run, built-in or the business's own; a missing custom run is the caller's 400. */
export async function sizeFormatOrInvalid(
  em: EntityManager,
  businessId: string,
  formatId: string,
  field = 'size_format',
): Promise<ResolvedSizeFormat> {
  const format = await loadSizeFormat(em, businessId, formatId);
  if (format === null) throw new Invalid('Unknown size format', [{ field, message: 'This size format is not in your business' }]);
  return format;
}

/** Each size in the run's own spelling, or a message naming the row whose size is not in the run. */
export function canonicalSizes(
  format: ResolvedSizeFormat,
  sizes: readonly { size: string; field: string }[],
): { sizes: string[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const canonical = sizes.map(({ size, field }) => {
    const found = format.canonical(size);
    if (found === null) errors.push({ field, message: `Size ${size} is not in the ${format.name} size run` });
    return found ?? size;
  });
  return { sizes: canonical, errors };
}

/** Whether another product (not pre-owned, which may repeat a code) already has this style code. */
export async function styleCodeTaken(em: EntityManager, businessId: string, styleCode: string, exceptProductId?: string): Promise<boolean> {
  let products = tenantDb(em, businessId)
    .selectFrom('products')
    .where((eb) => eb(eb.fn('lower', ['style_code']), '=', eb.fn('lower', [eb.val(styleCode)])))
    .where('condition', '<>', sql.lit('pre_owned'));
  if (exceptProductId !== undefined) products = products.where('id', '<>', exceptProductId);
  return (await products.select(sql.lit(1).as('taken')).limit(1).executeTakeFirst()) !== undefined;
}

/** The lower-cased SKUs of these that some variant other than `exceptVariantIds` already uses. */
export async function skusTaken(
  em: EntityManager,
  businessId: string,
  skus: readonly string[],
  exceptVariantIds: readonly string[] = [],
): Promise<Set<string>> {
  const lowered = [...new Set(skus.map((sku) => sku.toLowerCase()))];
  if (lowered.length === 0) return new Set();
  let variants = tenantDb(em, businessId)
    .selectFrom('variants')
    .where((eb) => eb(eb.fn('lower', ['sku']), 'in', lowered));
  if (exceptVariantIds.length > 0) variants = variants.where('id', 'not in', exceptVariantIds);
  const rows = await variants.select((eb) => eb.fn<string>('lower', ['sku']).as('sku')).execute();
  return new Set(rows.map((row) => row.sku));
}

/** The codes of these that are already on a variant of the business. */
export async function barcodesTaken(em: EntityManager, businessId: string, codes: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return new Set();
  const rows = await tenantDb(em, businessId).selectFrom('barcodes').where('code', 'in', unique).select('code').execute();
  return new Set(rows.map((row) => row.code));
}

export const duplicate = (errors: FieldError[]) => new Conflict(errors.map((e) => e.message).join('; '), 'DUPLICATE', errors);

const uniqueFields: ReadonlyArray<readonly [constraint: string, message: string]> = [
  ['products_style_code_key', 'This style code is already in your catalog'],
  ['variants_sku_key', 'This SKU is already used'],
  ['variants_size_key', 'This size is already on the product'],
  ['barcodes_business_id_code_key', 'This barcode is already used'],
];

/**
 * A write that lost a race to an identical one (checked, then taken by a concurrent request) hits
 * the unique index: answer the same 409 the check would have given.
 */
export function conflictFromUniqueViolation(error: unknown, field: (constraint: string) => string): Conflict | null {
  if (typeof error !== 'object' || error === null || (error as { code?: unknown }).code !== '23505') return null;
  const text = String((error as { constraint?: string }).constraint ?? (error as { message?: string }).message ?? '');
  const found = uniqueFields.find(([constraint]) => text.includes(constraint));
  if (found === undefined) return null;
  return duplicate([{ field: field(found[0]), message: found[1] }]);
}

export const isForeignKeyViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';

export type VariantUse = { id: string; size: string; stock: boolean; history: boolean };

/**
 * Whether each variant of the product has stock (anything on hand, reserved or committed) or history
 * (movements, cost lots, transfer or count lines). Locks the variant rows: a movement posted while
 * the caller deletes waits for it (its foreign key check needs the row), and then fails instead of
 * vanishing with the variant. Must run inside the caller's transaction.
 */
export async function lockVariantsInUse(
  tx: EntityManager,
  businessId: string,
  productId: string,
  variantIds?: readonly string[],
): Promise<VariantUse[]> {
  const db = tenantDb(tx, businessId);
  const ofProduct = () => {
    const variants = db.selectFrom('variants as v').where('v.product_id', '=', productId);
    return variantIds === undefined ? variants : variants.where('v.id', 'in', variantIds);
  };
  await ofProduct().select('v.id').orderBy('v.id').forUpdate().execute();
  return ofProduct()
    .select((eb) => {
      const one = sql.lit(1).as('one');
      const stock = eb.exists(
        eb
          .selectFrom('stock_levels as l')
          .whereRef('l.variant_id', '=', 'v.id')
          .where((l) => l.or([l('l.on_hand', '>', sql.lit(0)), l('l.reserved', '>', sql.lit(0)), l('l.committed', '>', sql.lit(0))]))
          .select(one),
      );
      const history = eb.or([
        eb.exists(eb.selectFrom('stock_movements as m').whereRef('m.variant_id', '=', 'v.id').select(one)),
        eb.exists(eb.selectFrom('cost_lots as c').whereRef('c.variant_id', '=', 'v.id').select(one)),
        eb.exists(eb.selectFrom('transfer_lines as t').whereRef('t.variant_id', '=', 'v.id').select(one)),
        eb.exists(eb.selectFrom('count_lines as n').whereRef('n.variant_id', '=', 'v.id').select(one)),
      ]);
      return ['v.id', 'v.size', stock.$castTo<boolean>().as('stock'), history.$castTo<boolean>().as('history')];
    })
    .execute();
}
