import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { purchasingKeys } from '@tradepost/shared/query/purchasing.ts';
import { type Trade, type TradeBody, tradeSchema } from '@tradepost/shared/schemas/counter-trading.ts';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../../features/session/use-business-scope.ts';

/**
 * POST /trades: the whole trade in one workflow (their items bought, ours sold, the difference
 * settled) or nothing at all. Its events refresh stock, sales, purchasing and store credit; the
 * hook only keeps the answer. The API client's idempotency key makes a retried call one trade.
 */
export function useRecordTrade(scope: BusinessScope | undefined): UseMutationResult<Trade, Error, TradeBody> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${scope.basePath}/trades`, { body, schema: tradeSchema });
    },
    // The panel shows the messages beside the fields.
    meta: { quietErrors: true },
    onSuccess: (trade) => {
      if (scope !== undefined) queryClient.setQueryData(purchasingKeys.trade(scope.businessId, trade.id), trade);
    },
  });
}
