import type { cancelSaleBodySchema } from '@tradepost/shared/schemas/sales.ts';
import type { z } from 'zod';
import { postMovements } from '../modules/inventory/public.ts';
import { changeSteps } from '../modules/sales/public.ts';
import { emit } from '../platform/domain-events.ts';
import { defineWorkflow } from '../platform/workflow.ts';

export type CancelSaleInput = { saleId: string; request: z.output<typeof cancelSaleBodySchema> };

/**
 * Cancels units not shipped yet (the whole sale, or some lines): their commitment is released
 * through the ledger, their fulfillment lines shrink, an emptied fulfillment is cancelled, and the
 * sale's status follows; the store credit it spent comes back to its customer (all of it when the
 * whole sale is cancelled; see `giveBackSaleCredit`); then `sale.cancelled`.
 */
export const cancelSaleWorkflow = defineWorkflow<CancelSaleInput, void>(
  'sale.cancel',
  async ({ saleId, request }, context, { tx, step }) => {
    const { businessId } = context;
    const { sale, lines } = await step('lock-sale', () => changeSteps.lockSale(tx, businessId, saleId));
    const cancellation = changeSteps.unitsToCancel(sale, lines, request);
    await step('release-stock', () =>
      postMovements(
        tx,
        { ...context, reference: { type: 'sale', id: saleId }, note: request.reason ?? null },
        cancellation.map(({ line, quantity }) => ({
          variantId: line.variant_id,
          locationId: line.location_id,
          committed: -quantity,
          reason: 'sale_cancelled',
        })),
      ),
    );
    await step('shrink-lines', () => changeSteps.shrinkCancelledLines(tx, businessId, saleId, cancellation));
    await step('settle-status', () => changeSteps.settleStatus(tx, businessId, saleId));
    await step('give-back-store-credit', () =>
      changeSteps.giveBackSaleCredit(tx, businessId, { saleId, note: request.reason ?? null, userId: context.userId }),
    );
    await step('publish', () => emit(tx, businessId, 'sale.cancelled', { sale_id: saleId }));
  },
);
