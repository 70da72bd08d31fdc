import { Migration } from '@mikro-orm/migrations';

/**
 * A variant's lots, used up or not, in FIFO order: the ledger page lists them all, and the only index
 * was the FIFO one, partial on lots with units left, which that read cannot use. With a year of trading
 * (100,000 products, 50,000 sales: `npm run bench:inventory`) the ledger page scanned every lot of the
 * business, 81 ms instead of 3. The partial index stays: FIFO consumption skips the used-up lots, which
 * are the oldest, so the full index would make each sale step over them.
 */
export class Migration20261127000026CostLotHistory extends Migration {
  override name = '20261127-0026-cost-lot-history';

  override up(): void {
    this.addSql('CREATE INDEX cost_lots_variant_history ON cost_lots (business_id, variant_id, acquired_at, id)');
  }

  override down(): void {
    this.addSql('DROP INDEX IF EXISTS cost_lots_variant_history');
  }
}
