import type { preownedListStatuses } from '../schemas/preowned.ts';
import type { StaleAfter } from './query-key.ts';

export type PreownedListStatus = (typeof preownedListStatuses)[number];
export type PreownedListParams = { status: PreownedListStatus; q: string };

/** Query keys of the pre-owned area (one factory): mutations invalidate `lists()` and `detail(id)`. */
export const preownedKeys = {
  all: ['preowned'] as const,
  lists: () => [...preownedKeys.all, 'list'] as const,
  list: (businessId: string, params: PreownedListParams) => [...preownedKeys.lists(), businessId, params] as const,
  details: () => [...preownedKeys.all, 'detail'] as const,
  detail: (businessId: string, productId: string) => [...preownedKeys.details(), businessId, productId] as const,
};

/** A pre-owned item is a product with one unit: its stock, price and details are its list row and page. */
export const preownedStaleAfter: StaleAfter = {
  'stock.moved': [preownedKeys.all],
  'price.changed': [preownedKeys.all],
  'product.changed': [preownedKeys.all],
};
