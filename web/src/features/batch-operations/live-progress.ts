import type { BatchOperation } from '@tradepost/shared/schemas/batch-operations.ts';
import type { BatchOperationEvent } from '@tradepost/shared/schemas/events.ts';

export type LiveProgress = {
  /** Items answered (succeeded or failed). */
  processed: number;
  total: number;
  /** 0..1 of the total. */
  fraction: number;
  /** succeeded / answered; null before the first answer. */
  successRate: number | null;
  running: boolean;
};

const finished = (status: BatchOperation['status']) => status === 'completed' || status === 'failed' || status === 'partially_failed';

/**
 * A batch's progress from its last stored state, moved forward by the newest stream event for it
 * (spec §3, §4). An event never moves a batch backwards: the stored state wins when it is further.
 */
export function liveProgress(batch: BatchOperation, event: BatchOperationEvent | undefined): LiveProgress {
  const stored = batch.succeeded + batch.failed;
  const fromEvent = event?.batch_id === batch.id ? (event.processed ?? null) : null;
  const useEvent = fromEvent !== null && fromEvent > stored && event !== undefined;
  const processed = useEvent ? fromEvent : stored;
  const total = batch.total;
  const eventDone = event?.batch_id === batch.id && event.type !== 'batch_operation_update';
  return {
    processed,
    total,
    fraction: total === 0 ? 0 : Math.min(1, processed / total),
    successRate: useEvent ? event.success_rate : batch.success_rate,
    running: !finished(batch.status) && !eventDone,
  };
}
