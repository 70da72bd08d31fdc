import { Migration } from '@mikro-orm/migrations';

/** Custom size formats per business, learned size rules and the queue of unmatched size strings. */
export class Migration20261122000007SizeFormats extends Migration {
  override name = '20261122-0007-size-formats';

  override up(): void {}
}
