import type { EntityManager } from '@mikro-orm/postgresql';
import type { Dashboard } from '@tradepost/shared/schemas/sales.ts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { inventorySummary } from '../inventory/public.ts';

type Bucket = Dashboard['aged_stock'][number]['bucket'];

/**
 * Sales figures use the same arithmetic as a sale's totals (sales.service presentLine): revenue of
 * kept units plus shipping, less fees, FIFO cost (final when shipped, expected until then) and refunds.
 * Selected from `sale_lines as l`.
 */
const LINE_FIGURES = [
  sql<number>`(l.quantity - l.quantity_cancelled)`.as('units'),
  sql<string>`(l.quantity - l.quantity_cancelled)::bigint * l.unit_price_cents`.as('revenue'),
  sql<string>`round(l.fees_cents::numeric * (l.quantity - l.quantity_cancelled) / l.quantity)`.as('fees'),
  sql<string>`l.shipped_cost_cents + (l.quantity - l.quantity_cancelled - l.quantity_shipped)::bigint * l.estimated_unit_cost_cents`.as(
    'cost',
  ),
];

/** Where a period starts: midnight today, or N days before now. */
const since = (days: number | 'today') =>
  days === 'today' ? sql<string>`date_trunc('day', now())` : sql<string>`now() - interval ${sql.lit(`${days} days`)}`;

/** A period's sales: count, units, revenue with shipping, profit after refunds. */
function periodQuery(db: Kysely<DB>, days: number | 'today') {
  const from = since(days);
  return db
    .selectFrom('sales as s')
    .innerJoinLateral(
      (eb) => eb.selectFrom('sale_lines as l').whereRef('l.sale_id', '=', 's.id').select(LINE_FIGURES).as('x'),
      (join) => join.onTrue(),
    )
    .where('s.status', '<>', 'cancelled')
    .where('s.ordered_at', '>=', from)
    .select((eb) => {
      const shipping = eb
        .selectFrom('sales as s2')
        .where('s2.status', '<>', 'cancelled')
        .where('s2.ordered_at', '>=', from)
        .select(sql`sum(s2.shipping_cents)`.as('shipping'));
      const refunds = eb
        .selectFrom('refunds as r')
        .innerJoin('sales as s3', 's3.id', 'r.sale_id')
        .where('s3.ordered_at', '>=', from)
        .select(sql`sum(r.amount_cents)`.as('refunds'));
      return [
        sql<number>`count(DISTINCT s.id)::int`.as('sales'),
        sql<number>`coalesce(sum(x.units), 0)::int`.as('units'),
        sql<string>`coalesce(sum(x.revenue), 0)::bigint + coalesce(${shipping}, 0)`.as('revenue_cents'),
        sql<string>`coalesce(sum(x.revenue - x.fees - x.cost), 0)::bigint + coalesce(${shipping}, 0) - coalesce(${refunds}, 0)`.as(
          'profit_cents',
        ),
      ];
    });
}

/**
 * The dashboard's statements besides the inventory summary (inventory's `inventorySummary`), built
 * on the tenant-bound builder; exported so `bench:inventory` can time the same SQL raw.
 */
export function dashboardQueries(db: Kysely<DB>) {
  return {
    today: periodQuery(db, 'today'),
    week: periodQuery(db, 7),
    month: periodQuery(db, 30),
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
    daily: db
      .selectFrom(
        sql<{
          day: string;
        }>`generate_series(date_trunc('day', now()) - interval '29 days', date_trunc('day', now()), interval '1 day')`.as<'d'>(sql`d(day)`),
      )
      .leftJoin('sales as s', (join) =>
        join
          .on('s.status', '<>', 'cancelled')
          .onRef('s.ordered_at', '>=', 'd.day')
          .on('s.ordered_at', '<', sql<string>`d.day + interval '1 day'`),
      )
      .leftJoinLateral(
        (eb) => eb.selectFrom('sale_lines as l').whereRef('l.sale_id', '=', 's.id').select(LINE_FIGURES).as('x'),
        (join) => join.onTrue(),
      )
      .select([
        sql<string>`to_char(d.day, 'YYYY-MM-DD')`.as('date'),
        sql<number>`count(DISTINCT s.id)::int`.as('sales'),
        sql<string>`coalesce(sum(x.revenue), 0)::bigint`.as('revenue_cents'),
        sql<string>`coalesce(sum(x.revenue - x.fees - x.cost), 0)::bigint`.as('profit_cents'),
      ])
      .groupBy('d.day')
      .orderBy('d.day'),
    byChannel: db
      .selectFrom('sales as s')
      .innerJoin('sales_channels as c', 'c.id', 's.channel_id')
      .innerJoinLateral(
        (eb) => eb.selectFrom('sale_lines as l').whereRef('l.sale_id', '=', 's.id').select(LINE_FIGURES).as('x'),
        (join) => join.onTrue(),
      )
      .where('s.status', '<>', 'cancelled')
      .where('s.ordered_at', '>=', since(30))
      .select([
        'c.kind',
        sql<number>`count(DISTINCT s.id)::int`.as('sales'),
        sql<string>`coalesce(sum(x.revenue), 0)::bigint`.as('revenue_cents'),
      ])
      .$narrowType<{ kind: Dashboard['by_channel'][number]['kind'] }>()
      .groupBy('c.kind')
      .orderBy('revenue_cents', 'desc'),
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
    ]),
  };
}

/**
 * The statements run one after another: one pooled connection at a time instead of eight of the
 * pool's ten at once, so a dashboard under load does not keep other requests waiting for a connection.
 */
export async function dashboard(em: EntityManager, businessId: string): Promise<Dashboard> {
  const db = tenantDb(em, businessId);
  const queries = dashboardQueries(db);
  const presentPeriod = (row: { sales: number; units: number; revenue_cents: string; profit_cents: string } | undefined) => ({
    sales: Number(row?.sales ?? 0),
    units: Number(row?.units ?? 0),
    revenue_cents: Number(row?.revenue_cents ?? 0),
    profit_cents: Number(row?.profit_cents ?? 0),
  });
  const today = presentPeriod(await queries.today.executeTakeFirst());
  const week = presentPeriod(await queries.week.executeTakeFirst());
  const month = presentPeriod(await queries.month.executeTakeFirst());
  const inventory = await inventorySummary(em, businessId);
  const aged = await queries.aged.execute();
  const daily = await queries.daily.execute();
  const byChannel = await queries.byChannel.execute();
  const open = await queries.open.executeTakeFirst();
  const order: Bucket[] = ['0-30', '31-60', '61-90', '91-180', '180+'];
  const soldUnits = month.units;
  return {
    currency: open?.currency ?? 'USD',
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
    open_fulfillments: Number(open?.fulfillments ?? 0),
    open_failed_orders: Number(open?.failed ?? 0),
  };
}
