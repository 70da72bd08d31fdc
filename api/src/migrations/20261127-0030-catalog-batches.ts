import { Migration } from '@mikro-orm/migrations';

/**
 * Batch operations on the catalog itself (issue #17): a bulk change of the sizes' own prices and a
 * bulk archive run as batches with per-item results and progress, like marketplace batches, but on
 * no connection. Such a batch has neither connection nor platform; a marketplace batch has both.
 */
export class Migration20261127000030CatalogBatches extends Migration {
  override name = '20261127-0030-catalog-batches';

  override up(): void {
    this.addSql('ALTER TABLE batch_operations ALTER COLUMN connection_id DROP NOT NULL, ALTER COLUMN platform DROP NOT NULL');
    this.addSql('ALTER TABLE batch_operations DROP CONSTRAINT batch_operations_operation_type_check');
    this.addSql(`
      ALTER TABLE batch_operations
        ADD CONSTRAINT batch_operations_operation_type_check
          CHECK (operation_type IN ('list', 'relist', 'end', 'price', 'quantity', 'catalog_price', 'archive')),
        ADD CONSTRAINT batch_operations_target CHECK (
          CASE WHEN operation_type IN ('catalog_price', 'archive')
            THEN connection_id IS NULL AND platform IS NULL
            ELSE connection_id IS NOT NULL AND platform IS NOT NULL
          END
        )`);
  }
}
