import type { EntityManager } from '@mikro-orm/postgresql';
import type { Sale, SaleLine, saleListQuerySchema } from '@tradepost/shared/schemas/sales.ts';
import type { z } from 'zod';
import { NotFound } from '../../errors.ts';

type LineRow = {
  id: string;
  sale_id: string;
  variant_id: string;
  product_id: string;
  title: string;
  size: string;
  sku: string;
  location_id: string;
  quantity: number;
  quantity_shipped: number;
  quantity_cancelled: number;
  quantity_returned: number;
  unit_price_cents: number;
  fees_cents: number;
  tax_cents: number;
  shipped_cost_cents: number;
  estimated_unit_cost_cents: number;
};

type SaleRow = {
  id: string;
  number: number;
  channel_id: string;
  channel_kind: Sale['channel']['kind'];
  channel_name: string;
  external_order_id: string;
  customer_id: string | null;
  customer_name: string | null;
  customer_email: string | null;
  status: Sale['status'];
  currency: string;
  shipping_cents: number;
  note: string | null;
  ordered_at: Date;
  created_at: Date;
  cancelled_at: Date | null;
};

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/**
 * Per line: revenue is what the kept units sold for; fees shrink with cancelled units; cost is the
 * FIFO cost of shipped units still sold plus the expected cost of units not shipped yet.
 */
export function presentLine(row: LineRow): SaleLine {
  const sold = row.quantity - row.quantity_cancelled;
  const open = sold - row.quantity_shipped;
  const revenue = sold * row.unit_price_cents;
  const fees = row.quantity === 0 ? 0 : Math.round((row.fees_cents * sold) / row.quantity);
  const cost = row.shipped_cost_cents + open * row.estimated_unit_cost_cents;
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

const LINE_SELECT = `
  SELECT l.id, l.sale_id, l.variant_id, v.product_id, p.title, v.size, v.sku, l.location_id, l.quantity, l.quantity_shipped,
         l.quantity_cancelled, l.quantity_returned, l.unit_price_cents, l.fees_cents, l.tax_cents, l.shipped_cost_cents,
         l.estimated_unit_cost_cents
    FROM sale_lines l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id`;

const SALE_SELECT = `
  SELECT s.id, s.number, s.channel_id, c.kind AS channel_kind, c.name AS channel_name, s.external_order_id, s.customer_id,
         cu.name AS customer_name, cu.email AS customer_email, s.status, s.currency, s.shipping_cents, s.note, s.ordered_at,
         s.created_at, s.cancelled_at
    FROM sales s JOIN sales_channels c ON c.id = s.channel_id LEFT JOIN customers cu ON cu.id = s.customer_id`;

/** The full shape of the given sales, in the order of `ids`, with three more queries however many there are. */
export async function loadSales(em: EntityManager, businessId: string, ids: string[]): Promise<Sale[]> {
  if (ids.length === 0) return [];
  const marks = ids.map(() => '?').join(',');
  const [sales, lines, fulfillments, refunds] = await Promise.all([
    em.execute<SaleRow[]>(`${SALE_SELECT} WHERE s.business_id = ? AND s.id IN (${marks})`, [businessId, ...ids]),
    em.execute<LineRow[]>(`${LINE_SELECT} WHERE l.business_id = ? AND l.sale_id IN (${marks}) ORDER BY l.id`, [businessId, ...ids]),
    em.execute<{ id: string; sale_id: string; location_id: string; status: Sale['fulfillments'][number]['status'] }[]>(
      `SELECT id, sale_id, location_id, status FROM fulfillments WHERE business_id = ? AND sale_id IN (${marks}) ORDER BY created_at, id`,
      [businessId, ...ids],
    ),
    em.execute<{ id: string; sale_id: string; amount_cents: number; reason: string | null; restocked_units: number; created_at: Date }[]>(
      `SELECT id, sale_id, amount_cents, reason, restocked_units, created_at FROM refunds
        WHERE business_id = ? AND sale_id IN (${marks}) ORDER BY created_at`,
      [businessId, ...ids],
    ),
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

export async function getSale(em: EntityManager, businessId: string, saleId: string): Promise<Sale> {
  const [sale] = await loadSales(em, businessId, [saleId]);
  if (!sale) throw new NotFound('Sale not found');
  return sale;
}

export async function listSales(
  em: EntityManager,
  businessId: string,
  query: z.output<typeof saleListQuerySchema>,
): Promise<{ items: Sale[]; total: number }> {
  const where = ['s.business_id = ?'];
  const params: unknown[] = [businessId];
  if (query.status !== 'all') {
    where.push('s.status = ?');
    params.push(query.status);
  }
  if (query.channel) {
    where.push('c.kind = ?');
    params.push(query.channel);
  }
  if (query.customer_id) {
    where.push('s.customer_id = ?');
    params.push(query.customer_id);
  }
  if (query.q) {
    const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    where.push(`(lower(s.external_order_id) LIKE ? OR s.number::text = ? OR lower(coalesce(cu.name, '')) LIKE ?
                 OR EXISTS (SELECT 1 FROM sale_lines l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
                             WHERE l.sale_id = s.id AND (lower(v.sku) LIKE ? OR p.search_text LIKE ?)))`);
    params.push(like, query.q.replace(/^#/, ''), like, like, like);
  }
  const from = `sales s JOIN sales_channels c ON c.id = s.channel_id LEFT JOIN customers cu ON cu.id = s.customer_id WHERE ${where.join(' AND ')}`;
  const order = query.sort === 'ordered_at' ? 's.ordered_at DESC, s.id DESC' : 's.created_at DESC, s.id DESC';
  const [page, counted] = await Promise.all([
    em.execute<{ id: string }[]>(`SELECT s.id FROM ${from} ORDER BY ${order} LIMIT ? OFFSET ?`, [...params, query.limit, query.offset]),
    em.execute<{ total: number }[]>(`SELECT count(*)::int AS total FROM ${from}`, params),
  ]);
  return {
    items: await loadSales(
      em,
      businessId,
      page.map((row) => row.id),
    ),
    total: counted[0]?.total ?? 0,
  };
}
