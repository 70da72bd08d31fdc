import type { StaleAfter } from './query-key.ts';

/** Query keys of fulfillments (one factory). */
export const fulfillmentKeys = {
  all: ['fulfillments'] as const,
  lists: () => [...fulfillmentKeys.all, 'list'] as const,
  list: (businessId: string, status: string, channel: string) => [...fulfillmentKeys.lists(), businessId, status, channel] as const,
  details: () => [...fulfillmentKeys.all, 'detail'] as const,
  detail: (businessId: string, fulfillmentId: string) => [...fulfillmentKeys.details(), businessId, fulfillmentId] as const,
};

/** A sale opens fulfillments, a cancel or refund closes or shortens them, shipping ends them. */
export const fulfillmentStaleAfter: StaleAfter = {
  'sale.recorded': [fulfillmentKeys.all],
  'sale.cancelled': [fulfillmentKeys.all],
  'sale.refunded': [fulfillmentKeys.all],
  'fulfillment.shipped': [fulfillmentKeys.all],
};
