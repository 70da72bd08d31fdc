import type { PurchaseOrderStatus } from '@tradepost/shared/schemas/purchasing.ts';

/** What can be done to a purchase order, each offered only in the statuses the API allows it. */
export type PurchaseOrderAction = 'edit' | 'order' | 'receive' | 'scan' | 'close' | 'cancel' | 'pdf';

const actionsByStatus: Record<PurchaseOrderStatus, readonly PurchaseOrderAction[]> = {
  // Lines and landed costs change only on a draft; receiving waits for "Mark as ordered".
  draft: ['edit', 'order', 'cancel', 'pdf'],
  // Nothing received yet, so it may still be cancelled.
  ordered: ['receive', 'scan', 'cancel', 'pdf'],
  // Close stops waiting for the rest.
  partially_received: ['receive', 'scan', 'close', 'pdf'],
  received: ['close', 'pdf'],
  closed: ['pdf'],
  cancelled: ['pdf'],
};

export function purchaseOrderActions(status: PurchaseOrderStatus): readonly PurchaseOrderAction[] {
  return actionsByStatus[status];
}

export const canDo = (status: PurchaseOrderStatus, action: PurchaseOrderAction): boolean => actionsByStatus[status].includes(action);

/** The list's status filter: the API's `open` (ordered or partially received) beside each status. */
export const purchaseOrderFilters = ['all', 'open', 'draft', 'received', 'closed', 'cancelled'] as const;
export type PurchaseOrderFilter = (typeof purchaseOrderFilters)[number];
export const purchaseOrderFilterLabels: Record<PurchaseOrderFilter, string> = {
  all: 'All',
  open: 'Open',
  draft: 'Draft',
  received: 'Received',
  closed: 'Closed',
  cancelled: 'Cancelled',
};
export const isPurchaseOrderFilter = (value: string | null): value is PurchaseOrderFilter =>
  value !== null && (purchaseOrderFilters as readonly string[]).includes(value);
