import type pg from 'pg';

/**
 * Benchmarks seed levels straight into `stock_levels`, past the ledger, for speed; the ledger's
 * per-product running total (`product_stock`, the products page's sort by stock) is then
 * recomputed from them in one pass, as the ledger would have kept it.
 */
export async function recomputeProductStock(client: pg.Client, businessId: string): Promise<void> {
  await client.query(
    `UPDATE product_stock ps SET on_hand = s.on_hand
       FROM (SELECT v.product_id, sum(l.on_hand)::int AS on_hand FROM stock_levels l JOIN variants v ON v.id = l.variant_id
              WHERE l.business_id = $1 GROUP BY v.product_id) s
      WHERE ps.product_id = s.product_id`,
    [businessId],
  );
}
