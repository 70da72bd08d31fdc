import { Migration } from '@mikro-orm/migrations';

/**
 * Catalog (products, variants, barcodes), locations and the stock ledger: immutable movements,
 * levels kept in the same transaction, and FIFO cost lots. The database itself refuses negative
 * available stock and any edit of a movement.
 */
export class Migration20261122000003CatalogAndLedger extends Migration {
  override name = '20261122-0003-catalog-and-ledger';

  override up(): void {
    this.addSql('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    this.addSql(`
      CREATE TABLE locations (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
        kind text NOT NULL CHECK (kind IN ('warehouse', 'store', 'virtual')),
        is_default boolean NOT NULL DEFAULT false,
        archived_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (business_id, id)
      )`);
    this.addSql('CREATE UNIQUE INDEX locations_name_key ON locations (business_id, lower(name))');
    this.addSql('CREATE UNIQUE INDEX locations_one_default ON locations (business_id) WHERE is_default');

    this.addSql(`
      CREATE TABLE products (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
        brand text,
        style_code text,
        colorway text,
        category text NOT NULL CHECK (category IN ('sneakers', 'apparel', 'accessories', 'collectibles', 'other')),
        size_format text NOT NULL,
        retail_price_cents integer CHECK (retail_price_cents >= 0),
        release_date date,
        description text,
        tags text[] NOT NULL DEFAULT '{}',
        images jsonb NOT NULL DEFAULT '[]',
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
        search_text text GENERATED ALWAYS AS (
          lower(title || ' ' || coalesce(brand, '') || ' ' || coalesce(style_code, '') || ' ' || coalesce(colorway, ''))
        ) STORED,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (business_id, id)
      )`);
    // Search as you type: trigram indexes answer ILIKE '%…%' on titles, style codes and SKUs.
    this.addSql('CREATE INDEX products_search_trgm ON products USING gin (search_text gin_trgm_ops)');
    this.addSql('CREATE UNIQUE INDEX products_style_code_key ON products (business_id, lower(style_code)) WHERE style_code IS NOT NULL');
    this.addSql('CREATE INDEX products_updated_idx ON products (business_id, updated_at DESC)');

    this.addSql(`
      CREATE TABLE variants (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        product_id uuid NOT NULL,
        size text NOT NULL,
        sku text NOT NULL CHECK (length(sku) BETWEEN 1 AND 64),
        price_cents integer CHECK (price_cents >= 0),
        weight_grams integer CHECK (weight_grams >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (business_id, id),
        FOREIGN KEY (business_id, product_id) REFERENCES products (business_id, id) ON DELETE CASCADE
      )`);
    this.addSql('CREATE UNIQUE INDEX variants_sku_key ON variants (business_id, lower(sku))');
    this.addSql('CREATE UNIQUE INDEX variants_size_key ON variants (product_id, size)');
    this.addSql('CREATE INDEX variants_sku_trgm ON variants USING gin (lower(sku) gin_trgm_ops)');

    this.addSql(`
      CREATE TABLE barcodes (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        variant_id uuid NOT NULL,
        code text NOT NULL CHECK (length(code) BETWEEN 4 AND 64),
        kind text NOT NULL CHECK (kind IN ('upc', 'ean', 'custom')),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (business_id, code),
        FOREIGN KEY (business_id, variant_id) REFERENCES variants (business_id, id) ON DELETE CASCADE
      )`);
    this.addSql('CREATE INDEX barcodes_variant_idx ON barcodes (variant_id)');

    this.addSql(`
      CREATE TABLE stock_levels (
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        variant_id uuid NOT NULL,
        location_id uuid NOT NULL,
        on_hand integer NOT NULL DEFAULT 0 CHECK (on_hand >= 0),
        reserved integer NOT NULL DEFAULT 0 CHECK (reserved >= 0),
        committed integer NOT NULL DEFAULT 0 CHECK (committed >= 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (business_id, variant_id, location_id),
        CONSTRAINT stock_levels_available_not_negative CHECK (on_hand - reserved - committed >= 0),
        FOREIGN KEY (business_id, variant_id) REFERENCES variants (business_id, id) ON DELETE CASCADE,
        FOREIGN KEY (business_id, location_id) REFERENCES locations (business_id, id)
      )`);

    this.addSql(`
      CREATE TABLE stock_movements (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        variant_id uuid NOT NULL,
        location_id uuid NOT NULL,
        on_hand_delta integer NOT NULL DEFAULT 0,
        reserved_delta integer NOT NULL DEFAULT 0,
        committed_delta integer NOT NULL DEFAULT 0,
        reason text NOT NULL,
        reason_code text,
        reference_type text,
        reference_id uuid,
        note text,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        CHECK (on_hand_delta <> 0 OR reserved_delta <> 0 OR committed_delta <> 0),
        FOREIGN KEY (business_id, variant_id) REFERENCES variants (business_id, id) ON DELETE CASCADE,
        FOREIGN KEY (business_id, location_id) REFERENCES locations (business_id, id)
      )`);
    this.addSql('CREATE INDEX stock_movements_variant_idx ON stock_movements (business_id, variant_id, created_at DESC)');
    this.addSql('CREATE INDEX stock_movements_reference_idx ON stock_movements (business_id, reference_type, reference_id)');
    // The ledger is append-only: history is corrected by new movements, never by edits.
    this.addSql(`
      CREATE FUNCTION stock_movements_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'stock movements are immutable';
      END $$`);
    this.addSql(`
      CREATE TRIGGER stock_movements_no_update BEFORE UPDATE ON stock_movements
      FOR EACH ROW EXECUTE FUNCTION stock_movements_immutable()`);

    this.addSql(`
      CREATE TABLE cost_lots (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        variant_id uuid NOT NULL,
        source text NOT NULL CHECK (source IN ('purchase_order', 'in_store_purchase', 'trade', 'consignment', 'count_gain', 'adjustment', 'opening')),
        quantity_received integer NOT NULL CHECK (quantity_received > 0),
        quantity_remaining integer NOT NULL CHECK (quantity_remaining >= 0 AND quantity_remaining <= quantity_received),
        unit_cost_cents integer NOT NULL CHECK (unit_cost_cents >= 0),
        acquired_at timestamptz NOT NULL DEFAULT now(),
        movement_id uuid REFERENCES stock_movements(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY (business_id, variant_id) REFERENCES variants (business_id, id) ON DELETE CASCADE
      )`);
    this.addSql('CREATE INDEX cost_lots_fifo_idx ON cost_lots (business_id, variant_id, acquired_at, id) WHERE quantity_remaining > 0');
    this.addSql(`
      CREATE TABLE lot_consumptions (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        lot_id uuid NOT NULL REFERENCES cost_lots(id) ON DELETE CASCADE,
        movement_id uuid NOT NULL REFERENCES stock_movements(id),
        quantity integer NOT NULL CHECK (quantity > 0),
        unit_cost_cents integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql('CREATE INDEX lot_consumptions_movement_idx ON lot_consumptions (movement_id)');
  }
}
