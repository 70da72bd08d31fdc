import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  attemptTimeoutMs,
  boundaryDecision,
  clampRetries,
  createRefreshOffer,
  LAZY_LOAD_REFRESH_PROMPT,
  LazyLoadTimeoutError,
  loadWithRetry,
  retryDelayMs,
  shouldRetryLoad,
} from './lazy-load-retry.ts';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: https://app.example/assets/page-abc.js');

describe('policy numbers (spec §9)', () => {
  it('keeps retries within 2..5', () => {
    expect(clampRetries(0)).toBe(2);
    expect(clampRetries(2)).toBe(2);
    expect(clampRetries(4)).toBe(4);
    expect(clampRetries(9)).toBe(5);
    expect(clampRetries(Number.NaN)).toBe(3);
  });

  it('gives try n a timeout of 20 s + 5 s·n, so 20 s to 45 s over six tries', () => {
    expect([0, 1, 2, 3, 4, 5].map(attemptTimeoutMs)).toEqual([20_000, 25_000, 30_000, 35_000, 40_000, 45_000]);
  });

  it('waits a little longer before each retry, capped', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([500, 1_000, 2_000, 4_000, 4_000]);
  });

  it('retries network and chunk failures and timeouts only', () => {
    expect(shouldRetryLoad(chunkError())).toBe(true);
    expect(shouldRetryLoad(new LazyLoadTimeoutError(20_000))).toBe(true);
    expect(shouldRetryLoad(new ReferenceError('x is not defined'))).toBe(false);
    expect(shouldRetryLoad('nope')).toBe(false);
  });
});

describe('loadWithRetry', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('returns the module as soon as a try succeeds', async () => {
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValueOnce({ Page: 'ok' });
    const result = loadWithRetry(load, 3);
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual({ Page: 'ok' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after the first try plus the allowed retries, with the last error', async () => {
    const load = vi.fn().mockRejectedValue(chunkError());
    const result = loadWithRetry(load, 2);
    const settled = expect(result).rejects.toThrow('Failed to fetch dynamically imported module');
    await vi.runAllTimersAsync();
    await settled;
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('never tries more than six times in all', async () => {
    const load = vi.fn().mockRejectedValue(chunkError());
    const result = loadWithRetry(load, 50);
    const settled = expect(result).rejects.toThrow();
    await vi.runAllTimersAsync();
    await settled;
    expect(load).toHaveBeenCalledTimes(6);
  });

  it('does not retry an error that is not about loading', async () => {
    const load = vi.fn().mockRejectedValue(new SyntaxError('Unexpected token'));
    const result = loadWithRetry(load, 5);
    const settled = expect(result).rejects.toThrow('Unexpected token');
    await vi.runAllTimersAsync();
    await settled;
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('times a hanging try out after 20 s, then allows the next one 25 s', async () => {
    const never = new Promise<never>(() => {});
    const load = vi.fn().mockReturnValueOnce(never).mockReturnValueOnce(never).mockResolvedValueOnce('late');
    const result = loadWithRetry(load, 3);

    await vi.advanceTimersByTimeAsync(19_999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1 + retryDelayMs(1));
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(24_999);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1 + retryDelayMs(2));
    expect(load).toHaveBeenCalledTimes(3);
    await expect(result).resolves.toBe('late');
  });

  it('reports a final timeout as a chunk error', async () => {
    const load = vi.fn().mockReturnValue(new Promise<never>(() => {}));
    const result = loadWithRetry(load, 2);
    const settled = expect(result).rejects.toMatchObject({ name: 'ChunkLoadError', timeoutMs: 30_000 });
    await vi.runAllTimersAsync();
    await settled;
  });
});

describe('chunk boundary', () => {
  it('retries a chunk error twice, then offers a refresh', () => {
    expect(boundaryDecision(chunkError(), 0)).toBe('retry');
    expect(boundaryDecision(chunkError(), 1)).toBe('retry');
    expect(boundaryDecision(chunkError(), 2)).toBe('offer-refresh');
  });

  it('hands any other error to the route error screen at once', () => {
    expect(boundaryDecision(new Error('boom'), 0)).toBe('rethrow');
  });
});

describe('createRefreshOffer', () => {
  it('asks with the spec wording and reloads on yes', () => {
    const confirm = vi.fn().mockReturnValue(true);
    const reload = vi.fn();
    expect(createRefreshOffer(confirm, reload)()).toBe(true);
    expect(confirm).toHaveBeenCalledWith('A component failed to load due to a network issue. Would you like to refresh the page?');
    expect(LAZY_LOAD_REFRESH_PROMPT).toBe('A component failed to load due to a network issue. Would you like to refresh the page?');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload on no, and asks only once', () => {
    const confirm = vi.fn().mockReturnValue(false);
    const reload = vi.fn();
    const offer = createRefreshOffer(confirm, reload);
    expect(offer()).toBe(false);
    expect(offer()).toBe(false);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });
});
