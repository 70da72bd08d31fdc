import { Migration } from '@mikro-orm/migrations';

/**
 * The figures the dashboard, the inventory summary and the products summary show, kept per product in
 * `product_stock` (migration 0014) instead of summed over every level and lot on each request (a
 * second and a half at 100,000 products): units on hand and available, sizes in stock, the value at
 * price (each size's price, else the product's retail price), the remaining FIFO lots' units and
 * value at cost, and the product's status, so a summary is one pass over this narrow table.
 *
 * `product_stock_figures` is the one definition of those figures, recomputed from the levels, lots
 * and prices of each product. Two writers keep the rows equal to it:
 * - the ledger (`modules/inventory/ledger.ts`), after every posting, for the products it moved, in the
 *   posting's transaction and in product order after every level row (the lock order of 0014);
 * - the triggers below, for what changes outside the ledger: a size's price, a product's retail price
 *   or status, a size removed. A trigger rather than a public function the catalog must call, because
 *   prices are written from several areas (catalog edits, pre-owned items, CSV imports, batches) and a
 *   future writer could forget a call; it cannot skip the trigger. Stock moves stay with the ledger,
 *   which orders its locks; a trigger per level row would lock the product rows in level order.
 */
export class Migration20261127000021StockSummaries extends Migration {
  override name = '20261127-0021-stock-summaries';

  override up(): void {
    this.addSql(`
      ALTER TABLE product_stock
        ADD COLUMN status text NOT NULL DEFAULT 'draft',
        ADD COLUMN available integer NOT NULL DEFAULT 0,
        ADD COLUMN sizes_in_stock integer NOT NULL DEFAULT 0,
        ADD COLUMN value_at_price_cents bigint NOT NULL DEFAULT 0,
        ADD COLUMN lot_units integer NOT NULL DEFAULT 0,
        ADD COLUMN value_at_cost_cents bigint NOT NULL DEFAULT 0`);
    // Per size: its levels summed over locations and its remaining lots; per product: their sums. A size
    // is in stock when it has units anywhere (levels are never negative). The sums sit in a lateral per
    // product, not under one GROUP BY, so a join on the product id (the ledger's few moved products)
    // computes just those products instead of the whole business.
    this.addSql(`
      CREATE VIEW product_stock_figures AS
      SELECT p.id AS product_id, p.business_id, p.status, f.on_hand, f.available, f.sizes_in_stock,
             f.value_at_price_cents, f.lot_units, f.value_at_cost_cents
        FROM products p
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(s.on_hand), 0)::int AS on_hand,
                 coalesce(sum(s.available), 0)::int AS available,
                 (count(*) FILTER (WHERE s.on_hand > 0))::int AS sizes_in_stock,
                 coalesce(sum(s.on_hand::bigint * coalesce(v.price_cents, p.retail_price_cents, 0)), 0)::bigint AS value_at_price_cents,
                 coalesce(sum(c.units), 0)::int AS lot_units,
                 coalesce(sum(c.value_cents), 0)::bigint AS value_at_cost_cents
            FROM variants v
            CROSS JOIN LATERAL (
              SELECT sum(l.on_hand) AS on_hand, sum(l.on_hand - l.reserved - l.committed) AS available
                FROM stock_levels l WHERE l.business_id = v.business_id AND l.variant_id = v.id) s
            CROSS JOIN LATERAL (
              SELECT sum(lot.quantity_remaining) AS units, sum(lot.quantity_remaining::bigint * lot.unit_cost_cents) AS value_cents
                FROM cost_lots lot
               WHERE lot.business_id = v.business_id AND lot.variant_id = v.id AND lot.quantity_remaining > 0) c
           WHERE v.business_id = p.business_id AND v.product_id = p.id) f`);
    this.addSql(`
      UPDATE product_stock ps
         SET status = f.status, on_hand = f.on_hand, available = f.available, sizes_in_stock = f.sizes_in_stock,
             value_at_price_cents = f.value_at_price_cents, lot_units = f.lot_units, value_at_cost_cents = f.value_at_cost_cents
        FROM product_stock_figures f
       WHERE f.product_id = ps.product_id`);
    // A new product's row starts with its status (its figures are zero: it has no sizes with stock yet).
    this.addSql(`
      CREATE OR REPLACE FUNCTION product_stock_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO product_stock (product_id, business_id, status) VALUES (NEW.id, NEW.business_id, NEW.status);
        RETURN NULL;
      END
      $$`);
    this.addSql(`
      CREATE FUNCTION product_stock_refresh(product uuid) RETURNS void LANGUAGE sql AS $$
        UPDATE product_stock ps
           SET status = f.status, on_hand = f.on_hand, available = f.available, sizes_in_stock = f.sizes_in_stock,
               value_at_price_cents = f.value_at_price_cents, lot_units = f.lot_units, value_at_cost_cents = f.value_at_cost_cents
          FROM product_stock_figures f
         WHERE f.product_id = product AND ps.product_id = product
      $$`);
    this.addSql(`
      CREATE FUNCTION product_stock_product_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM product_stock_refresh(NEW.id);
        RETURN NULL;
      END
      $$`);
    this.addSql(`
      CREATE TRIGGER products_stock_figures AFTER UPDATE OF status, retail_price_cents ON products FOR EACH ROW
      WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.retail_price_cents IS DISTINCT FROM NEW.retail_price_cents)
      EXECUTE FUNCTION product_stock_product_changed()`);
    this.addSql(`
      CREATE FUNCTION product_stock_variant_priced() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM product_stock_refresh(NEW.product_id);
        IF OLD.product_id IS DISTINCT FROM NEW.product_id THEN PERFORM product_stock_refresh(OLD.product_id); END IF;
        RETURN NULL;
      END
      $$`);
    this.addSql(`
      CREATE TRIGGER variants_stock_figures AFTER UPDATE OF price_cents, product_id ON variants FOR EACH ROW
      WHEN (OLD.price_cents IS DISTINCT FROM NEW.price_cents OR OLD.product_id IS DISTINCT FROM NEW.product_id)
      EXECUTE FUNCTION product_stock_variant_priced()`);
    // A size with stock or history cannot be removed (the catalog refuses), but the figures do not rely
    // on that rule. Once per statement, so a cascade that removes many sizes at once (a product, a
    // whole business) refreshes their products in one pass; a product removed with them has no row left.
    this.addSql(`
      CREATE FUNCTION product_stock_variants_removed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE product_stock ps
           SET on_hand = f.on_hand, available = f.available, sizes_in_stock = f.sizes_in_stock,
               value_at_price_cents = f.value_at_price_cents, lot_units = f.lot_units, value_at_cost_cents = f.value_at_cost_cents
          FROM product_stock_figures f
         WHERE f.product_id = ps.product_id AND ps.product_id IN (SELECT DISTINCT product_id FROM removed);
        RETURN NULL;
      END
      $$`);
    this.addSql(`
      CREATE TRIGGER variants_removed_stock_figures AFTER DELETE ON variants REFERENCING OLD TABLE AS removed
      FOR EACH STATEMENT EXECUTE FUNCTION product_stock_variants_removed()`);
  }
}
