import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type PreownedListParams, preownedKeys } from '@tradepost/shared/query/preowned.ts';
import { type PreownedItem, type PreownedList, preownedItemSchema, preownedListSchema } from '@tradepost/shared/schemas/preowned.ts';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

/** One page (up to 200) of pre-owned items in a state, searched as the user types. */
export function usePreownedList(scope: BusinessScope | undefined, params: PreownedListParams): UseQueryResult<PreownedList> {
  return useQuery({
    queryKey: preownedKeys.list(scope?.businessId ?? '', params),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      const q = params.q.trim();
      return api.get(`${scope.basePath}/preowned`, {
        query: { status: params.status, q: q === '' ? undefined : q, limit: 200 },
        schema: preownedListSchema,
        signal,
      });
    },
    enabled: scope !== undefined,
  });
}

export function usePreownedItem(scope: BusinessScope | undefined, productId: string | null): UseQueryResult<PreownedItem> {
  return useQuery({
    queryKey: preownedKeys.detail(scope?.businessId ?? '', productId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined || productId === null) throw new Error('No item');
      return api.get(`${scope.basePath}/preowned/${encodeURIComponent(productId)}`, { schema: preownedItemSchema, signal });
    },
    enabled: scope !== undefined && productId !== null,
  });
}
