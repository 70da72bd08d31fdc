import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.generated.ts';

// What a sale is worth, written once for every screen that sums sales (the dashboard's cards, chart
// and donut, the Sales Channels cards, a marketplace's overview), the same way the sales list
// totals a sale: kept units × price, plus shipping unless the sale is cancelled; tax passes through.

/** The recent-sales window: today and the 29 days before it (the dashboard's 30-day chart). */
export const SALES_WINDOW_START = sql<string>`date_trunc('day', now()) - interval '29 days'`;

/** Over a sale's lines (alias `l`): what the kept units sold for. */
export const KEPT_LINES_REVENUE = sql<string>`coalesce(sum((l.quantity - l.quantity_cancelled)::bigint * l.unit_price_cents), 0)`;

/** A sale's revenue, for a sale `s` joined to its lines' `KEPT_LINES_REVENUE` as `x.revenue`. */
export const SALE_REVENUE = sql<string>`(x.revenue + CASE WHEN s.status = 'cancelled' THEN 0 ELSE s.shipping_cents END)`;

/** Per channel, the sales of the window: how many (cancelled ones not counted) and their revenue. */
export function recentSalesByChannel(db: Kysely<DB>) {
  return db
    .selectFrom('sales as s')
    .innerJoinLateral(
      (eb) => eb.selectFrom('sale_lines as l').whereRef('l.sale_id', '=', 's.id').select(KEPT_LINES_REVENUE.as('revenue')).as('x'),
      (join) => join.onTrue(),
    )
    .where('s.ordered_at', '>=', SALES_WINDOW_START)
    .groupBy('s.channel_id')
    .select([
      's.channel_id',
      sql<string>`count(*) FILTER (WHERE s.status <> 'cancelled')`.as('sales'),
      sql<string>`coalesce(sum(${SALE_REVENUE}), 0)`.as('revenue_cents'),
    ]);
}
