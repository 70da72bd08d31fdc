import { type BatchUpdatesState, initialBatchUpdatesState } from '@tradepost/shared/domain/batch-updates.ts';
import { atom } from 'jotai';

/** Spec §4: the latest 10 batch updates (one per batch) and the batches waiting for their completion view. */
export const batchUpdatesAtom = atom<BatchUpdatesState>(initialBatchUpdatesState);
batchUpdatesAtom.debugLabel = 'batchUpdatesAtom';
