import { type UseMutationResult, type UseQueryResult, useMutation, useQuery } from '@tanstack/react-query';
import { type RecentSalesParams, salesKeys } from '@tradepost/shared/query/sales.ts';
import type { CreateSaleBody } from '@tradepost/shared/schemas/sales.ts';
import { type Sale, saleListSchema, saleSchema } from '@tradepost/shared/schemas/sales-answers.ts';
import type { z } from '@tradepost/shared/schemas/zod-mini.ts';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

export type SaleList = z.infer<typeof saleListSchema>;

/** Newest sales first: the dashboard's recent sales (spec §7 warm-up call) and a customer's orders. */
export function useSaleList(scope: BusinessScope | undefined, params: RecentSalesParams): UseQueryResult<SaleList> {
  return useQuery({
    queryKey: salesKeys.recent(scope?.businessId ?? '', params),
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
 * answer records the sale once. Stock, figures, customers and channel totals all change with it:
 * the answer names `sale.recorded` and `stock.moved`, and app/api.ts refreshes what they make stale.
 */
export function useCreateSale(scope: BusinessScope | undefined): UseMutationResult<Sale, Error, CreateSaleBody> {
  return useMutation({
    mutationFn: (body: CreateSaleBody) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${scope.basePath}/sales`, { body, schema: saleSchema });
    },
    // The cart says what went wrong beside each line.
    meta: { quietErrors: true },
  });
}
