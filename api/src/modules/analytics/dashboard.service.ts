import type { EntityManager } from '@mikro-orm/postgresql';
import type { Dashboard } from '@tradepost/shared/schemas/sales.ts';
import { inventorySummary } from '../inventory/public.ts';

type PeriodRow = { sales: number; units: number; revenue_cents: number; profit_cents: number };

/**
 * Sales figures use the same arithmetic as a sale's totals (sales.service presentLine): revenue of
 * kept units plus shipping, less fees, FIFO cost (final when shipped, expected until then) and refunds.
 */
const LINE_FIGURES = `
  (l.quantity - l.quantity_cancelled) AS units,
  (l.quantity - l.quantity_cancelled)::bigint * l.unit_price_cents AS revenue,
  round(l.fees_cents::numeric * (l.quantity - l.quantity_cancelled) / l.quantity) AS fees,
  l.shipped_cost_cents + (l.quantity - l.quantity_cancelled - l.quantity_shipped)::bigint * l.estimated_unit_cost_cents AS cost`;

export async function dashboard(em: EntityManager, businessId: string): Promise<Dashboard> {
  const periodSql = (days: number | 'today') => `
    SELECT count(DISTINCT s.id)::int AS sales, coalesce(sum(x.units), 0)::int AS units,
           coalesce(sum(x.revenue), 0)::bigint + coalesce((SELECT sum(s2.shipping_cents) FROM sales s2 WHERE s2.business_id = ?
               AND s2.status <> 'cancelled' AND s2.ordered_at >= ${days === 'today' ? "date_trunc('day', now())" : `now() - interval '${days} days'`}), 0) AS revenue_cents,
           coalesce(sum(x.revenue - x.fees - x.cost), 0)::bigint
             + coalesce((SELECT sum(s2.shipping_cents) FROM sales s2 WHERE s2.business_id = ? AND s2.status <> 'cancelled'
                  AND s2.ordered_at >= ${days === 'today' ? "date_trunc('day', now())" : `now() - interval '${days} days'`}), 0)
             - coalesce((SELECT sum(r.amount_cents) FROM refunds r JOIN sales s3 ON s3.id = r.sale_id WHERE r.business_id = ?
                  AND s3.ordered_at >= ${days === 'today' ? "date_trunc('day', now())" : `now() - interval '${days} days'`}), 0) AS profit_cents
      FROM sales s JOIN LATERAL (SELECT ${LINE_FIGURES} FROM sale_lines l WHERE l.sale_id = s.id) x ON true
     WHERE s.business_id = ? AND s.status <> 'cancelled'
       AND s.ordered_at >= ${days === 'today' ? "date_trunc('day', now())" : `now() - interval '${days} days'`}`;
  const period = async (days: number | 'today') => {
    const [row] = await em.execute<PeriodRow[]>(periodSql(days), [businessId, businessId, businessId, businessId]);
    return {
      sales: Number(row?.sales ?? 0),
      units: Number(row?.units ?? 0),
      revenue_cents: Number(row?.revenue_cents ?? 0),
      profit_cents: Number(row?.profit_cents ?? 0),
    };
  };

  const [today, week, month, inventory, aged, daily, byChannel, open] = await Promise.all([
    period('today'),
    period(7),
    period(30),
    inventorySummary(em, businessId),
    em.execute<{ bucket: Dashboard['aged_stock'][number]['bucket']; units: number; value_cents: number }[]>(
      `SELECT bucket, sum(quantity_remaining)::int AS units, sum(quantity_remaining::bigint * unit_cost_cents)::bigint AS value_cents
         FROM (SELECT quantity_remaining, unit_cost_cents,
                      CASE WHEN acquired_at > now() - interval '30 days' THEN '0-30'
                           WHEN acquired_at > now() - interval '60 days' THEN '31-60'
                           WHEN acquired_at > now() - interval '90 days' THEN '61-90'
                           WHEN acquired_at > now() - interval '180 days' THEN '91-180'
                           ELSE '180+' END AS bucket
                 FROM cost_lots WHERE business_id = ? AND quantity_remaining > 0) lots
        GROUP BY bucket`,
      [businessId],
    ),
    em.execute<{ date: string; sales: number; revenue_cents: number; profit_cents: number }[]>(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS date, count(DISTINCT s.id)::int AS sales,
              coalesce(sum(x.revenue), 0)::bigint AS revenue_cents, coalesce(sum(x.revenue - x.fees - x.cost), 0)::bigint AS profit_cents
         FROM generate_series(date_trunc('day', now()) - interval '29 days', date_trunc('day', now()), interval '1 day') d(day)
         LEFT JOIN sales s ON s.business_id = ? AND s.status <> 'cancelled' AND s.ordered_at >= d.day AND s.ordered_at < d.day + interval '1 day'
         LEFT JOIN LATERAL (SELECT ${LINE_FIGURES} FROM sale_lines l WHERE l.sale_id = s.id) x ON true
        GROUP BY d.day ORDER BY d.day`,
      [businessId],
    ),
    em.execute<{ kind: Dashboard['by_channel'][number]['kind']; sales: number; revenue_cents: number }[]>(
      `SELECT c.kind, count(DISTINCT s.id)::int AS sales, coalesce(sum(x.revenue), 0)::bigint AS revenue_cents
         FROM sales s JOIN sales_channels c ON c.id = s.channel_id
         JOIN LATERAL (SELECT ${LINE_FIGURES} FROM sale_lines l WHERE l.sale_id = s.id) x ON true
        WHERE s.business_id = ? AND s.status <> 'cancelled' AND s.ordered_at >= now() - interval '30 days'
        GROUP BY c.kind ORDER BY revenue_cents DESC`,
      [businessId],
    ),
    em.execute<{ fulfillments: number; failed: number; currency: string }[]>(
      `SELECT (SELECT count(*) FROM fulfillments WHERE business_id = ? AND status IN ('pending', 'picking', 'packed'))::int AS fulfillments,
              (SELECT count(*) FROM failed_orders WHERE business_id = ? AND status = 'open')::int AS failed,
              (SELECT currency FROM businesses WHERE id = ?) AS currency`,
      [businessId, businessId, businessId],
    ),
  ]);
  const order: Dashboard['aged_stock'][number]['bucket'][] = ['0-30', '31-60', '61-90', '91-180', '180+'];
  const soldUnits = month.units;
  return {
    currency: open[0]?.currency ?? 'USD',
    today,
    last_7_days: week,
    last_30_days: month,
    inventory: {
      units_on_hand: inventory.units_on_hand,
      value_at_cost_cents: inventory.value_at_cost_cents,
      value_at_price_cents: inventory.value_at_price_cents,
    },
    sell_through_30d_percent:
      soldUnits + inventory.units_on_hand === 0 ? 0 : Math.round((soldUnits / (soldUnits + inventory.units_on_hand)) * 1000) / 10,
    aged_stock: order.map((bucket) => {
      const row = aged.find((a) => a.bucket === bucket);
      return { bucket, units: Number(row?.units ?? 0), value_cents: Number(row?.value_cents ?? 0) };
    }),
    daily: daily.map((d) => ({
      date: d.date,
      sales: Number(d.sales),
      revenue_cents: Number(d.revenue_cents),
      profit_cents: Number(d.profit_cents),
    })),
    by_channel: byChannel.map((c) => ({ kind: c.kind, sales: Number(c.sales), revenue_cents: Number(c.revenue_cents) })),
    open_fulfillments: Number(open[0]?.fulfillments ?? 0),
    open_failed_orders: Number(open[0]?.failed ?? 0),
  };
}
