import type { EntityManager } from '@mikro-orm/postgresql';
import { MAX_CENTS } from '@tradepost/shared/schemas/common.ts';
import type { TradePaymentMethod, TradeSettlement } from '@tradepost/shared/schemas/counter-trading.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import { AllocationFailure } from '../sales/public.ts';

// The trades area's part of recording a trade, one function per step of the `trade.record`
// workflow (api/src/workflows/record-trade.ts), which runs them in one transaction with the
// purchase of the customer's items and the sale of ours.

/**
 * Each side's total is one amount (the trade-in part of the sale, the payout, the customer's
 * payment): at most $1,000,000.00 like any amount, refused before anything is written.
 */
export function checkTotals(incomingCents: number, outgoingCents: number): void {
  const details = [
    ...(incomingCents > MAX_CENTS ? [{ field: 'incoming', message: 'The items taken in may total at most $1,000,000.00' }] : []),
    ...(outgoingCents > MAX_CENTS ? [{ field: 'outgoing', message: 'The items given may total at most $1,000,000.00' }] : []),
  ];
  if (details.length > 0) throw new Invalid(details.map((d) => d.message).join('; '), details);
}

/** An existing customer named by the body must be this business's (404 otherwise, before anything is written). */
export async function checkCustomer(em: EntityManager, businessId: string, customerId: string): Promise<void> {
  const row = await tenantDb(em, businessId).selectFrom('customers').select('id').where('id', '=', customerId).executeTakeFirst();
  if (!row) throw new NotFound('Customer not found');
}

/** Who pays the difference (outgoing − incoming): the customer, we, or nobody. */
export const settlementOf = (differenceCents: number): TradeSettlement =>
  differenceCents > 0 ? 'customer_pays' : differenceCents < 0 ? 'we_pay' : 'even';

/** A shortfall of our items, as the sales area reports it: the sale step found too few units at the trade's location. */
const isShortfall = (error: unknown): error is AllocationFailure => error instanceof AllocationFailure && error.code === 'no_stock';

/** Our item out of stock: 409 `INSUFFICIENT_STOCK` naming the outgoing line, as POST /sales answers. */
export function stockConflict(error: unknown): unknown {
  if (!isShortfall(error)) return error;
  const field = error.line === null ? 'outgoing' : `outgoing.${error.line}.quantity`;
  return new Conflict(error.message, 'INSUFFICIENT_STOCK', [{ field, message: error.message }]);
}

export type TradeRecord = {
  id: string;
  customerId: string;
  locationId: string;
  purchaseOrderId: string;
  saleId: string;
  incomingCents: number;
  outgoingCents: number;
  paymentMethod: TradePaymentMethod | null;
  payoutId: string | null;
  note: string | null;
  userId: string | null;
};

/**
 * The trade's row with its number (TR-1001, …) from the business's counter. The last write of the
 * workflow, so the counter row stays locked only from here to the commit.
 */
export async function writeTrade(em: EntityManager, businessId: string, trade: TradeRecord): Promise<number> {
  const db = tenantDb(em, businessId);
  const counter = await db
    .insertInto('business_counters')
    .values({ name: 'trade', value: 1001 })
    .onConflict((conflict) =>
      conflict.columns(['business_id', 'name']).doUpdateSet((eb) => ({ value: eb('business_counters.value', '+', 1) })),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  const difference = trade.outgoingCents - trade.incomingCents;
  await db
    .insertInto('trades')
    .values({
      id: trade.id,
      number: counter.value,
      customer_id: trade.customerId,
      location_id: trade.locationId,
      purchase_order_id: trade.purchaseOrderId,
      sale_id: trade.saleId,
      incoming_cents: String(trade.incomingCents),
      outgoing_cents: String(trade.outgoingCents),
      difference_cents: String(difference),
      settlement: settlementOf(difference),
      payment_method: trade.paymentMethod,
      payout_id: trade.payoutId,
      note: trade.note,
      created_by_id: trade.userId,
    })
    .execute();
  return counter.value;
}
