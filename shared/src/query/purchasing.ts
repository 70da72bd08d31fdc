import type { TradeListQuery } from '../schemas/counter-trading.ts';
import type { HighestBidQuery } from '../schemas/highest-bid.ts';
import type { PayoutListQuery } from '../schemas/payouts.ts';
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
  payoutLists: () => [...purchasingKeys.all, 'payouts'] as const,
  payouts: (businessId: string, query: PayoutListQuery) => [...purchasingKeys.payoutLists(), businessId, query] as const,
  /** A purchase's payout with its details in full (the payout settings screen). */
  payoutSettings: (businessId: string, purchaseOrderId: string) =>
    [...purchasingKeys.all, 'payout-settings', businessId, purchaseOrderId] as const,
  tradeLists: () => [...purchasingKeys.all, 'trades'] as const,
  trades: (businessId: string, query: TradeListQuery) => [...purchasingKeys.tradeLists(), businessId, query] as const,
  trade: (businessId: string, tradeId: string) => [...purchasingKeys.all, 'trade', businessId, tradeId] as const,
};

/** Query keys of PDF import: a vendor's parsing rules and an uploaded document's preview. */
export const purchaseImportKeys = {
  all: ['purchase-import'] as const,
  ruleSets: () => [...purchaseImportKeys.all, 'rules'] as const,
  rules: (businessId: string, vendorId: string) => [...purchaseImportKeys.ruleSets(), businessId, vendorId] as const,
  preview: (businessId: string, documentId: string, vendorId: string, rules: unknown) =>
    [...purchaseImportKeys.all, 'preview', businessId, documentId, vendorId, rules] as const,
};

/**
 * Any purchasing change refreshes the purchasing screens (lists are short and per business). A
 * receipt also moves stock, which the inventory area's own table covers.
 */
export const purchasingStaleAfter: StaleAfter = {
  // A vendor's saved PDF rules are a purchasing change too (a preview's key holds the rules it used).
  'purchasing.changed': [purchasingKeys.all, purchaseImportKeys.ruleSets()],
  // The highest-bid report reads sales, prices, stock and the catalog.
  'sale.recorded': [purchasingKeys.highestBids()],
  'sale.cancelled': [purchasingKeys.highestBids()],
  'stock.moved': [purchasingKeys.highestBids()],
  'price.changed': [purchasingKeys.highestBids()],
  'product.changed': [purchasingKeys.highestBids()],
};
