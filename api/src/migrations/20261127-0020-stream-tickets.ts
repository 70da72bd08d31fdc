import { Migration } from '@mikro-orm/migrations';

/**
 * Tickets that open the real-time stream (modules/realtime/stream-tickets.ts). EventSource cannot
 * send headers, so the stream takes its credential in the URL, where proxies and browsers keep it:
 * that credential is a ticket good for one connection within a minute, not the session token. Only
 * its SHA-256 is kept, so reading this table yields no ticket that opens anything. Expired tickets
 * are pruned by the job runner.
 */
export class Migration20261127000020StreamTickets extends Migration {
  override name = '20261127-0020-stream-tickets';

  override up(): void {
    this.addSql(`
      CREATE TABLE stream_tickets (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql('CREATE INDEX stream_tickets_expires_at_idx ON stream_tickets (expires_at)');
  }
}
