import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  type UseMutationResult,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { syncKeys } from '@tradepost/shared/query/sync.ts';
import {
  type InventoryControl,
  inventoryControlSchema,
  type Listing,
  listingSchema,
  type UpdateListingBody,
} from '@tradepost/shared/schemas/listings.ts';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

export type ControlFilter = { search: string; connectionId: string | null };

function requireScope(scope: BusinessScope | undefined): BusinessScope {
  if (scope === undefined) throw new Error('No business');
  return scope;
}

/** The product × marketplace matrix, 25 products a page by title. Always fresh: quantities move with every sale. */
export function useInventoryControl(
  scope: BusinessScope | undefined,
  filter: ControlFilter,
): UseInfiniteQueryResult<InfiniteData<InventoryControl, string | null>> {
  const search = filter.search.trim();
  return useInfiniteQuery({
    queryKey: syncKeys.control(scope?.businessId ?? '', { search, connection_id: filter.connectionId ?? undefined }),
    queryFn: ({ pageParam, signal }) =>
      api.get(`${requireScope(scope).basePath}/listings/inventory-control`, {
        query: { search: search || undefined, connection_id: filter.connectionId ?? undefined, cursor: pageParam ?? undefined },
        schema: inventoryControlSchema,
        signal,
        fresh: true,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: scope !== undefined,
  });
}

/**
 * A listing that was created, changed or ended publishes `listing.changed`, whose stale keys
 * refresh the matrix, sync health and debug views from the answer's header (app/api.ts). One the
 * platform refused publishes nothing, yet its error is now in the sync log and on the listing: those
 * views read again here.
 */
function useRefreshAfterRefusal(scope: BusinessScope | undefined) {
  const queryClient = useQueryClient();
  return () => {
    if (scope === undefined) return;
    void queryClient.invalidateQueries({ queryKey: syncKeys.all });
  };
}

/** Lists a product on one connection now (or updates its listing). Takes a few seconds: the platform answers first. */
export function useListProduct(
  scope: BusinessScope | undefined,
): UseMutationResult<Listing, Error, { connectionId: string; productId: string }> {
  const refreshAfterRefusal = useRefreshAfterRefusal(scope);
  return useMutation({
    mutationFn: ({ connectionId, productId }) =>
      api.post(`${requireScope(scope).basePath}/listings`, {
        body: { connection_id: connectionId, product_id: productId },
        schema: listingSchema,
      }),
    meta: { quietErrors: true },
    // Never sent twice by the client: the server already answered or will; the user retries.
    retry: false,
    onError: refreshAfterRefusal,
  });
}

export function useEndListing(scope: BusinessScope | undefined): UseMutationResult<Listing, Error, { listingId: string }> {
  const refreshAfterRefusal = useRefreshAfterRefusal(scope);
  return useMutation({
    mutationFn: ({ listingId }) =>
      api.delete(`${requireScope(scope).basePath}/listings/${encodeURIComponent(listingId)}`, { schema: listingSchema }),
    meta: { quietErrors: true },
    retry: false,
    onError: refreshAfterRefusal,
  });
}

export function useUpdateListing(
  scope: BusinessScope | undefined,
): UseMutationResult<Listing, Error, { listingId: string; body: UpdateListingBody }> {
  return useMutation({
    mutationFn: ({ listingId, body }) =>
      api.patch(`${requireScope(scope).basePath}/listings/${encodeURIComponent(listingId)}`, { body, schema: listingSchema }),
    meta: { quietErrors: true },
  });
}
