import { Migration } from '@mikro-orm/migrations';

/**
 * When the owner of an account was last told by e-mail about repeated failed sign-ins to it
 * (modules/auth/login-limits.ts): one mail per account per window, claimed by one statement so
 * several API processes do not each send it. Kept apart from `users`, whose updates tell every
 * process to forget its cached sign-ins (migration 0013).
 */
export class Migration20261127000017LoginAlerts extends Migration {
  override name = '20261127-0017-login-alerts';

  override up(): void {
    this.addSql(`
      CREATE TABLE login_alerts (
        email text PRIMARY KEY,
        sent_at timestamptz NOT NULL
      )`);
  }
}
