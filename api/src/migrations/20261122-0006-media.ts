import { Migration } from '@mikro-orm/migrations';

/** Uploaded images (media): files under MEDIA_DIR, rows here. */
export class Migration20261122000006Media extends Migration {
  override name = '20261122-0006-media';

  override up(): void {}
}
