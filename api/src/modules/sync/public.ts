// The sync area's public interface: what other areas may import (the boundary check enforces it).
export { channelPrices } from './channel-price.ts';
export { lockListingSizes } from './listing-locks.ts';
export { endListing, listProduct } from './listings.service.ts';
export { availableAt, pushableQuantity, sellingLocations } from './pushable-quantity.ts';
export type { SyncConnection, SyncDeps } from './sync-connection.ts';
export {
  assertConnected,
  connectionAdapter,
  findSyncConnection,
  mediaBaseUrl,
  platformFailure,
  platformNames,
  syncConnectionOrFail,
} from './sync-connection.ts';
export { messageOf, syncLogEntries, writeSyncLog } from './sync-log.ts';
