import { type UseMutationResult, type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { salesKeys } from '@tradepost/shared/query/sales.ts';
import { type PickRule, type PickRuleInput, pickRuleSchema } from '@tradepost/shared/schemas/sales.ts';
import { z } from 'zod';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

/** The rules in the order they are tried. */
export function usePickRules(scope: BusinessScope | undefined): UseQueryResult<PickRule[]> {
  return useQuery({
    queryKey: salesKeys.pickRules(scope?.businessId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/pick-rules`, { schema: z.array(pickRuleSchema), signal });
    },
    enabled: scope !== undefined,
  });
}

/**
 * Pick rules are no domain event (only the next sale's allocation reads them), so their writes
 * refresh the list themselves.
 */
function useRefreshRules(scope: BusinessScope | undefined) {
  const queryClient = useQueryClient();
  return () => {
    if (scope !== undefined) void queryClient.invalidateQueries({ queryKey: salesKeys.pickRules(scope.businessId) });
  };
}

export function useSavePickRule(
  scope: BusinessScope | undefined,
): UseMutationResult<PickRule, Error, { ruleId?: string | undefined; body: PickRuleInput }> {
  const refresh = useRefreshRules(scope);
  return useMutation({
    mutationFn: ({ ruleId, body }) => {
      if (scope === undefined) throw new Error('No business');
      return ruleId === undefined
        ? api.post(`${scope.basePath}/pick-rules`, { body, schema: pickRuleSchema })
        : api.put(`${scope.basePath}/pick-rules/${encodeURIComponent(ruleId)}`, { body, schema: pickRuleSchema });
    },
    meta: { quietErrors: true },
    onSuccess: refresh,
  });
}

export function useDeletePickRule(scope: BusinessScope | undefined): UseMutationResult<unknown, Error, string> {
  const refresh = useRefreshRules(scope);
  return useMutation({
    mutationFn: (ruleId: string) => {
      if (scope === undefined) throw new Error('No business');
      return api.delete(`${scope.basePath}/pick-rules/${encodeURIComponent(ruleId)}`);
    },
    // The confirmation dialog says when it failed.
    meta: { quietErrors: true },
    onSuccess: refresh,
  });
}

/** PUT /pick-rules/order: shown in the new order at once, put back if the server refuses. */
export function useReorderPickRules(scope: BusinessScope | undefined): UseMutationResult<PickRule[], Error, PickRule[]> {
  const queryClient = useQueryClient();
  const key = salesKeys.pickRules(scope?.businessId ?? '');
  return useMutation({
    mutationFn: (rules: PickRule[]) => {
      if (scope === undefined) throw new Error('No business');
      return api.put(`${scope.basePath}/pick-rules/order`, { body: { ids: rules.map((r) => r.id) }, schema: z.array(pickRuleSchema) });
    },
    // The page tells the user the order went back.
    meta: { quietErrors: true },
    onMutate: async (rules) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<PickRule[]>(key);
      queryClient.setQueryData(key, rules);
      return { before };
    },
    onError: (_error, _rules, context) => {
      if (context?.before !== undefined) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (rules) => queryClient.setQueryData(key, rules),
  });
}

/** The list with one rule moved from one place to another. */
export function moveRule<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}
