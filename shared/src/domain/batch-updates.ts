import type { BatchOperationEvent } from '../schemas/events.ts';

/** Spec §4, §9: the recent-updates list keeps the latest 10. */
export const RECENT_BATCH_UPDATES_LIMIT = 10;

export type BatchUpdatesState = {
  /** Newest first; at most one entry per batch_id. */
  readonly recent: readonly BatchOperationEvent[];
  /**
   * Batches that completed or failed and wait for the completion view, newest first. Capped like
   * `recent` so a session nobody looks at cannot grow it without end.
   */
  readonly finishedBatchIds: readonly string[];
};

export const initialBatchUpdatesState: BatchUpdatesState = { recent: [], finishedBatchIds: [] };

export function isFinishedBatchEvent(event: BatchOperationEvent): boolean {
  return event.type === 'batch_operation_complete' || event.type === 'batch_operation_failed';
}

function putFirst<T>(items: readonly T[], item: T, isSame: (existing: T) => boolean): T[] {
  return [item, ...items.filter((existing) => !isSame(existing))].slice(0, RECENT_BATCH_UPDATES_LIMIT);
}

/** Reducer for batch-operation events: the newest event of a batch replaces its older entry and moves to the front. */
export function applyBatchEvent(state: BatchUpdatesState, event: BatchOperationEvent): BatchUpdatesState {
  const recent = putFirst(state.recent, event, (existing) => existing.batch_id === event.batch_id);
  const finishedBatchIds = isFinishedBatchEvent(event)
    ? putFirst(state.finishedBatchIds, event.batch_id, (id) => id === event.batch_id)
    : state.finishedBatchIds;
  return { recent, finishedBatchIds };
}

/** The completion view has shown this batch: unmark it. */
export function dismissFinishedBatch(state: BatchUpdatesState, batchId: string): BatchUpdatesState {
  if (!state.finishedBatchIds.includes(batchId)) return state;
  return { ...state, finishedBatchIds: state.finishedBatchIds.filter((id) => id !== batchId) };
}
