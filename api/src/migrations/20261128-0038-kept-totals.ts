import { Migration } from '@mikro-orm/migrations';

/**
 * The rest of the dashboard's figures kept (issue #16), so that it reads a few hundred narrow rows
 * instead of 100,000 products and every sale's lines:
 *
 * - `stock_totals`: the business's stock as a whole per product status — products, units on hand and
 *   available, sizes in stock, value at price, lot units and value at cost — the sums of the
 *   per-product figures of `product_stock` (migration 0021). The dashboard and the products summary
 *   of a set narrowed by nothing but its status read a row per status.
 * - `sale_figures`: each sale's units kept, revenue and profit as the dashboard sums them, so the 30
 *   days' sales are one index range (the view `sale_figures_computed` is their one definition).
 *
 * Kept the way `aged_stock_days` is (migration 0037): every statement that changes `product_stock`
 * (the ledger's refresh after a posting, the catalog's price and status triggers, a product created or
 * deleted) adds its change per business and status to `stock_totals_pending`, and every statement
 * that writes a sale, its lines or its refunds adds the sale to `sale_figures_pending`; at commit the
 * one deferred fold, `kept_figures_fold`, applies the transaction's changes: the aged days, then the
 * totals, then the sales, each in key order. So every transaction takes these row locks last, in one
 * order, and holds them only for its commit: writers of one business wait on each other for a commit
 * at most, and never in a circle.
 */
export class Migration20261128000038KeptTotals extends Migration {
  override name = '20261128-0038-kept-totals';

  override up(): void {
    const figures = ['on_hand', 'available', 'sizes_in_stock', 'value_at_price_cents', 'lot_units', 'value_at_cost_cents'];
    const columns = ['products', ...figures];
    this.addSql(`
      CREATE TABLE stock_totals (
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        status text NOT NULL,
        ${columns.map((c) => `${c} bigint NOT NULL`).join(',\n        ')},
        PRIMARY KEY (business_id, status)
      )`);
    this.addSql(`
      CREATE TABLE stock_totals_pending (
        xact bigint NOT NULL DEFAULT txid_current(),
        business_id uuid NOT NULL,
        status text NOT NULL,
        ${columns.map((c) => `${c} bigint NOT NULL`).join(',\n        ')}
      )`);
    this.addSql('CREATE INDEX stock_totals_pending_xact_idx ON stock_totals_pending (xact)');
    const sums = (from: string, sign: '' | '-') =>
      `SELECT business_id, status, ${sign}count(*) AS products, ${figures.map((f) => `${sign}sum(${f}) AS ${f}`).join(', ')}
         FROM ${from} GROUP BY business_id, status`;
    this.addSql(`
      INSERT INTO stock_totals (business_id, status, ${columns.join(', ')})
      ${sums('product_stock', '')}`);
    this.addSql(`
      CREATE FUNCTION stock_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM set_config('tradepost.kept_figures_folded', 'no', true);
        IF TG_OP = 'INSERT' THEN
          INSERT INTO stock_totals_pending (business_id, status, ${columns.join(', ')}) ${sums('new_rows', '')};
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO stock_totals_pending (business_id, status, ${columns.join(', ')}) ${sums('old_rows', '-')};
        ELSE
          INSERT INTO stock_totals_pending (business_id, status, ${columns.join(', ')})
          SELECT business_id, status, ${columns.map((c) => `sum(${c})`).join(', ')}
            FROM (${sums('new_rows', '')} UNION ALL ${sums('old_rows', '-')}) change
           GROUP BY business_id, status
          HAVING ${columns.map((c) => `sum(${c}) <> 0`).join(' OR ')};
        END IF;
        RETURN NULL;
      END
      $$`);
    this.addSql(`
      CREATE TRIGGER product_stock_totals_inserted AFTER INSERT ON product_stock REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION stock_totals_changed()`);
    this.addSql(`
      CREATE TRIGGER product_stock_totals_updated AFTER UPDATE ON product_stock REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION stock_totals_changed()`);
    this.addSql(`
      CREATE TRIGGER product_stock_totals_deleted AFTER DELETE ON product_stock REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION stock_totals_changed()`);
    // Each sale's figures as the dashboard sums them (`analytics/dashboard.service.ts`, the sales list's
    // definitions): units kept, revenue (kept units at their price, plus shipping unless cancelled),
    // profit (revenue less fees pro rata, FIFO cost final or expected, and refunds). Recomputed whole at
    // commit for every sale whose row, lines or refunds the transaction changed.
    this.addSql(`
      CREATE TABLE sale_figures (
        sale_id uuid PRIMARY KEY REFERENCES sales(id) ON DELETE CASCADE,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        channel_id uuid NOT NULL,
        ordered_at timestamptz NOT NULL,
        cancelled boolean NOT NULL,
        units bigint NOT NULL,
        revenue_cents bigint NOT NULL,
        profit_cents bigint NOT NULL
      )`);
    this.addSql(`
      CREATE INDEX sale_figures_window_idx ON sale_figures (business_id, ordered_at)
      INCLUDE (channel_id, cancelled, units, revenue_cents, profit_cents)`);
    this.addSql(`
      CREATE TABLE sale_figures_pending (
        xact bigint NOT NULL DEFAULT txid_current(),
        sale_id uuid NOT NULL
      )`);
    this.addSql('CREATE INDEX sale_figures_pending_xact_idx ON sale_figures_pending (xact)');
    // A sale's lines and refunds by the sale alone (their sale index): a condition on the business too
    // let the planner AND in the business's whole index when the tables had no statistics yet (a seed
    // of 50,000 sales, folded at once, took minutes instead of seconds).
    this.addSql(`
      CREATE VIEW sale_figures_computed AS
      SELECT s.id AS sale_id, s.business_id, s.channel_id, s.ordered_at, s.status = 'cancelled' AS cancelled, x.units,
             x.revenue + CASE WHEN s.status = 'cancelled' THEN 0 ELSE s.shipping_cents END AS revenue_cents,
             x.revenue + CASE WHEN s.status = 'cancelled' THEN 0 ELSE s.shipping_cents END - x.fees - x.cost - rf.refunded AS profit_cents
        FROM sales s
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(l.quantity - l.quantity_cancelled), 0) AS units,
                 coalesce(sum((l.quantity - l.quantity_cancelled)::bigint * l.unit_price_cents), 0) AS revenue,
                 coalesce(sum(round(l.fees_cents::numeric * (l.quantity - l.quantity_cancelled) / l.quantity)), 0) AS fees,
                 coalesce(sum(l.shipped_cost_cents + (l.quantity - l.quantity_cancelled - l.quantity_shipped)::bigint * l.estimated_unit_cost_cents), 0) AS cost
            FROM sale_lines l WHERE l.sale_id = s.id) x
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(r.amount_cents), 0) AS refunded FROM refunds r WHERE r.sale_id = s.id) rf`);
    const saleColumns = 'sale_id, business_id, channel_id, ordered_at, cancelled, units, revenue_cents, profit_cents';
    this.addSql(`INSERT INTO sale_figures (${saleColumns}) SELECT ${saleColumns} FROM sale_figures_computed`);
    this.addSql(`
      CREATE FUNCTION sale_figures_touched() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM set_config('tradepost.kept_figures_folded', 'no', true);
        IF TG_TABLE_NAME = 'sales' THEN
          INSERT INTO sale_figures_pending (sale_id) SELECT id FROM new_rows;
        ELSIF TG_OP = 'INSERT' THEN
          INSERT INTO sale_figures_pending (sale_id) SELECT DISTINCT sale_id FROM new_rows;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO sale_figures_pending (sale_id) SELECT DISTINCT sale_id FROM old_rows;
        ELSE
          INSERT INTO sale_figures_pending (sale_id) SELECT sale_id FROM new_rows UNION SELECT sale_id FROM old_rows;
        END IF;
        RETURN NULL;
      END
      $$`);
    this.addSql(`
      CREATE TRIGGER sales_figures_inserted AFTER INSERT ON sales REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION sale_figures_touched()`);
    this.addSql(`
      CREATE TRIGGER sales_figures_updated AFTER UPDATE ON sales REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION sale_figures_touched()`);
    for (const table of ['sale_lines', 'refunds']) {
      this.addSql(`
        CREATE TRIGGER ${table}_figures_inserted AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION sale_figures_touched()`);
      this.addSql(`
        CREATE TRIGGER ${table}_figures_updated AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION sale_figures_touched()`);
      this.addSql(`
        CREATE TRIGGER ${table}_figures_deleted AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION sale_figures_touched()`);
    }
    // The one fold of migration 0037, now for every kept table: the aged days, the totals, the sales.
    this.addSql(`
      CREATE OR REPLACE FUNCTION kept_figures_fold() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('tradepost.kept_figures_folded', true) = 'yes' THEN RETURN NULL; END IF;
        WITH moved AS (
          DELETE FROM aged_stock_pending WHERE xact = txid_current() RETURNING business_id, day, units, value_cents
        )
        INSERT INTO aged_stock_days AS kept (business_id, day, units, value_cents)
        SELECT m.business_id, m.day, sum(m.units), sum(m.value_cents)
          FROM moved m
         WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.id = m.business_id)
         GROUP BY m.business_id, m.day
         ORDER BY m.business_id, m.day
        ON CONFLICT (business_id, day) DO UPDATE
          SET units = kept.units + excluded.units, value_cents = kept.value_cents + excluded.value_cents;
        WITH moved AS (
          DELETE FROM stock_totals_pending WHERE xact = txid_current() RETURNING *
        )
        INSERT INTO stock_totals AS kept (business_id, status, ${columns.join(', ')})
        SELECT m.business_id, m.status, ${columns.map((c) => `sum(m.${c})`).join(', ')}
          FROM moved m
         WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.id = m.business_id)
         GROUP BY m.business_id, m.status
         ORDER BY m.business_id, m.status
        ON CONFLICT (business_id, status) DO UPDATE
          SET ${columns.map((c) => `${c} = kept.${c} + excluded.${c}`).join(', ')};
        WITH touched AS (
          DELETE FROM sale_figures_pending WHERE xact = txid_current() RETURNING sale_id
        )
        INSERT INTO sale_figures AS kept (${saleColumns})
        SELECT ${saleColumns} FROM sale_figures_computed
         WHERE sale_id IN (SELECT sale_id FROM touched)
         ORDER BY sale_id
        ON CONFLICT (sale_id) DO UPDATE
          SET channel_id = excluded.channel_id, ordered_at = excluded.ordered_at, cancelled = excluded.cancelled,
              units = excluded.units, revenue_cents = excluded.revenue_cents, profit_cents = excluded.profit_cents;
        PERFORM set_config('tradepost.kept_figures_folded', 'yes', true);
        RETURN NULL;
      END
      $$`);
    for (const pending of ['stock_totals_pending', 'sale_figures_pending'])
      this.addSql(`
        CREATE CONSTRAINT TRIGGER ${pending}_fold AFTER INSERT ON ${pending}
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION kept_figures_fold()`);
  }
}
