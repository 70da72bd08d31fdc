import type { HighestBidQuery } from '../schemas/highest-bid.ts';
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
  /** The business's purchasing settings (the target margin). */
  settings: (businessId: string) => [...purchasingKeys.all, 'settings', businessId] as const,
  highestBids: () => [...purchasingKeys.all, 'highest-bid'] as const,
  highestBid: (businessId: string, query: HighestBidQuery) => [...purchasingKeys.highestBids(), businessId, query] as const,
};

/**
 * Any purchasing change refreshes the purchasing screens (lists are short and per business). A
 * receipt also moves stock, which the inventory area's own table covers.
 */
export const purchasingStaleAfter: StaleAfter = {
  'purchasing.changed': [purchasingKeys.all],
  // The highest-bid report reads sales, prices, stock and the catalog.
  'sale.recorded': [purchasingKeys.highestBids()],
  'sale.cancelled': [purchasingKeys.highestBids()],
  'stock.moved': [purchasingKeys.highestBids()],
  'price.changed': [purchasingKeys.highestBids()],
  'product.changed': [purchasingKeys.highestBids()],
};

/** Query keys of PDF import: a vendor's parsing rules and an uploaded document's preview. */
export const purchaseImportKeys = {
  all: ['purchase-import'] as const,
  rules: (businessId: string, vendorId: string) => [...purchaseImportKeys.all, 'rules', businessId, vendorId] as const,
  preview: (businessId: string, documentId: string, vendorId: string, rules: unknown) =>
    [...purchaseImportKeys.all, 'preview', businessId, documentId, vendorId, rules] as const,
};
