import type { InventoryControlQuery } from '@tradepost/shared/schemas/listings.ts';

/** Query keys of listings and sync (one factory): a listing change invalidates everything under `all`. */
export const syncKeys = {
  all: ['sync'] as const,
  controls: () => [...syncKeys.all, 'inventory-control'] as const,
  control: (businessId: string, filter: Pick<InventoryControlQuery, 'search' | 'connection_id'>) =>
    [...syncKeys.controls(), businessId, filter] as const,
  health: (businessId: string) => [...syncKeys.all, 'health', businessId] as const,
  variantStates: () => [...syncKeys.all, 'variant-state'] as const,
  variantState: (businessId: string, variantId: string) => [...syncKeys.variantStates(), businessId, variantId] as const,
};
