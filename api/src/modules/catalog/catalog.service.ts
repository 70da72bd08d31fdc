import type { EntityManager } from '@mikro-orm/postgresql';
import { type ResolvedSizeFormat, resolveBuiltInSizeFormat } from '@tradepost/shared/domain/sizes/resolved-size-format.ts';
import { SIZE_FORMATS } from '@tradepost/shared/domain/sizes/size-formats.ts';
import type {
  CreateProductInput,
  Product as ProductDto,
  ProductFacets,
  ProductFilter,
  ProductList,
  ProductListQuery,
  ProductRow as ProductRowDto,
  ProductRowList,
  ProductSetSummary,
  ProductSizeRun,
  UpdateProductInput,
} from '@tradepost/shared/schemas/catalog.ts';
import type { FieldError } from '@tradepost/shared/schemas/common.ts';
import type { InferResult } from 'kysely';
import { tenantDb } from '../../db/tenant-db.ts';
import { tenantStatement } from '../../db/tenant-statement.ts';
import { Invalid, NotFound } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';
import { resolveImages } from '../media/public.ts';
import { loadSizeFormat } from '../sizes/public.ts';
import { Barcode } from './barcode.entity.ts';
import {
  barcodeKind,
  barcodesTaken,
  canonicalSizes,
  conflictFromUniqueViolation,
  duplicate,
  sizeFormatOrInvalid,
  skusTaken,
  styleCodeTaken,
} from './catalog-rules.ts';
import { Product } from './product.entity.ts';
import {
  brandFacetQuery,
  PRODUCT_COUNT_CAP,
  productCountQuery,
  productDetailsQuery,
  productPageQuery,
  productRowsQuery,
  productSetSummaryQuery,
  sizeFacetQuery,
  type VariantTuple,
} from './product-query.ts';
import { Variant } from './variant.entity.ts';

export { barcodeKind } from './catalog-rules.ts';

/** Where a unique index's 409 (a lost race) lands on the product form. */
const fieldOfConstraint = (constraint: string) => (constraint === 'products_style_code_key' ? 'style_code' : 'variants');

/**
 * Sizes in the product's run (built-in or custom, in the run's spelling), then duplicates inside the
 * request and against the catalog, each named by its field. Nothing is written when any is found.
 */
export async function createProduct(em: EntityManager, businessId: string, input: CreateProductInput): Promise<string> {
  const format = await sizeFormatOrInvalid(em, businessId, input.size_format);
  const checked = canonicalSizes(
    format,
    input.variants.map((variant, i) => ({ size: variant.size, field: `variants.${i}.size` })),
  );
  if (checked.errors.length) throw new Invalid(checked.errors.map((e) => e.message).join('; '), checked.errors);
  const variants = input.variants.map((variant, i) => ({ ...variant, size: checked.sizes[i] ?? variant.size }));
  const images = await resolveImages(em, businessId, input.images);

  const errors: FieldError[] = [];
  const seen = { sizes: new Set<string>(), skus: new Set<string>(), codes: new Set<string>() };
  variants.forEach((variant, i) => {
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
  if (input.style_code && input.condition !== 'pre_owned' && (await styleCodeTaken(em, businessId, input.style_code)))
    errors.push({ field: 'style_code', message: `Style code ${input.style_code} is already in your catalog` });
  const takenSkus = await skusTaken(
    em,
    businessId,
    variants.map((v) => v.sku),
  );
  const takenCodes = await barcodesTaken(em, businessId, [...seen.codes]);
  variants.forEach((variant, i) => {
    if (takenSkus.has(variant.sku.toLowerCase()))
      errors.push({ field: `variants.${i}.sku`, message: `SKU ${variant.sku} is already used` });
    variant.barcodes.forEach((barcode, j) => {
      if (takenCodes.has(barcode.code))
        errors.push({ field: `variants.${i}.barcodes.${j}.code`, message: `Barcode ${barcode.code} is already used` });
    });
  });
  if (errors.length) throw duplicate(errors);

  try {
    return await em.transactional(async (tx) => {
      const product = tx.create(Product, {
        business: businessId,
        title: input.title,
        brand: input.brand || null,
        styleCode: input.style_code ?? null,
        colorway: input.colorway || null,
        category: input.category,
        sizeFormat: format.id,
        condition: input.condition,
        grade: input.condition === 'pre_owned' ? (input.grade ?? null) : null,
        conditionNotes: input.condition_notes || null,
        status: input.status,
        retailPriceCents: input.retail_price_cents ?? null,
        releaseDate: input.release_date ?? null,
        description: input.description ?? null,
        tags: input.tags,
        images,
      });
      for (const v of variants) {
        const variant = tx.create(Variant, {
          business: businessId,
          product,
          size: v.size,
          sku: v.sku,
          priceCents: v.price_cents ?? null,
          weightGrams: v.weight_grams ?? null,
        });
        for (const b of v.barcodes)
          tx.create(Barcode, { business: businessId, variant, code: b.code, kind: b.kind ?? barcodeKind(b.code) });
      }
      await tx.flush();
      await emit(tx, businessId, 'product.changed', { product_id: product.id });
      return product.id;
    });
  } catch (error) {
    throw conflictFromUniqueViolation(error, fieldOfConstraint) ?? error;
  }
}

type ProductRecord = InferResult<ReturnType<typeof productDetailsQuery>>[number];

const presentVariant = ([
  id,
  size,
  sku,
  priceCents,
  weightGrams,
  barcodes,
  onHand,
  available,
]: VariantTuple): ProductDto['variants'][number] => ({
  id,
  size,
  sku,
  price_cents: priceCents,
  weight_grams: weightGrams,
  // Codes hold no spaces (letters, digits, dashes), so 'code kind' splits cleanly.
  barcodes: (barcodes ?? []).map((entry) => {
    const [code = '', kind = 'custom'] = entry.split(' ');
    return { code, kind: kind as 'upc' | 'ean' | 'custom' };
  }),
  on_hand: Number(onHand ?? 0),
  available: Number(available ?? 0),
});

const iso = (value: Date | string) => new Date(value).toISOString();

/** Sizes in the run's order; a run that no longer exists falls back to plain text order. */
const sizeOrder = (format: ResolvedSizeFormat | null) => format?.compare ?? ((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0));

function present(row: ProductRecord, format: ResolvedSizeFormat | null): ProductDto {
  const compare = sizeOrder(format);
  return {
    id: row.id,
    title: row.title,
    brand: row.brand,
    style_code: row.style_code,
    colorway: row.colorway,
    category: row.category,
    size_format: row.size_format,
    condition: row.condition,
    grade: row.grade,
    condition_notes: row.condition_notes,
    retail_price_cents: row.retail_price_cents,
    release_date: row.release_date,
    description: row.description,
    tags: row.tags,
    images: row.images ?? [],
    status: row.status,
    archived_at: row.archived_at === null ? null : iso(row.archived_at),
    variants: (row.variants ?? []).map(presentVariant).sort((a, b) => compare(a.size, b.size)),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The size runs of these rows: built-ins from memory, each custom run once from the database. */
async function formatsOf(em: EntityManager, businessId: string, rows: readonly { size_format: string }[]) {
  const formats = new Map<string, ResolvedSizeFormat | null>();
  for (const id of new Set(rows.map((row) => row.size_format))) {
    formats.set(id, resolveBuiltInSizeFormat(id) ?? (await loadSizeFormat(em, businessId, id)));
  }
  return formats;
}

export async function getProduct(em: EntityManager, businessId: string, productId: string): Promise<ProductDto> {
  const [row] = await productDetailsOf(em, businessId, { ids: [productId] });
  if (!row) throw new NotFound('Product not found');
  const formats = await formatsOf(em, businessId, [row]);
  return present(row, formats.get(row.size_format) ?? null);
}

// The shapes of a page's products, built once (`tenantStatement`): every products page, search
// keystroke and product view runs one, and building and scoping them cost more CPU than running them.
const productRowsOf = tenantStatement(['ids'], (db, v: { ids: string[] }) => productRowsQuery(db, v.ids));
const productDetailsOf = tenantStatement(['ids'], (db, v: { ids: string[] }) => productDetailsQuery(db, v.ids));

/**
 * Search as you type across title, brand, style code, colorway, SKU and exact barcode, with the
 * filter bar's filters: a page of full products (pickers, the extension, API clients).
 */
export function listProducts(em: EntityManager, businessId: string, query: ProductListQuery): Promise<ProductList> {
  return productPage(em, businessId, query, productDetailsOf, present);
}

/** The same search and page as lines of the products table (see productRowSchema). */
export function listProductRows(em: EntityManager, businessId: string, query: ProductListQuery): Promise<ProductRowList> {
  return productPage(em, businessId, query, productRowsOf, presentRow);
}

type ProductRowRecord = InferResult<ReturnType<typeof productRowsQuery>>[number];

function presentRow(row: ProductRowRecord, format: ResolvedSizeFormat | null): ProductRowDto {
  const compare = sizeOrder(format);
  const sizes = (row.sizes ?? []).map(([size, onHand, available]) => ({
    size,
    on_hand: Number(onHand ?? 0),
    available: Number(available ?? 0),
  }));
  return { ...row, sizes: sizes.sort((a, b) => compare(a.size, b.size)) };
}

/**
 * Two steps: the page's ids, then the shape of just those rows (shaping in the first query would
 * build the JSON of every match). The count runs only when asked, after the page, and not at all
 * when the first page already holds every match.
 */
async function productPage<Row extends { id: string; size_format: string }, Item>(
  em: EntityManager,
  businessId: string,
  query: ProductListQuery,
  shapeOf: (em: EntityManager, businessId: string, values: { ids: string[] }) => Promise<Row[]>,
  present: (row: Row, format: ResolvedSizeFormat | null) => Item,
): Promise<{ items: Item[]; total: number | null; total_is_capped: boolean }> {
  const db = tenantDb(em, businessId);
  const page = await productPageQuery(db, query).execute();
  let total: number | null = null;
  if (query.with_total === true) {
    if (query.offset === 0 && page.length < query.limit) total = page.length;
    else total = (await productCountQuery(db, query).executeTakeFirst())?.total ?? 0;
  }
  const totalIsCapped = total !== null && total >= PRODUCT_COUNT_CAP;
  if (page.length === 0) return { items: [], total, total_is_capped: totalIsCapped };
  const rows = await shapeOf(em, businessId, { ids: page.map((row) => row.id) });
  const formats = await formatsOf(em, businessId, rows);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = page.flatMap((row) => {
    const found = byId.get(row.id);
    return found ? [present(found, formats.get(found.size_format) ?? null)] : [];
  });
  return { items, total, total_is_capped: totalIsCapped };
}

/** The filtered set's size and worth, for the figures above the products table. */
export async function productSetSummary(em: EntityManager, businessId: string, filter: ProductFilter): Promise<ProductSetSummary> {
  const row = await productSetSummaryQuery(tenantDb(em, businessId), filter).executeTakeFirst();
  const onHand = Number(row?.on_hand ?? 0);
  return {
    products: Number(row?.products ?? 0),
    units_on_hand: onHand,
    value_at_cost_cents: Number(row?.at_cost ?? 0),
    value_at_price_cents: Number(row?.at_price ?? 0),
    units_without_cost: Math.max(onHand - Number(row?.lot_units ?? 0), 0),
  };
}

const apparelOrder = new Map((SIZE_FORMATS.find((format) => format.id === 'apparel')?.values ?? []).map((value, i) => [value, i]));

/** Sizes of every run in one list: numbers by value (then kids' letters), apparel letters in run order, the rest by name. */
export function compareAnySize(a: string, b: string): number {
  const key = (size: string): [number, number, string] => {
    const apparel = apparelOrder.get(size.toUpperCase());
    if (apparel !== undefined) return [1, apparel, ''];
    const number = /^[A-Za-z]?(\d+(?:\.\d+)?)/.exec(size);
    if (number?.[1] !== undefined) return [0, Number(number[1]), size];
    return [2, 0, size.toLowerCase()];
  };
  const [ga, na, ta] = key(a);
  const [gb, nb, tb] = key(b);
  return ga - gb || na - nb || (ta < tb ? -1 : ta > tb ? 1 : 0);
}

export async function productFacets(em: EntityManager, businessId: string, status: ProductFilter['status']): Promise<ProductFacets> {
  const db = tenantDb(em, businessId);
  const brandRows = await brandFacetQuery(db, status).execute();
  const sizeRows = await sizeFacetQuery(db).execute();
  return { brands: brandRows, sizes: sizeRows.map((row) => row.size).sort(compareAnySize) };
}

export async function productSizeRun(em: EntityManager, businessId: string, productId: string): Promise<ProductSizeRun> {
  const row = await tenantDb(em, businessId).selectFrom('products').where('id', '=', productId).select('size_format').executeTakeFirst();
  if (!row) throw new NotFound('Product not found');
  const format = await loadSizeFormat(em, businessId, row.size_format);
  if (format === null) return { size_format: row.size_format, name: 'Size format removed', sizes: [], is_custom: true };
  return { size_format: format.id, name: format.name, sizes: [...format.sizes], is_custom: format.isCustom };
}

/**
 * PATCH: only the fields sent change. Condition and grade are checked on the result (a grade needs
 * a pre-owned item; leaving pre-owned drops the grade). Size edits (SKU, price, weight) ride along
 * so one Save is one transaction; a SKU is free when no other size holds it after the change.
 */
export async function updateProduct(em: EntityManager, businessId: string, productId: string, input: UpdateProductInput): Promise<void> {
  const product = await em.findOne(Product, { id: productId, business: businessId });
  if (product === null) throw new NotFound('Product not found');
  const variants = await em.find(Variant, { product: productId, business: businessId });
  const byId = new Map(variants.map((variant) => [variant.id, variant]));
  const missing = input.variants?.find((change) => !byId.has(change.id));
  if (missing !== undefined) throw new NotFound(`Size ${missing.id} not found on this product`);

  const condition = input.condition ?? product.condition;
  const grade = input.grade !== undefined ? input.grade : condition === 'pre_owned' ? (product.grade ?? null) : null;
  const invalid: FieldError[] = [];
  if (condition !== 'pre_owned' && grade !== null) invalid.push({ field: 'grade', message: 'Grade applies to pre-owned items only' });
  if (condition === 'pre_owned' && grade === null && product.status !== 'draft')
    invalid.push({ field: 'grade', message: 'Choose a grade for a pre-owned item' });
  if (invalid.length) throw new Invalid(invalid.map((e) => e.message).join('; '), invalid);
  const images = input.images === undefined ? undefined : await resolveImages(em, businessId, input.images);

  const errors: FieldError[] = [];
  const styleCode = input.style_code !== undefined ? input.style_code : product.styleCode;
  const styleCodeChecked = input.style_code !== undefined || input.condition !== undefined;
  if (styleCodeChecked && styleCode && condition !== 'pre_owned' && (await styleCodeTaken(em, businessId, styleCode, product.id)))
    errors.push({ field: 'style_code', message: `Style code ${styleCode} is already in your catalog` });
  const skuChanges = (input.variants ?? []).flatMap((change, i) =>
    change.sku === undefined || change.sku === byId.get(change.id)?.sku ? [] : [{ i, id: change.id, sku: change.sku }],
  );
  if (skuChanges.length) {
    // After the change: this product's sizes with their new SKUs, and every other size's as it is.
    const finalSku = new Map(variants.map((variant) => [variant.id, variant.sku.toLowerCase()]));
    for (const change of skuChanges) finalSku.set(change.id, change.sku.toLowerCase());
    const elsewhere = await skusTaken(
      em,
      businessId,
      skuChanges.map((change) => change.sku),
      variants.map((variant) => variant.id),
    );
    for (const change of skuChanges) {
      const lowered = change.sku.toLowerCase();
      const sharedHere = [...finalSku].some(([id, sku]) => id !== change.id && sku === lowered);
      if (elsewhere.has(lowered) || sharedHere)
        errors.push({ field: `variants.${change.i}.sku`, message: `SKU ${change.sku} is already used` });
    }
  }
  if (errors.length) throw duplicate(errors);

  try {
    await em.transactional(async (tx) => {
      const row = await tx.findOneOrFail(Product, { id: productId, business: businessId });
      if (input.title !== undefined) row.title = input.title;
      if (input.brand !== undefined) row.brand = input.brand;
      if (input.style_code !== undefined) row.styleCode = input.style_code;
      if (input.colorway !== undefined) row.colorway = input.colorway;
      if (input.category !== undefined) row.category = input.category;
      row.condition = condition;
      row.grade = grade;
      if (input.condition_notes !== undefined) row.conditionNotes = input.condition_notes;
      if (input.retail_price_cents !== undefined) row.retailPriceCents = input.retail_price_cents;
      if (input.release_date !== undefined) row.releaseDate = input.release_date;
      if (input.description !== undefined) row.description = input.description;
      if (input.tags !== undefined) row.tags = [...new Set(input.tags)];
      if (images !== undefined) row.images = images;
      // Any change, a size's included, brings the product to the top of "recently updated".
      row.updatedAt = new Date();
      const changed = await tx.find(Variant, { id: { $in: (input.variants ?? []).map((change) => change.id) }, business: businessId });
      const changedById = new Map(changed.map((variant) => [variant.id, variant]));
      for (const change of input.variants ?? []) {
        const variant = changedById.get(change.id);
        if (variant === undefined) continue;
        if (change.sku !== undefined) variant.sku = change.sku;
        if (change.price_cents !== undefined) variant.priceCents = change.price_cents;
        if (change.weight_grams !== undefined) variant.weightGrams = change.weight_grams;
      }
      await tx.flush();
      if (input.retail_price_cents !== undefined || input.variants?.some((c) => c.price_cents !== undefined))
        await emit(tx, businessId, 'price.changed', { product_id: productId });
      await emit(tx, businessId, 'product.changed', { product_id: productId });
    });
  } catch (error) {
    throw conflictFromUniqueViolation(error, fieldOfConstraint) ?? error;
  }
}
