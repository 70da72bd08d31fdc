import type { Workflow } from '../platform/workflow.ts';
import { cancelSaleWorkflow } from './cancel-sale.ts';
import { purchaseInStoreWorkflow } from './purchase-in-store.ts';
import { receivePurchaseWorkflow } from './receive-purchase.ts';
import { recordSaleWorkflow } from './record-sale.ts';
import { recordTradeWorkflow } from './record-trade.ts';
import { refundSaleWorkflow } from './refund-sale.ts';

// Flows that span areas, as named steps (platform/workflow.ts). app.ts registers this list; areas
// start a workflow by its name, typed through the declaration below, without importing it.

declare module '../platform/workflow.ts' {
  interface Workflows {
    'sale.record': typeof recordSaleWorkflow;
    'sale.cancel': typeof cancelSaleWorkflow;
    'sale.refund': typeof refundSaleWorkflow;
    'purchase.receive': typeof receivePurchaseWorkflow;
    'purchase.in_store': typeof purchaseInStoreWorkflow;
    'trade.record': typeof recordTradeWorkflow;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: each workflow keeps its own input and answer types; the list holds them all.
export const workflows: readonly Workflow<any, any>[] = [
  recordSaleWorkflow,
  cancelSaleWorkflow,
  refundSaleWorkflow,
  receivePurchaseWorkflow,
  purchaseInStoreWorkflow,
  recordTradeWorkflow,
];
