import { type UseMutationResult, type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { salesKeys } from '@tradepost/shared/query/sales.ts';
import { type StoreCredit, type StoreCreditAdjustmentBody, storeCreditSchema } from '@tradepost/shared/schemas/store-credit.ts';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

// A customer's store credit (sales area). Every change publishes `store_credit.changed`, which
// refreshes the customer queries (balance, entries) in every tab: the hook only stores its answer.

const creditPath = (scope: BusinessScope, customerId: string) =>
  `${scope.basePath}/customers/${encodeURIComponent(customerId)}/store-credit`;

/** The balance and its newest entries. */
export function useStoreCredit(scope: BusinessScope | undefined, customerId: string | null): UseQueryResult<StoreCredit> {
  return useQuery({
    queryKey: salesKeys.storeCredit(scope?.businessId ?? '', customerId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined || customerId === null) throw new Error('No customer');
      return api.get(creditPath(scope, customerId), { query: { limit: 50 }, schema: storeCreditSchema, signal });
    },
    enabled: scope !== undefined && customerId !== null && customerId !== '',
  });
}

/** A correction by hand (amount ±, why); below zero is refused with 409 INSUFFICIENT_STORE_CREDIT. */
export function useAdjustStoreCredit(
  scope: BusinessScope | undefined,
  customerId: string,
): UseMutationResult<StoreCredit, Error, StoreCreditAdjustmentBody> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreCreditAdjustmentBody) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${creditPath(scope, customerId)}/adjustments`, { body, schema: storeCreditSchema });
    },
    // The dialog shows the messages beside its fields.
    meta: { quietErrors: true },
    onSuccess: (credit) => {
      if (scope !== undefined) queryClient.setQueryData(salesKeys.storeCredit(scope.businessId, customerId), credit);
    },
  });
}
