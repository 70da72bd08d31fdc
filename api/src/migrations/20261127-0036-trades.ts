import { Migration } from '@mikro-orm/migrations';

/**
 * Trades at the counter (issue #18): the customer's items in, ours out, the difference settled
 * either way, recorded by the `trade.record` workflow in one transaction. A trade is the row that
 * ties together what that workflow wrote: the in-store purchase of the customer's items (a purchase
 * order of kind `in_store`, migration 0034, which points back through `trade_id`), the in-store sale
 * of ours (paid partly by a `trade_in` part), and the payout when we owed the difference. Its
 * lines are those of the purchase order and the sale; the totals are kept here as agreed.
 * Numbers come from `business_counters` ('trade', from 1001), like purchase orders.
 *
 * The purchase order and its payout are written before the trade in the same transaction, so their
 * foreign keys to the trade are checked at commit (DEFERRABLE INITIALLY DEFERRED).
 */
export class Migration20261127000036Trades extends Migration {
  override name = '20261127-0036-trades';

  override up(): void {
    this.addSql(`
      CREATE TABLE trades (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        number integer NOT NULL CHECK (number > 0),
        customer_id uuid NOT NULL,
        location_id uuid NOT NULL,
        purchase_order_id uuid NOT NULL,
        sale_id uuid NOT NULL,
        incoming_cents bigint NOT NULL CHECK (incoming_cents >= 0),
        outgoing_cents bigint NOT NULL CHECK (outgoing_cents >= 0),
        difference_cents bigint NOT NULL,
        settlement text NOT NULL CHECK (settlement IN ('customer_pays', 'we_pay', 'even')),
        payment_method text CHECK (payment_method IN ('cash', 'card', 'store_credit')),
        payout_id uuid,
        note text CHECK (length(note) <= 2000),
        created_by_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (difference_cents = outgoing_cents - incoming_cents),
        CHECK (settlement = CASE WHEN difference_cents > 0 THEN 'customer_pays' WHEN difference_cents < 0 THEN 'we_pay' ELSE 'even' END),
        CHECK ((payment_method IS NOT NULL) = (settlement = 'customer_pays')),
        CHECK ((payout_id IS NOT NULL) = (settlement = 'we_pay')),
        UNIQUE (business_id, id),
        UNIQUE (business_id, number),
        UNIQUE (business_id, purchase_order_id),
        UNIQUE (business_id, sale_id),
        FOREIGN KEY (business_id, customer_id) REFERENCES customers (business_id, id),
        FOREIGN KEY (business_id, location_id) REFERENCES locations (business_id, id),
        FOREIGN KEY (business_id, purchase_order_id) REFERENCES purchase_orders (business_id, id),
        FOREIGN KEY (business_id, sale_id) REFERENCES sales (business_id, id),
        FOREIGN KEY (business_id, payout_id) REFERENCES payouts (business_id, id)
      )`);
    this.addSql('CREATE INDEX trades_list_idx ON trades (business_id, created_at DESC, id DESC)');
    this.addSql('CREATE INDEX trades_customer_idx ON trades (business_id, customer_id, created_at DESC, id DESC)');
    this.addSql(`
      ALTER TABLE purchase_orders
        ADD CONSTRAINT purchase_orders_trade_fk FOREIGN KEY (business_id, trade_id) REFERENCES trades (business_id, id)
        DEFERRABLE INITIALLY DEFERRED`);
    this.addSql(`
      ALTER TABLE payouts
        ADD CONSTRAINT payouts_trade_fk FOREIGN KEY (business_id, trade_id) REFERENCES trades (business_id, id)
        DEFERRABLE INITIALLY DEFERRED`);
  }
}
