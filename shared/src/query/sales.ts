import type { ChannelKind, PriceRuleInput } from '../schemas/sales.ts';
import type { QueryKey, StaleAfter } from './query-key.ts';

export type SaleStatusFilter = 'all' | 'open' | 'fulfilled' | 'cancelled' | 'refunded';
/** The sales screen's list: search, status, channel and page. */
export type SaleListParams = { q: string; status: SaleStatusFilter; channel: ChannelKind | 'all'; offset: number };
/** The newest sales: the dashboard's recent sales and a customer's orders. */
export type RecentSalesParams = { limit: number; customerId?: string | undefined };
export type FailedOrderStatus = 'open' | 'resolved' | 'dismissed';

/**
 * Query keys of the sales area, as the API groups it (one factory): sales, failed channel orders,
 * customers, price rules and pick rules. Every list of sales (the sales screen, the dashboard's
 * recent sales, a customer's orders, the counter's) lies under `lists()`, so one prefix refreshes all.
 */
export const salesKeys = {
  all: ['sales'] as const,
  lists: () => [...salesKeys.all, 'list'] as const,
  list: (businessId: string, params: SaleListParams) => [...salesKeys.lists(), businessId, params] as const,
  recent: (businessId: string, params: RecentSalesParams) => [...salesKeys.lists(), businessId, 'recent', params] as const,
  details: () => [...salesKeys.all, 'detail'] as const,
  detail: (businessId: string, saleId: string) => [...salesKeys.details(), businessId, saleId] as const,
  failedOrders: () => [...salesKeys.all, 'failed-orders'] as const,
  failedOrderList: (businessId: string, status: FailedOrderStatus) => [...salesKeys.failedOrders(), businessId, status] as const,
  customers: () => [...salesKeys.all, 'customers'] as const,
  customerList: (businessId: string, q: string) => [...salesKeys.customers(), 'list', businessId, q] as const,
  /** The few matches a customer picker shows. */
  customerSearch: (businessId: string, q: string) => [...salesKeys.customerList(businessId, q), 'pick'] as const,
  customer: (businessId: string, customerId: string) => [...salesKeys.customers(), 'detail', businessId, customerId] as const,
  /** A customer's store-credit balance and entries. */
  storeCredit: (businessId: string, customerId: string) => [...salesKeys.customers(), 'store-credit', businessId, customerId] as const,
  priceRuleLists: () => [...salesKeys.all, 'price-rules'] as const,
  priceRules: (businessId: string) => [...salesKeys.priceRuleLists(), businessId] as const,
  pricePreviews: () => [...salesKeys.all, 'price-preview'] as const,
  pricePreview: (businessId: string, rule: PriceRuleInput | null) => [...salesKeys.pricePreviews(), businessId, rule] as const,
  pickRules: (businessId: string) => [...salesKeys.all, 'pick-rules', businessId] as const,
  /** The size a failed order's channel SKU names, found through the catalog search. */
  variantByCode: (businessId: string, sku: string) => [...salesKeys.all, 'variant-by-code', businessId, sku] as const,
};

/**
 * A sale recorded, cancelled, refunded or shipped changes the sale lists and the sale, may resolve
 * a failed channel order, and moves its customer's order count and total. Rules are left alone.
 */
const saleChanged: readonly QueryKey[] = [salesKeys.lists(), salesKeys.details(), salesKeys.failedOrders(), salesKeys.customers()];

export const salesStaleAfter: StaleAfter = {
  'sale.recorded': saleChanged,
  'sale.cancelled': saleChanged,
  'sale.refunded': saleChanged,
  'fulfillment.shipped': saleChanged,
  // A preview prices real products; a saved rule (it publishes price.changed) is every tab's new rule.
  'price.changed': [salesKeys.pricePreviews(), salesKeys.priceRuleLists()],
  // A balance shows on the customer list, the customer and the counter's payment choice.
  'store_credit.changed': [salesKeys.customers()],
};
