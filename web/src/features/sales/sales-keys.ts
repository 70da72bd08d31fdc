import type { ChannelKind } from '@tradepost/shared/schemas/sales.ts';

export type SaleStatusFilter = 'all' | 'open' | 'fulfilled' | 'cancelled' | 'refunded';
export type SaleListParams = { q: string; status: SaleStatusFilter; channel: ChannelKind | 'all'; offset: number };
export type FailedOrderStatus = 'open' | 'resolved' | 'dismissed';

/** Query keys of the sales area (one factory): a sale change invalidates `all` (see refresh-after-sale-change.ts). */
export const salesKeys = {
  all: ['sales'] as const,
  lists: () => [...salesKeys.all, 'list'] as const,
  list: (businessId: string, params: SaleListParams) => [...salesKeys.lists(), businessId, params] as const,
  details: () => [...salesKeys.all, 'detail'] as const,
  detail: (businessId: string, saleId: string) => [...salesKeys.details(), businessId, saleId] as const,
  failedOrders: () => [...salesKeys.all, 'failed-orders'] as const,
  failedOrderList: (businessId: string, status: FailedOrderStatus) => [...salesKeys.failedOrders(), businessId, status] as const,
  customers: (businessId: string, q: string) => [...salesKeys.all, 'customers', businessId, q] as const,
  channels: (businessId: string) => [...salesKeys.all, 'channels', businessId] as const,
};
