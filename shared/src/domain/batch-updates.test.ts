import { describe, expect, it } from 'vitest';
import type { BatchOperationEvent } from '../schemas/events.ts';
import {
  applyBatchEvent,
  type BatchUpdatesState,
  dismissFinishedBatch,
  initialBatchUpdatesState,
  RECENT_BATCH_UPDATES_LIMIT,
} from './batch-updates.ts';

function event(batchId: string, type: BatchOperationEvent['type'] = 'batch_operation_update', successRate = 0.5): BatchOperationEvent {
  return { type, batch_id: batchId, marketplace: 'ebay', operation_type: 'list', success_rate: successRate };
}

function applyAll(events: BatchOperationEvent[], state: BatchUpdatesState = initialBatchUpdatesState): BatchUpdatesState {
  return events.reduce(applyBatchEvent, state);
}

describe('applyBatchEvent', () => {
  it('puts the newest update first', () => {
    const state = applyAll([event('a'), event('b')]);
    expect(state.recent.map((entry) => entry.batch_id)).toEqual(['b', 'a']);
    expect(state.finishedBatchIds).toEqual([]);
  });

  it('replaces the older entry of the same batch and moves it to the front', () => {
    const state = applyAll([event('a', 'batch_operation_update', 0.1), event('b'), event('a', 'batch_operation_update', 0.9)]);
    expect(state.recent.map((entry) => [entry.batch_id, entry.success_rate])).toEqual([
      ['a', 0.9],
      ['b', 0.5],
    ]);
  });

  it('keeps only the latest 10', () => {
    const state = applyAll(Array.from({ length: 12 }, (_, index) => event(`b${index}`)));
    expect(RECENT_BATCH_UPDATES_LIMIT).toBe(10);
    expect(state.recent).toHaveLength(10);
    expect(state.recent[0]?.batch_id).toBe('b11');
    expect(state.recent.at(-1)?.batch_id).toBe('b2');
  });

  it('marks complete and failed batches for the completion view, once each', () => {
    const state = applyAll([
      event('a', 'batch_operation_complete', 1),
      event('b', 'batch_operation_update'),
      event('c', 'batch_operation_failed', 0),
      event('a', 'batch_operation_complete', 1),
    ]);
    expect(state.finishedBatchIds).toEqual(['a', 'c']);
    expect(state.recent[0]).toMatchObject({ batch_id: 'a', type: 'batch_operation_complete' });
  });

  it('does not change the state it was given', () => {
    const before = applyAll([event('a')]);
    const snapshot = structuredClone(before);
    applyBatchEvent(before, event('a', 'batch_operation_failed'));
    expect(before).toEqual(snapshot);
  });
});

describe('dismissFinishedBatch', () => {
  it('unmarks a batch and leaves the recent list alone', () => {
    const state = applyAll([event('a', 'batch_operation_complete'), event('b', 'batch_operation_failed')]);
    const next = dismissFinishedBatch(state, 'a');
    expect(next.finishedBatchIds).toEqual(['b']);
    expect(next.recent).toBe(state.recent);
    expect(dismissFinishedBatch(next, 'zzz')).toBe(next);
  });
});
