import { type UseMutationResult, type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboardKeys } from '@tradepost/shared/query/dashboard.ts';
import { type FailedOrderStatus, salesKeys } from '@tradepost/shared/query/sales.ts';
import { type FailedOrder, failedOrderSchema, type RecordOutcome, recordOutcomeSchema } from '@tradepost/shared/schemas/sales.ts';
import { z } from 'zod';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

const failedPath = (scope: BusinessScope, id: string) => `${scope.basePath}/failed-orders/${encodeURIComponent(id)}`;

/** Failed channel orders by status, newest first. Always asked of the server: they are fixed from here. */
export function useFailedOrders(scope: BusinessScope | undefined, status: FailedOrderStatus): UseQueryResult<FailedOrder[]> {
  return useQuery({
    queryKey: salesKeys.failedOrderList(scope?.businessId ?? '', status),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/failed-orders`, { query: { status }, schema: z.array(failedOrderSchema), signal, fresh: true });
    },
    enabled: scope !== undefined,
  });
}

export type MapSkuInput = { failedOrderId: string; external_sku: string; variant_id: string };

/** Teaches Tradepost a channel SKU (for this order and every later one). */
export function useMapSku(scope: BusinessScope | undefined): UseMutationResult<FailedOrder, Error, MapSkuInput> {
  return useMutation({
    mutationFn: ({ failedOrderId, ...body }: MapSkuInput) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${failedPath(scope, failedOrderId)}/map-sku`, { body, schema: failedOrderSchema });
    },
    meta: { quietErrors: true },
  });
}

export type RetryInput = { failedOrderId: string; locations?: { line: number; location_id: string }[] };

/** Runs the order through the sales entry point again; a `failed` outcome is an answer, not an error. */
export function useRetryFailedOrder(scope: BusinessScope | undefined): UseMutationResult<RecordOutcome, Error, RetryInput> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ failedOrderId, locations }: RetryInput) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${failedPath(scope, failedOrderId)}/retry`, {
        body: locations === undefined ? {} : { locations },
        schema: recordOutcomeSchema,
      });
    },
    meta: { quietErrors: true },
    // A recorded order's answer names sale.recorded and stock.moved, which refresh the sales screens
    // and stock (app/api.ts). An order that fails again publishes nothing, yet its reason and attempts
    // changed: the failed-order lists (always read fresh) refresh here either way.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: salesKeys.failedOrders() });
    },
  });
}

export function useDismissFailedOrder(scope: BusinessScope | undefined): UseMutationResult<FailedOrder, Error, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (failedOrderId: string) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${failedPath(scope, failedOrderId)}/dismiss`, { schema: failedOrderSchema });
    },
    meta: { quietErrors: true },
    // Dismissing publishes no event (nothing but this list and the dashboard's count of open ones
    // reads it), so both refresh here.
    onSettled: () => {
      if (scope !== undefined) api.invalidate(`${scope.basePath}/analytics`);
      for (const queryKey of [salesKeys.failedOrders(), dashboardKeys.all]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
