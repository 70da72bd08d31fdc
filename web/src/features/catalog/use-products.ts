import {
  type InfiniteData,
  queryOptions,
  type UseInfiniteQueryResult,
  type UseQueryResult,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { type Product, productListSchema, productSchema } from '@tradepost/shared/schemas/catalog.ts';
import { useRef } from 'react';
import type { z } from 'zod';
import { api } from '../../app/api.ts';
import { catalogKeys, type ProductListParams } from './catalog-keys.ts';
import type { BusinessScope } from './use-business-id.ts';

export const PRODUCT_PAGE_SIZE = 50;

/** Stands in while the user loads; queries built on it are disabled. */
const noScope: BusinessScope = { businessId: '', currency: 'USD', basePath: '' };

type ProductList = z.infer<typeof productListSchema>;

function fetchProducts(scope: BusinessScope, params: ProductListParams, offset: number, limit: number, signal: AbortSignal) {
  const q = params.q.trim();
  return api.get(`${scope.basePath}/products`, {
    query: { q: q === '' ? undefined : q, limit, offset, sort: params.sort },
    schema: productListSchema,
    signal,
  });
}

/** The products table: pages of 50 from the server, fetched as the list scrolls. */
export function useProductPages(
  scope: BusinessScope | undefined,
  params: ProductListParams,
): UseInfiniteQueryResult<InfiniteData<ProductList, number>> {
  return useInfiniteQuery({
    queryKey: catalogKeys.list(scope?.businessId ?? '', params),
    queryFn: ({ pageParam, signal }) => {
      if (scope === undefined) throw new Error('No business');
      return fetchProducts(scope, params, pageParam, PRODUCT_PAGE_SIZE, signal);
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      // Past the count cap the total is a lower bound: keep paging while full pages come back.
      const more = last.total_is_capped ? last.items.length === PRODUCT_PAGE_SIZE : loaded < last.total;
      return more && last.items.length > 0 ? loaded : undefined;
    },
    enabled: scope !== undefined,
  });
}

/** A short result list for pickers (find a product to add stock to, or to inspect). */
export const productSearchQuery = (scope: BusinessScope, q: string, limit = 8) => {
  const params: ProductListParams = { q, sort: 'updated_at' };
  return queryOptions({
    queryKey: [...catalogKeys.list(scope.businessId, params), limit] as const,
    queryFn: ({ signal }) => fetchProducts(scope, params, 0, limit, signal),
  });
};

export function useProductSearch(scope: BusinessScope | undefined, q: string, limit = 8): UseQueryResult<ProductList> {
  return useQuery({
    ...productSearchQuery(scope ?? noScope, q, limit),
    enabled: scope !== undefined,
  });
}

export const productQuery = (scope: BusinessScope, productId: string) =>
  queryOptions({
    queryKey: catalogKeys.detail(scope.businessId, productId),
    queryFn: ({ signal }) => api.get(`${scope.basePath}/products/${encodeURIComponent(productId)}`, { schema: productSchema, signal }),
  });

export function useProduct(scope: BusinessScope | undefined, productId: string | null): UseQueryResult<Product> {
  return useQuery({
    ...productQuery(scope ?? noScope, productId ?? ''),
    enabled: scope !== undefined && productId !== null && productId !== '',
  });
}

/**
 * The last answer a query gave, kept while the next one (a new search) loads, so typing never
 * blanks the list. `previous` is true while what is shown belongs to the earlier search.
 */
export function useLastAnswer<T>(data: T | undefined): { data: T | undefined; previous: boolean } {
  const last = useRef<T | undefined>(data);
  if (data !== undefined) last.current = data;
  return { data: data ?? last.current, previous: data === undefined && last.current !== undefined };
}
