import type { BatchOperationEvent } from '@tradepost/shared/schemas/events.ts';
import type { EventBus } from '../../plugins/events.ts';

export type BatchCounts = { total: number; succeeded: number; failed: number };

/** At most one progress event per batch this often: a 10,000-item batch must not flood every open screen. */
export const PROGRESS_INTERVAL_MS = 250;

export function batchEvent(
  type: BatchOperationEvent['type'],
  batch: { id: string; platform: string | null; operation_type: string },
  counts: BatchCounts,
): BatchOperationEvent {
  const processed = counts.succeeded + counts.failed;
  return {
    type,
    batch_id: batch.id,
    // A change to the catalog itself is on no marketplace: it reaches each through the sync engine.
    marketplace: batch.platform ?? 'catalog',
    operation_type: batch.operation_type,
    success_rate: processed === 0 ? 0 : counts.succeeded / processed,
    processed,
    total: counts.total,
  };
}

/**
 * Publishes a batch's progress on the SSE stream (spec §3): `batch_operation_update` at most every
 * 250 ms, then `batch_operation_complete` — or `batch_operation_failed` when nothing succeeded.
 * Each publish is awaited, so events reach every process in the order they were sent.
 */
export function batchProgress(
  events: EventBus,
  businessId: string,
  batch: { id: string; platform: string | null; operation_type: string },
) {
  let lastAt = 0;
  const publish = (event: BatchOperationEvent) => events.publish({ businessId, stream: 'batch-operations', type: event.type, data: event });
  return {
    async update(counts: BatchCounts, force = false): Promise<void> {
      const now = Date.now();
      if (!force && now - lastAt < PROGRESS_INTERVAL_MS) return;
      lastAt = now;
      await publish(batchEvent('batch_operation_update', batch, counts));
    },
    async finish(counts: BatchCounts): Promise<void> {
      const type = counts.succeeded === 0 && counts.failed > 0 ? 'batch_operation_failed' : 'batch_operation_complete';
      await publish(batchEvent(type, batch, counts));
    },
  };
}
