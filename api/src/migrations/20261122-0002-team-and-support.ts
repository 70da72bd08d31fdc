import { Migration } from '@mikro-orm/migrations';

/** Bug reports, invitations and mobile-login codes. */
export class Migration20261122000002TeamAndSupport extends Migration {
  override name = '20261122-0002-team-and-support';

  override up(): void {
    this.addSql(`
      CREATE TABLE bug_reports (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        reporter_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        description text NOT NULL,
        route text NOT NULL,
        app_version text NOT NULL,
        user_agent text,
        recent_errors jsonb NOT NULL DEFAULT '[]',
        status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'triaged', 'resolved', 'dismissed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql('CREATE INDEX bug_reports_business_idx ON bug_reports (business_id, created_at DESC)');
    this.addSql('CREATE INDEX bug_reports_status_idx ON bug_reports (status, created_at DESC)');
    this.addSql(`
      CREATE TABLE invitations (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        email text NOT NULL CHECK (email = lower(email)),
        role text NOT NULL CHECK (role IN ('owner', 'staff', 'fulfillment')),
        token_hash text NOT NULL UNIQUE,
        invited_by_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql('CREATE INDEX invitations_business_idx ON invitations (business_id, created_at DESC)');
    this.addSql(`
      CREATE TABLE mobile_login_codes (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        code_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }
}
