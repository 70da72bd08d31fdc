import type { EntityManager } from '@mikro-orm/postgresql';
import type { cancelSaleBodySchema, refundBodySchema, Sale } from '@tradepost/shared/schemas/sales.ts';
import { sql } from 'kysely';
import type { z } from 'zod';
import { tenantDb } from '../../db/tenant-db.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import { getSale } from './sales.service.ts';

export { giveBackSaleCredit } from './store-credit.ts';

// The sales area's part of cancelling and refunding a sale, one function per step of the
// `sale.cancel` and `sale.refund` workflows (api/src/workflows/), which run them in one transaction
// with the ledger's movements.

export type SaleLineState = {
  id: string;
  variant_id: string;
  location_id: string;
  quantity: number;
  quantity_shipped: number;
  quantity_cancelled: number;
  quantity_returned: number;
  /** bigint, which pg gives as text: read with `Number`. */
  shipped_cost_cents: string;
};

/**
 * Locks the sale row, then reads its lines: every change to a sale starts here, so concurrent
 * cancels and refunds wait for each other and each sees what the ones before it did.
 */
export async function lockSale(em: EntityManager, businessId: string, saleId: string) {
  const db = tenantDb(em, businessId);
  const sale = await db.selectFrom('sales').select(['id', 'status']).where('id', '=', saleId).forUpdate().executeTakeFirst();
  if (!sale) throw new NotFound('Sale not found');
  const lines: SaleLineState[] = await db
    .selectFrom('sale_lines')
    .select([
      'id',
      'variant_id',
      'location_id',
      'quantity',
      'quantity_shipped',
      'quantity_cancelled',
      'quantity_returned',
      'shipped_cost_cents',
    ])
    .where('sale_id', '=', saleId)
    .orderBy('id')
    .execute();
  return { sale: { id: sale.id, status: sale.status as Sale['status'] }, lines };
}

export type Cancellation = { line: SaleLineState; quantity: number }[];

/**
 * The units a cancel takes off: the lines asked for, or every unit not shipped yet. Shipped units
 * cannot be cancelled; they come back through a refund with restock.
 */
export function unitsToCancel(
  sale: { status: Sale['status'] },
  lines: SaleLineState[],
  input: z.output<typeof cancelSaleBodySchema>,
): Cancellation {
  if (sale.status === 'cancelled') throw new Conflict('This sale is already cancelled', 'ALREADY_CANCELLED');
  const open = (line: SaleLineState) => line.quantity - line.quantity_shipped - line.quantity_cancelled;
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
  return wanted;
}

/** The cancelled units leave the lines and the pick lists; a fulfillment left with nothing is cancelled. */
export async function shrinkCancelledLines(em: EntityManager, businessId: string, saleId: string, cancellation: Cancellation) {
  const db = tenantDb(em, businessId);
  for (const { line, quantity } of cancellation) {
    await db
      .updateTable('sale_lines')
      .set((eb) => ({ quantity_cancelled: eb('quantity_cancelled', '+', quantity) }))
      .where('id', '=', line.id)
      .execute();
    await db
      .updateTable('fulfillment_lines')
      .set((eb) => ({
        quantity: eb('quantity', '-', quantity),
        quantity_picked: sql<number>`least(quantity_picked, quantity - ${quantity})`,
      }))
      .where('sale_line_id', '=', line.id)
      .where('quantity', '>', quantity)
      .execute();
    await db.deleteFrom('fulfillment_lines').where('sale_line_id', '=', line.id).where('quantity', '<=', quantity).execute();
  }
  await db
    .updateTable('fulfillments as f')
    .set({ status: 'cancelled' })
    .where('f.sale_id', '=', saleId)
    .where('f.status', '<>', 'shipped')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('fulfillment_lines as fl').select(sql`1`.as('one')).whereRef('fl.fulfillment_id', '=', 'f.id'))),
    )
    .execute();
}

/** After lines change: fulfilled when every kept unit shipped, cancelled when nothing is kept. */
export async function settleStatus(em: EntityManager, businessId: string, saleId: string): Promise<void> {
  const db = tenantDb(em, businessId);
  const totals = db
    .selectFrom('sale_lines')
    .select([sql<number>`sum(quantity - quantity_cancelled)`.as('kept'), sql<number>`sum(quantity_shipped)`.as('shipped')])
    .where('sale_id', '=', saleId)
    .as('t');
  await db
    .updateTable('sales as s')
    .from(totals)
    .set({
      status: sql<string>`CASE
          WHEN s.status = 'refunded' THEN 'refunded'
          WHEN t.kept = 0 THEN 'cancelled'
          WHEN t.kept = t.shipped THEN 'fulfilled'
          ELSE 'open' END`,
      cancelled_at: sql<string>`CASE WHEN t.kept = 0 THEN coalesce(s.cancelled_at, now()) ELSE s.cancelled_at END`,
    })
    .where('s.id', '=', saleId)
    .execute();
}

const formatMoney = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);

/** What can still be refunded, read after the sale is locked; refusing more than that. */
export async function checkRefundable(em: EntityManager, businessId: string, saleId: string, amountCents: number): Promise<number> {
  const current = await getSale(em, businessId, saleId);
  const refundable = current.totals.total_cents - current.totals.refunded_cents;
  if (amountCents > refundable) {
    throw new Invalid('Refund is more than was paid', [
      { field: 'amount_cents', message: `At most ${formatMoney(refundable, current.currency)} can still be refunded` },
    ]);
  }
  return refundable;
}

export type Restock = { line: SaleLineState; quantity: number; unitCost: number }[];

/** The shipped units that come back to the shelf, each at the cost it left with. */
export function unitsToRestock(lines: SaleLineState[], input: z.output<typeof refundBodySchema>): Restock {
  return input.restock.map((r, i) => {
    const line = lines.find((l) => l.id === r.line_id);
    if (!line) throw new Invalid('Unknown line', [{ field: `restock.${i}.line_id`, message: 'This line is not on the sale' }]);
    const returnable = line.quantity_shipped - line.quantity_returned;
    if (r.quantity > returnable) {
      throw new Invalid('Too many units to restock', [
        { field: `restock.${i}.quantity`, message: `Only ${returnable} shipped unit(s) of this line can come back` },
      ]);
    }
    const unitCost =
      line.quantity_shipped === 0 ? 0 : Math.round(Number(line.shipped_cost_cents) / (line.quantity_shipped - line.quantity_returned || 1));
    return { line, quantity: r.quantity, unitCost };
  });
}

/** The returned units leave the line's cost of goods. */
export async function markReturned(em: EntityManager, businessId: string, restock: Restock): Promise<void> {
  const db = tenantDb(em, businessId);
  for (const { line, quantity, unitCost } of restock) {
    await db
      .updateTable('sale_lines')
      .set((eb) => ({
        quantity_returned: eb('quantity_returned', '+', quantity),
        shipped_cost_cents: sql<string>`greatest(shipped_cost_cents - ${quantity * unitCost}, 0)`,
      }))
      .where('id', '=', line.id)
      .execute();
  }
}

export type RefundRecord = {
  refundId: string;
  saleId: string;
  amountCents: number;
  reason: string | null;
  restockedUnits: number;
  userId: string | null;
  /** The whole remaining amount: the sale becomes refunded. */
  settlesSale: boolean;
};

export async function recordRefund(em: EntityManager, businessId: string, refund: RefundRecord): Promise<void> {
  const db = tenantDb(em, businessId);
  await db
    .insertInto('refunds')
    .values({
      id: refund.refundId,
      sale_id: refund.saleId,
      amount_cents: refund.amountCents,
      reason: refund.reason,
      restocked_units: refund.restockedUnits,
      created_by_id: refund.userId,
    })
    .execute();
  if (refund.settlesSale) await db.updateTable('sales').set({ status: 'refunded' }).where('id', '=', refund.saleId).execute();
}
