import { Migration } from '@mikro-orm/migrations';

/**
 * Sales and fulfillment: channels, customers, sales with their lines, refunds, failed orders and
 * SKU mappings, pick rules, fulfillments, and per-channel price rules. Stock itself moves only
 * through the ledger (committed on order, consumed on shipment); these tables say why.
 */
export class Migration20261122000009Sales extends Migration {
  override name = '20261122-0009-sales';

  override up(): void {
    // Human numbers per business (sale #1001, …); the row lock also orders concurrent sales.
    this.addSql(`
      CREATE TABLE business_counters (
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        name text NOT NULL,
        value integer NOT NULL,
        PRIMARY KEY (business_id, name)
      )`);
    this.addSql(`
      CREATE TABLE sales_channels (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('ebay', 'shopify', 'square', 'whatnot', 'in_store', 'wholesale', 'network', 'manual')),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
        enabled boolean NOT NULL DEFAULT true,
        sync_enabled boolean NOT NULL DEFAULT true,
        quantity_buffer integer NOT NULL DEFAULT 0 CHECK (quantity_buffer BETWEEN 0 AND 1000),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (business_id, id),
        UNIQUE (business_id, kind)
      )`);

    this.addSql(`
      CREATE TABLE customers (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        email text CHECK (length(email) <= 254),
        phone text CHECK (length(phone) <= 40),
        address jsonb,
        notes text CHECK (length(notes) <= 2000),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (business_id, id)
      )`);
    this.addSql('CREATE UNIQUE INDEX customers_email_key ON customers (business_id, lower(email)) WHERE email IS NOT NULL');
    this.addSql("CREATE INDEX customers_search_trgm ON customers USING gin ((lower(name || ' ' || coalesce(email, ''))) gin_trgm_ops)");

    this.addSql(`
      CREATE TABLE sales (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        number integer NOT NULL,
        channel_id uuid NOT NULL,
        external_order_id text NOT NULL CHECK (length(external_order_id) BETWEEN 1 AND 120),
        customer_id uuid,
        status text NOT NULL CHECK (status IN ('open', 'fulfilled', 'cancelled', 'refunded')),
        currency text NOT NULL,
        shipping_cents integer NOT NULL DEFAULT 0 CHECK (shipping_cents >= 0),
        note text CHECK (length(note) <= 2000),
        shipping_address jsonb,
        ordered_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        cancelled_at timestamptz,
        created_by_id uuid REFERENCES users(id) ON DELETE SET NULL,
        UNIQUE (business_id, id),
        -- Importing the same channel order twice changes nothing.
        UNIQUE (business_id, channel_id, external_order_id),
        UNIQUE (business_id, number),
        FOREIGN KEY (business_id, channel_id) REFERENCES sales_channels (business_id, id),
        FOREIGN KEY (business_id, customer_id) REFERENCES customers (business_id, id)
      )`);
    this.addSql('CREATE INDEX sales_created_idx ON sales (business_id, created_at DESC)');
    this.addSql('CREATE INDEX sales_ordered_idx ON sales (business_id, ordered_at DESC)');
    this.addSql('CREATE INDEX sales_customer_idx ON sales (business_id, customer_id)');

    this.addSql(`
      CREATE TABLE sale_lines (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        sale_id uuid NOT NULL,
        variant_id uuid NOT NULL,
        location_id uuid NOT NULL,
        quantity integer NOT NULL CHECK (quantity > 0),
        quantity_shipped integer NOT NULL DEFAULT 0 CHECK (quantity_shipped >= 0),
        quantity_cancelled integer NOT NULL DEFAULT 0 CHECK (quantity_cancelled >= 0),
        quantity_returned integer NOT NULL DEFAULT 0 CHECK (quantity_returned >= 0),
        unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
        fees_cents integer NOT NULL DEFAULT 0 CHECK (fees_cents >= 0),
        tax_cents integer NOT NULL DEFAULT 0 CHECK (tax_cents >= 0),
        -- FIFO cost of the units shipped and kept (final), and the expected unit cost of units not
        -- shipped yet (a FIFO peek when the order was allocated).
        shipped_cost_cents integer NOT NULL DEFAULT 0 CHECK (shipped_cost_cents >= 0),
        estimated_unit_cost_cents integer NOT NULL DEFAULT 0 CHECK (estimated_unit_cost_cents >= 0),
        external_sku text,
        CHECK (quantity_shipped + quantity_cancelled <= quantity),
        CHECK (quantity_returned <= quantity_shipped),
        FOREIGN KEY (business_id, sale_id) REFERENCES sales (business_id, id) ON DELETE CASCADE,
        FOREIGN KEY (business_id, variant_id) REFERENCES variants (business_id, id),
        FOREIGN KEY (business_id, location_id) REFERENCES locations (business_id, id),
        UNIQUE (business_id, id)
      )`);
    this.addSql('CREATE INDEX sale_lines_sale_idx ON sale_lines (sale_id)');
    this.addSql('CREATE INDEX sale_lines_variant_idx ON sale_lines (business_id, variant_id)');

    this.addSql(`
      CREATE TABLE refunds (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        sale_id uuid NOT NULL,
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        reason text CHECK (length(reason) <= 500),
        restocked_units integer NOT NULL DEFAULT 0,
        created_by_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY (business_id, sale_id) REFERENCES sales (business_id, id) ON DELETE CASCADE
      )`);
    this.addSql('CREATE INDEX refunds_sale_idx ON refunds (sale_id)');

    this.addSql(`
      CREATE TABLE sku_mappings (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        channel_id uuid NOT NULL,
        external_sku text NOT NULL CHECK (length(external_sku) BETWEEN 1 AND 120),
        variant_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY (business_id, channel_id) REFERENCES sales_channels (business_id, id) ON DELETE CASCADE,
        FOREIGN KEY (business_id, variant_id) REFERENCES variants (business_id, id) ON DELETE CASCADE
      )`);
    this.addSql('CREATE UNIQUE INDEX sku_mappings_key ON sku_mappings (business_id, channel_id, lower(external_sku))');

    this.addSql(`
      CREATE TABLE failed_orders (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        channel_id uuid NOT NULL,
        external_order_id text NOT NULL,
        payload jsonb NOT NULL,
        reason_code text NOT NULL CHECK (reason_code IN ('unknown_sku', 'no_stock', 'split_not_allowed')),
        reason text NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'dismissed')),
        attempts integer NOT NULL DEFAULT 1,
        sale_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (business_id, channel_id, external_order_id),
        FOREIGN KEY (business_id, channel_id) REFERENCES sales_channels (business_id, id),
        FOREIGN KEY (business_id, sale_id) REFERENCES sales (business_id, id)
      )`);
    this.addSql("CREATE INDEX failed_orders_open_idx ON failed_orders (business_id, created_at DESC) WHERE status = 'open'");

    this.addSql(`
      CREATE TABLE pick_rules (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        position integer NOT NULL,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
        channel_id uuid,
        location_ids uuid[] NOT NULL CHECK (cardinality(location_ids) BETWEEN 1 AND 50),
        strategy text NOT NULL DEFAULT 'priority' CHECK (strategy IN ('priority', 'most_available')),
        allow_split boolean NOT NULL DEFAULT true,
        enabled boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY (business_id, channel_id) REFERENCES sales_channels (business_id, id) ON DELETE CASCADE
      )`);
    this.addSql('CREATE INDEX pick_rules_order_idx ON pick_rules (business_id, position)');

    this.addSql(`
      CREATE TABLE fulfillments (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        sale_id uuid NOT NULL,
        location_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'picking', 'packed', 'shipped', 'cancelled')),
        carrier text CHECK (length(carrier) <= 40),
        tracking_number text CHECK (length(tracking_number) <= 60),
        created_at timestamptz NOT NULL DEFAULT now(),
        picking_at timestamptz,
        packed_at timestamptz,
        shipped_at timestamptz,
        picked_by_id uuid REFERENCES users(id) ON DELETE SET NULL,
        UNIQUE (business_id, id),
        UNIQUE (sale_id, location_id),
        CHECK (status <> 'shipped' OR (carrier IS NOT NULL AND tracking_number IS NOT NULL)),
        FOREIGN KEY (business_id, sale_id) REFERENCES sales (business_id, id) ON DELETE CASCADE,
        FOREIGN KEY (business_id, location_id) REFERENCES locations (business_id, id)
      )`);
    this.addSql('CREATE INDEX fulfillments_status_idx ON fulfillments (business_id, status, created_at)');
    this.addSql(`
      CREATE TABLE fulfillment_lines (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        fulfillment_id uuid NOT NULL REFERENCES fulfillments(id) ON DELETE CASCADE,
        sale_line_id uuid NOT NULL,
        variant_id uuid NOT NULL,
        quantity integer NOT NULL CHECK (quantity > 0),
        quantity_picked integer NOT NULL DEFAULT 0 CHECK (quantity_picked >= 0 AND quantity_picked <= quantity),
        UNIQUE (fulfillment_id, sale_line_id),
        FOREIGN KEY (business_id, sale_line_id) REFERENCES sale_lines (business_id, id) ON DELETE CASCADE
      )`);

    this.addSql(`
      CREATE TABLE price_rules (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        channel_id uuid NOT NULL,
        markup_percent numeric(6, 2) NOT NULL DEFAULT 0 CHECK (markup_percent BETWEEN -90 AND 1000),
        rounding text NOT NULL DEFAULT 'none' CHECK (rounding IN ('none', 'whole', '.99', '.95', '.49')),
        min_margin_percent numeric(5, 2) CHECK (min_margin_percent BETWEEN 0 AND 95),
        enabled boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (business_id, channel_id),
        FOREIGN KEY (business_id, channel_id) REFERENCES sales_channels (business_id, id) ON DELETE CASCADE
      )`);
  }
}
