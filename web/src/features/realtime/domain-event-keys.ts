import type { QueryKey } from '@tanstack/react-query';
import type { DomainEvent, DomainEventType } from '@tradepost/shared/schemas/events.ts';
import { batchKeys } from '../batch-operations/batch-keys.ts';
import { catalogKeys } from '../catalog/catalog-keys.ts';
import { channelKeys } from '../channels/channel-keys.ts';
import { connectionKeys } from '../connections/connection-keys.ts';
import { dashboardKeys } from '../dashboard/dashboard-keys.ts';
import { fulfillmentKeys } from '../fulfillment/fulfillment-keys.ts';
import { inventoryKeys } from '../inventory/inventory-keys.ts';
import { preownedKeys } from '../preowned/preowned-keys.ts';
import { retailKeys } from '../retail/retail-keys.ts';
import { salesKeys } from '../sales/sales-keys.ts';
import { syncKeys } from '../sync/sync-keys.ts';

// What each fact of the business makes stale in this tab: the cached queries whose answers it can
// change. Another tab, phone or process made the change; the stream tells this one at commit.

const stock: readonly QueryKey[] = [
  catalogKeys.lists(),
  catalogKeys.details(),
  inventoryKeys.summaries(),
  inventoryKeys.ledgers(),
  inventoryKeys.counts(),
  preownedKeys.all,
  syncKeys.controls(),
  syncKeys.variantStates(),
  batchKeys.marketplaces(),
  dashboardKeys.all,
];
const sale: readonly QueryKey[] = [salesKeys.all, retailKeys.sales(), retailKeys.customers(), fulfillmentKeys.all, dashboardKeys.all];
const prices: readonly QueryKey[] = [
  catalogKeys.lists(),
  catalogKeys.details(),
  preownedKeys.all,
  syncKeys.controls(),
  batchKeys.marketplaces(),
];

const keysByType: Record<DomainEventType, readonly QueryKey[]> = {
  'stock.moved': stock,
  'price.changed': [...prices, retailKeys.pricePreviews()],
  'product.changed': [catalogKeys.all, preownedKeys.all, syncKeys.controls(), batchKeys.marketplaces()],
  'channel.changed': [salesKeys.all, channelKeys.all, connectionKeys.all, syncKeys.all],
  'connection.connected': [connectionKeys.all, channelKeys.all, syncKeys.all, batchKeys.marketplaces()],
  'sale.recorded': sale,
  'sale.cancelled': sale,
  'sale.refunded': sale,
  'fulfillment.shipped': [...sale, syncKeys.variantStates()],
  'listing.changed': [syncKeys.all, batchKeys.marketplaces(), catalogKeys.details()],
};

/** The query keys (prefixes) a batch of events makes stale, each once. */
export function staleKeysOf(events: readonly DomainEvent[]): QueryKey[] {
  const unique = new Map<string, QueryKey>();
  for (const event of events) for (const key of keysByType[event.type]) unique.set(JSON.stringify(key), key);
  return [...unique.values()];
}
