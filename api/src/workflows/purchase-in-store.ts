import type { PayoutDetailsInput, PayoutMethod } from '@tradepost/shared/schemas/payouts.ts';
import { storeCreditForPayout } from '@tradepost/shared/schemas/payouts.ts';
import type { CustomerInput } from '@tradepost/shared/schemas/sales.ts';
import { Invalid } from '../errors.ts';
import { assertActiveLocation, assertOwned, postMovements } from '../modules/inventory/public.ts';
import { inStoreSteps, type Seller } from '../modules/purchasing/public.ts';
import { addStoreCredit, findOrCreateCustomer } from '../modules/sales/public.ts';
import { defineWorkflow } from '../platform/workflow.ts';

export type InStorePurchaseInput = {
  seller: { customerId: string } | { customer: CustomerInput } | { vendorId: string };
  locationId: string;
  lines: { variantId: string; quantity: number; unitPriceCents: number }[];
  /** null: nothing is owed (a trade whose goods pay for ours). amountCents defaults to the lines' total. */
  payout: { method: PayoutMethod; details?: PayoutDetailsInput | undefined; amountCents?: number | undefined } | null;
  lotSource: 'in_store_purchase' | 'trade';
  tradeId: string | null;
  note: string | null;
};
export type InStorePurchaseOutcome = {
  purchaseOrderId: string;
  customerId: string | null;
  payoutId: string | null;
  storeCreditBalanceCents: number | null;
};

/** Whole units from 1, whole cents from 0: what the route's schema says, kept for every caller (a trade). */
function checkLines(lines: InStorePurchaseInput['lines']): void {
  const errors = lines.flatMap((line, i) => [
    ...(Number.isInteger(line.quantity) && line.quantity >= 1
      ? []
      : [{ field: `lines.${i}.quantity`, message: 'Quantity must be at least 1' }]),
    ...(Number.isInteger(line.unitPriceCents) && line.unitPriceCents >= 0
      ? []
      : [{ field: `lines.${i}.unit_price_cents`, message: 'Price must be zero or more' }]),
  ]);
  if (lines.length === 0) errors.push({ field: 'lines', message: 'Add at least one item' });
  if (errors.length > 0) throw new Invalid(errors.map((e) => e.message).join('; '), errors);
}

/**
 * Goods bought at the counter (issue #18): the seller (an existing customer, a new one, or a
 * vendor), the location and sizes checked, the payout's method checked against what the business
 * offers; then the purchase order of kind `in_store`, received at once: its lines at the agreed price,
 * the stock posted through the ledger as FIFO lots at that price (source `in_store_purchase`, or
 * `trade` for a trade's incoming side), the receipts; then the payout (cash and store credit paid
 * now, a transfer or check pending), a store-credit payout's credit (amount + the business's bonus)
 * booked to the customer's balance, and `purchasing.changed`. Anything refused rolls it all back.
 */
export const purchaseInStoreWorkflow = defineWorkflow<InStorePurchaseInput, InStorePurchaseOutcome>(
  'purchase.in_store',
  async (input, { businessId, userId }, { tx, step }) => {
    checkLines(input.lines);
    await step('check-location', () => assertActiveLocation(tx, businessId, input.locationId));
    await step('check-sizes', () =>
      assertOwned(
        tx,
        businessId,
        input.lines.map((line) => line.variantId),
        [],
      ),
    );
    const { seller: given, payout } = input;
    const known: Seller | null = await step('check-seller', async () => {
      if ('vendorId' in given) return inStoreSteps.vendorSeller(tx, businessId, given.vendorId);
      if ('customerId' in given) return inStoreSteps.customerSeller(tx, businessId, given.customerId);
      return null;
    });
    const checked = payout
      ? await step('check-payout', () => inStoreSteps.checkPayoutChoice(tx, businessId, payout, { isCustomer: known?.vendorId == null }))
      : null;
    const seller: Seller =
      known ??
      (await step('create-customer', async () => {
        const customer = (given as { customer: CustomerInput }).customer;
        return { customerId: await findOrCreateCustomer(tx, businessId, customer), vendorId: null, name: customer.name };
      }));

    const order = await step('create-order', () =>
      inStoreSteps.createCounterOrder(tx, businessId, userId, {
        seller,
        locationId: input.locationId,
        lines: input.lines,
        tradeId: input.tradeId,
        note: input.note,
      }),
    );
    const posted = await step('post-stock', () =>
      postMovements(
        tx,
        { businessId, userId, reference: { type: 'purchase_order', id: order.id } },
        order.lines.map((line) => ({
          variantId: line.variantId,
          locationId: input.locationId,
          onHand: line.quantity,
          reason: 'receipt',
          lot: { unitCostCents: line.unitCostCents, source: input.lotSource },
        })),
      ),
    );
    const movementOf = (variantId: string) => posted.movements.find((movement) => movement.variant_id === variantId)?.id ?? '';
    await step('record-receipts', () => inStoreSteps.recordCounterReceipts(tx, businessId, userId, order, input.locationId, movementOf));

    let payoutId: string | null = null;
    let storeCreditBalanceCents: number | null = null;
    if (payout && checked) {
      const amountCents = payout.amountCents ?? input.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
      const creditCents = payout.method === 'store_credit' ? storeCreditForPayout(amountCents, checked.bonusPercent) : null;
      payoutId = await step('create-payout', () =>
        inStoreSteps.insertPayout(tx, businessId, {
          purchaseOrderId: order.id,
          tradeId: input.tradeId,
          seller,
          method: payout.method,
          details: inStoreSteps.detailsOf(payout.details),
          amountCents,
          creditCents,
          userId,
        }),
      );
      const customerId = seller.customerId;
      if (creditCents !== null && creditCents > 0 && customerId !== null) {
        const booked = await step('book-store-credit', () =>
          addStoreCredit(tx, businessId, {
            customerId,
            amountCents: creditCents,
            reason: 'payout',
            reference: { type: 'purchase_order', id: order.id },
            userId,
          }),
        );
        storeCreditBalanceCents = booked.balanceCents;
      }
    }
    await step('publish', () =>
      inStoreSteps.publishCounterPurchase(tx, businessId, {
        purchaseOrderId: order.id,
        vendorId: seller.vendorId,
        payoutId,
        tradeId: input.tradeId,
      }),
    );
    return { purchaseOrderId: order.id, customerId: seller.customerId, payoutId, storeCreditBalanceCents };
  },
);
