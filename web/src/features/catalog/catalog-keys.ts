import type { productListQuerySchema } from '@tradepost/shared/schemas/catalog.ts';
import type { z } from 'zod';

export type ProductSort = z.infer<typeof productListQuerySchema>['sort'];
export type ProductListParams = { q: string; sort: ProductSort };

/** Query keys of the catalog (one factory per area): mutations invalidate `lists()` and `detail(id)`. */
export const catalogKeys = {
  all: ['catalog'] as const,
  lists: () => [...catalogKeys.all, 'list'] as const,
  list: (businessId: string, params: ProductListParams) => [...catalogKeys.lists(), businessId, params] as const,
  details: () => [...catalogKeys.all, 'detail'] as const,
  detail: (businessId: string, productId: string) => [...catalogKeys.details(), businessId, productId] as const,
};
