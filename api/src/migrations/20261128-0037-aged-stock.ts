import { Migration } from '@mikro-orm/migrations';

/**
 * The dashboard's aged stock (issue #16), kept per business and day of acquisition instead of
 * bucketed over every remaining cost lot on each request (250 ms of the dashboard at 100,000
 * products, 400,000 lots). `aged_stock_days` holds, per business and UTC day on which lots were
 * acquired, the units still remaining in those lots and their value at cost. The dashboard sums the
 * days that lie wholly inside one age bucket and reads the lots of the (at most four) days a bucket's
 * edge falls in (`analytics/dashboard.service.ts`), so its figures are exactly the lots' own, to the
 * second, and a day passing needs no write: a day row moves from one bucket to the next by itself.
 *
 * Kept by triggers on `cost_lots`, whatever writes the lots (the ledger's receipts and FIFO
 * consumption, imports, future writers), without a hook in the ledger. Each statement that changes
 * lots adds its change per business and day to `aged_stock_pending` (an insert, which waits on no
 * one), and at commit a deferred trigger folds the transaction's pending rows into the day rows in
 * one statement, in (business, day) order. So a day row is locked only for the moment of the commit
 * and always after every other lock of its transaction, in the same order by every transaction: two
 * sales that take lots of the same days in opposite orders cannot deadlock, and receipts (all on
 * today's row) wait on each other only for a commit. A rolled-back transaction leaves nothing behind.
 */
export class Migration20261128000037AgedStock extends Migration {
  override name = '20261128-0037-aged-stock';

  override up(): void {
    this.addSql(`
      CREATE TABLE aged_stock_days (
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        day date NOT NULL,
        units bigint NOT NULL,
        value_cents bigint NOT NULL,
        PRIMARY KEY (business_id, day)
      )`);
    // No foreign key: a business being deleted removes its lots (and so writes pending rows) after its own row.
    this.addSql(`
      CREATE TABLE aged_stock_pending (
        xact bigint NOT NULL DEFAULT txid_current(),
        business_id uuid NOT NULL,
        day date NOT NULL,
        units bigint NOT NULL,
        value_cents bigint NOT NULL
      )`);
    this.addSql('CREATE INDEX aged_stock_pending_xact_idx ON aged_stock_pending (xact)');
    // The lots of an edge day, read by acquisition time.
    this.addSql(`
      CREATE INDEX cost_lots_aged_idx ON cost_lots (business_id, acquired_at)
      INCLUDE (quantity_remaining, unit_cost_cents) WHERE quantity_remaining > 0`);
    this.addSql(`
      INSERT INTO aged_stock_days (business_id, day, units, value_cents)
      SELECT business_id, (acquired_at AT TIME ZONE 'UTC')::date, sum(quantity_remaining), sum(quantity_remaining::bigint * unit_cost_cents)
        FROM cost_lots WHERE quantity_remaining > 0
       GROUP BY 1, 2`);
    // A lot counts while it has units remaining, as the dashboard's buckets count it.
    this.addSql(`
      CREATE FUNCTION aged_stock_lots_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM set_config('tradepost.kept_figures_folded', 'no', true);
        IF TG_OP = 'INSERT' THEN
          INSERT INTO aged_stock_pending (business_id, day, units, value_cents)
          SELECT business_id, (acquired_at AT TIME ZONE 'UTC')::date, sum(quantity_remaining), sum(quantity_remaining::bigint * unit_cost_cents)
            FROM new_lots WHERE quantity_remaining > 0 GROUP BY 1, 2;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO aged_stock_pending (business_id, day, units, value_cents)
          SELECT business_id, (acquired_at AT TIME ZONE 'UTC')::date, -sum(quantity_remaining), -sum(quantity_remaining::bigint * unit_cost_cents)
            FROM old_lots WHERE quantity_remaining > 0 GROUP BY 1, 2;
        ELSE
          INSERT INTO aged_stock_pending (business_id, day, units, value_cents)
          SELECT business_id, day, sum(units), sum(value_cents)
            FROM (SELECT business_id, (acquired_at AT TIME ZONE 'UTC')::date AS day, quantity_remaining::bigint AS units,
                         quantity_remaining::bigint * unit_cost_cents AS value_cents
                    FROM new_lots WHERE quantity_remaining > 0
                  UNION ALL
                  SELECT business_id, (acquired_at AT TIME ZONE 'UTC')::date, -quantity_remaining::bigint,
                         -(quantity_remaining::bigint * unit_cost_cents)
                    FROM old_lots WHERE quantity_remaining > 0) change
           GROUP BY 1, 2
          HAVING sum(units) <> 0 OR sum(value_cents) <> 0;
        END IF;
        RETURN NULL;
      END
      $$`);
    this.addSql(`
      CREATE TRIGGER cost_lots_aged_inserted AFTER INSERT ON cost_lots REFERENCING NEW TABLE AS new_lots
      FOR EACH STATEMENT EXECUTE FUNCTION aged_stock_lots_changed()`);
    this.addSql(`
      CREATE TRIGGER cost_lots_aged_updated AFTER UPDATE ON cost_lots REFERENCING OLD TABLE AS old_lots NEW TABLE AS new_lots
      FOR EACH STATEMENT EXECUTE FUNCTION aged_stock_lots_changed()`);
    this.addSql(`
      CREATE TRIGGER cost_lots_aged_deleted AFTER DELETE ON cost_lots REFERENCING OLD TABLE AS old_lots
      FOR EACH STATEMENT EXECUTE FUNCTION aged_stock_lots_changed()`);
    // At commit, once per pending row: the first folds all of the transaction's rows and notes it in a
    // transaction-local setting, which every pending write clears; the others return at once (a bulk
    // write of 100,000 products leaves 100,000 pending rows, and a look-up by each would be quadratic).
    // A business deleted in the same transaction has no rows to keep.
    this.addSql(`
      CREATE FUNCTION kept_figures_fold() RETURNS trigger LANGUAGE plpgsql AS $$
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
        PERFORM set_config('tradepost.kept_figures_folded', 'yes', true);
        RETURN NULL;
      END
      $$`);
    this.addSql(`
      CREATE CONSTRAINT TRIGGER aged_stock_pending_fold AFTER INSERT ON aged_stock_pending
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION kept_figures_fold()`);
  }
}
