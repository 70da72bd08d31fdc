import { Migration } from '@mikro-orm/migrations';

/**
 * One row per domain event a subscriber has handled, written in the subscriber's own transaction:
 * a delivery retried after its worker died (the handler committed, the job was not yet marked done)
 * finds its row and does nothing, so each subscriber acts on each event once.
 */
export class Migration20261127000015EventDeliveries extends Migration {
  override name = '20261127-0015-event-deliveries';

  override up(): void {
    this.addSql(`
      CREATE TABLE event_deliveries (
        subscriber text NOT NULL,
        event_id uuid NOT NULL,
        business_id uuid REFERENCES businesses(id) ON DELETE CASCADE,
        delivered_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (subscriber, event_id)
      )`);
    this.addSql('CREATE INDEX event_deliveries_age_idx ON event_deliveries (delivered_at)');
  }
}
