import { Migration } from '@mikro-orm/migrations';

/** Businesses, users, sessions, login attempts and preferences. */
export class Migration20261121000001Accounts extends Migration {
  override name = '20261121-0001-accounts';

  override up(): void {
    this.addSql(`
      CREATE TABLE businesses (
        id uuid PRIMARY KEY,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        currency char(3) NOT NULL DEFAULT 'USD',
        timezone text NOT NULL DEFAULT 'UTC',
        shopify_enabled boolean NOT NULL DEFAULT false,
        trial_ends_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        email text NOT NULL UNIQUE CHECK (email = lower(email)),
        username text NOT NULL,
        first_name text,
        last_name text,
        role text NOT NULL CHECK (role IN ('owner', 'staff', 'fulfillment')),
        timezone text NOT NULL DEFAULT 'UTC',
        demo_mode boolean NOT NULL DEFAULT false,
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql('CREATE UNIQUE INDEX users_username_key ON users (lower(username))');
    this.addSql('CREATE INDEX users_business_id_idx ON users (business_id)');
    this.addSql(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        user_agent text
      )`);
    this.addSql('CREATE INDEX sessions_user_id_idx ON sessions (user_id)');
    this.addSql(`
      CREATE TABLE login_attempts (
        id uuid PRIMARY KEY,
        email text NOT NULL,
        ip text NOT NULL,
        succeeded boolean NOT NULL,
        attempted_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql('CREATE INDEX login_attempts_email_idx ON login_attempts (email, attempted_at)');
    this.addSql('CREATE INDEX login_attempts_ip_idx ON login_attempts (ip, attempted_at)');
    this.addSql(`
      CREATE TABLE user_preferences (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        font_scale double precision NOT NULL DEFAULT 0.95 CHECK (font_scale BETWEEN 0.7 AND 1.3),
        density_scale double precision NOT NULL DEFAULT 1 CHECK (density_scale BETWEEN 0.5 AND 1.3),
        theme text CHECK (theme IN ('light', 'dark')),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`
      CREATE TABLE view_preferences (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        view_key text NOT NULL,
        settings jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, view_key)
      )`);
  }
}
