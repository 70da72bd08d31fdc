import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { inventoryKeys } from '@tradepost/shared/query/inventory.ts';
import { type InventorySummary, inventorySummarySchema } from '@tradepost/shared/schemas/inventory.ts';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

export function useInventorySummary(scope: BusinessScope | undefined): UseQueryResult<InventorySummary> {
  return useQuery({
    queryKey: inventoryKeys.summary(scope?.businessId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/inventory/summary`, { schema: inventorySummarySchema, signal });
    },
    enabled: scope !== undefined,
  });
}
