import { type UseMutationResult, type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CreateSaleBody, type Sale, saleListSchema, saleSchema } from '@tradepost/shared/schemas/sales.ts';
import type { z } from 'zod';
import { api } from '../../app/api.ts';
import { catalogKeys } from '../catalog/catalog-keys.ts';
import type { BusinessScope } from '../catalog/use-business-id.ts';
import { channelKeys } from '../channels/channel-keys.ts';
import { dashboardKeys } from '../dashboard/dashboard-keys.ts';
import { inventoryKeys } from '../inventory/inventory-keys.ts';
import { retailKeys, type SaleListParams } from './retail-keys.ts';

export type SaleList = z.infer<typeof saleListSchema>;

/** Newest sales first: the dashboard's recent sales (spec §7 warm-up call) and a customer's orders. */
export function useSaleList(scope: BusinessScope | undefined, params: SaleListParams): UseQueryResult<SaleList> {
  return useQuery({
    queryKey: retailKeys.saleList(scope?.businessId ?? '', params),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/sales`, {
        query: { limit: params.limit, sort: 'created_at', customer_id: params.customerId },
        schema: saleListSchema,
        signal,
      });
    },
    enabled: scope !== undefined,
  });
}

/**
 * POST /sales. The body carries the checkout's idempotency key, so the client's own retry of a lost
 * answer records the sale once. Stock, figures, customers and channel totals all change with it.
 */
export function useCreateSale(scope: BusinessScope | undefined): UseMutationResult<Sale, Error, CreateSaleBody> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSaleBody) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${scope.basePath}/sales`, { body, schema: saleSchema });
    },
    // The cart says what went wrong beside each line.
    meta: { quietErrors: true },
    onSuccess: () => {
      if (scope === undefined) return;
      for (const area of ['products', 'inventory', 'analytics', 'customers', 'channels']) api.invalidate(`${scope.basePath}/${area}`);
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
      void queryClient.invalidateQueries({ queryKey: retailKeys.sales() });
      void queryClient.invalidateQueries({ queryKey: retailKeys.customers() });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      void queryClient.invalidateQueries({ queryKey: channelKeys.all });
    },
  });
}
