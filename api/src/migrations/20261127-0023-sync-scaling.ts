import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes for the sync engine at scale (issue #16):
 * - Sync Health's "last success" per connection reads the newest successful log row: the first
 *   entry of this partial index, instead of max(created_at) over every successful row.
 * - Reconciliation pages through a connection's listed sizes by id (keyset): one range of this
 *   index per page, instead of the whole connection's sizes sorted on every poll.
 */
export class Migration20261127000023SyncScaling extends Migration {
  override name = '20261127-0023-sync-scaling';

  override up(): void {
    this.addSql('CREATE INDEX sync_log_last_success ON sync_log (business_id, connection_id, created_at DESC) WHERE ok');
    this.addSql('CREATE INDEX channel_listing_variants_connection_page ON channel_listing_variants (connection_id, id)');
  }

  override down(): void {
    this.addSql('DROP INDEX IF EXISTS channel_listing_variants_connection_page');
    this.addSql('DROP INDEX IF EXISTS sync_log_last_success');
  }
}
