import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';

// The sync engine's jobs. The kinds keep the names rows already in the queue carry.

/** Send one variant's pushable quantity to every connection that lists it (key `qty:<variant>`). */
export const pushQuantityJob = defineJob('sync.push_quantity', z.object({ variantId: z.uuid() }));
/** Send one variant's channel price to every connection that lists it (key `price:<variant>`). */
export const pushPriceJob = defineJob('sync.push_price', z.object({ variantId: z.uuid() }));
/** Process one stored webhook delivery. */
export const webhookEventJob = defineJob('sync.webhook_event', z.object({ eventId: z.uuid() }));
/** Poll one connection's orders and compare its quantities with ours. */
export const reconcileJob = defineJob('sync.reconcile', z.object({ connectionId: z.uuid() }));
