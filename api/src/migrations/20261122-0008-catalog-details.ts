import { Migration } from '@mikro-orm/migrations';

/**
 * Condition on products (new, new with defects, pre-owned with a grade) and drafts. A pre-owned
 * item is a one-off product of its own (one variant, its own photos and price), so its style code
 * may repeat the new product's and other pre-owned pairs'.
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
  }
}
