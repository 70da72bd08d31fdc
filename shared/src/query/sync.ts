import type { InventoryControlQuery } from '../schemas/listings.ts';
import type { StaleAfter } from './query-key.ts';

/** Query keys of listings and sync (one factory): a listing change invalidates everything under `all`. */
export const syncKeys = {
  all: ['sync'] as const,
  controls: () => [...syncKeys.all, 'inventory-control'] as const,
  control: (businessId: string, filter: Pick<InventoryControlQuery, 'search' | 'connection_id'>) =>
    [...syncKeys.controls(), businessId, filter] as const,
  health: (businessId: string) => [...syncKeys.all, 'health', businessId] as const,
  variantStates: () => [...syncKeys.all, 'variant-state'] as const,
  variantState: (businessId: string, variantId: string) => [...syncKeys.variantStates(), businessId, variantId] as const,
  /** A product's settings on each connected marketplace (its configure page). */
  channelSettingsAll: () => [...syncKeys.all, 'channel-settings'] as const,
  channelSettings: (businessId: string, productId: string) => [...syncKeys.channelSettingsAll(), businessId, productId] as const,
};

/**
 * The product × marketplace matrix shows quantities, prices and titles; a variant's debug state shows
 * its stock and what was pushed; a product's channel settings show its sizes, titles and prices; a
 * channel's settings, a new connection or a listing change all of it.
 */
export const syncStaleAfter: StaleAfter = {
  'stock.moved': [syncKeys.controls(), syncKeys.variantStates()],
  'price.changed': [syncKeys.controls(), syncKeys.channelSettingsAll()],
  'product.changed': [syncKeys.controls(), syncKeys.channelSettingsAll()],
  'channel.changed': [syncKeys.all],
  'connection.connected': [syncKeys.all],
  'fulfillment.shipped': [syncKeys.variantStates()],
  'listing.changed': [syncKeys.all],
};
