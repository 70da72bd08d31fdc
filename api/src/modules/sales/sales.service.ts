import type { EntityManager } from '@mikro-orm/postgresql';
import { normalizeAddress } from '@tradepost/shared/schemas/address.ts';
import type { RecordedPaymentPartMethod, SalePayment } from '@tradepost/shared/schemas/payments.ts';
import type { Sale, SaleLine, saleListQuerySchema } from '@tradepost/shared/schemas/sales.ts';
import { type InferResult, type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { NotFound } from '../../errors.ts';

const saleLines = (db: Kysely<DB>) =>
  db
    .selectFrom('sale_lines as l')
    .innerJoin('variants as v', 'v.id', 'l.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select([
      'l.id',
      'l.sale_id',
      'l.variant_id',
      'v.product_id',
      'p.title',
      'v.size',
      'v.sku',
      'l.location_id',
      'l.quantity',
      'l.quantity_shipped',
      'l.quantity_cancelled',
      'l.quantity_returned',
      'l.unit_price_cents',
      'l.fees_cents',
      'l.tax_cents',
      'l.shipped_cost_cents',
      'l.estimated_unit_cost_cents',
    ]);

type LineRow = InferResult<ReturnType<typeof saleLines>>[number];

/** Sales with their channel and (when they have one) their customer, to filter and to show. */
const salesWithChannel = (db: Kysely<DB>) =>
  db
    .selectFrom('sales as s')
    .innerJoin('sales_channels as c', 'c.id', 's.channel_id')
    .leftJoin('customers as cu', 'cu.id', 's.customer_id');

const iso = (date: string | null) => (date ? new Date(date).toISOString() : null);

/**
 * Per line: revenue is what the kept units sold for; fees shrink with cancelled units; cost is the
 * FIFO cost of shipped units still sold plus the expected cost of units not shipped yet.
 */
export function presentLine(row: LineRow): SaleLine {
  const sold = row.quantity - row.quantity_cancelled;
  const open = sold - row.quantity_shipped;
  const revenue = sold * row.unit_price_cents;
  const fees = row.quantity === 0 ? 0 : Math.round((row.fees_cents * sold) / row.quantity);
  const cost = Number(row.shipped_cost_cents) + open * row.estimated_unit_cost_cents;
  return {
    id: row.id,
    variant_id: row.variant_id,
    product_id: row.product_id,
    title: row.title,
    size: row.size,
    sku: row.sku,
    location_id: row.location_id,
    quantity: row.quantity,
    quantity_shipped: row.quantity_shipped,
    quantity_cancelled: row.quantity_cancelled,
    quantity_returned: row.quantity_returned,
    unit_price_cents: row.unit_price_cents,
    fees_cents: fees,
    tax_cents: row.quantity === 0 ? 0 : Math.round((row.tax_cents * sold) / row.quantity),
    cost_cents: cost,
    cost_is_final: open === 0,
    revenue_cents: revenue,
    profit_cents: revenue - fees - cost,
  };
}

/** The full shape of the given sales, in the order of `ids`, with three more queries however many there are. */
export async function loadSales(em: EntityManager, businessId: string, ids: string[]): Promise<Sale[]> {
  if (ids.length === 0) return [];
  const db = tenantDb(em, businessId);
  const [sales, lines, fulfillments, refunds, payments] = await Promise.all([
    salesWithChannel(db)
      .select([
        's.id',
        's.number',
        's.channel_id',
        'c.kind as channel_kind',
        'c.name as channel_name',
        's.external_order_id',
        's.customer_id',
        'cu.name as customer_name',
        'cu.email as customer_email',
        's.status',
        's.currency',
        's.shipping_cents',
        's.note',
        's.shipping_address',
        's.ordered_at',
        's.created_at',
        's.cancelled_at',
      ])
      .where('s.id', 'in', ids)
      .$narrowType<{ channel_kind: Sale['channel']['kind']; status: Sale['status'] }>()
      .execute(),
    saleLines(db).where('l.sale_id', 'in', ids).orderBy('l.id').execute(),
    db
      .selectFrom('fulfillments')
      .select(['id', 'sale_id', 'location_id', 'status'])
      .where('sale_id', 'in', ids)
      .orderBy('created_at')
      .orderBy('id')
      .$narrowType<{ status: Sale['fulfillments'][number]['status'] }>()
      .execute(),
    db
      .selectFrom('refunds')
      .select(['id', 'sale_id', 'amount_cents', 'reason', 'restocked_units', 'created_at'])
      .where('sale_id', 'in', ids)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('sale_payments')
      .select(['sale_id', 'method', 'amount_cents', 'cash_tendered_cents'])
      .where('sale_id', 'in', ids)
      .orderBy('sale_id')
      .orderBy('position')
      .$narrowType<{ method: RecordedPaymentPartMethod }>()
      .execute(),
  ]);
  const byId = new Map(sales.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const saleLines = lines.filter((l) => l.sale_id === id).map(presentLine);
    const saleRefunds = refunds
      .filter((r) => r.sale_id === id)
      .map(({ sale_id: _, created_at, ...refund }) => ({ ...refund, created_at: new Date(created_at).toISOString() }));
    const sum = (pick: (line: SaleLine) => number) => saleLines.reduce((total, line) => total + pick(line), 0);
    const subtotal = sum((l) => l.revenue_cents);
    const tax = sum((l) => l.tax_cents);
    const fees = sum((l) => l.fees_cents);
    const cost = sum((l) => l.cost_cents);
    const refunded = saleRefunds.reduce((total, r) => total + r.amount_cents, 0);
    const shipping = row.status === 'cancelled' ? 0 : row.shipping_cents;
    return [
      {
        id: row.id,
        number: row.number,
        channel: { id: row.channel_id, kind: row.channel_kind, name: row.channel_name },
        external_order_id: row.external_order_id,
        customer: row.customer_id ? { id: row.customer_id, name: row.customer_name ?? '', email: row.customer_email } : null,
        status: row.status,
        currency: row.currency,
        note: row.note,
        ordered_at: new Date(row.ordered_at).toISOString(),
        created_at: new Date(row.created_at).toISOString(),
        cancelled_at: iso(row.cancelled_at),
        shipping_address: normalizeAddress(row.shipping_address),
        payment: paymentOf(payments.filter((p) => p.sale_id === id)),
        lines: saleLines,
        totals: {
          units: sum((l) => l.quantity - l.quantity_cancelled),
          subtotal_cents: subtotal,
          shipping_cents: shipping,
          tax_cents: tax,
          fees_cents: fees,
          cost_cents: cost,
          refunded_cents: refunded,
          total_cents: subtotal + shipping + tax,
          profit_cents: subtotal + shipping - fees - cost - refunded,
        },
        fulfillments: fulfillments.filter((f) => f.sale_id === id).map(({ sale_id: _, ...f }) => f),
        refunds: saleRefunds,
      },
    ];
  });
}

/** A sale's payment rows as one payment: a single method, or a split when there are several parts. */
function paymentOf(
  rows: { method: RecordedPaymentPartMethod; amount_cents: number; cash_tendered_cents: number | null }[],
): SalePayment | null {
  const [first] = rows;
  if (first === undefined) return null;
  const tendered = rows.length === 1 ? first.cash_tendered_cents : null;
  return {
    method: rows.length === 1 ? first.method : 'split',
    parts: rows.map((r) => ({ method: r.method, amount_cents: r.amount_cents })),
    cash_tendered_cents: tendered,
    change_cents: tendered === null ? null : tendered - first.amount_cents,
  };
}

export async function getSale(em: EntityManager, businessId: string, saleId: string): Promise<Sale> {
  const [sale] = await loadSales(em, businessId, [saleId]);
  if (!sale) throw new NotFound('Sale not found');
  return sale;
}

/**
 * The ids of the sales a search finds: the order id, the number (`#12` or `12`), the customer's
 * name, or a line's SKU or product text contains it. Each field is looked up through its own
 * index (trigram indexes on the order id, the customer's name and e-mail, SKUs and product text;
 * the number's unique index), so a search reads what matches instead of testing every sale.
 */
function searchedSaleIds(db: Kysely<DB>, q: string) {
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const byOrderId = db.selectFrom('sales').select('id').where(sql`lower(external_order_id)`, 'like', like);
  // The customers index covers name and e-mail together; the second test keeps the match to the name.
  const customers = db
    .selectFrom('customers')
    .select('id')
    .where(sql`lower(name || ' ' || coalesce(email, ''))`, 'like', like)
    .where(sql`lower(name)`, 'like', like);
  const byCustomer = db.selectFrom('sales').select('id').where('customer_id', 'in', customers);
  const variants = db
    .selectFrom('variants')
    .select('id')
    .where(sql`lower(sku)`, 'like', like)
    .union(
      db.selectFrom('variants as v').innerJoin('products as p', 'p.id', 'v.product_id').select('v.id').where('p.search_text', 'like', like),
    );
  const byLine = db.selectFrom('sale_lines').select('sale_id as id').where('variant_id', 'in', variants);
  const found = byOrderId.union(byCustomer).union(byLine);
  // A number as PostgreSQL writes it (no sign, no leading zero), small enough for an integer.
  const number = q.replace(/^#/, '');
  return /^(0|[1-9]\d{0,8})$/.test(number) ? found.union(db.selectFrom('sales').select('id').where('number', '=', Number(number))) : found;
}

/**
 * The sales a list asks for, from the sales table alone: the page and its exact count each walk an
 * index of `sales` (the business's, per status, per channel: see migration 0022), reading the
 * index only, and the page's sales are shaped afterwards, 50 at a time.
 */
function filteredSales(db: Kysely<DB>, query: z.output<typeof saleListQuerySchema>) {
  let found = db.selectFrom('sales as s');
  if (query.status !== 'all') found = found.where('s.status', '=', query.status);
  // One channel per kind and business: compared as a value, so the channel index keeps the order.
  if (query.channel) {
    found = found.where('s.channel_id', '=', db.selectFrom('sales_channels').select('id').where('kind', '=', query.channel));
  }
  if (query.customer_id) found = found.where('s.customer_id', '=', query.customer_id);
  if (query.q) found = found.where('s.id', 'in', searchedSaleIds(db, query.q));
  return found;
}

export async function listSales(
  em: EntityManager,
  businessId: string,
  query: z.output<typeof saleListQuerySchema>,
): Promise<{ items: Sale[]; total: number }> {
  const found = filteredSales(tenantDb(em, businessId), query);
  const order = query.sort === 'ordered_at' ? 's.ordered_at' : 's.created_at';
  const [page, counted] = await Promise.all([
    found.select('s.id').orderBy(order, 'desc').orderBy('s.id', 'desc').limit(query.limit).offset(query.offset).execute(),
    found.select(sql<number>`count(*)::int`.as('total')).executeTakeFirst(),
  ]);
  return {
    items: await loadSales(
      em,
      businessId,
      page.map((row) => row.id),
    ),
    total: counted?.total ?? 0,
  };
}
