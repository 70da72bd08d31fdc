import { type UseMutationResult, type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inventoryKeys } from '@tradepost/shared/query/inventory.ts';
import { type createLocationBodySchema, type Location, locationSchema } from '@tradepost/shared/schemas/inventory.ts';
import { z } from 'zod';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

export function useLocations(scope: BusinessScope | undefined): UseQueryResult<Location[]> {
  return useQuery({
    queryKey: inventoryKeys.locations(scope?.businessId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/locations`, { schema: z.array(locationSchema), signal });
    },
    enabled: scope !== undefined,
  });
}

export type CreateLocationBody = z.input<typeof createLocationBodySchema>;

export function useCreateLocation(scope: BusinessScope | undefined): UseMutationResult<Location, Error, CreateLocationBody> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLocationBody) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${scope.basePath}/locations`, { body, schema: locationSchema });
    },
    meta: { quietErrors: true },
    onSuccess: () => {
      if (scope === undefined) return;
      // A new location publishes no event (it holds no stock yet). The client caches GETs by area:
      // /locations drops by itself, the summary (which counts locations) lives under /inventory.
      api.invalidate(`${scope.basePath}/inventory`);
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.locations(scope.businessId) });
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.summaries() });
    },
  });
}
