import { Migration } from '@mikro-orm/migrations';

/**
 * Stock counts of one location. Expected quantities are frozen per line when the count starts (or
 * when a surprise item is first scanned); completion posts counted − expected through the ledger.
 */
export class Migration20261122000005Counts extends Migration {
  override name = '20261122-0005-counts';

  override up(): void {
    this.addSql(`
      CREATE TABLE stock_counts (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        location_id uuid NOT NULL,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        blind boolean NOT NULL DEFAULT false,
        status text NOT NULL DEFAULT 'in_progress' CHECK (status IN ('in_progress', 'completed', 'cancelled')),
        product_ids jsonb,
        created_by_id uuid REFERENCES users(id) ON DELETE SET NULL,
        completed_by_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        cancelled_at timestamptz,
        UNIQUE (business_id, id),
        FOREIGN KEY (business_id, location_id) REFERENCES locations (business_id, id)
      )`);
    this.addSql('CREATE INDEX stock_counts_business_idx ON stock_counts (business_id, created_at DESC)');
    // Two open counts of one location would each post their variance for the same units.
    this.addSql(
      `CREATE UNIQUE INDEX stock_counts_one_open_per_location ON stock_counts (business_id, location_id) WHERE status = 'in_progress'`,
    );
    this.addSql(`
      CREATE TABLE count_lines (
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        count_id uuid NOT NULL,
        variant_id uuid NOT NULL,
        expected integer NOT NULL CHECK (expected >= 0),
        counted integer CHECK (counted >= 0),
        added_during_count boolean NOT NULL DEFAULT false,
        counted_at timestamptz,
        PRIMARY KEY (count_id, variant_id),
        FOREIGN KEY (business_id, count_id) REFERENCES stock_counts (business_id, id) ON DELETE CASCADE,
        FOREIGN KEY (business_id, variant_id) REFERENCES variants (business_id, id) ON DELETE CASCADE
      )`);
  }
}
