import type { EventStreamState } from '@tradepost/shared/client/event-stream.ts';
import { dismissFinishedBatch } from '@tradepost/shared/domain/batch-updates.ts';
import type { BatchOperationEvent } from '@tradepost/shared/schemas/events.ts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { batchStreamStateAtom } from './batch-stream-state-atom.ts';
import { batchUpdatesAtom } from './batch-updates-atom.ts';

export type BatchUpdates = {
  /** The stream's connection state. */
  connection: EventStreamState;
  /** Newest first, at most 10, one per batch. */
  recent: readonly BatchOperationEvent[];
  /** Batches that completed or failed and wait for their completion view. */
  finishedBatchIds: readonly string[];
  /** The completion view has shown this batch. */
  dismissFinished: (batchId: string) => void;
};

/** The live batch-operation updates of spec §4 (the stream itself is run by AppRuntime). */
export function useBatchUpdates(): BatchUpdates {
  const connection = useAtomValue(batchStreamStateAtom);
  const { recent, finishedBatchIds } = useAtomValue(batchUpdatesAtom);
  const setUpdates = useSetAtom(batchUpdatesAtom);
  const dismissFinished = useCallback((batchId: string) => setUpdates((current) => dismissFinishedBatch(current, batchId)), [setUpdates]);
  return { connection, recent, finishedBatchIds, dismissFinished };
}
