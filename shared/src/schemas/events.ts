import { z } from 'zod';

/** Events of the batch-operations stream (spec §3, §7). */
/** Sent by the server just before it ends a stream whose session was signed out or expired. */
export const SESSION_ENDED_EVENT = 'session-ended';

export const batchEventTypes = ['batch_operation_update', 'batch_operation_complete', 'batch_operation_failed'] as const;

export const batchOperationEventSchema = z.object({
  type: z.enum(batchEventTypes),
  batch_id: z.string(),
  marketplace: z.string(),
  operation_type: z.string(),
  success_rate: z.number().min(0).max(1),
  processed: z.number().int().min(0).optional(),
  total: z.number().int().min(0).optional(),
});
export type BatchOperationEvent = z.infer<typeof batchOperationEventSchema>;
