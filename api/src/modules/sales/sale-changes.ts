import type { EntityManager } from '@mikro-orm/postgresql';
import type { cancelSaleBodySchema, refundBodySchema, Sale } from '@tradepost/shared/schemas/sales.ts';
import type { z } from 'zod';
import { newId } from '../../db/ids.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';
import { type MovementLine, postMovements } from '../inventory/public.ts';
import { getSale } from './sales.service.ts';

type Context = { businessId: string; userId: string | null };

const formatMoney = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);

type LineState = {
  id: string;
  variant_id: string;
  location_id: string;
  quantity: number;
  quantity_shipped: number;
  quantity_cancelled: number;
  quantity_returned: number;
  shipped_cost_cents: number;
};

async function lockSale(em: EntityManager, businessId: string, saleId: string) {
  const [sale] = await em.execute<{ id: string; status: Sale['status'] }[]>(
    'SELECT id, status FROM sales WHERE business_id = ? AND id = ? FOR UPDATE',
    [businessId, saleId],
  );
  if (!sale) throw new NotFound('Sale not found');
  const lines = await em.execute<LineState[]>(
    `SELECT id, variant_id, location_id, quantity, quantity_shipped, quantity_cancelled, quantity_returned, shipped_cost_cents
       FROM sale_lines WHERE business_id = ? AND sale_id = ? ORDER BY id`,
    [businessId, saleId],
  );
  return { sale, lines };
}

/** After lines change: fulfilled when every kept unit shipped, cancelled when nothing is kept. */
async function settleStatus(em: EntityManager, businessId: string, saleId: string): Promise<void> {
  await em.execute(
    `UPDATE sales s SET
        status = CASE
          WHEN s.status = 'refunded' THEN 'refunded'
          WHEN t.kept = 0 THEN 'cancelled'
          WHEN t.kept = t.shipped THEN 'fulfilled'
          ELSE 'open' END,
        cancelled_at = CASE WHEN t.kept = 0 THEN coalesce(s.cancelled_at, now()) ELSE s.cancelled_at END
       FROM (SELECT sum(quantity - quantity_cancelled) AS kept, sum(quantity_shipped) AS shipped
               FROM sale_lines WHERE business_id = ? AND sale_id = ?) t
      WHERE s.business_id = ? AND s.id = ?`,
    [businessId, saleId, businessId, saleId],
  );
}

/**
 * Cancels units not shipped yet (the whole sale, or some lines): their commitment is released
 * through the ledger, their fulfillment lines shrink, and an emptied fulfillment is cancelled.
 * Shipped units cannot be cancelled; they come back through a refund with restock.
 */
export async function cancelSale(
  em: EntityManager,
  context: Context,
  saleId: string,
  input: z.output<typeof cancelSaleBodySchema>,
): Promise<Sale> {
  await em.transactional(async (tx) => {
    const { sale, lines } = await lockSale(tx, context.businessId, saleId);
    if (sale.status === 'cancelled') throw new Conflict('This sale is already cancelled', 'ALREADY_CANCELLED');
    const open = (line: LineState) => line.quantity - line.quantity_shipped - line.quantity_cancelled;
    const wanted = input.lines
      ? input.lines.map((w, i) => {
          const line = lines.find((l) => l.id === w.line_id);
          if (!line) throw new Invalid('Unknown line', [{ field: `lines.${i}.line_id`, message: 'This line is not on the sale' }]);
          if (w.quantity > open(line)) {
            throw new Conflict(`Only ${open(line)} unit(s) of this line can be cancelled`, 'NOT_CANCELLABLE', [
              { field: `lines.${i}.quantity`, message: `Only ${open(line)} unit(s) are not shipped yet` },
            ]);
          }
          return { line, quantity: w.quantity };
        })
      : lines.filter((l) => open(l) > 0).map((line) => ({ line, quantity: open(line) }));
    if (wanted.length === 0 || wanted.every((w) => w.quantity === 0)) {
      throw new Conflict('Everything on this sale has shipped; record a refund with restock instead', 'NOT_CANCELLABLE');
    }
    const movements: MovementLine[] = wanted.map(({ line, quantity }) => ({
      variantId: line.variant_id,
      locationId: line.location_id,
      committed: -quantity,
      reason: 'sale_cancelled',
    }));
    await postMovements(tx, { ...context, reference: { type: 'sale', id: saleId }, note: input.reason ?? null }, movements);
    for (const { line, quantity } of wanted) {
      await tx.execute('UPDATE sale_lines SET quantity_cancelled = quantity_cancelled + ? WHERE id = ?', [quantity, line.id]);
      await tx.execute(
        `UPDATE fulfillment_lines SET quantity = quantity - ?, quantity_picked = least(quantity_picked, quantity - ?)
          WHERE sale_line_id = ? AND quantity > ?`,
        [quantity, quantity, line.id, quantity],
      );
      await tx.execute('DELETE FROM fulfillment_lines WHERE sale_line_id = ? AND quantity <= ?', [line.id, quantity]);
    }
    await tx.execute(
      `UPDATE fulfillments f SET status = 'cancelled'
        WHERE f.business_id = ? AND f.sale_id = ? AND f.status <> 'shipped'
          AND NOT EXISTS (SELECT 1 FROM fulfillment_lines fl WHERE fl.fulfillment_id = f.id)`,
      [context.businessId, saleId],
    );
    await settleStatus(tx, context.businessId, saleId);
    await emit(tx, context.businessId, 'sale.cancelled', { sale_id: saleId });
  });
  return getSale(em, context.businessId, saleId);
}

/**
 * Money back to the customer, with the units that came back put on the shelf again at the cost they
 * left with (a new lot), so cost of goods and stock stay true.
 */
export async function refundSale(
  em: EntityManager,
  context: Context,
  saleId: string,
  input: z.output<typeof refundBodySchema>,
): Promise<Sale> {
  await em.transactional(async (tx) => {
    // The sale row is locked before what is left to refund is read: concurrent refunds wait here
    // and each sees the ones before it, so together they never exceed what was paid.
    const { lines } = await lockSale(tx, context.businessId, saleId);
    const current = await getSale(tx, context.businessId, saleId);
    const refundable = current.totals.total_cents - current.totals.refunded_cents;
    if (input.amount_cents > refundable) {
      throw new Invalid('Refund is more than was paid', [
        { field: 'amount_cents', message: `At most ${formatMoney(refundable, current.currency)} can still be refunded` },
      ]);
    }
    const refundId = newId();
    const restock = input.restock.map((r, i) => {
      const line = lines.find((l) => l.id === r.line_id);
      if (!line) throw new Invalid('Unknown line', [{ field: `restock.${i}.line_id`, message: 'This line is not on the sale' }]);
      const returnable = line.quantity_shipped - line.quantity_returned;
      if (r.quantity > returnable) {
        throw new Invalid('Too many units to restock', [
          { field: `restock.${i}.quantity`, message: `Only ${returnable} shipped unit(s) of this line can come back` },
        ]);
      }
      const unitCost =
        line.quantity_shipped === 0 ? 0 : Math.round(line.shipped_cost_cents / (line.quantity_shipped - line.quantity_returned || 1));
      return { line, quantity: r.quantity, unitCost };
    });
    if (restock.length) {
      await postMovements(
        tx,
        { ...context, reference: { type: 'refund', id: refundId }, note: input.reason ?? null },
        restock.map(({ line, quantity, unitCost }) => ({
          variantId: line.variant_id,
          locationId: line.location_id,
          onHand: quantity,
          reason: 'return',
          lot: { unitCostCents: unitCost, source: 'adjustment' },
        })),
      );
      for (const { line, quantity, unitCost } of restock) {
        await tx.execute(
          'UPDATE sale_lines SET quantity_returned = quantity_returned + ?, shipped_cost_cents = greatest(shipped_cost_cents - ?, 0) WHERE id = ?',
          [quantity, quantity * unitCost, line.id],
        );
      }
    }
    await tx.execute(
      'INSERT INTO refunds (id, business_id, sale_id, amount_cents, reason, restocked_units, created_by_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [
        refundId,
        context.businessId,
        saleId,
        input.amount_cents,
        input.reason ?? null,
        restock.reduce((n, r) => n + r.quantity, 0),
        context.userId,
      ],
    );
    if (input.amount_cents === refundable) {
      await tx.execute("UPDATE sales SET status = 'refunded' WHERE business_id = ? AND id = ?", [context.businessId, saleId]);
    }
    await emit(tx, context.businessId, 'sale.refunded', { sale_id: saleId });
  });
  return getSale(em, context.businessId, saleId);
}
