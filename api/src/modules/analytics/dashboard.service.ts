import type { EntityManager } from '@mikro-orm/postgresql';
import type { Dashboard } from '@tradepost/shared/schemas/sales.ts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { inventorySummary } from '../inventory/public.ts';
import { KEPT_LINES_REVENUE, SALE_REVENUE, SALES_WINDOW_START } from '../sales/public.ts';

type Bucket = Dashboard['aged_stock'][number]['bucket'];

const DAY = sql<string>`date_trunc('day', s.ordered_at)`;

/**
 * Every sales figure of the dashboard — the Today, 7-day and 30-day cards, the daily chart and the
 * channel donut — comes from this one statement: per day and channel of the 30 days, each sale
 * summed exactly as the sales list totals it (sales.service `loadSales`/`presentLine`): units kept,
 * revenue = kept units × price + shipping, profit = revenue − fees (pro rata) − FIFO cost (final
 * when shipped, expected until then) − refunds. A cancelled sale is not counted as a sale and adds
 * nothing but its refunds, as in the list. So the cards, the chart and the donut cannot disagree,
 * and `dashboard.test.ts` checks them against the sales list's totals.
 */
function salesByDayAndChannel(db: Kysely<DB>) {
  return db
    .selectFrom('sales as s')
    .innerJoin('sales_channels as c', 'c.id', 's.channel_id')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('sale_lines as l')
          .whereRef('l.sale_id', '=', 's.id')
          .select([
            sql<string>`coalesce(sum(l.quantity - l.quantity_cancelled), 0)`.as('units'),
            KEPT_LINES_REVENUE.as('revenue'),
            sql<string>`coalesce(sum(round(l.fees_cents::numeric * (l.quantity - l.quantity_cancelled) / l.quantity)), 0)`.as('fees'),
            sql<string>`coalesce(sum(l.shipped_cost_cents + (l.quantity - l.quantity_cancelled - l.quantity_shipped)::bigint * l.estimated_unit_cost_cents), 0)`.as(
              'cost',
            ),
          ])
          .as('x'),
      (join) => join.onTrue(),
    )
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('refunds as r')
          .whereRef('r.sale_id', '=', 's.id')
          .select(sql<string>`coalesce(sum(r.amount_cents), 0)`.as('refunded'))
          .as('rf'),
      (join) => join.onTrue(),
    )
    .where('s.ordered_at', '>=', SALES_WINDOW_START)
    .select([
      sql<string>`to_char(${DAY}, 'YYYY-MM-DD')`.as('date'),
      'c.kind',
      sql<string>`count(*) FILTER (WHERE s.status <> 'cancelled')`.as('sales'),
      sql<string>`sum(x.units)`.as('units'),
      sql<string>`sum(${SALE_REVENUE})`.as('revenue_cents'),
      sql<string>`sum(${SALE_REVENUE} - x.fees - x.cost - rf.refunded)`.as('profit_cents'),
    ])
    .$narrowType<{ kind: Dashboard['by_channel'][number]['kind'] }>()
    .groupBy([DAY, 'c.kind']);
}

/**
 * The dashboard's statements besides the inventory summary (inventory's `inventorySummary`), built
 * on the tenant-bound builder; exported so `bench:inventory` can time the same SQL raw.
 */
export function dashboardQueries(db: Kysely<DB>) {
  return {
    sales: salesByDayAndChannel(db),
    aged: db
      .selectFrom((eb) =>
        eb
          .selectFrom('cost_lots')
          .where('quantity_remaining', '>', 0)
          .select([
            'quantity_remaining',
            'unit_cost_cents',
            sql<Bucket>`CASE WHEN acquired_at > now() - interval '30 days' THEN '0-30'
                             WHEN acquired_at > now() - interval '60 days' THEN '31-60'
                             WHEN acquired_at > now() - interval '90 days' THEN '61-90'
                             WHEN acquired_at > now() - interval '180 days' THEN '91-180'
                             ELSE '180+' END`.as('bucket'),
          ])
          .as('lots'),
      )
      .select([
        'bucket',
        sql<number>`sum(quantity_remaining)::int`.as('units'),
        sql<string>`sum(quantity_remaining::bigint * unit_cost_cents)::bigint`.as('value_cents'),
      ])
      .groupBy('bucket'),
    open: db.selectNoFrom((eb) => [
      sql<number>`${eb
        .selectFrom('fulfillments')
        .where('status', 'in', ['pending', 'picking', 'packed'])
        .select((eb) => eb.fn.countAll().as('open'))}::int`.as('fulfillments'),
      sql<number>`${eb
        .selectFrom('failed_orders')
        .where('status', '=', 'open')
        .select((eb) => eb.fn.countAll().as('open'))}::int`.as('failed'),
      eb.selectFrom('businesses').select('currency').as('currency'),
      // "Today" as the database's clock has it, the day the sales rows are grouped by.
      sql<string>`to_char(date_trunc('day', now()), 'YYYY-MM-DD')`.as('today'),
    ]),
  };
}

type Period = Dashboard['today'];
const nothing = (): Period => ({ sales: 0, units: 0, revenue_cents: 0, profit_cents: 0 });
const add = (to: Period, row: { sales: string; units: string; revenue_cents: string; profit_cents: string }) => {
  to.sales += Number(row.sales);
  to.units += Number(row.units);
  to.revenue_cents += Number(row.revenue_cents);
  to.profit_cents += Number(row.profit_cents);
};

/** `YYYY-MM-DD`, `n` calendar days before `day` (dates, not instants: no clock change can shift them). */
export function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The statements run one after another: one pooled connection at a time instead of several of the
 * pool's ten at once, so a dashboard under load does not keep other requests waiting for a connection.
 */
export async function dashboard(em: EntityManager, businessId: string): Promise<Dashboard> {
  const db = tenantDb(em, businessId);
  const queries = dashboardQueries(db);
  const sales = await queries.sales.execute();
  const inventory = await inventorySummary(em, businessId);
  const aged = await queries.aged.execute();
  const open = await queries.open.executeTakeFirst();
  const today = open?.today ?? new Date().toISOString().slice(0, 10);

  // The periods, the chart's days and the channels are sums of the same rows.
  const days = Array.from({ length: 30 }, (_, i) => daysBefore(today, 29 - i));
  const byDay = new Map(days.map((day) => [day, nothing()]));
  const byChannel = new Map<Dashboard['by_channel'][number]['kind'], Period>();
  const [todays, week, month] = [nothing(), nothing(), nothing()];
  const weekStart = daysBefore(today, 6);
  for (const row of sales) {
    const day = byDay.get(row.date);
    if (!day) continue;
    add(day, row);
    add(month, row);
    if (row.date >= weekStart) add(week, row);
    if (row.date === today) add(todays, row);
    const channel = byChannel.get(row.kind) ?? nothing();
    add(channel, row);
    byChannel.set(row.kind, channel);
  }

  const order: Bucket[] = ['0-30', '31-60', '61-90', '91-180', '180+'];
  const soldUnits = month.units;
  return {
    currency: open?.currency ?? 'USD',
    today: todays,
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
    daily: days.map((date) => {
      const { sales, revenue_cents, profit_cents } = byDay.get(date) ?? nothing();
      return { date, sales, revenue_cents, profit_cents };
    }),
    // A channel whose sales in the window were all cancelled sold nothing: it has no slice.
    by_channel: [...byChannel]
      .filter(([, figures]) => figures.sales > 0)
      .map(([kind, figures]) => ({ kind, sales: figures.sales, revenue_cents: figures.revenue_cents }))
      .sort((a, b) => b.revenue_cents - a.revenue_cents || a.kind.localeCompare(b.kind)),
    open_fulfillments: Number(open?.fulfillments ?? 0),
    open_failed_orders: Number(open?.failed ?? 0),
  };
}
