import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { eventKeys } from '@tradepost/shared/query/events.ts';
import { type EventDeliveryList, type EventDeliveryListQuery, eventDeliveryListSchema } from '@tradepost/shared/schemas/events.ts';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { useCan } from '../session/use-can.ts';

/** How often the list is read again while it is on screen: a retry is due within seconds to minutes. */
export const EVENT_DELIVERIES_REFRESH_MS = 15_000;

/** The newest deliveries shown; more problems than this at once have one cause worth fixing first. */
export const EVENT_DELIVERIES_LIMIT = 50;

/**
 * The business's latest deliveries of domain events with this status, and the counts of every
 * status (each answer carries them). Asked only of a role with `sync:read`: a 403 would end the session.
 */
export function useEventDeliveries(
  scope: BusinessScope | undefined,
  status: EventDeliveryListQuery['status'],
): UseQueryResult<EventDeliveryList> {
  const allowed = useCan()('sync:read');
  return useQuery({
    queryKey: eventKeys.deliveries(scope?.businessId ?? '', status),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/event-deliveries`, {
        query: { status, limit: EVENT_DELIVERIES_LIMIT },
        schema: eventDeliveryListSchema,
        signal,
        // A retry or a delivery changes the answer any second; a cached one would hide it.
        fresh: true,
      });
    },
    enabled: scope !== undefined && allowed,
    refetchInterval: EVENT_DELIVERIES_REFRESH_MS,
    // The section shows LoadFailed in place; a toast every 15 s on top of it would only nag.
    meta: { quietErrors: true },
  });
}
