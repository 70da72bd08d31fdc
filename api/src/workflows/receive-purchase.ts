import { postMovements } from '../modules/inventory/public.ts';
import { type ReceivedLines, type ReceiveRequest, receiveSteps } from '../modules/purchasing/public.ts';
import { defineWorkflow } from '../platform/workflow.ts';

export type ReceivePurchaseInput = ReceiveRequest;

/**
 * Units of a purchase order arriving at a location: the order and its lines locked (so two people
 * receiving the same line at once queue, and the second sees what the first took in); the receipt
 * checked against them (only an ordered order; more than ordered only when confirmed); the stock
 * posted through the ledger as FIFO lots at each line's landed unit cost; the lines, the receipt
 * record and the order's status; then `purchasing.changed`. Anything refused rolls all of it back.
 */
export const receivePurchaseWorkflow = defineWorkflow<ReceivePurchaseInput, ReceivedLines>(
  'purchase.receive',
  async (request, context, { tx, step }) => {
    const { businessId, userId } = context;
    await step('check-location', () => receiveSteps.checkLocation(tx, businessId, request.locationId));
    const { order, lines } = await step('lock-order', () => receiveSteps.lockForReceipt(tx, businessId, request.purchaseOrderId));
    const planned = await step('plan-receipt', async () => receiveSteps.planReceipt(order, lines, request));
    const posted = await step('post-stock', () =>
      postMovements(
        tx,
        { businessId, userId, reference: { type: 'purchase_order', id: request.purchaseOrderId } },
        planned.map(({ line, quantity, unitCostCents }) => ({
          variantId: line.variant_id,
          locationId: request.locationId,
          onHand: quantity,
          reason: 'receipt',
          lot: { unitCostCents, source: 'purchase_order' },
        })),
      ),
    );
    const movementOf = (variantId: string) => posted.movements.find((movement) => movement.variant_id === variantId)?.id ?? '';
    await step('record-receipt', () => receiveSteps.recordReceipt(tx, businessId, userId, request, planned, movementOf));
    await step('settle-status', () => receiveSteps.settleStatus(tx, businessId, request.purchaseOrderId));
    await step('publish', () => receiveSteps.publishReceipt(tx, businessId, request.purchaseOrderId, order.vendor_id));
    return planned.map(({ line, quantity, unitCostCents }) => ({
      line_id: line.id,
      variant_id: line.variant_id,
      quantity,
      unit_cost_cents: unitCostCents,
    }));
  },
);
