import { Migration } from '@mikro-orm/migrations';

/**
 * A business's purchasing settings (issue #18): the target margin the highest-bid report and the
 * in-store purchase guidance keep (what to pay = the price we expect to sell at less this share).
 * One row per business once it saves a setting; none means the defaults (30 %). Payout settings
 * will join it as columns.
 */
export class Migration20261127000033PurchasingSettings extends Migration {
  override name = '20261127-0033-purchasing-settings';

  override up(): void {
    this.addSql(`
      CREATE TABLE purchasing_settings (
        business_id uuid PRIMARY KEY REFERENCES businesses(id) ON DELETE CASCADE,
        target_margin_percent integer NOT NULL DEFAULT 30 CHECK (target_margin_percent BETWEEN 0 AND 90),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }
}
