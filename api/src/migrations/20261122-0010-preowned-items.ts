import { Migration } from '@mikro-orm/migrations';

/**
 * The pre-owned side of a one-off product: what a draft collects before it is published (its cost
 * and where it will be stocked) has no column on products or variants, and once published the row
 * records what was posted to the ledger.
 */
export class Migration20261122000010PreownedItems extends Migration {
  override name = '20261122-0010-preowned-items';

  override up(): void {
    this.addSql(`
      CREATE TABLE preowned_items (
        product_id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        unit_cost_cents integer CHECK (unit_cost_cents >= 0),
        location_id uuid,
        acquired_via text NOT NULL DEFAULT 'in_store_purchase' CHECK (acquired_via IN ('in_store_purchase', 'trade', 'opening')),
        published_at timestamptz,
        published_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY (business_id, product_id) REFERENCES products (business_id, id) ON DELETE CASCADE,
        FOREIGN KEY (business_id, location_id) REFERENCES locations (business_id, id),
        -- Published means posted to the ledger, which needs a cost and a place.
        CONSTRAINT preowned_items_published_complete CHECK (published_at IS NULL OR (unit_cost_cents IS NOT NULL AND location_id IS NOT NULL))
      )`);
    this.addSql('CREATE INDEX preowned_items_business_idx ON preowned_items (business_id, published_at DESC)');
  }
}
