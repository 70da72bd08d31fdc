import { Migration } from '@mikro-orm/migrations';

/**
 * Condition on products (new, new with defects, pre-owned with a grade) and drafts. A pre-owned
 * item is a one-off product of its own (one variant, its own photos and price), so its style code
 * may repeat the new product's and other pre-owned pairs'.
 *
 * Also the indexes behind the products page's filters and sorts at 100k products: each filter or
 * sort that can be selective has an index that starts with the business, so a rare brand, category
 * or size is found without walking the catalog.
 */
export class Migration20261122000008CatalogDetails extends Migration {
  override name = '20261122-0008-catalog-details';

  override up(): void {
    this.addSql(`
      ALTER TABLE products
        ADD COLUMN condition text NOT NULL DEFAULT 'new' CHECK (condition IN ('new', 'new_with_defects', 'pre_owned')),
        ADD COLUMN grade text CHECK (grade IN ('like_new', 'excellent', 'good', 'fair')),
        ADD COLUMN condition_notes text CHECK (length(condition_notes) <= 2000),
        ADD COLUMN archived_at timestamptz,
        ADD CONSTRAINT products_grade_only_pre_owned CHECK (grade IS NULL OR condition = 'pre_owned')`);
    this.addSql('ALTER TABLE products DROP CONSTRAINT products_status_check');
    this.addSql("ALTER TABLE products ADD CONSTRAINT products_status_check CHECK (status IN ('draft', 'active', 'archived'))");
    // A published pre-owned item has its grade; a draft may not yet.
    this.addSql(
      "ALTER TABLE products ADD CONSTRAINT products_pre_owned_graded CHECK (condition <> 'pre_owned' OR status = 'draft' OR grade IS NOT NULL)",
    );
    this.addSql('DROP INDEX products_style_code_key');
    this.addSql(
      "CREATE UNIQUE INDEX products_style_code_key ON products (business_id, lower(style_code)) WHERE style_code IS NOT NULL AND condition <> 'pre_owned'",
    );
    // Filters and sorts of the products page.
    this.addSql('CREATE INDEX products_brand_idx ON products (business_id, status, brand)');
    this.addSql('CREATE INDEX products_category_idx ON products (business_id, category, updated_at DESC)');
    this.addSql('CREATE INDEX products_condition_idx ON products (business_id, condition, updated_at DESC)');
    this.addSql('CREATE INDEX products_title_idx ON products (business_id, title, id)');
    this.addSql('CREATE INDEX products_created_idx ON products (business_id, created_at DESC, id DESC)');
    this.addSql('CREATE INDEX products_price_idx ON products (business_id, retail_price_cents DESC NULLS LAST, id DESC)');
    // Sizes present (facets, walked as a skip scan) and the size filter.
    this.addSql('CREATE INDEX variants_size_idx ON variants (business_id, size)');
    // "In stock" and "has stock at this location" only ever ask about rows with units.
    this.addSql('CREATE INDEX stock_levels_in_stock_idx ON stock_levels (business_id, location_id, variant_id) WHERE on_hand > 0');
    // A size's history (may it be removed?) and the cascade when an unused size is deleted.
    this.addSql('CREATE INDEX transfer_lines_variant_idx ON transfer_lines (business_id, variant_id)');
    this.addSql('CREATE INDEX count_lines_variant_idx ON count_lines (business_id, variant_id)');
  }
}
