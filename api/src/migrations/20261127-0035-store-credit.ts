import { Migration } from '@mikro-orm/migrations';

/**
 * Store credit (issue #18): a customer's balance with the business (`customers.store_credit_cents`,
 * never below zero) and one entry per change (`store_credit_entries`: a store-credit payout, a sale
 * paid with it, the credit a cancelled sale gives back, an adjustment by hand), each with the
 * balance it left, so the balance always equals the sum of the entries. The balance changes by one
 * conditional UPDATE … RETURNING (modules/sales/store-credit.ts); the CHECK is the backstop.
 * A sale's payment parts gain `trade_in`: the value of the goods a customer traded in (written by
 * the trade workflow, never chosen at the counter).
 */
export class Migration20261127000035StoreCredit extends Migration {
  override name = '20261127-0035-store-credit';

  override up(): void {
    this.addSql(
      'ALTER TABLE customers ADD COLUMN store_credit_cents integer NOT NULL DEFAULT 0 CONSTRAINT customers_store_credit_cents_check CHECK (store_credit_cents >= 0)',
    );
    this.addSql(`
      CREATE TABLE store_credit_entries (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        customer_id uuid NOT NULL,
        amount_cents integer NOT NULL CHECK (amount_cents <> 0),
        balance_after_cents integer NOT NULL CHECK (balance_after_cents >= 0),
        reason text NOT NULL CHECK (reason IN ('payout', 'sale', 'sale_cancelled', 'adjustment')),
        reference_type text CHECK (reference_type IN ('purchase_order', 'sale')),
        reference_id uuid,
        note text CHECK (length(note) <= 500),
        created_by_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((reference_type IS NULL) = (reference_id IS NULL)),
        -- Spending on a sale takes credit away; a payout and a cancelled sale add it; an adjustment either.
        CHECK (reason = 'adjustment' OR (reason = 'sale') = (amount_cents < 0)),
        FOREIGN KEY (business_id, customer_id) REFERENCES customers (business_id, id) ON DELETE CASCADE
      )`);
    this.addSql(
      'CREATE INDEX store_credit_entries_customer_idx ON store_credit_entries (business_id, customer_id, created_at DESC, id DESC)',
    );
    // What a cancelled sale gives back is read from its own entries.
    this.addSql(
      'CREATE INDEX store_credit_entries_reference_idx ON store_credit_entries (business_id, reference_id) WHERE reference_id IS NOT NULL',
    );

    // The column CHECK of migration 0028 has PostgreSQL's generated name.
    this.addSql('ALTER TABLE sale_payments DROP CONSTRAINT sale_payments_method_check');
    this.addSql(
      "ALTER TABLE sale_payments ADD CONSTRAINT sale_payments_method_check CHECK (method IN ('cash', 'card', 'store_credit', 'trade_in'))",
    );
  }
}
