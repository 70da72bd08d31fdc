import { Migration } from '@mikro-orm/migrations';

/**
 * Buying at the counter (issue #18): an in-store purchase is a purchase order of kind `in_store`,
 * bought from a walk-in seller (a customer) or a vendor, received at once (receipts of method
 * `counter`) and paid by a payout. Exactly one of vendor and customer names the seller. `trade_id`
 * is set when the purchase was the customer's side of a trade (the trades table and its foreign key
 * come with migration 0036).
 *
 * `payouts`: what the business owes the seller, one per in-store purchase. Cash and store credit are
 * paid when recorded; a bank transfer or a check waits (pending) until someone marks it paid with
 * its reference. The payee's details (account number, routing number, address…) are sealed together
 * in `details_sealed` (plugins/sealed-box.ts, context `payout:<id>`); only what the lists show is
 * kept in the clear (holder, last four characters of the account, payee of a check).
 *
 * `purchasing_settings` gains the payout options: the methods the counter offers, the default, and
 * the store-credit bonus (a seller taking store credit gets that much more than the cash price).
 */
export class Migration20261127000034CounterPurchases extends Migration {
  override name = '20261127-0034-counter-purchases';

  override up(): void {
    this.addSql(`
      ALTER TABLE purchase_orders
        ADD COLUMN kind text NOT NULL DEFAULT 'order' CHECK (kind IN ('order', 'in_store')),
        ALTER COLUMN vendor_id DROP NOT NULL,
        ADD COLUMN customer_id uuid,
        ADD COLUMN trade_id uuid,
        ADD CONSTRAINT purchase_orders_customer_fkey FOREIGN KEY (business_id, customer_id) REFERENCES customers (business_id, id),
        ADD CONSTRAINT purchase_orders_seller_check CHECK ((vendor_id IS NULL) <> (customer_id IS NULL)),
        ADD CONSTRAINT purchase_orders_customer_kind_check CHECK (customer_id IS NULL OR kind = 'in_store')`);
    this.addSql('CREATE INDEX purchase_orders_customer_idx ON purchase_orders (business_id, customer_id) WHERE customer_id IS NOT NULL');

    this.addSql('ALTER TABLE purchase_receipts DROP CONSTRAINT purchase_receipts_method_check');
    this.addSql(
      "ALTER TABLE purchase_receipts ADD CONSTRAINT purchase_receipts_method_check CHECK (method IN ('manual', 'scan', 'counter'))",
    );

    this.addSql(`
      CREATE TABLE payouts (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        purchase_order_id uuid NOT NULL,
        trade_id uuid,
        customer_id uuid,
        vendor_id uuid,
        payee_name text NOT NULL CHECK (length(payee_name) BETWEEN 1 AND 120),
        method text NOT NULL CHECK (method IN ('cash', 'bank_transfer', 'store_credit', 'check')),
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        credit_cents integer CHECK (credit_cents >= 0),
        status text NOT NULL CHECK (status IN ('pending', 'paid')),
        reference text CHECK (length(reference) <= 120),
        account_holder text CHECK (length(account_holder) <= 120),
        account_last4 text CHECK (length(account_last4) <= 4),
        payable_to text CHECK (length(payable_to) <= 120),
        details_sealed text,
        paid_at timestamptz,
        paid_by_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_by_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (business_id, id),
        UNIQUE (business_id, purchase_order_id),
        CHECK ((status = 'paid') = (paid_at IS NOT NULL)),
        CHECK ((vendor_id IS NULL) <> (customer_id IS NULL)),
        CHECK (method <> 'store_credit' OR customer_id IS NOT NULL),
        FOREIGN KEY (business_id, purchase_order_id) REFERENCES purchase_orders (business_id, id) ON DELETE CASCADE,
        FOREIGN KEY (business_id, customer_id) REFERENCES customers (business_id, id),
        FOREIGN KEY (business_id, vendor_id) REFERENCES vendors (business_id, id)
      )`);
    this.addSql('CREATE INDEX payouts_list_idx ON payouts (business_id, created_at DESC, id DESC)');
    // Quick Actions → Check payouts: the pending ones by method, and their totals.
    this.addSql("CREATE INDEX payouts_pending_idx ON payouts (business_id, method, created_at DESC) WHERE status = 'pending'");

    this.addSql(`
      ALTER TABLE purchasing_settings
        ADD COLUMN payout_methods text[] NOT NULL DEFAULT '{cash,bank_transfer,store_credit,check}'
          CHECK (cardinality(payout_methods) >= 1 AND payout_methods <@ ARRAY['cash', 'bank_transfer', 'store_credit', 'check']::text[]),
        ADD COLUMN default_payout_method text NOT NULL DEFAULT 'cash'
          CHECK (default_payout_method IN ('cash', 'bank_transfer', 'store_credit', 'check')),
        ADD COLUMN store_credit_bonus_percent integer NOT NULL DEFAULT 0 CHECK (store_credit_bonus_percent BETWEEN 0 AND 100),
        ADD CONSTRAINT purchasing_settings_default_offered_check CHECK (default_payout_method = ANY (payout_methods))`);
  }
}
