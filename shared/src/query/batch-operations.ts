import type { BatchItemStatus, BatchListQuery } from '../schemas/batch-operations.ts';
import type { MarketplacePlatform } from '../schemas/connections.ts';
import type { StaleAfter } from './query-key.ts';

export type BatchFilters = Pick<BatchListQuery, 'status' | 'platform' | 'operation_type'>;

/** Query keys of batch operations and the marketplace pages (one factory). */
export const batchKeys = {
  all: ['batch-operations'] as const,
  lists: () => [...batchKeys.all, 'list'] as const,
  list: (businessId: string, filters: BatchFilters) => [...batchKeys.lists(), businessId, filters] as const,
  details: () => [...batchKeys.all, 'detail'] as const,
  detail: (businessId: string, batchId: string, status: BatchItemStatus | 'all') =>
    [...batchKeys.details(), businessId, batchId, status] as const,
  item: (businessId: string, batchId: string, seq: number) => [...batchKeys.all, 'item', businessId, batchId, seq] as const,
  marketplaces: () => [...batchKeys.all, 'marketplace'] as const,
  marketplace: (businessId: string, platform: MarketplacePlatform) => [...batchKeys.marketplaces(), businessId, platform] as const,
  externalListings: (businessId: string, connectionId: string, cursor: string | null) =>
    [...batchKeys.all, 'external-listings', businessId, connectionId, cursor] as const,
};

/**
 * The marketplace pages show our products with their stock, prices and listings. Batches themselves
 * publish no event when created; their progress comes on the stream as batch events (features/realtime).
 */
export const batchStaleAfter: StaleAfter = {
  'stock.moved': [batchKeys.marketplaces()],
  'price.changed': [batchKeys.marketplaces()],
  'product.changed': [batchKeys.marketplaces()],
  'connection.connected': [batchKeys.marketplaces()],
  'listing.changed': [batchKeys.marketplaces()],
};
