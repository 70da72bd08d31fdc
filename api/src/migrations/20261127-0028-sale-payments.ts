import { Migration } from '@mikro-orm/migrations';

/**
 * How a sale typed in Tradepost was paid (issue #17): one row per part — a single row for cash,
 * card (charged on an external terminal) or store credit, two or more for a split — whose amounts
 * add up to what the customer paid (checked by the API before anything is written). Cash keeps
 * what was handed over, so the change given back can be shown again.
 */
export class Migration20261127000028SalePayments extends Migration {
  override name = '20261127-0028-sale-payments';

  override up(): void {
    this.addSql(`
      CREATE TABLE sale_payments (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        sale_id uuid NOT NULL,
        position smallint NOT NULL CHECK (position >= 0),
        method text NOT NULL CHECK (method IN ('cash', 'card', 'store_credit')),
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        cash_tendered_cents integer CHECK (cash_tendered_cents >= amount_cents),
        CHECK (cash_tendered_cents IS NULL OR method = 'cash'),
        UNIQUE (business_id, sale_id, position),
        FOREIGN KEY (business_id, sale_id) REFERENCES sales (business_id, id) ON DELETE CASCADE
      )`);
  }
}
