import type { TradePaymentMethod } from '@tradepost/shared/schemas/counter-trading.ts';
import type { PayoutDetailsInput, PayoutMethod } from '@tradepost/shared/schemas/payouts.ts';
import type { CustomerInput } from '@tradepost/shared/schemas/sales.ts';
import { newId } from '../db/ids.ts';
import { assertActiveLocation, assertOwned } from '../modules/inventory/public.ts';
import { channelByKind, findOrCreateCustomer } from '../modules/sales/public.ts';
import { tradeSteps } from '../modules/trades/public.ts';
import { emit } from '../platform/domain-events.ts';
import { defineWorkflow } from '../platform/workflow.ts';

/** One size at its agreed unit price: what we pay for the customer's, or what we sell ours for. */
export type TradeLine = { variantId: string; quantity: number; unitPriceCents: number };

export type RecordTradeInput = {
  customer: { customerId: string } | { customer: CustomerInput };
  locationId: string;
  incoming: TradeLine[];
  outgoing: TradeLine[];
  /** When ours are worth more: how the customer pays the difference (the body's rules made it present exactly then). */
  paymentMethod: TradePaymentMethod | null;
  /** When theirs are worth more: how we pay the difference. */
  payout: { method: PayoutMethod; details?: PayoutDetailsInput | undefined } | null;
  note: string | null;
};
export type RecordTradeOutcome = { tradeId: string; number: number };

const total = (lines: readonly TradeLine[]) => lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);

/**
 * A trade at the counter: the customer's items bought (the `purchase.in_store` workflow, lots of
 * source `trade` at the agreed value, a payout only when we owe the difference), ours sold (the
 * `sale.record` workflow in store: the units leave the trade's location at once, consuming FIFO
 * lots, paid by a `trade_in` part worth what we took in and, when the customer owes the difference,
 * a part of their method), then the trade's row and `purchasing.changed`. One transaction: our item
 * out of stock, store credit short or anything else refused leaves nothing behind (no purchase,
 * sale, payout, customer, movement or credit).
 */
export const recordTradeWorkflow = defineWorkflow<RecordTradeInput, RecordTradeOutcome>(
  'trade.record',
  async (input, context, { tx, step, run }) => {
    const { businessId, userId } = context;
    const incomingCents = total(input.incoming);
    const outgoingCents = total(input.outgoing);
    const difference = outgoingCents - incomingCents;

    // Totals past what one amount may be answer 400, foreign or unknown ids 404, before anything is written.
    await step('check-input', async () => {
      tradeSteps.checkTotals(incomingCents, outgoingCents);
      if ('customerId' in input.customer) await tradeSteps.checkCustomer(tx, businessId, input.customer.customerId);
      await assertActiveLocation(tx, businessId, input.locationId);
      await assertOwned(
        tx,
        businessId,
        [...input.incoming, ...input.outgoing].map((line) => line.variantId),
        [],
      );
    });
    const customerId = await step('resolve-customer', async () =>
      'customerId' in input.customer ? input.customer.customerId : findOrCreateCustomer(tx, businessId, input.customer.customer),
    );
    const tradeId = newId();

    const purchase = await run('purchase.in_store', {
      seller: { customerId },
      locationId: input.locationId,
      lines: input.incoming,
      payout:
        difference < 0 && input.payout ? { method: input.payout.method, details: input.payout.details, amountCents: -difference } : null,
      lotSource: 'trade',
      tradeId,
      note: null,
    });

    const channel = await step('in-store-channel', () => channelByKind(tx, businessId, 'in_store'));
    const tradeIn = Math.min(incomingCents, outgoingCents);
    const parts = [
      ...(tradeIn > 0 ? [{ method: 'trade_in' as const, amountCents: tradeIn }] : []),
      ...(difference > 0 && input.paymentMethod ? [{ method: input.paymentMethod, amountCents: difference }] : []),
    ];
    const sale = await run('sale.record', {
      channel,
      sale: {
        externalOrderId: `trade:${tradeId}`,
        customerId,
        shippingCents: 0,
        lines: input.outgoing.map((line) => ({ ...line, feesCents: 0, taxCents: 0 })),
        ...(parts.length > 0 ? { payment: { parts } } : {}),
      },
      options: { immediate: true, locationId: input.locationId },
    }).catch((error: unknown) => {
      throw tradeSteps.stockConflict(error);
    });

    const number = await step('write-trade', () =>
      tradeSteps.writeTrade(tx, businessId, {
        id: tradeId,
        customerId,
        locationId: input.locationId,
        purchaseOrderId: purchase.purchaseOrderId,
        saleId: sale.saleId,
        incomingCents,
        outgoingCents,
        paymentMethod: difference > 0 ? input.paymentMethod : null,
        payoutId: purchase.payoutId,
        note: input.note,
        userId,
      }),
    );
    await step('publish', () => emit(tx, businessId, 'purchasing.changed', { trade_id: tradeId }));
    return { tradeId, number };
  },
);
