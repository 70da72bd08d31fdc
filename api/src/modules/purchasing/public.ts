// The purchasing area's public interface: what other areas may import (the boundary check enforces it).

// For the workflows (api/src/workflows/): the purchasing area's steps of buying at the counter.
export type { CounterLine, CounterOrder, NewPayout, Seller } from './in-store.ts';
export * as inStoreSteps from './in-store.ts';
// For trades: their payouts, in the one shape payouts have.
export { payoutsByIds } from './payouts.service.ts';
// For the demo seed.
export { createPurchaseOrder, transitionPurchaseOrder } from './purchase-orders.service.ts';
// For the workflows (api/src/workflows/): the purchasing area's steps of receiving a purchase order.
export type { LockedLine, PlannedReceipt, ReceivedLines, ReceiveRequest } from './receiving.ts';
export * as receiveSteps from './receiving.ts';
export { createVendor, findVendor } from './vendors.service.ts';
