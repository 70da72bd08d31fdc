import { Migration } from '@mikro-orm/migrations';

/** Pre-owned one-off items and their drafts; uploaded images (media). */
export class Migration20261122000006PreownedAndMedia extends Migration {
  override name = '20261122-0006-preowned-and-media';

  override up(): void {}
}
