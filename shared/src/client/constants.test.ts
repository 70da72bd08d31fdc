import { describe, expect, it } from 'vitest';
import {
  CACHE_BACKGROUND_REFRESH_RATIO,
  CACHE_LIFETIMES_MS,
  CACHE_MAX_ENTRIES,
  CACHE_SWEEP_INTERVAL_MS,
  MAX_REQUEST_RETRIES,
  MAX_RESPONSE_BYTES,
  REQUEST_TIMEOUT_MS,
  RETRY_INITIAL_DELAY_MS,
  RETRY_MAX_DELAY_MS,
  SLOW_RESPONSE_MS,
  STREAM_MAX_RECONNECT_ATTEMPTS,
  STREAM_RECONNECT_MAX_DELAY_MS,
} from './constants.ts';

// Spec §9 numbers are binding; this pins them so a change is a deliberate one.
describe('client constants (spec §7, §9)', () => {
  it('has the request limits', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(15_000);
    expect(MAX_REQUEST_RETRIES).toBe(3);
    expect([RETRY_INITIAL_DELAY_MS, RETRY_MAX_DELAY_MS]).toEqual([1_000, 10_000]);
    expect(MAX_RESPONSE_BYTES).toBe(50 * 1024 * 1024);
    expect(SLOW_RESPONSE_MS).toBe(2_000);
  });

  it('has the cache limits and lifetimes', () => {
    expect(CACHE_MAX_ENTRIES).toBe(1_000);
    expect(CACHE_SWEEP_INTERVAL_MS).toBe(300_000);
    expect(CACHE_BACKGROUND_REFRESH_RATIO).toBe(0.1);
    expect(CACHE_LIFETIMES_MS).toEqual({
      inventorySummary: 60_000,
      inventory: 30_000,
      products: 300_000,
      analytics: 120_000,
      businesses: 600_000,
      users: 300_000,
      sales: 60_000,
      trialStatus: 300_000,
      default: 120_000,
    });
  });

  it('has the stream limits', () => {
    expect(STREAM_MAX_RECONNECT_ATTEMPTS).toBe(5);
    expect(STREAM_RECONNECT_MAX_DELAY_MS).toBe(30_000);
  });
});
