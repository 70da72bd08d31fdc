import type { EntityManager } from '@mikro-orm/postgresql';
import { type CatalogPriceChange, catalogPriceOutcome } from '@tradepost/shared/schemas/batch-operations.ts';
import { sql } from 'kysely';
import { tenantDb } from '../../db/tenant-db.ts';
import { emit } from '../../platform/domain-events.ts';

// Changes to many products or sizes at once, made by batch operations (the products table's bulk
// actions): each runs in the caller's transaction and answers one outcome per id, so the batch
// records every item's result together with the change itself.

export type BulkOutcome = { ok: true; response: Record<string, unknown> } | { ok: false; error: string };

/**
 * Locks the products in id order, as every writer of several products does: product edits lock
 * the product before its sizes, and a size's price change refreshes the product's stock figures
 * (a trigger), so locking products first, then sizes in (product, id) order, keeps a bulk change,
 * a product edit and a ledger posting from waiting on each other in a circle.
 */
async function lockProducts(tx: EntityManager, businessId: string, productIds: readonly string[]) {
  if (productIds.length === 0) return [];
  return tenantDb(tx, businessId)
    .selectFrom('products')
    .select(['id', 'status', 'retail_price_cents'])
    .where('id', 'in', [...new Set(productIds)])
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

/**
 * Applies a price change to each size's own (catalog) price: its own price, else the product's
 * retail price, moved as `catalogPriceOutcome` says (the rule the dialog's preview shows). A size
 * whose new price would be 0 or less, or that has no price to move, keeps its price and gets that
 * reason; the others change. The changed sizes publish one `price.changed`, so listed ones reach
 * their marketplaces through the sync engine's subscriber.
 */
export async function repriceSizes(
  tx: EntityManager,
  businessId: string,
  sizes: readonly { variantId: string; change: CatalogPriceChange }[],
): Promise<Map<string, BulkOutcome>> {
  const outcomes = new Map<string, BulkOutcome>();
  const ids = [...new Set(sizes.map((size) => size.variantId))];
  if (ids.length === 0) return outcomes;
  const db = tenantDb(tx, businessId);
  const owners = await db.selectFrom('variants').select('product_id').distinct().where('id', 'in', ids).execute();
  const products = new Map(
    (
      await lockProducts(
        tx,
        businessId,
        owners.map((row) => row.product_id),
      )
    ).map((row) => [row.id, row]),
  );
  const rows = await db
    .selectFrom('variants')
    .select(['id', 'product_id', 'price_cents'])
    .where('id', 'in', ids)
    .orderBy('product_id')
    .orderBy('id')
    .forUpdate()
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const changes: { id: string; productId: string; cents: number }[] = [];
  for (const { variantId, change } of sizes) {
    const row = byId.get(variantId);
    if (!row) {
      outcomes.set(variantId, { ok: false, error: 'This size no longer exists' });
      continue;
    }
    const current = row.price_cents ?? products.get(row.product_id)?.retail_price_cents ?? null;
    const next = catalogPriceOutcome(current, change);
    if (!next.ok) {
      outcomes.set(variantId, { ok: false, error: next.error });
      continue;
    }
    outcomes.set(variantId, { ok: true, response: { old_price_cents: current, price_cents: next.cents } });
    if (next.cents !== row.price_cents) changes.push({ id: row.id, productId: row.product_id, cents: next.cents });
  }
  // One statement per size, in (product, id) order: the stock-figures trigger then locks the
  // products' figure rows in product order, as the ledger does.
  changes.sort((a, b) => (a.productId === b.productId ? (a.id < b.id ? -1 : 1) : a.productId < b.productId ? -1 : 1));
  for (const change of changes)
    await db.updateTable('variants').set({ price_cents: change.cents, updated_at: sql`now()` }).where('id', '=', change.id).execute();
  if (changes.length === 0) return outcomes;
  // A price change brings the product to the top of "recently updated", as an edit does.
  await db
    .updateTable('products')
    .set({ updated_at: sql`now()` })
    .where('id', 'in', [...new Set(changes.map((change) => change.productId))])
    .execute();
  await emit(tx, businessId, 'price.changed', { variant_ids: changes.map((change) => change.id) });
  return outcomes;
}

/**
 * Archives each product (it leaves the active list, pickers and the export and keeps every size,
 * barcode and movement). A product archived already stays as it was and counts as done, so a
 * repeat changes nothing; one deleted since it was chosen fails with that reason. Each product
 * archived publishes `product.changed`.
 */
export async function archiveProducts(
  tx: EntityManager,
  businessId: string,
  productIds: readonly string[],
): Promise<Map<string, BulkOutcome>> {
  const outcomes = new Map<string, BulkOutcome>();
  const rows = new Map((await lockProducts(tx, businessId, productIds)).map((row) => [row.id, row]));
  const db = tenantDb(tx, businessId);
  for (const id of [...new Set(productIds)].sort()) {
    const row = rows.get(id);
    if (!row) {
      outcomes.set(id, { ok: false, error: 'This product no longer exists' });
    } else if (row.status === 'archived') {
      outcomes.set(id, { ok: true, response: { archived: false, already_archived: true } });
    } else {
      // One product per statement, in id order: its stock-figures row is refreshed (locked) in that order.
      await db
        .updateTable('products')
        .set({ status: 'archived', archived_at: sql`now()`, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
      await emit(tx, businessId, 'product.changed', { product_id: id });
      outcomes.set(id, { ok: true, response: { archived: true, previous_status: row.status } });
    }
  }
  return outcomes;
}
