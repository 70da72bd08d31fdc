// The sales area's public interface: what other areas may import (the boundary check enforces it).

// For the workflows (api/src/workflows/): the sales area's steps of recording, cancelling and refunding a sale.
// A sale that finds too few units says so with an AllocationFailure (a trade names its own line from it).
export { AllocationFailure } from './allocation.ts';
export * as changeSteps from './change-steps.ts';
export type { ChannelRef } from './channels.service.ts';
export { channelById, channelByKind, ensureChannels } from './channels.service.ts';
export { findOrCreateCustomer } from './customers.service.ts';
export { importChannelOrder, recordSale } from './record-sale.ts';
export * as recordSteps from './record-steps.ts';
export { KEPT_LINES_REVENUE, recentSalesByChannel, SALE_REVENUE, SALES_WINDOW_START } from './sale-figures.ts';
export type { SaleInput, SaleLineInput, SaleOptions, SalePaymentInput } from './sale-input.ts';
// Store credit (issue #18): purchasing's payouts add to a customer's balance; trades and sales spend it.
export { addStoreCredit, spendStoreCredit } from './store-credit.ts';
