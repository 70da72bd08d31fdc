import type { EntityManager } from '@mikro-orm/postgresql';
import type { Dashboard } from '@tradepost/shared/schemas/sales.ts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { SALES_WINDOW_START } from '../sales/public.ts';

type Bucket = Dashboard['aged_stock'][number]['bucket'];

const DAY = sql<string>`date_trunc('day', f.ordered_at)`;

/**
 * Every sales figure of the dashboard — the Today, 7-day and 30-day cards, the daily chart and the
 * channel donut — comes from this one statement: per day and channel of the 30 days, each sale
 * summed exactly as the sales list totals it (sales.service `loadSales`/`presentLine`): units kept,
 * revenue = kept units × price + shipping, profit = revenue − fees (pro rata) − FIFO cost (final
 * when shipped, expected until then) − refunds. A cancelled sale is not counted as a sale and adds
 * nothing but its refunds, as in the list. So the cards, the chart and the donut cannot disagree,
 * and `dashboard.test.ts` checks them against the sales list's totals.
 *
 * Each sale's figures are kept in `sale_figures` (migration 0038), recomputed at the commit of every
 * write to the sale, its lines or its refunds, from the definitions above (the view
 * `sale_figures_computed`): the window's sales are one index range instead of a look-up of every
 * sale's lines and refunds.
 */
function salesByDayAndChannel(db: Kysely<DB>) {
  return db
    .selectFrom('sale_figures as f')
    .innerJoin('sales_channels as c', 'c.id', 'f.channel_id')
    .where('f.ordered_at', '>=', SALES_WINDOW_START)
    .select([
      sql<string>`to_char(${DAY}, 'YYYY-MM-DD')`.as('date'),
      'c.kind',
      sql<string>`count(*) FILTER (WHERE NOT f.cancelled)`.as('sales'),
      sql<string>`sum(f.units)`.as('units'),
      sql<string>`sum(f.revenue_cents)`.as('revenue_cents'),
      sql<string>`sum(f.profit_cents)`.as('profit_cents'),
    ])
    .$narrowType<{ kind: Dashboard['by_channel'][number]['kind'] }>()
    .groupBy([DAY, 'c.kind']);
}

/** The edges of the age buckets, in days before now. */
const EDGES = [30, 60, 90, 180] as const;

/**
 * Stock by age (the units of the remaining FIFO lots and their value at cost, bucketed by when each
 * lot was acquired), from the per-day sums the cost lots' triggers keep in `aged_stock_days`
 * (migration 0037) instead of every remaining lot (250 ms at 400,000 lots): the days that lie wholly
 * in one bucket are summed as they are, and the lots of the four days an edge falls in are bucketed
 * one by one, to the second, as before. A few hundred day rows and a few days' lots. `asOf` (an ISO
 * instant, for tests) stands in for the database's `now()`.
 */
export function agedStockQuery(db: Kysely<DB>, asOf?: string) {
  const now = asOf === undefined ? sql`now()` : sql`${asOf}::timestamptz`;
  const edge = (days: number) => sql`(${now} - ${sql.raw(`interval '${days} days'`)})`;
  // The UTC day an edge falls in: the day `aged_stock_days` files a lot under.
  const edgeDay = (days: number) => sql`((${edge(days)}) AT TIME ZONE 'UTC')::date`;
  const [d30, d60, d90, d180] = EDGES;
  const lotBucket = sql<Bucket>`CASE WHEN acquired_at > ${edge(d30)} THEN '0-30'
                                     WHEN acquired_at > ${edge(d60)} THEN '31-60'
                                     WHEN acquired_at > ${edge(d90)} THEN '61-90'
                                     WHEN acquired_at > ${edge(d180)} THEN '91-180'
                                     ELSE '180+' END`;
  // A day no edge falls in: every lot of it is in the same bucket.
  const dayBucket = sql<Bucket>`CASE WHEN day > ${edgeDay(d30)} THEN '0-30'
                                     WHEN day > ${edgeDay(d60)} THEN '31-60'
                                     WHEN day > ${edgeDay(d90)} THEN '61-90'
                                     WHEN day > ${edgeDay(d180)} THEN '91-180'
                                     ELSE '180+' END`;
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('aged_stock_days')
        .where(sql<boolean>`day NOT IN (${sql.join(EDGES.map(edgeDay))})`)
        .select([dayBucket.as('bucket'), sql<string>`units`.as('units'), sql<string>`value_cents`.as('value_cents')])
        // The lots acquired on each day an edge falls in, from its midnight (UTC) to the next: a range
        // of the lots' (business, acquired_at) index each, read from the index alone.
        .unionAll(
          EDGES.map((days) =>
            eb
              .selectFrom('cost_lots')
              .where('quantity_remaining', '>', 0)
              .where('acquired_at', '>=', sql<string>`(${edgeDay(days)})::timestamp AT TIME ZONE 'UTC'`)
              .where('acquired_at', '<', sql<string>`((${edgeDay(days)}) + 1)::timestamp AT TIME ZONE 'UTC'`)
              .select([
                lotBucket.as('bucket'),
                sql<string>`quantity_remaining::bigint`.as('units'),
                sql<string>`quantity_remaining::bigint * unit_cost_cents`.as('value_cents'),
              ]),
          ),
        )
        .as('lots'),
    )
    .select(['bucket', sql<number>`sum(units)::int`.as('units'), sql<string>`sum(value_cents)::bigint`.as('value_cents')])
    .groupBy('bucket');
}

/**
 * The dashboard's statements, built on the tenant-bound builder; exported so `bench:inventory` can
 * time the same SQL raw.
 */
export function dashboardQueries(db: Kysely<DB>) {
  return {
    sales: salesByDayAndChannel(db),
    aged: agedStockQuery(db),
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
      // The stock as a whole (the inventory summary's figures), from the business's totals per
      // product status kept from the per-product figures (migration 0038): a row per status.
      eb.selectFrom('stock_totals').select(sql<string>`coalesce(sum(on_hand), 0)`.as('units')).as('units_on_hand'),
      eb.selectFrom('stock_totals').select(sql<string>`coalesce(sum(value_at_cost_cents), 0)`.as('value')).as('value_at_cost_cents'),
      eb.selectFrom('stock_totals').select(sql<string>`coalesce(sum(value_at_price_cents), 0)`.as('value')).as('value_at_price_cents'),
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
  const aged = await queries.aged.execute();
  const open = await queries.open.executeTakeFirst();
  const inventory = {
    units_on_hand: Number(open?.units_on_hand ?? 0),
    value_at_cost_cents: Number(open?.value_at_cost_cents ?? 0),
    value_at_price_cents: Number(open?.value_at_price_cents ?? 0),
  };
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
