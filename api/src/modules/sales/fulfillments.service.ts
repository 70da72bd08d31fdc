import type { EntityManager } from '@mikro-orm/postgresql';
import type { Fulfillment, fulfillmentListQuerySchema, shipFulfillmentBodySchema } from '@tradepost/shared/schemas/sales.ts';
import type { z } from 'zod';
import { Conflict, NotFound } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';
import { postMovements } from '../inventory/public.ts';
import { consumedCost } from './record-sale.ts';

type Context = { businessId: string; userId: string | null };

type FulfillmentRow = Omit<Fulfillment, 'lines' | 'created_at' | 'shipped_at'> & { created_at: Date; shipped_at: Date | null };
type LineRow = Fulfillment['lines'][number] & { fulfillment_id: string };

const FULFILLMENT_SELECT = `
  SELECT f.id, f.sale_id, s.number AS sale_number, c.kind AS channel, cu.name AS customer_name, f.location_id, f.status,
         f.carrier, f.tracking_number, f.created_at, f.shipped_at
    FROM fulfillments f JOIN sales s ON s.id = f.sale_id JOIN sales_channels c ON c.id = s.channel_id
    LEFT JOIN customers cu ON cu.id = s.customer_id`;

async function withLines(em: EntityManager, rows: FulfillmentRow[]): Promise<Fulfillment[]> {
  if (!rows.length) return [];
  const lines = await em.execute<LineRow[]>(
    `SELECT fl.id, fl.fulfillment_id, fl.sale_line_id, fl.variant_id, p.title, v.size, v.sku,
            coalesce((SELECT array_agg(b.code ORDER BY b.code) FROM barcodes b WHERE b.variant_id = v.id), '{}') AS barcodes,
            fl.quantity, fl.quantity_picked
       FROM fulfillment_lines fl JOIN variants v ON v.id = fl.variant_id JOIN products p ON p.id = v.product_id
      WHERE fl.fulfillment_id IN (${rows.map(() => '?').join(',')})
      ORDER BY p.title, v.size, fl.id`,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    ...row,
    created_at: new Date(row.created_at).toISOString(),
    shipped_at: row.shipped_at ? new Date(row.shipped_at).toISOString() : null,
    lines: lines.filter((l) => l.fulfillment_id === row.id).map(({ fulfillment_id: _, ...line }) => line),
  }));
}

export async function getFulfillment(em: EntityManager, businessId: string, fulfillmentId: string, lock = false): Promise<Fulfillment> {
  const rows = await em.execute<FulfillmentRow[]>(
    `${FULFILLMENT_SELECT} WHERE f.business_id = ? AND f.id = ?${lock ? ' FOR UPDATE OF f' : ''}`,
    [businessId, fulfillmentId],
  );
  const [fulfillment] = await withLines(em, rows);
  if (!fulfillment) throw new NotFound('Fulfillment not found');
  return fulfillment;
}

export async function listFulfillments(
  em: EntityManager,
  businessId: string,
  query: z.output<typeof fulfillmentListQuerySchema>,
): Promise<Fulfillment[]> {
  const where = ['f.business_id = ?'];
  const params: unknown[] = [businessId];
  if (query.status === 'open') where.push("f.status IN ('pending', 'picking', 'packed')");
  else if (query.status !== 'all') {
    where.push('f.status = ?');
    params.push(query.status);
  }
  if (query.channel) {
    where.push(`c.kind IN (${query.channel.map(() => '?').join(',')})`);
    params.push(...query.channel);
  }
  // Oldest open work first: that is the order a picker works in.
  const order = query.status === 'shipped' || query.status === 'all' ? 'f.created_at DESC' : 'f.created_at ASC';
  const rows = await em.execute<FulfillmentRow[]>(`${FULFILLMENT_SELECT} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ?`, [
    ...params,
    query.limit,
  ]);
  return withLines(em, rows);
}

function assertOpen(fulfillment: Fulfillment): void {
  if (fulfillment.status === 'cancelled') throw new Conflict('This order was cancelled; nothing to ship', 'FULFILLMENT_CANCELLED');
  if (fulfillment.status === 'shipped') throw new Conflict('This fulfillment has already shipped', 'ALREADY_SHIPPED');
}

/** Moves between pending, picking and packed by hand (scanning does it by itself). */
export async function setFulfillmentStatus(
  em: EntityManager,
  context: Context,
  fulfillmentId: string,
  status: 'pending' | 'picking' | 'packed',
): Promise<Fulfillment> {
  await em.transactional(async (tx) => {
    const fulfillment = await getFulfillment(tx, context.businessId, fulfillmentId, true);
    assertOpen(fulfillment);
    await tx.execute(
      `UPDATE fulfillments SET status = ?,
              picking_at = CASE WHEN ? = 'picking' THEN coalesce(picking_at, now()) ELSE picking_at END,
              packed_at = CASE WHEN ? = 'packed' THEN now() ELSE packed_at END,
              picked_by_id = coalesce(picked_by_id, ?)
        WHERE id = ?`,
      [status, status, status, context.userId, fulfillmentId],
    );
    // Packing by hand vouches for every unit.
    if (status === 'packed')
      await tx.execute('UPDATE fulfillment_lines SET quantity_picked = quantity WHERE fulfillment_id = ?', [fulfillmentId]);
  });
  return getFulfillment(em, context.businessId, fulfillmentId);
}

/**
 * Scanning mode: one scanned unit against the open fulfillment. A barcode or SKU that is not on the
 * order, or one more unit than ordered, is refused (409) and nothing changes. The last unit packs it.
 */
export async function scanIntoFulfillment(em: EntityManager, context: Context, fulfillmentId: string, code: string) {
  return em.transactional(async (tx) => {
    const fulfillment = await getFulfillment(tx, context.businessId, fulfillmentId, true);
    assertOpen(fulfillment);
    const [match] = await tx.execute<{ variant_id: string; title: string; size: string }[]>(
      `SELECT v.id AS variant_id, p.title, v.size FROM variants v JOIN products p ON p.id = v.product_id
        WHERE v.business_id = ? AND (v.id IN (SELECT variant_id FROM barcodes WHERE business_id = ? AND code = ?) OR lower(v.sku) = lower(?))
        LIMIT 1`,
      [context.businessId, context.businessId, code, code],
    );
    if (!match)
      throw new Conflict(`Unknown barcode ${code}`, 'UNKNOWN_BARCODE', [{ field: 'code', message: `No item has the barcode ${code}` }]);
    const lines = fulfillment.lines.filter((l) => l.variant_id === match.variant_id);
    const label = `${match.title} size ${match.size}`;
    if (!lines.length) {
      throw new Conflict(`Wrong item: ${label} is not on this order`, 'WRONG_ITEM', [
        { field: 'code', message: `${label} is not on this order` },
      ]);
    }
    const line = lines.find((l) => l.quantity_picked < l.quantity);
    if (!line) {
      const ordered = lines.reduce((n, l) => n + l.quantity, 0);
      throw new Conflict(`Extra item: all ${ordered} of ${label} are already picked`, 'ALREADY_PICKED', [
        { field: 'code', message: `All ${ordered} of ${label} are already picked` },
      ]);
    }
    await tx.execute('UPDATE fulfillment_lines SET quantity_picked = quantity_picked + 1 WHERE id = ?', [line.id]);
    const complete = fulfillment.lines.every((l) => (l.id === line.id ? l.quantity_picked + 1 : l.quantity_picked) >= l.quantity);
    await tx.execute(
      `UPDATE fulfillments SET status = ?, picking_at = coalesce(picking_at, now()), packed_at = CASE WHEN ? THEN now() ELSE packed_at END,
              picked_by_id = coalesce(picked_by_id, ?)
        WHERE id = ?`,
      [complete ? 'packed' : 'picking', complete, context.userId, fulfillmentId],
    );
    const after = await getFulfillment(tx, context.businessId, fulfillmentId);
    return {
      line_id: line.id,
      title: match.title,
      size: match.size,
      quantity: line.quantity,
      quantity_picked: line.quantity_picked + 1,
      complete,
      fulfillment: after,
    };
  });
}

/**
 * Shipping: the units leave the business — committed and on hand go down together through the
 * ledger, FIFO lots are consumed, and the line's cost of goods becomes final.
 */
export async function shipFulfillment(
  em: EntityManager,
  context: Context,
  fulfillmentId: string,
  input: z.output<typeof shipFulfillmentBodySchema>,
): Promise<Fulfillment> {
  await em.transactional(async (tx) => {
    const fulfillment = await getFulfillment(tx, context.businessId, fulfillmentId, true);
    assertOpen(fulfillment);
    const [sale] = await tx.execute<{ status: string }[]>('SELECT status FROM sales WHERE id = ? FOR UPDATE', [fulfillment.sale_id]);
    if (sale?.status === 'cancelled') throw new Conflict('This order was cancelled; nothing to ship', 'SALE_CANCELLED');
    const posted = await postMovements(
      tx,
      { ...context, reference: { type: 'sale', id: fulfillment.sale_id } },
      fulfillment.lines.map((line) => ({
        variantId: line.variant_id,
        locationId: fulfillment.location_id,
        onHand: -line.quantity,
        committed: -line.quantity,
        reason: 'sale',
        consumesLots: true,
      })),
    );
    const costs = await consumedCost(
      tx,
      posted.movements.map((m) => m.id),
    );
    for (const line of fulfillment.lines) {
      const movement = posted.movements.find((m) => m.variant_id === line.variant_id);
      await tx.execute(
        'UPDATE sale_lines SET quantity_shipped = quantity_shipped + ?, shipped_cost_cents = shipped_cost_cents + ? WHERE id = ?',
        [line.quantity, movement ? (costs.get(movement.id) ?? 0) : 0, line.sale_line_id],
      );
    }
    await tx.execute(
      `UPDATE fulfillments SET status = 'shipped', carrier = ?, tracking_number = ?, shipped_at = now(),
              packed_at = coalesce(packed_at, now()) WHERE id = ?`,
      [input.carrier, input.tracking_number, fulfillmentId],
    );
    await tx.execute(
      `UPDATE sales s SET status = 'fulfilled'
        WHERE s.id = ? AND s.status = 'open'
          AND NOT EXISTS (SELECT 1 FROM sale_lines l WHERE l.sale_id = s.id AND l.quantity - l.quantity_cancelled > l.quantity_shipped)`,
      [fulfillment.sale_id],
    );
    await emit(tx, context.businessId, 'fulfillment.shipped', { fulfillment_id: fulfillmentId, sale_id: fulfillment.sale_id });
  });
  return getFulfillment(em, context.businessId, fulfillmentId);
}
