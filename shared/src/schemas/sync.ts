import { z } from 'zod';
import { businessParamsSchema, timestampSchema, uuidSchema } from './common.ts';
import { connectionEnvironments, connectionStatuses, marketplacePlatforms } from './connections.ts';
import { listingStatuses } from './listings.ts';

// Sync health per connection and the raw sync state of one variant (issue #6).

export const syncOperations = ['quantity', 'price', 'list', 'end', 'order_import', 'reconcile', 'refresh'] as const;
export type SyncOperation = (typeof syncOperations)[number];

export const syncLogEntrySchema = z.object({
  id: uuidSchema,
  connection_id: uuidSchema,
  platform: z.enum(marketplacePlatforms),
  variant_id: uuidSchema.nullable(),
  operation: z.enum(syncOperations),
  ok: z.boolean(),
  quantity: z.number().int().nullable(),
  price_cents: z.number().int().nullable(),
  error: z.string().nullable(),
  request: z.unknown().nullable(),
  response: z.unknown().nullable(),
  duration_ms: z.number().int().nullable(),
  created_at: timestampSchema,
});
export type SyncLogEntry = z.infer<typeof syncLogEntrySchema>;

export const driftSchema = z.object({
  id: uuidSchema,
  variant_id: uuidSchema,
  product_id: uuidSchema.nullable(),
  title: z.string().nullable(),
  size: z.string().nullable(),
  sku: z.string().nullable(),
  ours: z.number().int(),
  theirs: z.number().int(),
  detected_at: timestampSchema,
});
export type Drift = z.infer<typeof driftSchema>;

/** A listing whose last call to the platform failed (refused or unanswered), with the platform's message. */
export const failedListingSchema = z.object({
  listing_id: uuidSchema,
  product_id: uuidSchema,
  title: z.string(),
  /** `error`: never went live; `active`: still live, the last change did not reach the platform. */
  status: z.enum(listingStatuses),
  message: z.string(),
  failed_at: timestampSchema,
});
export type FailedListing = z.infer<typeof failedListingSchema>;

export const hourlySyncPointSchema = z.object({ hour: timestampSchema, ok: z.number().int(), failed: z.number().int() });
export type HourlySyncPoint = z.infer<typeof hourlySyncPointSchema>;

export const connectionHealthSchema = z.object({
  connection_id: uuidSchema,
  platform: z.enum(marketplacePlatforms),
  account_name: z.string().nullable(),
  environment: z.enum(connectionEnvironments),
  status: z.enum(connectionStatuses),
  status_reason: z.string().nullable(),
  sync_enabled: z.boolean(),
  last_success_at: timestampSchema.nullable(),
  last_sync_at: timestampSchema.nullable(),
  last_error: z.string().nullable(),
  last_error_at: timestampSchema.nullable(),
  /** Over the last 24 hours: calls to the platform and how many failed. */
  operations_24h: z.number().int(),
  failures_24h: z.number().int(),
  /** failures / operations, 0..1; null when nothing was sent. */
  error_rate_24h: z.number().nullable(),
  /** 24 hourly points, oldest first. */
  hourly: z.array(hourlySyncPointSchema),
  jobs: z.object({ queued: z.number().int(), running: z.number().int(), failed_24h: z.number().int() }),
  listings: z.object({ active: z.number().int(), errors: z.number().int() }),
  /** The listings counted in `listings.errors`, newest failure first (at most 50). */
  failed_listings: z.array(failedListingSchema),
  drift: z.array(driftSchema),
  webhooks: z.object({
    last_received_at: timestampSchema.nullable(),
    received_24h: z.number().int(),
    rejected_24h: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int(),
  }),
});
export type ConnectionHealth = z.infer<typeof connectionHealthSchema>;

export const syncHealthSchema = z.object({ generated_at: timestampSchema, connections: z.array(connectionHealthSchema) });
export type SyncHealth = z.infer<typeof syncHealthSchema>;

export const syncStateListingSchema = z.object({
  listing_variant_id: uuidSchema,
  listing_id: uuidSchema,
  listing_status: z.enum(listingStatuses),
  connection_id: uuidSchema,
  platform: z.enum(marketplacePlatforms),
  account_name: z.string().nullable(),
  environment: z.enum(connectionEnvironments),
  connection_status: z.enum(connectionStatuses),
  sync_enabled: z.boolean(),
  external_id: z.string().nullable(),
  external_sku: z.string(),
  external_ref: z.unknown(),
  pushed_quantity: z.number().int().nullable(),
  pushed_price_cents: z.number().int().nullable(),
  pushed_at: timestampSchema.nullable(),
  channel_quantity: z.number().int().nullable(),
  channel_checked_at: timestampSchema.nullable(),
  /** What a push would send now (buffer, cap and locations applied). */
  pushable_now: z.number().int(),
  last_error: z.string().nullable(),
  last_error_at: timestampSchema.nullable(),
});
export type SyncStateListing = z.infer<typeof syncStateListingSchema>;

export const syncStateJobSchema = z.object({
  id: uuidSchema,
  kind: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  attempts: z.number().int(),
  run_at: timestampSchema,
  last_error: z.string().nullable(),
});

export const syncStateWebhookSchema = z.object({
  id: uuidSchema,
  connection_id: uuidSchema,
  platform: z.enum(marketplacePlatforms),
  event_id: z.string(),
  topic: z.string(),
  status: z.enum(['received', 'processed', 'ignored', 'failed']),
  deliveries: z.number().int(),
  error: z.string().nullable(),
  received_at: timestampSchema,
  processed_at: timestampSchema.nullable(),
});

export const variantSyncStateSchema = z.object({
  variant: z.object({
    id: uuidSchema,
    product_id: uuidSchema,
    title: z.string(),
    size: z.string(),
    size_format: z.string(),
    sku: z.string(),
    available: z.number().int(),
  }),
  listings: z.array(syncStateListingSchema),
  log: z.array(syncLogEntrySchema),
  jobs: z.array(syncStateJobSchema),
  webhooks: z.array(syncStateWebhookSchema),
});
export type VariantSyncState = z.infer<typeof variantSyncStateSchema>;

export const variantSyncStateParamsSchema = businessParamsSchema.extend({ variantId: uuidSchema });
