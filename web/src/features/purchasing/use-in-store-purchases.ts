import { type UseMutationResult, type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { purchasingKeys } from '@tradepost/shared/query/purchasing.ts';
import {
  type InStorePurchaseBody,
  type InStorePurchaseResult,
  inStorePurchaseResultSchema,
} from '@tradepost/shared/schemas/counter-trading.ts';
import { type PayoutSettings, payoutSettingsSchema, type UpdatePayoutBody } from '@tradepost/shared/schemas/payouts.ts';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

// In-store purchases and their payouts. The writes publish `purchasing.changed` (and `stock.moved`,
// `store_credit.changed`), which refreshes the purchasing, stock and customer queries; the hooks only
// put their own answer in place.

const payoutPath = (scope: BusinessScope, purchaseOrderId: string) =>
  `${scope.basePath}/purchase-orders/${encodeURIComponent(purchaseOrderId)}/payout`;

/** POST /in-store-purchases: the purchase, received at once, and its payout. The client sends the Idempotency-Key. */
export function useCreateInStorePurchase(
  scope: BusinessScope | undefined,
): UseMutationResult<InStorePurchaseResult, Error, InStorePurchaseBody> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InStorePurchaseBody) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${scope.basePath}/in-store-purchases`, { body, schema: inStorePurchaseResultSchema });
    },
    // The panel shows the API's messages beside the fields.
    meta: { quietErrors: true },
    onSuccess: (result) => {
      if (scope !== undefined)
        queryClient.setQueryData(purchasingKeys.order(scope.businessId, result.purchase_order.id), result.purchase_order);
    },
  });
}

/** GET …/purchase-orders/:id/payout: the payout with its details in full (404 when the purchase has none). */
export function usePayoutSettings(scope: BusinessScope | undefined, purchaseOrderId: string | null): UseQueryResult<PayoutSettings> {
  return useQuery({
    queryKey: purchasingKeys.payoutSettings(scope?.businessId ?? '', purchaseOrderId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined || purchaseOrderId === null) throw new Error('No purchase order');
      return api.get(payoutPath(scope, purchaseOrderId), { schema: payoutSettingsSchema, signal });
    },
    enabled: scope !== undefined && purchaseOrderId !== null && purchaseOrderId !== '',
    // A missing payout is an answer, not a hiccup to retry.
    retry: false,
    meta: { quietErrors: true },
  });
}

/** PUT …/purchase-orders/:id/payout: change how a pending payout is paid (cash or store credit settle it now). */
export function useUpdatePayout(
  scope: BusinessScope | undefined,
  purchaseOrderId: string,
): UseMutationResult<PayoutSettings, Error, UpdatePayoutBody> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePayoutBody) => {
      if (scope === undefined) throw new Error('No business');
      return api.put(payoutPath(scope, purchaseOrderId), { body, schema: payoutSettingsSchema });
    },
    meta: { quietErrors: true },
    onSuccess: (settings) => {
      if (scope !== undefined) queryClient.setQueryData(purchasingKeys.payoutSettings(scope.businessId, purchaseOrderId), settings);
    },
  });
}
