import { Migration } from '@mikro-orm/migrations';

/**
 * A size's own price on one listing (a reseller repricing one size on eBay): it wins over the
 * listing's override and the channel's price rule, so automatic price pushes keep it.
 */
export class Migration20261122000012ListingSizePrices extends Migration {
  override name = '20261122-0012-listing-size-prices';

  override up(): void {
    this.addSql('ALTER TABLE channel_listing_variants ADD COLUMN price_override_cents integer CHECK (price_override_cents >= 0)');
  }

  override down(): void {
    this.addSql('ALTER TABLE channel_listing_variants DROP COLUMN IF EXISTS price_override_cents');
  }
}
