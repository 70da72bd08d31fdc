import { Migration } from '@mikro-orm/migrations';

/**
 * Every API process keeps the rows behind a bearer token (session, user, business) in memory for
 * a moment, so a request does not pay a database round trip to learn who is asking. Any change to
 * those rows, from any process or made directly in the database, tells every process to forget
 * them: a NOTIFY on `tradepost_auth` after each statement that updates, deletes or truncates.
 * Inserts need no notice: a new row was never remembered.
 */
export class Migration20261122000013AuthChangeNotices extends Migration {
  override name = '20261122-0013-auth-change-notices';

  override up(): void {
    this.addSql(`
      CREATE FUNCTION notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('tradepost_auth', TG_TABLE_NAME);
        RETURN NULL;
      END
      $$`);
    for (const table of ['sessions', 'users', 'businesses']) {
      this.addSql(
        `CREATE TRIGGER ${table}_auth_changed AFTER UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed()`,
      );
      this.addSql(
        `CREATE TRIGGER ${table}_auth_truncated AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed()`,
      );
    }
  }
}
