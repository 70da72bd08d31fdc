import { keepPreviousData, type UseMutationResult, type UseQueryResult, useMutation, useQuery } from '@tanstack/react-query';
import { purchasingKeys } from '@tradepost/shared/query/purchasing.ts';
import { type Payout, type PayoutList, type PayoutListQuery, payoutListSchema, payoutSchema } from '@tradepost/shared/schemas/payouts.ts';
import { api } from '../../app/api.ts';
import { numberOrUndefined } from '../../features/purchasing/use-vendors.ts';
import type { BusinessScope } from '../../features/session/use-business-scope.ts';

// Payouts (purchasing area). Marking one paid publishes `purchasing.changed`, which refreshes the
// lists here and in every other tab.

/** Payouts, newest first, by status (pending by default) and method, with what is pending by method. */
export function usePayouts(scope: BusinessScope | undefined, query: PayoutListQuery, enabled = true): UseQueryResult<PayoutList> {
  return useQuery({
    queryKey: purchasingKeys.payouts(scope?.businessId ?? '', query),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/payouts`, {
        query: {
          status: query.status,
          method: query.method,
          offset: numberOrUndefined(query.offset),
          limit: numberOrUndefined(query.limit),
        },
        schema: payoutListSchema,
        signal,
      });
    },
    enabled: enabled && scope !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** Marks a pending payout paid with its reference; a paid one answers 409 PAYOUT_ALREADY_PAID. */
export function useMarkPayoutPaid(
  scope: BusinessScope | undefined,
): UseMutationResult<Payout, Error, { payoutId: string; reference: string }> {
  return useMutation({
    mutationFn: ({ payoutId, reference }) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${scope.basePath}/payouts/${encodeURIComponent(payoutId)}/paid`, { body: { reference }, schema: payoutSchema });
    },
    // The dialog says what went wrong beside the reference.
    meta: { quietErrors: true },
  });
}
