// Written with zod/mini (./zod-mini.ts): the API client and the query keys of the first screen read it.
import { z } from './zod-mini.ts';

/** Events of the batch-operations stream (spec §3, §7). */
/** Sent by the server just before it ends a stream whose session was signed out or expired. */
export const SESSION_ENDED_EVENT = 'session-ended';

export const batchEventTypes = ['batch_operation_update', 'batch_operation_complete', 'batch_operation_failed'] as const;

export const batchOperationEventSchema = z.object({
  type: z.enum(batchEventTypes),
  batch_id: z.string(),
  marketplace: z.string(),
  operation_type: z.string(),
  success_rate: z.number().check(z.minimum(0), z.maximum(1)),
  processed: z.optional(z.number().check(z.int(), z.minimum(0))),
  total: z.optional(z.number().check(z.int(), z.minimum(0))),
});
export type BatchOperationEvent = z.infer<typeof batchOperationEventSchema>;

/**
 * Domain events: past-tense facts an area publishes inside the transaction that made them true.
 * Other areas subscribe to them on the server (api/src/platform/domain-events.ts), and browsers
 * receive them on the real-time stream as `domain_event`, where they drive cache invalidation.
 * Payloads carry ids, never figures or personal data: a reader asks the API for what it may see.
 */
const ids = z.array(z.uuid()).check(z.minLength(1));
export const domainEventPayloadSchemas = {
  /** Stock levels of these variants changed (any ledger posting: sale, receipt, adjustment, count, transfer). */
  'stock.moved': z.object({ variant_ids: ids }),
  /** A price input changed: these variants, every variant of a product, or every listing of a channel (its price rule). */
  'price.changed': z.union([z.object({ variant_ids: ids }), z.object({ product_id: z.uuid() }), z.object({ channel_id: z.uuid() })]),
  /** A product's details, sizes or status changed. */
  'product.changed': z.object({ product_id: z.uuid() }),
  /** A channel's selling settings changed (buffer, sync switch, selling locations, connection). */
  'channel.changed': z.object({ channel_id: z.uuid() }),
  /** A marketplace account was connected or reconnected. */
  'connection.connected': z.object({ connection_id: z.uuid() }),
  'sale.recorded': z.object({ sale_id: z.uuid() }),
  'sale.cancelled': z.object({ sale_id: z.uuid() }),
  'sale.refunded': z.object({ sale_id: z.uuid() }),
  'fulfillment.shipped': z.object({ fulfillment_id: z.uuid(), sale_id: z.uuid() }),
  /** A purchase order, vendor, payout or trade was created, changed, received into stock, paid, closed or cancelled. */
  'purchasing.changed': z.object({
    purchase_order_id: z.optional(z.uuid()),
    vendor_id: z.optional(z.uuid()),
    payout_id: z.optional(z.uuid()),
    trade_id: z.optional(z.uuid()),
  }),
  /** A customer's store-credit balance changed (a payout, a sale paid with it, a cancellation, an adjustment). */
  'store_credit.changed': z.object({ customer_id: z.uuid() }),
  /** A marketplace listing was created, changed or ended. */
  'listing.changed': z.object({ listing_id: z.uuid(), product_id: z.uuid() }),
} as const;

export type DomainEventType = keyof typeof domainEventPayloadSchemas;
export const domainEventTypes = Object.keys(domainEventPayloadSchemas) as DomainEventType[];
export type DomainEventPayload<T extends DomainEventType> = z.infer<(typeof domainEventPayloadSchemas)[T]>;

/** The name of the stream event that carries a domain event to browsers. */
export const DOMAIN_EVENT = 'domain_event';

/** A domain event as stored in its deliveries and sent to browsers. */
export const domainEventSchema = z.object({
  id: z.uuid(),
  type: z.enum(domainEventTypes as [DomainEventType, ...DomainEventType[]]),
  occurred_at: z.string(),
  payload: z.record(z.string(), z.unknown()),
});
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  id: string;
  type: T;
  occurred_at: string;
  payload: DomainEventPayload<T>;
};

/** One subscriber's handling of one domain event, as the events view shows it. */
export const eventDeliveryStatuses = ['waiting', 'running', 'retrying', 'delivered', 'failed'] as const;
export const eventDeliverySchema = z.object({
  id: z.uuid(),
  event_id: z.uuid(),
  event_type: z.enum(domainEventTypes as [DomainEventType, ...DomainEventType[]]),
  occurred_at: z.string(),
  subscriber: z.string(),
  status: z.enum(eventDeliveryStatuses),
  attempts: z.number().check(z.int()),
  max_attempts: z.number().check(z.int()),
  last_error: z.nullable(z.string()),
  next_attempt_at: z.nullable(z.string()),
  finished_at: z.nullable(z.string()),
  payload: z.record(z.string(), z.unknown()),
});
export type EventDelivery = z.infer<typeof eventDeliverySchema>;

export const eventDeliveryListQuerySchema = z.object({
  status: z._default(z.enum(['all', 'problems', ...eventDeliveryStatuses]), 'all'),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 50),
});
export type EventDeliveryListQuery = z.infer<typeof eventDeliveryListQuerySchema>;

export const eventDeliveryListSchema = z.object({
  items: z.array(eventDeliverySchema),
  /** Over the deliveries still kept (a day once delivered, a month once failed). */
  counts: z.object({
    waiting: z.number().check(z.int()),
    retrying: z.number().check(z.int()),
    failed: z.number().check(z.int()),
    delivered: z.number().check(z.int()),
  }),
});
export type EventDeliveryList = z.infer<typeof eventDeliveryListSchema>;
