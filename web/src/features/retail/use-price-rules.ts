import { type UseMutationResult, type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { salesKeys } from '@tradepost/shared/query/sales.ts';
import { type PriceRule, type PriceRuleInput, pricePreviewSchema, priceRuleSchema } from '@tradepost/shared/schemas/sales.ts';
import { z } from 'zod';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

export type PricePreview = z.infer<typeof pricePreviewSchema>;

/** Every channel with its rule (a channel without one sells at the base price). */
export function usePriceRules(scope: BusinessScope | undefined): UseQueryResult<PriceRule[]> {
  return useQuery({
    queryKey: salesKeys.priceRules(scope?.businessId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/price-rules`, { schema: z.array(priceRuleSchema), signal });
    },
    enabled: scope !== undefined,
  });
}

/**
 * What a rule would do to real products, before it is saved. A POST that changes nothing, so it is
 * a query keyed by the rule as typed; `null` (a rule that does not parse) asks for nothing.
 */
export function usePricePreview(scope: BusinessScope | undefined, rule: PriceRuleInput | null): UseQueryResult<PricePreview> {
  return useQuery({
    queryKey: salesKeys.pricePreview(scope?.businessId ?? '', rule),
    queryFn: ({ signal }) => {
      if (scope === undefined || rule === null) throw new Error('No rule');
      return api.post(`${scope.basePath}/price-rules/preview`, { body: rule, schema: pricePreviewSchema, signal });
    },
    enabled: scope !== undefined && rule !== null,
    meta: { quietErrors: true },
  });
}

export function useSavePriceRule(
  scope: BusinessScope | undefined,
): UseMutationResult<PriceRule[], Error, { channelId: string; rule: PriceRuleInput }> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, rule }) => {
      if (scope === undefined) throw new Error('No business');
      return api.put(`${scope.basePath}/price-rules/${encodeURIComponent(channelId)}`, { body: rule, schema: z.array(priceRuleSchema) });
    },
    meta: { quietErrors: true },
    onSuccess: (rules) => {
      if (scope === undefined) return;
      queryClient.setQueryData(salesKeys.priceRules(scope.businessId), rules);
    },
  });
}
