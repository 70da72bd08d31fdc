import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  type UseMutationResult,
  type UseQueryResult,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { batchKeys } from '@tradepost/shared/query/batch-operations.ts';
import { catalogKeys } from '@tradepost/shared/query/catalog.ts';
import {
  type ExternalListingPage,
  externalListingPageSchema,
  type ImportListingsBody,
  type ImportListingsResult,
  importListingsResultSchema,
  type MarketplaceOverview,
  type MarketplaceProductDetail,
  type MarketplaceProducts,
  type MarketplaceProductsQuery,
  marketplaceOverviewSchema,
  marketplaceProductDetailSchema,
  marketplaceProductsSchema,
} from '@tradepost/shared/schemas/batch-operations.ts';
import type { MarketplacePlatform } from '@tradepost/shared/schemas/connections.ts';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

export type ProductsFilter = Pick<MarketplaceProductsQuery, 'scope' | 'status' | 'search'>;

function requireScope(scope: BusinessScope | undefined): BusinessScope {
  if (scope === undefined) throw new Error('No business');
  return scope;
}

const marketplacePath = (scope: BusinessScope | undefined, platform: MarketplacePlatform) =>
  `${requireScope(scope).basePath}/marketplaces/${platform}`;

/** Our products on one platform (listed ones, or every active product), 50 a page. */
export function useMarketplaceProducts(
  scope: BusinessScope | undefined,
  platform: MarketplacePlatform,
  filter: ProductsFilter,
): UseInfiniteQueryResult<InfiniteData<MarketplaceProducts, string | null>> {
  return useInfiniteQuery({
    queryKey: [...batchKeys.marketplace(scope?.businessId ?? '', platform), 'products', filter],
    queryFn: ({ pageParam, signal }) =>
      api.get(`${marketplacePath(scope, platform)}/products`, {
        query: { scope: filter.scope, status: filter.status, search: filter.search || undefined, cursor: pageParam ?? undefined },
        schema: marketplaceProductsSchema,
        signal,
        fresh: true,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: scope !== undefined,
  });
}

export function useMarketplaceProduct(
  scope: BusinessScope | undefined,
  platform: MarketplacePlatform,
  productId: string | undefined,
): UseQueryResult<MarketplaceProductDetail> {
  return useQuery({
    queryKey: [...batchKeys.marketplace(scope?.businessId ?? '', platform), 'product', productId],
    queryFn: ({ signal }) =>
      api.get(`${marketplacePath(scope, platform)}/products/${encodeURIComponent(productId ?? '')}`, {
        schema: marketplaceProductDetailSchema,
        signal,
        fresh: true,
      }),
    enabled: scope !== undefined && productId !== undefined,
  });
}

export function useMarketplaceOverview(
  scope: BusinessScope | undefined,
  platform: MarketplacePlatform,
): UseQueryResult<MarketplaceOverview> {
  return useQuery({
    queryKey: [...batchKeys.marketplace(scope?.businessId ?? '', platform), 'overview'],
    queryFn: ({ signal }) =>
      api.get(`${marketplacePath(scope, platform)}/overview`, { schema: marketplaceOverviewSchema, signal, fresh: true }),
    enabled: scope !== undefined,
  });
}

/** One page of what is already on the platform, each listing with its match here. */
export function useExternalListings(
  scope: BusinessScope | undefined,
  connectionId: string | undefined,
  cursor: string | null,
): UseQueryResult<ExternalListingPage> {
  return useQuery({
    queryKey: batchKeys.externalListings(scope?.businessId ?? '', connectionId ?? '', cursor),
    queryFn: ({ signal }) =>
      api.get(`${requireScope(scope).basePath}/connections/${encodeURIComponent(connectionId ?? '')}/external-listings`, {
        query: { cursor: cursor ?? undefined },
        schema: externalListingPageSchema,
        signal,
        fresh: true,
      }),
    enabled: scope !== undefined && connectionId !== undefined,
    // The platform is slow to page through; a failed read is retried by the user.
    retry: false,
  });
}

export function useImportListings(
  scope: BusinessScope | undefined,
  connectionId: string | undefined,
): UseMutationResult<ImportListingsResult, Error, ImportListingsBody> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) =>
      api.post(`${requireScope(scope).basePath}/connections/${encodeURIComponent(connectionId ?? '')}/import-listings`, {
        body,
        schema: importListingsResultSchema,
      }),
    meta: { quietErrors: true },
    onSuccess: () => {
      if (scope === undefined) return;
      // Opening stock of new products publishes `stock.moved`, but linking listings and creating
      // products publish no event: the catalog and the marketplace pages refresh here.
      api.invalidate(`${scope.basePath}/products`);
      api.invalidate(`${scope.basePath}/marketplaces`);
      void queryClient.invalidateQueries({ queryKey: batchKeys.all });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
    },
  });
}
