/** Query keys of fulfillments (one factory): scans, status changes and shipping refresh `all`. */
export const fulfillmentKeys = {
  all: ['fulfillments'] as const,
  lists: () => [...fulfillmentKeys.all, 'list'] as const,
  list: (businessId: string, status: string, channel: string) => [...fulfillmentKeys.lists(), businessId, status, channel] as const,
  details: () => [...fulfillmentKeys.all, 'detail'] as const,
  detail: (businessId: string, fulfillmentId: string) => [...fulfillmentKeys.details(), businessId, fulfillmentId] as const,
};
