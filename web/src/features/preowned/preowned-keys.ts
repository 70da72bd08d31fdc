import type { preownedListStatuses } from '@tradepost/shared/schemas/preowned.ts';

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
