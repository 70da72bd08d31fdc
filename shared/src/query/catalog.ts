import type { ProductCategory, ProductCondition, ProductSort } from '../schemas/catalog.ts';
import type { StaleAfter } from './query-key.ts';

export type ProductStatusFilter = 'active' | 'archived' | 'draft' | 'all';

/** The filter bar's filters as the API names them (`/products`, `/products/rows`, `/products/summary`). */
export type ProductApiFilter = {
  brand?: string;
  category?: ProductCategory;
  size?: string;
  location_id?: string;
  in_stock?: boolean;
  condition?: ProductCondition;
  status?: ProductStatusFilter;
};

export type ProductListParams = { q: string; sort: ProductSort; dir?: 'asc' | 'desc'; filter?: ProductApiFilter };

/**
 * Query keys of the catalog (one factory per area): mutations invalidate `lists()` and `detail(id)`.
 * The filtered-set summary sits under `lists()` so every change of stock refreshes it with the list.
 */
export const catalogKeys = {
  all: ['catalog'] as const,
  lists: () => [...catalogKeys.all, 'list'] as const,
  list: (businessId: string, params: ProductListParams) => [...catalogKeys.lists(), businessId, params] as const,
  rows: (businessId: string, params: ProductListParams) => [...catalogKeys.lists(), 'rows', businessId, params] as const,
  summary: (businessId: string, q: string, filter: ProductApiFilter) => [...catalogKeys.lists(), 'summary', businessId, q, filter] as const,
  facetSets: () => [...catalogKeys.all, 'facets'] as const,
  facets: (businessId: string, status: ProductStatusFilter) => [...catalogKeys.facetSets(), businessId, status] as const,
  details: () => [...catalogKeys.all, 'detail'] as const,
  detail: (businessId: string, productId: string) => [...catalogKeys.details(), businessId, productId] as const,
  sizeRun: (businessId: string, productId: string) => [...catalogKeys.detail(businessId, productId), 'size-run'] as const,
};

/** On hand and prices show in lists and details; a product change can move it between filters and facets. */
export const catalogStaleAfter: StaleAfter = {
  'stock.moved': [catalogKeys.lists(), catalogKeys.details()],
  'price.changed': [catalogKeys.lists(), catalogKeys.details()],
  'product.changed': [catalogKeys.all],
  // The product screen shows where the product is listed.
  'listing.changed': [catalogKeys.details()],
};
