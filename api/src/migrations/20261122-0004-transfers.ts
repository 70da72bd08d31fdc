import { Migration } from '@mikro-orm/migrations';

/** Transfers between locations: draft → in transit → received, with partial receipt. */
export class Migration20261122000004Transfers extends Migration {
  override name = '20261122-0004-transfers';

  override up(): void {
    this.addSql(`
      CREATE TABLE transfers (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        from_location_id uuid NOT NULL,
        to_location_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'in_transit', 'received', 'cancelled')),
        note text,
        created_by_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        shipped_at timestamptz,
        received_at timestamptz,
        CHECK (from_location_id <> to_location_id),
        FOREIGN KEY (business_id, from_location_id) REFERENCES locations (business_id, id),
        FOREIGN KEY (business_id, to_location_id) REFERENCES locations (business_id, id)
      )`);
    this.addSql('CREATE INDEX transfers_business_idx ON transfers (business_id, created_at DESC)');
    this.addSql(`
      CREATE TABLE transfer_lines (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        transfer_id uuid NOT NULL REFERENCES transfers(id) ON DELETE CASCADE,
        variant_id uuid NOT NULL,
        quantity integer NOT NULL CHECK (quantity > 0),
        quantity_received integer NOT NULL DEFAULT 0 CHECK (quantity_received >= 0 AND quantity_received <= quantity),
        UNIQUE (transfer_id, variant_id),
        FOREIGN KEY (business_id, variant_id) REFERENCES variants (business_id, id)
      )`);
  }
}
