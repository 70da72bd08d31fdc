import type { BatchOperation } from '@tradepost/shared/schemas/batch-operations.ts';
import { describe, expect, it } from 'vitest';
import { formatDuration, formatRate } from './batch-labels.ts';
import { liveProgress } from './live-progress.ts';

const batch = (over: Partial<BatchOperation> = {}): BatchOperation => ({
  id: 'b1',
  connection_id: 'c1',
  platform: 'ebay',
  operation_type: 'price',
  status: 'running',
  total: 60,
  succeeded: 20,
  failed: 5,
  remaining: 35,
  success_rate: 0.8,
  created_by: null,
  created_at: '2026-01-01T00:00:00.000Z',
  started_at: '2026-01-01T00:00:00.000Z',
  finished_at: null,
  duration_ms: 1000,
  ...over,
});

describe('liveProgress', () => {
  it('uses the stored state without an event', () => {
    expect(liveProgress(batch(), undefined)).toEqual({ processed: 25, total: 60, fraction: 25 / 60, successRate: 0.8, running: true });
  });

  it('moves forward with a newer event of the same batch', () => {
    const event = {
      type: 'batch_operation_update' as const,
      batch_id: 'b1',
      marketplace: 'ebay',
      operation_type: 'price',
      success_rate: 0.9,
      processed: 50,
      total: 60,
    };
    expect(liveProgress(batch(), event)).toMatchObject({ processed: 50, fraction: 50 / 60, successRate: 0.9, running: true });
  });

  it('ignores older events and events of other batches', () => {
    const old = {
      type: 'batch_operation_update' as const,
      batch_id: 'b1',
      marketplace: 'ebay',
      operation_type: 'price',
      success_rate: 1,
      processed: 10,
    };
    expect(liveProgress(batch(), old)).toMatchObject({ processed: 25, successRate: 0.8 });
    expect(liveProgress(batch(), { ...old, batch_id: 'b2', processed: 59 })).toMatchObject({ processed: 25 });
  });

  it('stops running on a completion event or a finished status', () => {
    const done = {
      type: 'batch_operation_complete' as const,
      batch_id: 'b1',
      marketplace: 'ebay',
      operation_type: 'price',
      success_rate: 1,
      processed: 60,
      total: 60,
    };
    expect(liveProgress(batch(), done)).toMatchObject({ processed: 60, fraction: 1, running: false });
    expect(liveProgress(batch({ status: 'completed', succeeded: 60, failed: 0 }), undefined).running).toBe(false);
  });
});

describe('labels', () => {
  it('formats rates and durations', () => {
    expect(formatRate(null)).toBe('—');
    expect(formatRate(0.957)).toBe('96%');
    expect(formatDuration(4_200)).toBe('4.2 s');
    expect(formatDuration(83_000)).toBe('1 min 23 s');
    expect(formatDuration(null)).toBe('—');
  });
});
