import { Migration } from '@mikro-orm/migrations';

/**
 * Uploaded images (media): the files live under MEDIA_DIR, one row each here. The id is a random
 * UUID and doubles as the capability to read the file (img tags send no token).
 */
export class Migration20261122000006Media extends Migration {
  override name = '20261122-0006-media';

  override up(): void {
    this.addSql(`
      CREATE TABLE media (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/webp')),
        original_content_type text NOT NULL CHECK (original_content_type IN ('image/jpeg', 'image/png', 'image/webp')),
        width integer NOT NULL CHECK (width > 0),
        height integer NOT NULL CHECK (height > 0),
        bytes integer NOT NULL CHECK (bytes > 0),
        thumb_width integer NOT NULL CHECK (thumb_width > 0),
        thumb_height integer NOT NULL CHECK (thumb_height > 0),
        thumb_bytes integer NOT NULL CHECK (thumb_bytes > 0),
        original_bytes integer NOT NULL CHECK (original_bytes > 0),
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (business_id, id)
      )`);
    this.addSql('CREATE INDEX media_business_idx ON media (business_id, created_at DESC)');
  }
}
