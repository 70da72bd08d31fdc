import { domainEventTypes, type EventDeliveryListQuery } from '../schemas/events.ts';
import type { QueryKey, StaleAfter } from './query-key.ts';

/**
 * Query keys of the events area (domain events and their deliveries to subscribers). Everything
 * sits under `all`, so one invalidation refreshes every view of deliveries; the business id comes
 * before the filter so a business's lists can be refreshed together.
 */
export const eventKeys = {
  all: ['events'] as const,
  deliveryLists: () => [...eventKeys.all, 'deliveries'] as const,
  deliveries: (businessId: string, status: EventDeliveryListQuery['status']) => [...eventKeys.deliveryLists(), businessId, status] as const,
};

/**
 * Every event is handed to its subscribers as new deliveries, so any of them changes the lists.
 * Which types have subscribers is the API's business; asking again after one without any costs a
 * request, and only while a deliveries view is on screen.
 */
export const eventStaleAfter: StaleAfter = Object.fromEntries(
  domainEventTypes.map((type) => [type, [eventKeys.deliveryLists()] satisfies readonly QueryKey[]]),
);
