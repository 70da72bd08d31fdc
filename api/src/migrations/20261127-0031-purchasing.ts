import { Migration } from '@mikro-orm/migrations';

/**
 * Purchasing (issue #18): vendors, purchase orders with their lines, and receipts. Stock itself
 * enters only through the ledger when a receipt is posted (movements referencing the purchase order,
 * lots at the line's landed unit cost); `purchase_receipts` says who received what, where and when,
 * and which movement it posted. A vendor's name is unique per business whatever its case, archived
 * vendors included, so a CSV import's "same name" always means one vendor. Purchase order numbers
 * come from `business_counters` ('purchase_order', from 1001), whose row lock makes them unique
 * under concurrency; the unique index is the backstop.
 */
export class Migration20261127000031Purchasing extends Migration {
  override name = '20261127-0031-purchasing';

  override up(): void {
    this.addSql(`
      CREATE TABLE vendors (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        contact_name text CHECK (length(contact_name) <= 120),
        email text CHECK (length(email) <= 254),
        phone text CHECK (length(phone) <= 40),
        terms text CHECK (length(terms) <= 80),
        currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        notes text CHECK (length(notes) <= 2000),
        archived_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (business_id, id)
      )`);
    this.addSql('CREATE UNIQUE INDEX vendors_name_key ON vendors (business_id, lower(name))');
    this.addSql(
      "CREATE INDEX vendors_search_trgm ON vendors USING gin ((lower(name || ' ' || coalesce(contact_name, '') || ' ' || coalesce(email, ''))) gin_trgm_ops)",
    );

    this.addSql(`
      CREATE TABLE purchase_orders (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        number integer NOT NULL CHECK (number > 0),
        vendor_id uuid NOT NULL,
        location_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'draft'
          CHECK (status IN ('draft', 'ordered', 'partially_received', 'received', 'closed', 'cancelled')),
        expected_on date,
        note text CHECK (length(note) <= 2000),
        shipping_cents integer NOT NULL DEFAULT 0 CHECK (shipping_cents >= 0),
        duties_cents integer NOT NULL DEFAULT 0 CHECK (duties_cents >= 0),
        fees_cents integer NOT NULL DEFAULT 0 CHECK (fees_cents >= 0),
        landed_spread text NOT NULL DEFAULT 'value' CHECK (landed_spread IN ('value', 'quantity')),
        created_by_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        ordered_at timestamptz,
        received_at timestamptz,
        closed_at timestamptz,
        cancelled_at timestamptz,
        UNIQUE (business_id, id),
        UNIQUE (business_id, number),
        FOREIGN KEY (business_id, vendor_id) REFERENCES vendors (business_id, id),
        FOREIGN KEY (business_id, location_id) REFERENCES locations (business_id, id)
      )`);
    this.addSql('CREATE INDEX purchase_orders_list_idx ON purchase_orders (business_id, created_at DESC, id DESC)');
    this.addSql('CREATE INDEX purchase_orders_vendor_idx ON purchase_orders (business_id, vendor_id)');

    this.addSql(`
      CREATE TABLE purchase_order_lines (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        purchase_order_id uuid NOT NULL,
        variant_id uuid NOT NULL,
        position integer NOT NULL CHECK (position >= 0),
        quantity_ordered integer NOT NULL CHECK (quantity_ordered > 0),
        quantity_received integer NOT NULL DEFAULT 0 CHECK (quantity_received >= 0),
        unit_cost_cents integer NOT NULL CHECK (unit_cost_cents >= 0),
        landed_unit_cost_cents integer NOT NULL CHECK (landed_unit_cost_cents >= unit_cost_cents),
        UNIQUE (business_id, id),
        UNIQUE (business_id, purchase_order_id, variant_id),
        FOREIGN KEY (business_id, purchase_order_id) REFERENCES purchase_orders (business_id, id) ON DELETE CASCADE,
        FOREIGN KEY (business_id, variant_id) REFERENCES variants (business_id, id)
      )`);
    this.addSql('CREATE INDEX purchase_order_lines_variant_idx ON purchase_order_lines (business_id, variant_id)');

    this.addSql(`
      CREATE TABLE purchase_receipts (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        purchase_order_id uuid NOT NULL,
        line_id uuid NOT NULL,
        location_id uuid NOT NULL,
        quantity integer NOT NULL CHECK (quantity > 0),
        unit_cost_cents integer NOT NULL CHECK (unit_cost_cents >= 0),
        method text NOT NULL CHECK (method IN ('manual', 'scan')),
        movement_id uuid NOT NULL REFERENCES stock_movements(id),
        received_by_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY (business_id, purchase_order_id) REFERENCES purchase_orders (business_id, id) ON DELETE CASCADE,
        FOREIGN KEY (business_id, line_id) REFERENCES purchase_order_lines (business_id, id) ON DELETE CASCADE,
        FOREIGN KEY (business_id, location_id) REFERENCES locations (business_id, id)
      )`);
    this.addSql('CREATE INDEX purchase_receipts_order_idx ON purchase_receipts (business_id, purchase_order_id, created_at)');
  }
}
