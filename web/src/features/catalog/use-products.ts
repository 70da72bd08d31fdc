import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  type UseInfiniteQueryResult,
  type UseQueryResult,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { catalogKeys, type ProductApiFilter, type ProductListParams, type ProductStatusFilter } from '@tradepost/shared/query/catalog.ts';
import {
  type Product,
  type ProductFacets,
  type ProductList,
  type ProductRowList,
  type ProductSetSummary,
  type ProductSizeRun,
  productFacetsSchema,
  productListSchema,
  productRowListSchema,
  productSchema,
  productSetSummarySchema,
  productSizeRunSchema,
} from '@tradepost/shared/schemas/catalog.ts';
import { useRef } from 'react';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { filterQuery, pageStateFromSearch, rowsParamsFrom } from './product-filters.ts';

export const PRODUCT_PAGE_SIZE = 50;

/** Stands in while the user loads; queries built on it are disabled. */
const noScope: BusinessScope = { businessId: '', currency: 'USD', basePath: '' };

const listQuery = (params: ProductListParams, offset: number, limit: number) => {
  const q = params.q.trim();
  return { q: q === '' ? undefined : q, limit, offset, sort: params.sort, dir: params.dir, ...filterQuery(params.filter ?? {}) };
};

function fetchProducts(scope: BusinessScope, params: ProductListParams, offset: number, limit: number, signal: AbortSignal) {
  return api.get(`${scope.basePath}/products`, { query: listQuery(params, offset, limit), schema: productListSchema, signal });
}

/**
 * The products table: pages of 50 table lines (`/products/rows`, a third of the full shape) fetched
 * as the list scrolls. The list never asks for a count (typing waits for the page only); a short
 * page is the last one. One definition for the page and for the start-up warm-up, so both share a key.
 */
export const productRowsQuery = (scope: BusinessScope, params: ProductListParams) =>
  infiniteQueryOptions<ProductRowList, Error, InfiniteData<ProductRowList, number>, ReturnType<typeof catalogKeys.rows>, number>({
    queryKey: catalogKeys.rows(scope.businessId, params),
    queryFn: ({ pageParam, signal }) =>
      api.get(`${scope.basePath}/products/rows`, {
        query: listQuery(params, pageParam, PRODUCT_PAGE_SIZE),
        schema: productRowListSchema,
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length === PRODUCT_PAGE_SIZE ? loaded : undefined;
    },
  });

export function useProductPages(
  scope: BusinessScope | undefined,
  params: ProductListParams,
): UseInfiniteQueryResult<InfiniteData<ProductRowList, number>> {
  return useInfiniteQuery({ ...productRowsQuery(scope ?? noScope, params), enabled: scope !== undefined });
}

/**
 * Asks for the first rows the products page at this address will show, as soon as the session
 * check has given the business: in parallel with the page's code, which the rows do not need.
 * The page then finds them under the same key (`rowsParamsFrom` is how it reads its address).
 */
export function prefetchProductRows(queryClient: QueryClient, scope: BusinessScope, search: URLSearchParams): Promise<void> {
  return queryClient.prefetchInfiniteQuery(productRowsQuery(scope, rowsParamsFrom(pageStateFromSearch(search))));
}

/** How many products the filters and search match, and what their stock is worth. */
export function useProductSetSummary(
  scope: BusinessScope | undefined,
  q: string,
  filter: ProductApiFilter,
  enabled = true,
): UseQueryResult<ProductSetSummary> {
  const text = q.trim();
  return useQuery({
    queryKey: catalogKeys.summary(scope?.businessId ?? '', text, filter),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/products/summary`, {
        query: { q: text === '' ? undefined : text, ...filterQuery(filter) },
        schema: productSetSummarySchema,
        signal,
      });
    },
    enabled: scope !== undefined && enabled,
  });
}

/** The brands (with counts) and sizes the filter bar offers. */
export function useProductFacets(scope: BusinessScope | undefined, status: ProductStatusFilter): UseQueryResult<ProductFacets> {
  return useQuery({
    queryKey: catalogKeys.facets(scope?.businessId ?? '', status),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/products/facets`, { query: { status }, schema: productFacetsSchema, signal });
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

/** The sizes a product may have (its format's run, built-in or custom), for "add a size". */
export function useProductSizeRun(scope: BusinessScope | undefined, productId: string): UseQueryResult<ProductSizeRun> {
  return useQuery({
    queryKey: catalogKeys.sizeRun(scope?.businessId ?? '', productId),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/products/${encodeURIComponent(productId)}/size-run`, { schema: productSizeRunSchema, signal });
    },
    enabled: scope !== undefined && productId !== '',
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
