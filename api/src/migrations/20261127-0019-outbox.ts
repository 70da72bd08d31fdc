import { Migration } from '@mikro-orm/migrations';

/**
 * Mail the app could not send because no SMTP server is configured (platform/mailer.ts), kept for
 * the business it is about so its owner can read it in the app (modules/outbox). Mail that belongs
 * to no business (an account's own) only goes to the file under DATA_DIR/outbox. Rows older than
 * 30 days are deleted as new ones arrive: an invitation link is dead after 7.
 */
export class Migration20261127000019Outbox extends Migration {
  override name = '20261127-0019-outbox';

  override up(): void {
    this.addSql(`
      CREATE TABLE outbox_messages (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        recipient text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql('CREATE INDEX outbox_messages_business_idx ON outbox_messages (business_id, created_at DESC)');
  }
}
