import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { syncKeys } from '@tradepost/shared/query/sync.ts';
import { type SyncHealth, syncHealthSchema, type VariantSyncState, variantSyncStateSchema } from '@tradepost/shared/schemas/sync.ts';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

/** Sync health of every connection; read again every half minute while the screen is open. */
export function useSyncHealth(scope: BusinessScope | undefined): UseQueryResult<SyncHealth> {
  return useQuery({
    queryKey: syncKeys.health(scope?.businessId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/sync-health`, { schema: syncHealthSchema, signal, fresh: true });
    },
    enabled: scope !== undefined,
    refetchInterval: 30_000,
  });
}

/** A debugging view of one size: always asks the server, never a cached answer. */
export function useVariantSyncState(scope: BusinessScope | undefined, variantId: string | null): UseQueryResult<VariantSyncState> {
  return useQuery({
    queryKey: syncKeys.variantState(scope?.businessId ?? '', variantId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined || variantId === null) throw new Error('No variant');
      return api.get(`${scope.basePath}/inventory/variants/${encodeURIComponent(variantId)}/sync-state`, {
        schema: variantSyncStateSchema,
        signal,
        fresh: true,
      });
    },
    enabled: scope !== undefined && variantId !== null && variantId !== '',
  });
}
