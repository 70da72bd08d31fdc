import type { DomainEventType } from '../schemas/events.ts';
import { accountStaleAfter } from './account.ts';
import { adminStaleAfter } from './admin.ts';
import { batchStaleAfter } from './batch-operations.ts';
import { catalogStaleAfter } from './catalog.ts';
import { labelStaleAfter } from './catalog-io.ts';
import { channelStaleAfter } from './channels.ts';
import { connectionStaleAfter } from './connections.ts';
import { dashboardStaleAfter } from './dashboard.ts';
import { eventStaleAfter } from './events.ts';
import { fulfillmentStaleAfter } from './fulfillment.ts';
import { inventoryStaleAfter } from './inventory.ts';
import { preownedStaleAfter } from './preowned.ts';
import { purchasingStaleAfter } from './purchasing.ts';
import type { QueryKey, StaleAfter } from './query-key.ts';
import { salesStaleAfter } from './sales.ts';
import { sessionStaleAfter } from './session.ts';
import { sizeStaleAfter } from './sizes.ts';
import { subscriptionStaleAfter } from './subscription.ts';
import { syncStaleAfter } from './sync.ts';

/** Every area's table of what each domain event makes stale; a new area adds its own here. */
const areas: readonly StaleAfter[] = [
  accountStaleAfter,
  adminStaleAfter,
  batchStaleAfter,
  catalogStaleAfter,
  channelStaleAfter,
  connectionStaleAfter,
  dashboardStaleAfter,
  eventStaleAfter,
  fulfillmentStaleAfter,
  inventoryStaleAfter,
  labelStaleAfter,
  preownedStaleAfter,
  purchasingStaleAfter,
  salesStaleAfter,
  sessionStaleAfter,
  sizeStaleAfter,
  subscriptionStaleAfter,
  syncStaleAfter,
];

/**
 * The query keys (prefixes) that facts of these types make stale, each once. Used for the events a
 * tab hears on the real-time stream (another device's writes) and for those its own write's answer
 * names (`x-domain-events`), so both refresh the same screens.
 */
export function staleKeysOf(types: Iterable<DomainEventType>): QueryKey[] {
  const unique = new Map<string, QueryKey>();
  for (const type of new Set(types)) {
    for (const area of areas) for (const key of area[type] ?? []) unique.set(JSON.stringify(key), key);
  }
  return [...unique.values()];
}
