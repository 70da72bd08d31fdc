import { Migration } from '@mikro-orm/migrations';

/**
 * Webhook replays and floods (issue #15, defects 4 and 10). Shopify signs only the body, so a
 * captured delivery can come back under a new webhook id: besides (connection, event id), a stored
 * event is now unique by what its signed body says (`content_key`: topic + object + version, or the
 * body's hash) and by Shopify's X-Shopify-Event-Id for that topic and object (`source_event_key`).
 * Rejections are recorded at a bounded rate; `suppressed` counts the ones that were not written as
 * rows of their own before this one, so sync health still sees the whole flood.
 */
export class Migration20261127000018WebhookReplay extends Migration {
  override name = '20261127-0018-webhook-replay';

  override up(): void {
    this.addSql('ALTER TABLE webhook_events ADD COLUMN content_key text, ADD COLUMN source_event_key text');
    this.addSql('CREATE UNIQUE INDEX webhook_events_content ON webhook_events (connection_id, content_key) WHERE content_key IS NOT NULL');
    this.addSql(
      'CREATE UNIQUE INDEX webhook_events_source_event ON webhook_events (connection_id, source_event_key) WHERE source_event_key IS NOT NULL',
    );
    this.addSql('ALTER TABLE webhook_rejections ADD COLUMN suppressed integer NOT NULL DEFAULT 0 CHECK (suppressed >= 0)');
  }
}
