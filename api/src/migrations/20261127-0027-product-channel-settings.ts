import { Migration } from '@mikro-orm/migrations';

/**
 * A product's settings on one marketplace connection (issue #17, the product page's channel
 * settings): its own title there, eBay's category, condition and item specifics, and per size
 * whether it goes on the channel and, until it is on the listing, its own price there (a listed
 * size's price is `channel_listing_variants.price_override_cents`, where listing moves it).
 * A row exists only once the seller saved something; no row means every default.
 */
export class Migration20261127000027ProductChannelSettings extends Migration {
  override name = '20261127-0027-product-channel-settings';

  override up(): void {
    this.addSql(`
      CREATE TABLE product_channel_settings (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        connection_id uuid NOT NULL,
        product_id uuid NOT NULL,
        title text CHECK (char_length(title) BETWEEN 1 AND 255),
        -- { "<variant id>": { "listed": false, "price_cents": 12300 } }, only sizes with a setting of their own.
        sizes jsonb NOT NULL DEFAULT '{}',
        ebay_category_id text CHECK (ebay_category_id ~ '^[0-9]{1,10}$'),
        ebay_condition text CHECK (ebay_condition IN ('new', 'new_other', 'used_excellent', 'used_very_good', 'used_good', 'used_acceptable')),
        -- [{ "name": "Color", "values": ["Red"] }], in the seller's order.
        ebay_aspects jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (connection_id, product_id),
        FOREIGN KEY (business_id, connection_id) REFERENCES channel_connections (business_id, id) ON DELETE CASCADE,
        FOREIGN KEY (business_id, product_id) REFERENCES products (business_id, id) ON DELETE CASCADE
      )`);
    this.addSql('CREATE INDEX product_channel_settings_product ON product_channel_settings (business_id, product_id)');
  }

  override down(): void {
    this.addSql('DROP TABLE IF EXISTS product_channel_settings');
  }
}
