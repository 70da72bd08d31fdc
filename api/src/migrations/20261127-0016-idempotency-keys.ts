import { Migration } from '@mikro-orm/migrations';

/**
 * The first answer to each write sent with an `Idempotency-Key`, per business, kept a day: a retry
 * of the same user action (a slow answer, a dropped connection) gets that answer again instead of
 * doing the write twice (api/src/plugins/idempotency.ts).
 */
export class Migration20261127000016IdempotencyKeys extends Migration {
  override name = '20261127-0016-idempotency-keys';

  override up(): void {
    this.addSql(`
      CREATE TABLE idempotency_keys (
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        key text NOT NULL,
        request_hash text NOT NULL,
        status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done')),
        response_status integer,
        response_headers jsonb,
        response_body text,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (business_id, key)
      )`);
    this.addSql('CREATE INDEX idempotency_keys_age_idx ON idempotency_keys (created_at)');
  }
}
