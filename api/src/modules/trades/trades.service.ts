import type { EntityManager } from '@mikro-orm/postgresql';
import { displayName } from '@tradepost/shared/domain/session.ts';
import { shownSizeLabel } from '@tradepost/shared/domain/sizes/size-formats.ts';
import type {
  Trade,
  TradeList,
  TradePaymentMethod,
  TradeSettlement,
  tradeListQuerySchema,
} from '@tradepost/shared/schemas/counter-trading.ts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { NotFound } from '../../errors.ts';
import { payoutsByIds } from '../purchasing/public.ts';

type ListQuery = z.output<typeof tradeListQuerySchema>;
type TradeLine = Trade['incoming'][number];

const selectTrades = (db: Kysely<DB>) =>
  db
    .selectFrom('trades as t')
    .innerJoin('customers as c', 'c.id', 't.customer_id')
    .innerJoin('purchase_orders as po', 'po.id', 't.purchase_order_id')
    .innerJoin('sales as s', 's.id', 't.sale_id')
    .leftJoin('users as u', 'u.id', 't.created_by_id')
    .select([
      't.id',
      't.number',
      't.customer_id',
      'c.name as customer_name',
      't.location_id',
      't.purchase_order_id',
      'po.number as purchase_order_number',
      't.sale_id',
      's.number as sale_number',
      't.incoming_cents',
      't.outgoing_cents',
      't.difference_cents',
      't.settlement',
      't.payment_method',
      't.payout_id',
      't.note',
      'u.first_name as created_by_first',
      'u.last_name as created_by_last',
      'u.username as created_by_username',
      't.created_at',
    ])
    .$narrowType<{ settlement: TradeSettlement; payment_method: TradePaymentMethod | null }>();
type TradeRow = Awaited<ReturnType<ReturnType<typeof selectTrades>['execute']>>[number];

/** The trades' lines as agreed (the purchase order's lines in, the sale's out) and each sale's profit: three statements for a page. */
async function detailsOf(db: Kysely<DB>, rows: readonly TradeRow[]) {
  const orderIds = rows.map((row) => row.purchase_order_id);
  const saleIds = rows.map((row) => row.sale_id);
  const line = <T extends { product_title: string; size: string; size_format: string }>({ size, size_format, ...rest }: T) => ({
    ...rest,
    size_label: shownSizeLabel(size_format, size),
  });
  const [incoming, outgoing] = await Promise.all([
    db
      .selectFrom('purchase_order_lines as l')
      .innerJoin('variants as v', 'v.id', 'l.variant_id')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select([
        'l.purchase_order_id',
        'l.variant_id',
        'p.title as product_title',
        'v.size',
        'p.size_format',
        'v.sku',
        'l.quantity_ordered as quantity',
        'l.unit_cost_cents as unit_price_cents',
      ])
      .where('l.purchase_order_id', 'in', orderIds)
      .orderBy('l.position')
      .orderBy('l.id')
      .execute(),
    db
      .selectFrom('sale_lines as l')
      .innerJoin('variants as v', 'v.id', 'l.variant_id')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select([
        'l.sale_id',
        'l.variant_id',
        'p.title as product_title',
        'v.size',
        'p.size_format',
        'v.sku',
        'l.quantity',
        'l.unit_price_cents',
        'l.shipped_cost_cents',
      ])
      .where('l.sale_id', 'in', saleIds)
      .orderBy('l.id')
      .execute(),
  ]);
  const linesIn = new Map<string, TradeLine[]>();
  for (const { purchase_order_id, ...row } of incoming)
    linesIn.set(purchase_order_id, [...(linesIn.get(purchase_order_id) ?? []), line(row)]);
  const linesOut = new Map<string, TradeLine[]>();
  const profit = new Map<string, number>();
  for (const { sale_id, shipped_cost_cents, ...row } of outgoing) {
    linesOut.set(sale_id, [...(linesOut.get(sale_id) ?? []), line(row)]);
    // The price of our items less the FIFO cost of the lots their units took when they left.
    profit.set(sale_id, (profit.get(sale_id) ?? 0) + row.quantity * row.unit_price_cents - Number(shipped_cost_cents));
  }
  return { linesIn, linesOut, profit };
}

const nameOf = (first: string | null, last: string | null, username: string | null) =>
  username === null ? null : displayName({ first_name: first, last_name: last, username });

async function present(em: EntityManager, businessId: string, rows: TradeRow[]): Promise<Trade[]> {
  if (rows.length === 0) return [];
  const db = tenantDb(em, businessId);
  const [{ linesIn, linesOut, profit }, payouts] = await Promise.all([
    detailsOf(db, rows),
    payoutsByIds(
      em,
      businessId,
      rows.flatMap((row) => (row.payout_id === null ? [] : [row.payout_id])),
    ),
  ]);
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    location_id: row.location_id,
    purchase_order_id: row.purchase_order_id,
    purchase_order_number: row.purchase_order_number,
    sale_id: row.sale_id,
    // A sale holds a negative stand-in until its transaction commits; a committed trade's sale has its number.
    sale_number: row.sale_number > 0 ? row.sale_number : null,
    incoming: linesIn.get(row.purchase_order_id) ?? [],
    outgoing: linesOut.get(row.sale_id) ?? [],
    incoming_cents: Number(row.incoming_cents),
    outgoing_cents: Number(row.outgoing_cents),
    difference_cents: Number(row.difference_cents),
    settlement: row.settlement,
    payment_method: row.payment_method,
    payout: row.payout_id === null ? null : (payouts.get(row.payout_id) ?? null),
    outgoing_profit_cents: profit.get(row.sale_id) ?? 0,
    note: row.note,
    created_by_name: nameOf(row.created_by_first, row.created_by_last, row.created_by_username),
    created_at: new Date(row.created_at).toISOString(),
  }));
}

export async function getTrade(em: EntityManager, businessId: string, tradeId: string): Promise<Trade> {
  const row = await selectTrades(tenantDb(em, businessId)).where('t.id', '=', tradeId).executeTakeFirst();
  if (!row) throw new NotFound('Trade not found');
  const [trade] = await present(em, businessId, [row]);
  if (!trade) throw new NotFound('Trade not found');
  return trade;
}

/** The business's trades, newest first (one customer's with `customer_id`). */
export async function listTrades(em: EntityManager, businessId: string, query: ListQuery): Promise<TradeList> {
  const db = tenantDb(em, businessId);
  let found = selectTrades(db);
  let counted = db.selectFrom('trades as t');
  if (query.customer_id) {
    found = found.where('t.customer_id', '=', query.customer_id);
    counted = counted.where('t.customer_id', '=', query.customer_id);
  }
  const [rows, count] = await Promise.all([
    found.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').limit(query.limit).offset(query.offset).execute(),
    counted.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirst(),
  ]);
  return { items: await present(em, businessId, rows), total: Number(count?.total ?? 0) };
}
