import { useQuery } from '@tanstack/react-query';
import { inventoryKeys } from '@tradepost/shared/query/inventory.ts';
import { variantSummarySchema } from '@tradepost/shared/schemas/inventory.ts';
import { z } from 'zod';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

/** Units available at one location for each of the given variants (those without a level there count 0). */
export function useStockAt(scope: BusinessScope | undefined, variantIds: readonly string[], locationId: string | null) {
  const ids = [...new Set(variantIds)].sort().slice(0, 200);
  return useQuery({
    queryKey: inventoryKeys.stockAt(scope?.businessId ?? '', locationId ?? '', ids),
    queryFn: async ({ signal }) => {
      if (scope === undefined || locationId === null) throw new Error('No business or location');
      const summaries = await api.get(`${scope.basePath}/inventory/variants`, {
        query: { ids: ids.join(',') },
        schema: z.array(variantSummarySchema),
        signal,
      });
      return new Map(
        summaries.map((summary) => [summary.variant_id, summary.levels.find((level) => level.location_id === locationId)?.available ?? 0]),
      );
    },
    enabled: scope !== undefined && locationId !== null && ids.length > 0,
    // Every stock movement refreshes it (inventoryStaleAfter): our own sales at once, from the answer's
    // events; other tills' from the stream. The 10 s are for a stream that is down.
    staleTime: 10_000,
    placeholderData: (previous) => previous,
  });
}
