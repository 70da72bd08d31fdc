import type { refundBodySchema } from '@tradepost/shared/schemas/sales.ts';
import type { z } from 'zod';
import { newId } from '../db/ids.ts';
import { postMovements } from '../modules/inventory/public.ts';
import { changeSteps } from '../modules/sales/public.ts';
import { emit } from '../platform/domain-events.ts';
import { defineWorkflow } from '../platform/workflow.ts';

export type RefundSaleInput = { saleId: string; request: z.output<typeof refundBodySchema> };

/**
 * Money back to the customer, with the units that came back put on the shelf again at the cost they
 * left with (a new lot), so cost of goods and stock stay true; then `sale.refunded`.
 */
export const refundSaleWorkflow = defineWorkflow<RefundSaleInput, void>(
  'sale.refund',
  async ({ saleId, request }, context, { tx, step }) => {
    const { businessId } = context;
    // The sale row is locked before what is left to refund is read: concurrent refunds wait here
    // and each sees the ones before it, so together they never exceed what was paid.
    const { lines } = await step('lock-sale', () => changeSteps.lockSale(tx, businessId, saleId));
    const refundable = await step('check-refundable', () => changeSteps.checkRefundable(tx, businessId, saleId, request.amount_cents));
    const restock = changeSteps.unitsToRestock(lines, request);
    const refundId = newId();
    if (restock.length) {
      await step('restock', () =>
        postMovements(
          tx,
          { ...context, reference: { type: 'refund', id: refundId }, note: request.reason ?? null },
          restock.map(({ line, quantity, unitCost }) => ({
            variantId: line.variant_id,
            locationId: line.location_id,
            onHand: quantity,
            reason: 'return',
            lot: { unitCostCents: unitCost, source: 'adjustment' },
          })),
        ),
      );
      await step('mark-returned', () => changeSteps.markReturned(tx, businessId, restock));
    }
    await step('record-refund', () =>
      changeSteps.recordRefund(tx, businessId, {
        refundId,
        saleId,
        amountCents: request.amount_cents,
        reason: request.reason ?? null,
        restockedUnits: restock.reduce((n, r) => n + r.quantity, 0),
        userId: context.userId,
        settlesSale: request.amount_cents === refundable,
      }),
    );
    await step('publish', () => emit(tx, businessId, 'sale.refunded', { sale_id: saleId }));
  },
);
