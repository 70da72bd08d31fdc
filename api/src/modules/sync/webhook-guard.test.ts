import { describe, expect, it } from 'vitest';
import {
  REFUSALS_BEFORE_BLOCK,
  REJECTION_ROWS_PER_ADDRESS,
  REJECTION_ROWS_PER_CONNECTION,
  REJECTION_WINDOW_MS,
  RejectionBudget,
} from './webhook-guard.ts';

// The per-process half of the rejection bound (the database half is in webhook-replay.test.ts).

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('RejectionBudget', () => {
  it('writes the first rows of a minute per connection, counts the rest, and hands the count to the next row', () => {
    const time = clock();
    const budget = new RejectionBudget(time.now);
    const verdicts = Array.from({ length: 25 }, (_, i) => budget.take('conn-a', `203.0.113.${i}`));
    expect(verdicts.filter((v) => v.record)).toHaveLength(REJECTION_ROWS_PER_CONNECTION);
    expect(verdicts.slice(REJECTION_ROWS_PER_CONNECTION).every((v) => !v.record)).toBe(true);
    // Another connection has its own rows.
    expect(budget.take('conn-b', '203.0.113.99')).toEqual({ record: true, suppressedBefore: 0 });
    time.advance(REJECTION_WINDOW_MS);
    expect(budget.take('conn-a', '203.0.113.1')).toEqual({ record: true, suppressedBefore: 25 - REJECTION_ROWS_PER_CONNECTION });
    expect(budget.take('conn-a', '203.0.113.1')).toEqual({ record: true, suppressedBefore: 0 });
  });

  it('one address spreading refusals over many connections writes a bounded number of rows', () => {
    const budget = new RejectionBudget(clock().now);
    const written = Array.from({ length: 100 }, (_, i) => budget.take(`conn-${i}`, '198.51.100.7')).filter((v) => v.record);
    expect(written).toHaveLength(REJECTION_ROWS_PER_ADDRESS);
  });

  it('blocks an address after its refusals of the minute, and only that address, until the minute is over', () => {
    const time = clock();
    const budget = new RejectionBudget(time.now);
    for (let i = 0; i < REFUSALS_BEFORE_BLOCK - 1; i++) budget.refused('198.51.100.7');
    expect(budget.blocked('198.51.100.7')).toBe(false);
    budget.take('conn-a', '198.51.100.7');
    expect(budget.blocked('198.51.100.7')).toBe(true);
    expect(budget.blocked('203.0.113.1')).toBe(false);
    time.advance(REJECTION_WINDOW_MS);
    expect(budget.blocked('198.51.100.7')).toBe(false);
  });
});
