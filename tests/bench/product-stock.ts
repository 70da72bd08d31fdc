import type pg from 'pg';

/**
 * Benchmarks seed levels and cost lots straight into their tables, past the ledger, for speed; the
 * ledger's per-product figures (`product_stock`: the products page's sort by stock and the summaries'
 * units and values) are then recomputed from them in one pass, as the ledger would have kept them,
 * from the same definition it uses (the view `product_stock_figures`, migration 0021). Call it again
 * after seeding lots (`seedCostLots`), or their value at cost stays out of the figures.
 */
export async function recomputeProductStock(client: pg.Client, businessId: string): Promise<void> {
  // Rows seeded a moment ago have no statistics yet: without them the planner takes 100,000 products
  // for a handful and joins the view's per-size look-ups by scanning (a bench hung over 6 minutes here).
  await client.query('ANALYZE products, variants, stock_levels, cost_lots, product_stock');
  await client.query(
    `UPDATE product_stock ps
        SET status = f.status, on_hand = f.on_hand, available = f.available, sizes_in_stock = f.sizes_in_stock,
            value_at_price_cents = f.value_at_price_cents, lot_units = f.lot_units, value_at_cost_cents = f.value_at_cost_cents
       FROM product_stock_figures f
      WHERE f.product_id = ps.product_id AND ps.business_id = $1 AND f.business_id = $1`,
    [businessId],
  );
}
