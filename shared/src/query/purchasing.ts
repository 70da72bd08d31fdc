import type { PurchaseOrderListQuery, VendorListQuery } from '../schemas/purchasing.ts';
import type { StaleAfter } from './query-key.ts';

/** Query keys of the purchasing area (one factory): vendors, purchase orders and their detail. */
export const purchasingKeys = {
  all: ['purchasing'] as const,
  vendorLists: () => [...purchasingKeys.all, 'vendors'] as const,
  vendors: (businessId: string, query: VendorListQuery) => [...purchasingKeys.vendorLists(), businessId, query] as const,
  vendor: (businessId: string, vendorId: string) => [...purchasingKeys.all, 'vendor', businessId, vendorId] as const,
  orderLists: () => [...purchasingKeys.all, 'orders'] as const,
  orders: (businessId: string, query: PurchaseOrderListQuery) => [...purchasingKeys.orderLists(), businessId, query] as const,
  orderDetails: () => [...purchasingKeys.all, 'order'] as const,
  order: (businessId: string, purchaseOrderId: string) => [...purchasingKeys.orderDetails(), businessId, purchaseOrderId] as const,
};

/**
 * Any purchasing change refreshes the purchasing screens (lists are short and per business). A
 * receipt also moves stock, which the inventory area's own table covers.
 */
export const purchasingStaleAfter: StaleAfter = {
  'purchasing.changed': [purchasingKeys.all],
};

/** Query keys of PDF import: a vendor's parsing rules and an uploaded document's preview. */
export const purchaseImportKeys = {
  all: ['purchase-import'] as const,
  rules: (businessId: string, vendorId: string) => [...purchaseImportKeys.all, 'rules', businessId, vendorId] as const,
  preview: (businessId: string, documentId: string, vendorId: string, rules: unknown) =>
    [...purchaseImportKeys.all, 'preview', businessId, documentId, vendorId, rules] as const,
};
