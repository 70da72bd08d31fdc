import { Migration } from '@mikro-orm/migrations';

/**
 * Each marketplace's own copy of one of our photos, per connection (issue #17, reference §5b):
 * listing uploads the bytes to the platform once (eBay Picture Services, a Shopify MediaImage, a
 * Square IMAGE object) and later listings reuse that copy. eBay's copy expires unless a listing uses
 * it (`expires_at`), after which it is uploaded again; a changed photo is a new media id, so a new row.
 */
export class Migration20261127000024PlatformPhotos extends Migration {
  override name = '20261127-0024-platform-photos';

  override up(): void {
    this.addSql(`
      CREATE TABLE platform_photos (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        media_id uuid NOT NULL,
        connection_id uuid NOT NULL,
        platform_id text NOT NULL,
        platform_url text,
        expires_at timestamptz,
        uploaded_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (connection_id, media_id),
        FOREIGN KEY (business_id, media_id) REFERENCES media (business_id, id) ON DELETE CASCADE,
        FOREIGN KEY (business_id, connection_id) REFERENCES channel_connections (business_id, id) ON DELETE CASCADE
      )`);
    this.addSql('CREATE INDEX platform_photos_media_idx ON platform_photos (business_id, media_id)');
  }
}
