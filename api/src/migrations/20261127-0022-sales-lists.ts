import { Migration } from '@mikro-orm/migrations';

/**
 * The sales and customers lists at scale (issue #16), and costs past $21.4M.
 *
 * - Each customer's figures (orders not cancelled, what the lines sold for, the last order's time)
 *   are kept on the customer by triggers on `sales` and `sale_lines`, in the writing transaction,
 *   whoever writes (a sale, a cancellation, a seed): the customers list walks an index on its
 *   order (most recent order first, then name) instead of computing three sub-queries for every
 *   customer before its LIMIT.
 * - Sales pages walk an index in their order with the id as tie-break (page ids and the exact count
 *   read the index only), per status and per channel too; a search finds sale ids through a trigram
 *   index per field (the order id's is new here) instead of testing every sale.
 * - A line's shipped cost is bigint: 10,000 units at $3,000 overflowed an integer (a 500).
 */
export class Migration20261127000022SalesLists extends Migration {
  override name = '20261127-0022-sales-lists';

  override up(): void {
    this.addSql('ALTER TABLE sale_lines ALTER COLUMN shipped_cost_cents TYPE bigint');

    this.addSql('DROP INDEX sales_created_idx');
    this.addSql('DROP INDEX sales_ordered_idx');
    this.addSql('CREATE INDEX sales_created_idx ON sales (business_id, created_at DESC, id DESC)');
    this.addSql('CREATE INDEX sales_ordered_idx ON sales (business_id, ordered_at DESC, id DESC)');
    this.addSql('CREATE INDEX sales_status_idx ON sales (business_id, status, created_at DESC, id DESC)');
    this.addSql('CREATE INDEX sales_channel_idx ON sales (business_id, channel_id, created_at DESC, id DESC)');
    this.addSql('CREATE INDEX sales_order_id_trgm ON sales USING gin (lower(external_order_id) gin_trgm_ops)');

    this.addSql(`
      ALTER TABLE customers
        ADD COLUMN order_count integer NOT NULL DEFAULT 0,
        ADD COLUMN spent_cents bigint NOT NULL DEFAULT 0,
        ADD COLUMN last_order_at timestamptz`);
    // Recomputes one customer's figures from their sales (for the rare changes a delta cannot say).
    this.addSql(`
      CREATE FUNCTION customer_figures_recompute(customer uuid) RETURNS void LANGUAGE sql AS $$
        UPDATE customers c SET
          order_count = (SELECT count(*) FROM sales s
                          WHERE s.business_id = c.business_id AND s.customer_id = c.id AND s.status <> 'cancelled'),
          spent_cents = (SELECT coalesce(sum((l.quantity - l.quantity_cancelled)::bigint * l.unit_price_cents), 0)
                           FROM sales s JOIN sale_lines l ON l.sale_id = s.id
                          WHERE s.business_id = c.business_id AND s.customer_id = c.id),
          last_order_at = (SELECT max(s.ordered_at) FROM sales s WHERE s.business_id = c.business_id AND s.customer_id = c.id)
        WHERE c.id = customer
      $$`);
    this.addSql(`
      UPDATE customers c SET order_count = f.orders, spent_cents = coalesce(m.spent, 0), last_order_at = f.last
        FROM (SELECT customer_id, count(*) FILTER (WHERE status <> 'cancelled') AS orders, max(ordered_at) AS last
                FROM sales WHERE customer_id IS NOT NULL GROUP BY customer_id) f
        LEFT JOIN (SELECT s.customer_id, sum((l.quantity - l.quantity_cancelled)::bigint * l.unit_price_cents) AS spent
                     FROM sales s JOIN sale_lines l ON l.sale_id = s.id
                    WHERE s.customer_id IS NOT NULL GROUP BY s.customer_id) m ON m.customer_id = f.customer_id
       WHERE c.id = f.customer_id`);
    this.addSql('CREATE INDEX customers_recent_idx ON customers (business_id, last_order_at DESC NULLS LAST, name, id)');

    // A new sale counts at once (its lines add what they sold for); a sale cancelled or restored
    // moves the count by one; a sale moved to another customer or re-dated, or deleted, recomputes.
    this.addSql(`
      CREATE FUNCTION sales_customer_figures() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          IF NEW.customer_id IS NOT NULL THEN
            UPDATE customers SET order_count = order_count + (NEW.status <> 'cancelled')::int,
                                 last_order_at = greatest(last_order_at, NEW.ordered_at)
             WHERE id = NEW.customer_id;
          END IF;
        ELSIF TG_OP = 'DELETE' THEN
          IF OLD.customer_id IS NOT NULL THEN PERFORM customer_figures_recompute(OLD.customer_id); END IF;
        ELSIF NEW.customer_id IS DISTINCT FROM OLD.customer_id OR NEW.ordered_at <> OLD.ordered_at THEN
          IF OLD.customer_id IS NOT NULL THEN PERFORM customer_figures_recompute(OLD.customer_id); END IF;
          IF NEW.customer_id IS NOT NULL AND NEW.customer_id IS DISTINCT FROM OLD.customer_id THEN
            PERFORM customer_figures_recompute(NEW.customer_id);
          END IF;
        ELSIF NEW.customer_id IS NOT NULL AND (NEW.status = 'cancelled') <> (OLD.status = 'cancelled') THEN
          UPDATE customers SET order_count = order_count + CASE WHEN NEW.status = 'cancelled' THEN -1 ELSE 1 END
           WHERE id = NEW.customer_id;
        END IF;
        RETURN NULL;
      END $$`);
    this.addSql(`
      CREATE TRIGGER sales_customer_figures AFTER INSERT OR DELETE OR UPDATE OF customer_id, status, ordered_at ON sales
      FOR EACH ROW EXECUTE FUNCTION sales_customer_figures()`);
    // What a line sold for, (quantity − cancelled) × price, added to its sale's customer as it changes.
    // A line deleted with its sale finds no sale: the sale's own trigger recomputes.
    this.addSql(`
      CREATE FUNCTION sale_lines_customer_figures() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        added bigint := 0;
        taken bigint := 0;
      BEGIN
        IF TG_OP <> 'DELETE' THEN added := (NEW.quantity - NEW.quantity_cancelled)::bigint * NEW.unit_price_cents; END IF;
        IF TG_OP <> 'INSERT' THEN taken := (OLD.quantity - OLD.quantity_cancelled)::bigint * OLD.unit_price_cents; END IF;
        IF TG_OP = 'UPDATE' AND NEW.sale_id = OLD.sale_id THEN
          added := added - taken;
          taken := 0;
        END IF;
        IF taken <> 0 THEN
          UPDATE customers c SET spent_cents = c.spent_cents - taken FROM sales s WHERE s.id = OLD.sale_id AND c.id = s.customer_id;
        END IF;
        IF added <> 0 THEN
          UPDATE customers c SET spent_cents = c.spent_cents + added FROM sales s WHERE s.id = NEW.sale_id AND c.id = s.customer_id;
        END IF;
        RETURN NULL;
      END $$`);
    this.addSql(`
      CREATE TRIGGER sale_lines_customer_figures
      AFTER INSERT OR DELETE OR UPDATE OF sale_id, quantity, quantity_cancelled, unit_price_cents ON sale_lines
      FOR EACH ROW EXECUTE FUNCTION sale_lines_customer_figures()`);
  }
}
