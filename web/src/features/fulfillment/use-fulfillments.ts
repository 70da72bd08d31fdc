import { type UseMutationResult, type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fulfillmentKeys } from '@tradepost/shared/query/fulfillment.ts';
import { salesKeys } from '@tradepost/shared/query/sales.ts';
import {
  type ChannelKind,
  type Fulfillment,
  fulfillmentScanResultSchema,
  fulfillmentSchema,
  type shipFulfillmentBodySchema,
} from '@tradepost/shared/schemas/sales.ts';
import { z } from 'zod';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

export type FulfillmentListStatus = 'open' | 'shipped' | 'cancelled' | 'all';
export type ScanResult = z.infer<typeof fulfillmentScanResultSchema>;
export type ShipBody = z.input<typeof shipFulfillmentBodySchema>;

const fulfillmentPath = (scope: BusinessScope, id: string) => `${scope.basePath}/fulfillments/${encodeURIComponent(id)}`;

/** Open work is asked of the server every time and every 30 s: orders arrive and other pickers move them. */
const OPEN_REFRESH_MS = 30_000;

export function useFulfillments(
  scope: BusinessScope | undefined,
  status: FulfillmentListStatus,
  channels: readonly ChannelKind[] | 'all' = 'all',
): UseQueryResult<Fulfillment[]> {
  const channel = channels === 'all' ? undefined : channels.join(',');
  return useQuery({
    queryKey: fulfillmentKeys.list(scope?.businessId ?? '', status, channel ?? 'all'),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/fulfillments`, {
        query: { status, channel, limit: 200 },
        schema: z.array(fulfillmentSchema),
        signal,
        fresh: true,
      });
    },
    refetchInterval: status === 'open' ? OPEN_REFRESH_MS : false,
    enabled: scope !== undefined,
  });
}

export function useFulfillment(scope: BusinessScope | undefined, fulfillmentId: string | null): UseQueryResult<Fulfillment> {
  return useQuery({
    queryKey: fulfillmentKeys.detail(scope?.businessId ?? '', fulfillmentId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined || fulfillmentId === null) throw new Error('No fulfillment');
      return api.get(fulfillmentPath(scope, fulfillmentId), { schema: fulfillmentSchema, signal, fresh: true });
    },
    enabled: scope !== undefined && fulfillmentId !== null && fulfillmentId !== '',
  });
}

/** The answer goes into the detail at once. */
function useStoreFulfillment(scope: BusinessScope | undefined) {
  const queryClient = useQueryClient();
  return (fulfillment: Fulfillment) => {
    if (scope === undefined) return;
    queryClient.setQueryData(fulfillmentKeys.detail(scope.businessId, fulfillment.id), fulfillment);
  };
}

export function useSetFulfillmentStatus(
  scope: BusinessScope | undefined,
): UseMutationResult<Fulfillment, Error, { id: string; status: 'pending' | 'picking' | 'packed' }> {
  const store = useStoreFulfillment(scope);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${fulfillmentPath(scope, id)}/status`, { body: { status }, schema: fulfillmentSchema });
    },
    onSuccess: (fulfillment) => {
      store(fulfillment);
      if (scope === undefined) return;
      // Picking and packing publish no event (no other area reacts before the parcel ships), so the
      // lists and the sales that show the fulfillment's status refresh here.
      api.invalidate(`${scope.basePath}/sales`);
      for (const queryKey of [fulfillmentKeys.lists(), salesKeys.lists(), salesKeys.details()])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** Shipping publishes `fulfillment.shipped` and `stock.moved`: the answer's header refreshes lists, the sale and stock (app/api.ts). */
export function useShipFulfillment(scope: BusinessScope | undefined): UseMutationResult<Fulfillment, Error, { id: string } & ShipBody> {
  const store = useStoreFulfillment(scope);
  return useMutation({
    mutationFn: ({ id, ...body }) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${fulfillmentPath(scope, id)}/ship`, { body, schema: fulfillmentSchema });
    },
    // The ship form shows the API's messages beside carrier and tracking number.
    meta: { quietErrors: true },
    onSuccess: store,
  });
}

/** One scanned unit against the order. A refused scan (409) is the screen's to show, loudly; no toast. */
export function useFulfillmentScan(scope: BusinessScope | undefined): UseMutationResult<ScanResult, Error, { id: string; code: string }> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code }) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${fulfillmentPath(scope, id)}/scan`, { body: { code }, schema: fulfillmentScanResultSchema });
    },
    meta: { quietErrors: true },
    onSuccess: (result) => {
      if (scope === undefined) return;
      queryClient.setQueryData(fulfillmentKeys.detail(scope.businessId, result.fulfillment.id), result.fulfillment);
      // A scan publishes no event (only picking reads it): the lists (always read fresh) refresh here.
      void queryClient.invalidateQueries({ queryKey: fulfillmentKeys.lists() });
    },
  });
}
