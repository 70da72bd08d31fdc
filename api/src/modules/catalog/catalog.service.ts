import type { EntityManager } from '@mikro-orm/postgresql';
import { compareSizes, isSizeFormatId } from '@tradepost/shared/domain/sizes/size-formats.ts';
import type { createProductBodySchema, Product as ProductDto, productListQuerySchema } from '@tradepost/shared/schemas/catalog.ts';
import type { FieldError } from '@tradepost/shared/schemas/common.ts';
import type { z } from 'zod';
import { Conflict, NotFound } from '../../errors.ts';
import { Barcode } from './barcode.entity.ts';
import { Product } from './product.entity.ts';
import { Variant } from './variant.entity.ts';

type CreateProductInput = z.output<typeof createProductBodySchema>;
type ListQuery = z.output<typeof productListQuerySchema>;

/** UPC-A is 12 digits and EAN-13 13; anything else is the shop's own code. */
export const barcodeKind = (code: string): 'upc' | 'ean' | 'custom' =>
  /^\d{12}$/.test(code) ? 'upc' : /^\d{13}$/.test(code) ? 'ean' : 'custom';

/** Duplicates inside the request and against the business's catalog, each named by its field. */
async function duplicateErrors(em: EntityManager, businessId: string, input: CreateProductInput): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const seen = { sizes: new Set<string>(), skus: new Set<string>(), codes: new Set<string>() };
  input.variants.forEach((variant, i) => {
    if (seen.sizes.has(variant.size)) errors.push({ field: `variants.${i}.size`, message: `Size ${variant.size} is listed twice` });
    if (seen.skus.has(variant.sku.toLowerCase()))
      errors.push({ field: `variants.${i}.sku`, message: `SKU ${variant.sku} is listed twice` });
    seen.sizes.add(variant.size);
    seen.skus.add(variant.sku.toLowerCase());
    variant.barcodes.forEach((barcode, j) => {
      if (seen.codes.has(barcode.code))
        errors.push({ field: `variants.${i}.barcodes.${j}.code`, message: `Barcode ${barcode.code} is listed twice` });
      seen.codes.add(barcode.code);
    });
  });
  if (input.style_code) {
    const taken = await em.execute('SELECT 1 FROM products WHERE business_id = ? AND lower(style_code) = lower(?)', [
      businessId,
      input.style_code,
    ]);
    if (taken.length) errors.push({ field: 'style_code', message: `Style code ${input.style_code} is already in your catalog` });
  }
  const skus = input.variants.map((v) => v.sku.toLowerCase());
  if (skus.length) {
    const rows = await em.execute<{ sku: string }[]>(
      `SELECT lower(sku) AS sku FROM variants WHERE business_id = ? AND lower(sku) IN (${skus.map(() => '?').join(',')})`,
      [businessId, ...skus],
    );
    const taken = new Set(rows.map((r) => r.sku));
    input.variants.forEach((variant, i) => {
      if (taken.has(variant.sku.toLowerCase())) errors.push({ field: `variants.${i}.sku`, message: `SKU ${variant.sku} is already used` });
    });
  }
  const codes = [...seen.codes];
  if (codes.length) {
    const rows = await em.execute<{ code: string }[]>(
      `SELECT code FROM barcodes WHERE business_id = ? AND code IN (${codes.map(() => '?').join(',')})`,
      [businessId, ...codes],
    );
    const taken = new Set(rows.map((r) => r.code));
    input.variants.forEach((variant, i) => {
      variant.barcodes.forEach((barcode, j) => {
        if (taken.has(barcode.code))
          errors.push({ field: `variants.${i}.barcodes.${j}.code`, message: `Barcode ${barcode.code} is already used` });
      });
    });
  }
  return errors;
}

export async function createProduct(em: EntityManager, businessId: string, input: CreateProductInput): Promise<string> {
  const errors = await duplicateErrors(em, businessId, input);
  if (errors.length) throw new Conflict(errors.map((e) => e.message).join('; '), 'DUPLICATE', errors);
  return em.transactional(async (tx) => {
    const product = tx.create(Product, {
      business: businessId,
      title: input.title,
      brand: input.brand ?? null,
      styleCode: input.style_code ?? null,
      colorway: input.colorway ?? null,
      category: input.category,
      sizeFormat: input.size_format,
      retailPriceCents: input.retail_price_cents ?? null,
      releaseDate: input.release_date ?? null,
      description: input.description ?? null,
      tags: input.tags,
    });
    for (const v of input.variants) {
      const variant = tx.create(Variant, {
        business: businessId,
        product,
        size: v.size,
        sku: v.sku,
        priceCents: v.price_cents ?? null,
        weightGrams: v.weight_grams ?? null,
      });
      for (const b of v.barcodes) tx.create(Barcode, { business: businessId, variant, code: b.code, kind: b.kind ?? barcodeKind(b.code) });
    }
    await tx.flush();
    return product.id;
  });
}

type ProductRow = {
  id: string;
  title: string;
  brand: string | null;
  style_code: string | null;
  colorway: string | null;
  category: ProductDto['category'];
  size_format: string;
  retail_price_cents: number | null;
  release_date: string | null;
  description: string | null;
  tags: string[];
  status: ProductDto['status'];
  created_at: Date;
  updated_at: Date;
  variants: ProductDto['variants'] | null;
};

// One query shapes the whole answer (variants, barcodes and stock) so a page of 50 is one round trip.
const productSelect = `
  SELECT p.id, p.title, p.brand, p.style_code, p.colorway, p.category, p.size_format, p.retail_price_cents,
         to_char(p.release_date, 'YYYY-MM-DD') AS release_date, p.description, p.tags, p.status, p.created_at, p.updated_at,
         (SELECT json_agg(json_build_object(
                   'id', v.id, 'size', v.size, 'sku', v.sku, 'price_cents', v.price_cents, 'weight_grams', v.weight_grams,
                   'barcodes', coalesce((SELECT json_agg(json_build_object('code', b.code, 'kind', b.kind) ORDER BY b.code)
                                           FROM barcodes b WHERE b.variant_id = v.id), '[]'),
                   'on_hand', coalesce((SELECT sum(l.on_hand) FROM stock_levels l WHERE l.variant_id = v.id AND l.business_id = p.business_id), 0),
                   'available', coalesce((SELECT sum(l.on_hand - l.reserved - l.committed) FROM stock_levels l
                                           WHERE l.variant_id = v.id AND l.business_id = p.business_id), 0)
                 ))
            FROM variants v WHERE v.product_id = p.id) AS variants`;

const present = (row: ProductRow): ProductDto => ({
  id: row.id,
  title: row.title,
  brand: row.brand,
  style_code: row.style_code,
  colorway: row.colorway,
  category: row.category,
  size_format: row.size_format,
  retail_price_cents: row.retail_price_cents,
  release_date: row.release_date,
  description: row.description,
  tags: row.tags,
  status: row.status,
  variants: (row.variants ?? [])
    .map((v) => ({ ...v, on_hand: Number(v.on_hand), available: Number(v.available) }))
    .sort((a, b) => (isSizeFormatId(row.size_format) ? compareSizes(row.size_format, a.size, b.size) : a.size.localeCompare(b.size))),
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

export async function getProduct(em: EntityManager, businessId: string, productId: string): Promise<ProductDto> {
  const [row] = await em.execute<ProductRow[]>(`${productSelect} FROM products p WHERE p.business_id = ? AND p.id = ?`, [
    businessId,
    productId,
  ]);
  if (!row) throw new NotFound('Product not found');
  return present(row);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export type SqlStatement = { sql: string; params: unknown[] };

export const PRODUCT_COUNT_CAP = 10_000;

/**
 * The page of product ids (cheap columns only, so the total is a plain count). Exported for the
 * benchmark's raw-SQL figure. The matching strategy depends on what was typed, because PostgreSQL
 * plans each literal pattern separately (MikroORM inlines parameters):
 * - under 3 characters: titles only (no trigram can help; codes that short mean nothing), so the
 *   updated_at index is walked and the first 50 matches end the scan;
 * - with a digit (style codes, SKUs, barcodes): one branch per source, each using its own index,
 *   merged — a rare code is found without walking the catalog;
 * - words: titles, with SKUs as a semi-join, which the planner runs as one hashed subplan.
 */
export function productPageSql(businessId: string, query: ListQuery): SqlStatement & { countSql: string; countParams: unknown[] } {
  const statusSql = query.status === 'all' ? '' : ' AND p.status = ?';
  const statusParams = query.status === 'all' ? [] : [query.status];
  const order =
    query.sort === 'title'
      ? 'p.title ASC, p.id'
      : query.sort === 'created_at'
        ? 'p.created_at DESC, p.id DESC'
        : 'p.updated_at DESC, p.id DESC';
  const q = query.q ?? '';
  const like = `%${escapeLike(q.toLowerCase())}%`;

  let from: string;
  let params: unknown[];
  if (q === '') {
    from = `products p WHERE p.business_id = ?${statusSql}`;
    params = [businessId, ...statusParams];
  } else if (q.length < 3) {
    from = `products p WHERE p.business_id = ?${statusSql} AND p.search_text LIKE ?`;
    params = [businessId, ...statusParams, like];
  } else if (/\d/.test(q)) {
    from = `(SELECT p.* FROM products p WHERE p.business_id = ?${statusSql} AND p.search_text LIKE ?
             UNION
             SELECT p.* FROM variants v JOIN products p ON p.id = v.product_id WHERE v.business_id = ? AND lower(v.sku) LIKE ?${statusSql}
             UNION
             SELECT p.* FROM barcodes b JOIN variants v ON v.id = b.variant_id JOIN products p ON p.id = v.product_id
              WHERE b.business_id = ? AND b.code = ?${statusSql}) p`;
    params = [businessId, ...statusParams, like, businessId, like, ...statusParams, businessId, q, ...statusParams];
  } else {
    from = `products p WHERE p.business_id = ?${statusSql} AND (p.search_text LIKE ?
             OR p.id IN (SELECT v.product_id FROM variants v WHERE v.business_id = ? AND lower(v.sku) LIKE ?))`;
    params = [businessId, ...statusParams, like, businessId, like];
  }
  return {
    sql: `SELECT p.id FROM ${from} ORDER BY ${order} LIMIT ? OFFSET ?`,
    params: [...params, query.limit, query.offset],
    // Counting every match would make a one-letter search scan the whole catalog; past the cap the
    // screen says "10,000+".
    countSql: `SELECT count(*)::int AS total FROM (SELECT 1 FROM ${from} LIMIT ${PRODUCT_COUNT_CAP}) capped`,
    countParams: params,
  };
}

/** The full shape (variants, barcodes, stock) of the given products. */
export function productDetailsSql(businessId: string, ids: string[]): SqlStatement {
  return {
    sql: `${productSelect} FROM products p WHERE p.business_id = ? AND p.id IN (${ids.map(() => '?').join(',')})`,
    params: [businessId, ...ids],
  };
}

/**
 * Search as you type across title, brand, style code, colorway, SKU and exact barcode. Two steps:
 * the page's ids, then the shape of just those rows (shaping in the first query would build the
 * JSON of every matching row).
 */
export async function listProducts(
  em: EntityManager,
  businessId: string,
  query: ListQuery,
): Promise<{ items: ProductDto[]; total: number; total_is_capped: boolean }> {
  const pageSql = productPageSql(businessId, query);
  const [page, counted] = await Promise.all([
    em.execute<{ id: string }[]>(pageSql.sql, pageSql.params),
    em.execute<{ total: number }[]>(pageSql.countSql, pageSql.countParams),
  ]);
  const total = counted[0]?.total ?? 0;
  const totalIsCapped = total >= PRODUCT_COUNT_CAP;
  if (page.length === 0) return { items: [], total, total_is_capped: totalIsCapped };
  const details = productDetailsSql(
    businessId,
    page.map((row) => row.id),
  );
  const rows = await em.execute<ProductRow[]>(details.sql, details.params);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = page.flatMap((row) => {
    const found = byId.get(row.id);
    return found ? [present(found)] : [];
  });
  return { items, total, total_is_capped: totalIsCapped };
}
