import type { EntityManager } from '@mikro-orm/postgresql';
import type { addBarcodeBodySchema, addVariantBodySchema } from '@tradepost/shared/schemas/catalog.ts';
import type { FieldError } from '@tradepost/shared/schemas/common.ts';
import { sql } from 'kysely';
import type { z } from 'zod';
import { tenantDb } from '../../db/tenant-db.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';
import { Barcode } from './barcode.entity.ts';
import {
  barcodeKind,
  barcodesTaken,
  canonicalSizes,
  conflictFromUniqueViolation,
  duplicate,
  isForeignKeyViolation,
  lockVariantsInUse,
  sizeFormatOrInvalid,
  skusTaken,
  type VariantUse,
} from './catalog-rules.ts';
import { Product } from './product.entity.ts';
import { Variant } from './variant.entity.ts';

type AddVariantInput = z.output<typeof addVariantBodySchema>;
type AddBarcodeInput = z.output<typeof addBarcodeBodySchema>;

const MAX_BARCODES_PER_SIZE = 10;

async function productOrNotFound(em: EntityManager, businessId: string, productId: string): Promise<Product> {
  const product = await em.findOne(Product, { id: productId, business: businessId });
  if (product === null) throw new NotFound('Product not found');
  return product;
}

async function variantOrNotFound(em: EntityManager, businessId: string, productId: string, variantId: string): Promise<Variant> {
  const variant = await em.findOne(Variant, { id: variantId, product: productId, business: businessId });
  if (variant === null) throw new NotFound('Size not found on this product');
  return variant;
}

/**
 * After a change to a product's sizes or barcodes: it comes to the top of "recently updated", and
 * `product.changed` tells every screen showing it (pass the transaction).
 */
async function touch(tx: EntityManager, businessId: string, productId: string): Promise<void> {
  await tenantDb(tx, businessId).updateTable('products').set({ updated_at: sql`now()` }).where('id', '=', productId).execute();
  await emit(tx, businessId, 'product.changed', { product_id: productId });
}

const fieldOf = (constraint: string) =>
  constraint === 'variants_size_key' ? 'size' : constraint === 'variants_sku_key' ? 'sku' : 'barcodes';

/** A new size from the product's run, with its SKU, price, weight and barcodes. */
export async function addVariant(em: EntityManager, businessId: string, productId: string, input: AddVariantInput): Promise<void> {
  const product = await productOrNotFound(em, businessId, productId);
  const format = await sizeFormatOrInvalid(em, businessId, product.sizeFormat, 'size');
  const checked = canonicalSizes(format, [{ size: input.size, field: 'size' }]);
  if (checked.errors.length) throw new Invalid(checked.errors.map((e) => e.message).join('; '), checked.errors);
  const size = checked.sizes[0] ?? input.size;

  const errors: FieldError[] = [];
  const existing = await tenantDb(em, businessId)
    .selectFrom('variants')
    .where('product_id', '=', productId)
    .where('size', '=', size)
    .select('id')
    .executeTakeFirst();
  if (existing !== undefined) errors.push({ field: 'size', message: `Size ${size} is already on this product` });
  if ((await skusTaken(em, businessId, [input.sku])).size) errors.push({ field: 'sku', message: `SKU ${input.sku} is already used` });
  const seen = new Set<string>();
  const taken = await barcodesTaken(
    em,
    businessId,
    input.barcodes.map((b) => b.code),
  );
  input.barcodes.forEach((barcode, j) => {
    if (seen.has(barcode.code)) errors.push({ field: `barcodes.${j}.code`, message: `Barcode ${barcode.code} is listed twice` });
    else if (taken.has(barcode.code)) errors.push({ field: `barcodes.${j}.code`, message: `Barcode ${barcode.code} is already used` });
    seen.add(barcode.code);
  });
  if (errors.length) throw duplicate(errors);

  try {
    await em.transactional(async (tx) => {
      const variant = tx.create(Variant, {
        business: businessId,
        product: productId,
        size,
        sku: input.sku,
        priceCents: input.price_cents ?? null,
        weightGrams: input.weight_grams ?? null,
      });
      for (const b of input.barcodes)
        tx.create(Barcode, { business: businessId, variant, code: b.code, kind: b.kind ?? barcodeKind(b.code) });
      await tx.flush();
      await touch(tx, businessId, productId);
    });
  } catch (error) {
    throw conflictFromUniqueViolation(error, fieldOf) ?? error;
  }
}

const inUseMessage = (use: VariantUse) =>
  use.stock
    ? `Size ${use.size} has stock, so it cannot be removed. Archive the product instead to hide it and keep its history.`
    : `Size ${use.size} has stock history, so it cannot be removed. Archive the product instead to hide it and keep its history.`;

/** Removes a size that never held stock; one with stock or history answers 409 (archive instead). */
export async function removeVariant(em: EntityManager, businessId: string, productId: string, variantId: string): Promise<void> {
  await variantOrNotFound(em, businessId, productId, variantId);
  try {
    await em.transactional(async (tx) => {
      const [use] = await lockVariantsInUse(tx, businessId, productId, [variantId]);
      if (use === undefined) throw new NotFound('Size not found on this product');
      if (use.stock || use.history) throw new Conflict(inUseMessage(use), 'SIZE_IN_USE');
      await tenantDb(tx, businessId).deleteFrom('variants').where('id', '=', variantId).execute();
      await touch(tx, businessId, productId);
    });
  } catch (error) {
    // Another record we do not check for (a sale line) still points at the size.
    if (isForeignKeyViolation(error))
      throw new Conflict('This size is used by other records, so it cannot be removed. Archive the product instead.', 'SIZE_IN_USE');
    throw error;
  }
}

export async function addBarcode(
  em: EntityManager,
  businessId: string,
  productId: string,
  variantId: string,
  input: AddBarcodeInput,
): Promise<void> {
  const variant = await variantOrNotFound(em, businessId, productId, variantId);
  const row = await tenantDb(em, businessId)
    .selectFrom('barcodes')
    .where('variant_id', '=', variant.id)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirst();
  if ((row?.n ?? 0) >= MAX_BARCODES_PER_SIZE)
    throw new Invalid('Too many barcodes', [{ field: 'code', message: `A size holds at most ${MAX_BARCODES_PER_SIZE} barcodes` }]);
  if ((await barcodesTaken(em, businessId, [input.code])).size)
    throw duplicate([{ field: 'code', message: `Barcode ${input.code} is already used` }]);
  try {
    await em.transactional(async (tx) => {
      tx.create(Barcode, { business: businessId, variant: variant.id, code: input.code, kind: input.kind ?? barcodeKind(input.code) });
      await tx.flush();
      await touch(tx, businessId, productId);
    });
  } catch (error) {
    throw conflictFromUniqueViolation(error, () => 'code') ?? error;
  }
}

/** A barcode for a size known by its id alone (another area's scanner mapping an unknown code): as `addBarcode`. */
export async function addBarcodeToSize(em: EntityManager, businessId: string, variantId: string, code: string): Promise<void> {
  const size = await tenantDb(em, businessId).selectFrom('variants').select('product_id').where('id', '=', variantId).executeTakeFirst();
  if (!size) throw new NotFound('Size not found');
  await addBarcode(em, businessId, size.product_id, variantId, { code });
}

export async function removeBarcode(em: EntityManager, businessId: string, productId: string, variantId: string, code: string) {
  await variantOrNotFound(em, businessId, productId, variantId);
  await em.transactional(async (tx) => {
    const deleted = await tenantDb(tx, businessId)
      .deleteFrom('barcodes')
      .where('variant_id', '=', variantId)
      .where('code', '=', code)
      .returning('id')
      .execute();
    if (deleted.length === 0) throw new NotFound('Barcode not found on this size');
    await touch(tx, businessId, productId);
  });
}

/** Archived products leave the active list and pickers but keep every size, barcode and movement. */
export async function archiveProduct(em: EntityManager, businessId: string, productId: string): Promise<void> {
  await em.transactional(async (tx) => {
    const product = await productOrNotFound(tx, businessId, productId);
    if (product.status === 'archived') return;
    product.status = 'archived';
    product.archivedAt = new Date();
    await tx.flush();
    await emit(tx, businessId, 'product.changed', { product_id: productId });
  });
}

export async function unarchiveProduct(em: EntityManager, businessId: string, productId: string): Promise<void> {
  await em.transactional(async (tx) => {
    const product = await productOrNotFound(tx, businessId, productId);
    if (product.status !== 'archived') return;
    product.status = 'active';
    product.archivedAt = null;
    await tx.flush();
    await emit(tx, businessId, 'product.changed', { product_id: productId });
  });
}

/** Deletes a product that never held stock; one with stock or history answers 409 (archive instead). */
export async function deleteProduct(em: EntityManager, businessId: string, productId: string): Promise<void> {
  await productOrNotFound(em, businessId, productId);
  try {
    await em.transactional(async (tx) => {
      await tenantDb(tx, businessId).selectFrom('products').where('id', '=', productId).select('id').forUpdate().execute();
      const uses = await lockVariantsInUse(tx, businessId, productId);
      const used = uses.filter((use) => use.stock || use.history);
      if (used.length) {
        const stock = used.some((use) => use.stock);
        throw new Conflict(
          `This product ${stock ? 'has stock' : 'has stock history'} (${used.map((use) => `size ${use.size}`).join(', ')}), so it cannot be deleted. Archive it instead: it leaves your active catalog and keeps its history.`,
          'PRODUCT_IN_USE',
        );
      }
      await tenantDb(tx, businessId).deleteFrom('products').where('id', '=', productId).execute();
      await emit(tx, businessId, 'product.changed', { product_id: productId });
    });
  } catch (error) {
    if (isForeignKeyViolation(error))
      throw new Conflict('This product is used by other records, so it cannot be deleted. Archive it instead.', 'PRODUCT_IN_USE');
    throw error;
  }
  // The entity loaded above is gone from the database; drop it from this request's identity map too.
  em.clear();
}
