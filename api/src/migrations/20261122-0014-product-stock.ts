import { Migration } from '@mikro-orm/migrations';

/**
 * Each product's units on hand, summed over its sizes and locations, kept by the ledger in the same
 * transaction as the levels: the products page sorts the whole catalog by stock with an index walk
 * instead of summing 400,000 levels per request (a second at 100,000 products). A row exists for
 * every product from its creation (trigger), so the sort can drive from this table's index.
 */
export class Migration20261122000014ProductStock extends Migration {
  override name = '20261122-0014-product-stock';

  override up(): void {
    this.addSql(`
      CREATE TABLE product_stock (
        product_id uuid PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        on_hand integer NOT NULL DEFAULT 0
      )`);
    this.addSql('CREATE INDEX product_stock_sort_idx ON product_stock (business_id, on_hand, product_id)');
    this.addSql(`
      INSERT INTO product_stock (product_id, business_id, on_hand)
      SELECT p.id, p.business_id,
             coalesce((SELECT sum(l.on_hand) FROM variants v JOIN stock_levels l ON l.variant_id = v.id WHERE v.product_id = p.id), 0)
        FROM products p`);
    this.addSql(`
      CREATE FUNCTION product_stock_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO product_stock (product_id, business_id) VALUES (NEW.id, NEW.business_id);
        RETURN NULL;
      END
      $$`);
    this.addSql('CREATE TRIGGER products_stock_row AFTER INSERT ON products FOR EACH ROW EXECUTE FUNCTION product_stock_row()');
  }
}
