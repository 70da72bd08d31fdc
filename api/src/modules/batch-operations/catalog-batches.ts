import type { EntityManager } from '@mikro-orm/postgresql';
import { type CatalogBatchRequest, type CatalogBatchType, catalogPriceChangeSchema } from '@tradepost/shared/schemas/batch-operations.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { NotFound } from '../../errors.ts';
import { archiveProducts, type BulkOutcome, repriceSizes } from '../catalog/public.ts';
import { firstDuplicate, type NewBatchItem, refuse } from './batch-items.ts';

// Batches on the catalog itself (issue #17): the products table's bulk catalog price change (one
// item per size) and bulk archive (one item per product). They reach no marketplace directly: a
// repriced size publishes `price.changed`, and the sync engine pushes it where it is listed.

/**
 * Checks the items before anything is written: an id twice answers 400 naming it, an unknown or
 * foreign id 404 naming the first. Whether each item can take the change is decided when it runs,
 * on the prices and statuses of that moment, and said in the item's result.
 */
export async function resolveCatalogBatchItems(em: EntityManager, businessId: string, body: CatalogBatchRequest): Promise<NewBatchItem[]> {
  const db = tenantDb(em, businessId);
  if (body.operation_type === 'catalog_price') {
    const ids = body.items.map((item) => item.variant_id);
    const duplicate = firstDuplicate(ids, 'variant_id');
    if (duplicate) refuse([duplicate]);
    const rows = await db.selectFrom('variants').select(['id', 'product_id', 'sku']).where('id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const missing = ids.find((id) => !byId.has(id));
    if (missing) throw new NotFound(`Size ${missing} not found`);
    return ids.map((id, i) => ({
      seq: i + 1,
      product_id: byId.get(id)?.product_id ?? null,
      variant_id: id,
      sku: byId.get(id)?.sku ?? null,
      input: { change: body.change },
    }));
  }
  const ids = body.items.map((item) => item.product_id);
  const duplicate = firstDuplicate(ids, 'product_id');
  if (duplicate) refuse([duplicate]);
  const rows = await db.selectFrom('products').select('id').where('id', 'in', ids).execute();
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing) throw new NotFound(`Product ${missing} not found`);
  return ids.map((id, i) => ({ seq: i + 1, product_id: id, variant_id: null, sku: null, input: {} }));
}

/** A pending item of a catalog batch, as the runner locked it. */
export type CatalogItem = { id: string; product_id: string | null; variant_id: string | null; input: unknown };

/** What an item leaves on its row: what was asked (the debug screen shows it), and the outcome. */
export type CatalogItemResult = { id: string; ok: boolean; request: Record<string, unknown>; response: unknown; error: string | null };

/** How many items one transaction of a catalog batch takes. */
export const CATALOG_CHUNK = 200;

/**
 * Applies one chunk of a catalog batch in the caller's transaction, answering one result per
 * item: the change and the results commit together, so an item is either done with its result or
 * still pending, never applied twice.
 */
export async function applyCatalogChunk(
  tx: EntityManager,
  businessId: string,
  operation: CatalogBatchType,
  items: readonly CatalogItem[],
): Promise<CatalogItemResult[]> {
  const result = (item: CatalogItem, request: Record<string, unknown>, outcome: BulkOutcome | undefined): CatalogItemResult =>
    outcome?.ok
      ? { id: item.id, ok: true, request, response: outcome.response, error: null }
      : { id: item.id, ok: false, request, response: null, error: outcome?.error ?? 'This item could not be applied' };

  if (operation === 'archive') {
    const outcomes = await archiveProducts(
      tx,
      businessId,
      items.flatMap((item) => (item.product_id ? [item.product_id] : [])),
    );
    return items.map((item) => result(item, { operation: 'archive', product_id: item.product_id }, outcomes.get(item.product_id ?? '')));
  }

  const sizes = items.flatMap((item) => {
    const change = catalogPriceChangeSchema.safeParse((item.input as { change?: unknown } | null)?.change);
    return change.success && item.variant_id ? [{ item, variantId: item.variant_id, change: change.data }] : [];
  });
  const outcomes = await repriceSizes(tx, businessId, sizes);
  const changes = new Map(sizes.map((size) => [size.item.id, size.change]));
  return items.map((item) =>
    result(
      item,
      { operation: 'setCatalogPrice', variant_id: item.variant_id, change: changes.get(item.id) ?? null },
      changes.has(item.id) ? outcomes.get(item.variant_id ?? '') : { ok: false, error: 'This item’s price change could not be read' },
    ),
  );
}
