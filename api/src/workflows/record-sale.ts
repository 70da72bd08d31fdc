import { newId } from '../db/ids.ts';
import { assertOwned, postMovements } from '../modules/inventory/public.ts';
import { type ChannelRef, recordSteps, type SaleInput, type SaleOptions, spendStoreCredit } from '../modules/sales/public.ts';
import { emit } from '../platform/domain-events.ts';
import { defineWorkflow } from '../platform/workflow.ts';

export type RecordSaleInput = { channel: ChannelRef; sale: SaleInput; options: SaleOptions };
export type RecordSaleOutcome = { outcome: 'recorded' | 'duplicate'; saleId: string };

/**
 * A sale from any channel: idempotent on the channel's order id; allocation by the pick rules on
 * locked stock levels; the sale and its lines; the ledger's movements (committed on order, or taken
 * at once in store, consuming FIFO lots); the store credit it is paid with, spent from its customer's
 * balance; fulfillments per location; a failed order it settles; the `sale.recorded` fact; the
 * sale's number. Anything refused rolls the whole sale back.
 */
export const recordSaleWorkflow = defineWorkflow<RecordSaleInput, RecordSaleOutcome>(
  'sale.record',
  async ({ channel, sale, options }, { businessId, userId }, { tx, step }) => {
    const duplicate = await step('find-duplicate', () => recordSteps.findSaleByOrder(tx, businessId, channel.id, sale.externalOrderId));
    if (duplicate) return { outcome: 'duplicate', saleId: duplicate };

    await step('check-store-credit-payer', async () => recordSteps.checkStoreCreditPayer(sale));
    const variantIds = sale.lines.map((l) => l.variantId);
    await step('check-ownership', () => assertOwned(tx, businessId, variantIds, recordSteps.handAllocatedLocations(sale, options)));
    const allocations = await step('allocate', () => recordSteps.allocateOrder(tx, businessId, channel, sale, options));

    const saleId = newId();
    const { customerId } = await step('create-sale', () =>
      recordSteps.createSale(tx, businessId, { saleId, channel, input: sale, immediate: options.immediate, userId }),
    );
    const storeCreditCents = recordSteps.storeCreditPaid(sale);
    // In the sale's transaction: a balance short of it refuses the whole sale (409), and a sale refused later spends nothing.
    if (storeCreditCents > 0 && customerId !== null) {
      await step('spend-store-credit', () =>
        spendStoreCredit(tx, businessId, { customerId, amountCents: storeCreditCents, reference: { type: 'sale', id: saleId }, userId }),
      );
    }
    const lines = recordSteps.planLines(sale, allocations);
    // Estimated before the movements commit this order's own units (the estimate skips units other orders claimed).
    const estimated = options.immediate
      ? new Map<string, number>()
      : await step('estimate-cost', () => recordSteps.estimateUnitCosts(tx, businessId, sale.lines));
    const posted = await step('move-stock', () =>
      postMovements(
        tx,
        { businessId, userId, reference: { type: 'sale', id: saleId } },
        lines.map(({ allocation, line }) =>
          options.immediate
            ? {
                variantId: line.variantId,
                locationId: allocation.locationId,
                onHand: -allocation.quantity,
                reason: 'sale',
                consumesLots: true,
              }
            : { variantId: line.variantId, locationId: allocation.locationId, committed: allocation.quantity, reason: 'sale' },
        ),
      ),
    );
    const taken = options.immediate
      ? await step('read-consumed-cost', () =>
          recordSteps.consumedCost(
            tx,
            businessId,
            posted.movements.map((m) => m.id),
          ),
        )
      : new Map<string, number>();
    const movementOf = (variantId: string, locationId: string) =>
      posted.movements.find((m) => m.variant_id === variantId && m.location_id === locationId)?.id ?? '';
    await step('write-lines', () =>
      recordSteps.writeSaleLines(tx, businessId, saleId, lines, {
        shipped: ({ line, allocation }) => (options.immediate ? (taken.get(movementOf(line.variantId, allocation.locationId)) ?? 0) : null),
        estimated,
      }),
    );
    if (!options.immediate) await step('open-fulfillments', () => recordSteps.openFulfillments(tx, businessId, saleId, lines));
    await step('settle-failed-order', () => recordSteps.resolveFailedOrder(tx, businessId, saleId, channel.id, sale.externalOrderId));
    await step('publish', () => emit(tx, businessId, 'sale.recorded', { sale_id: saleId }));
    // Last, so concurrent sales wait on the business's counter only from here to the commit.
    await step('number-sale', () => recordSteps.numberSale(tx, businessId, saleId));
    return { outcome: 'recorded', saleId };
  },
);
