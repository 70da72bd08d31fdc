import { subscribe } from '../../platform/domain-events.ts';
import { enqueueChannelQuantityPushes, enqueuePricePushes, enqueueQuantityPushes, listingsOfAny } from './enqueue-pushes.ts';
import { scheduleReconcile } from './reconcile.ts';

// What the sync engine does when other areas report a change: each marketplace that lists the
// affected sizes gets a push with the current value (coalesced per size), so a sale on one channel
// lowers the others within a fraction of a second. Quantity and price pushes are enqueued in the
// transaction that moved the stock or changed the price (`immediate`: one statement each, no
// delivery hop before the push); a channel's change may cover thousands of sizes and the first poll
// is no hurry, so those two go by delivery job.

export const syncSubscribers = [
  // Most movements are of sizes listed nowhere: those cost the emitting transaction nothing beyond the
  // statement that sends the browser its notice, and leave no delivery behind.
  subscribe(
    'sync.push-quantities',
    'stock.moved',
    (event, { em, businessId }) => enqueueQuantityPushes(em, businessId, event.payload.variant_ids),
    {
      relevant: (event, db) => listingsOfAny(db, event.payload.variant_ids),
      immediate: true,
    },
  ),
  subscribe(
    'sync.push-prices',
    'price.changed',
    (event, { em, businessId }) => {
      const changed = event.payload;
      const scope =
        'variant_ids' in changed
          ? changed.variant_ids
          : 'product_id' in changed
            ? { productId: changed.product_id }
            : { channelId: changed.channel_id };
      return enqueuePricePushes(em, businessId, scope);
    },
    { immediate: true },
  ),
  subscribe('sync.push-channel-quantities', 'channel.changed', (event, { em, businessId }) =>
    enqueueChannelQuantityPushes(em, businessId, event.payload.channel_id),
  ),
  // The first poll soon after connecting: orders taken while the account was not connected.
  subscribe('sync.first-poll', 'connection.connected', (event, { em, businessId }) =>
    scheduleReconcile(em, businessId, event.payload.connection_id, 5_000),
  ),
];
