import { type UseMutationResult, type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inventoryKeys } from '@tradepost/shared/query/inventory.ts';
import {
  type Count,
  type CountLine,
  type CountScanBody,
  type CountScanResult,
  type CountSummary,
  type CreateCountBody,
  completeCountResultSchema,
  countLineSchema,
  countScanResultSchema,
  countSchema,
  countSummarySchema,
} from '@tradepost/shared/schemas/inventory.ts';
import { z } from 'zod';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

export type CompleteCountResult = z.infer<typeof completeCountResultSchema>;

const countsPath = (scope: BusinessScope) => `${scope.basePath}/inventory/counts`;
const countPath = (scope: BusinessScope, id: string) => `${countsPath(scope)}/${encodeURIComponent(id)}`;

export function useCounts(scope: BusinessScope | undefined): UseQueryResult<CountSummary[]> {
  return useQuery({
    queryKey: inventoryKeys.countList(scope?.businessId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(countsPath(scope), { schema: z.array(countSummarySchema), signal });
    },
    enabled: scope !== undefined,
  });
}

/** A count changes under other counters' scans, so it is always read fresh. */
export function useCount(scope: BusinessScope | undefined, countId: string | undefined): UseQueryResult<Count> {
  return useQuery({
    queryKey: inventoryKeys.count(scope?.businessId ?? '', countId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined || countId === undefined) throw new Error('No count');
      return api.get(countPath(scope, countId), { schema: countSchema, signal, fresh: true });
    },
    enabled: scope !== undefined && countId !== undefined && countId !== '',
  });
}

function useCountStore(scope: BusinessScope | undefined, countId: string) {
  const queryClient = useQueryClient();
  const key = inventoryKeys.count(scope?.businessId ?? '', countId);
  return {
    put: (count: Count) => {
      queryClient.setQueryData(key, count);
      // Revealing, cancelling or completing without variance publishes no event: the list refreshes here.
      if (scope !== undefined) void queryClient.invalidateQueries({ queryKey: inventoryKeys.countList(scope.businessId) });
    },
    /** One line changed: swap it in (or add it) and take the totals the API computed. */
    putLine: (line: CountLine, totals?: Count['totals']) => {
      queryClient.setQueryData<Count>(key, (old) => {
        if (old === undefined) return old;
        const exists = old.lines.some((l) => l.variant_id === line.variant_id);
        const lines = exists ? old.lines.map((l) => (l.variant_id === line.variant_id ? line : l)) : [...old.lines, line];
        return { ...old, lines, totals: totals ?? old.totals };
      });
    },
    refetch: () => queryClient.invalidateQueries({ queryKey: key }),
  };
}

export function useCreateCount(scope: BusinessScope | undefined): UseMutationResult<Count, Error, CreateCountBody> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCountBody) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(countsPath(scope), { body, schema: countSchema });
    },
    meta: { quietErrors: true },
    onSuccess: (count) => {
      if (scope === undefined) return;
      queryClient.setQueryData(inventoryKeys.count(scope.businessId, count.id), count);
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.countList(scope.businessId) });
    },
  });
}

/** One scan (or a typed barcode, or −1 to take back a mis-scan). */
export function useCountScan(scope: BusinessScope | undefined, countId: string): UseMutationResult<CountScanResult, Error, CountScanBody> {
  const store = useCountStore(scope, countId);
  return useMutation({
    mutationFn: (body: CountScanBody) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${countPath(scope, countId)}/scans`, { body, schema: countScanResultSchema });
    },
    // The scanner screen answers every refusal with sound and colour.
    meta: { quietErrors: true },
    onSuccess: (result) => store.putLine(result.line, result.totals),
  });
}

/** Sets a line's counted quantity by hand; the totals are re-read since only the line comes back. */
export function useSetCountLine(
  scope: BusinessScope | undefined,
  countId: string,
): UseMutationResult<CountLine, Error, { variantId: string; counted: number }> {
  const store = useCountStore(scope, countId);
  return useMutation({
    mutationFn: ({ variantId, counted }) => {
      if (scope === undefined) throw new Error('No business');
      return api.put(`${countPath(scope, countId)}/lines/${encodeURIComponent(variantId)}`, {
        body: { counted },
        schema: countLineSchema,
      });
    },
    meta: { quietErrors: true },
    onSuccess: (line) => {
      store.putLine(line);
      void store.refetch();
    },
  });
}

export function useRevealCount(scope: BusinessScope | undefined, countId: string): UseMutationResult<Count, Error, void> {
  const store = useCountStore(scope, countId);
  return useMutation({
    mutationFn: () => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${countPath(scope, countId)}/reveal`, { schema: countSchema });
    },
    onSuccess: store.put,
  });
}

export function useCancelCount(scope: BusinessScope | undefined, countId: string): UseMutationResult<Count, Error, void> {
  const store = useCountStore(scope, countId);
  return useMutation({
    mutationFn: () => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${countPath(scope, countId)}/cancel`, { schema: countSchema });
    },
    onSuccess: store.put,
  });
}

/** Posts every line's variance to the ledger; `acceptZero` writes off lines nobody counted. */
export function useCompleteCount(
  scope: BusinessScope | undefined,
  countId: string,
): UseMutationResult<CompleteCountResult, Error, { acceptZero: boolean }> {
  const store = useCountStore(scope, countId);
  return useMutation({
    mutationFn: ({ acceptZero }) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${countPath(scope, countId)}/complete`, {
        body: acceptZero ? { accept_zero_for_uncounted: true } : {},
        schema: completeCountResultSchema,
      });
    },
    meta: { quietErrors: true },
    // Variances post to the ledger: the answer names `stock.moved`, which refreshes the stock screens
    // (app/api.ts). A count with no variance moves nothing; the count itself comes back in the answer.
    onSuccess: (result) => store.put(result.count),
  });
}
