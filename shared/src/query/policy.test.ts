import { describe, expect, it } from 'vitest';
import { apiErrorFromResponse, networkError } from '../client/api-error.ts';
import { isChunkLoadError, queryClientDefaults, retryDelay, shouldRetryMutation, shouldRetryQuery } from './policy.ts';

const status = (code: number) => apiErrorFromResponse(code, '', '');

/** How many retries a policy grants for one error, asking as TanStack does (0, 1, 2... until false). */
function retriesGranted(policy: (failureCount: number, error: unknown) => boolean, error: unknown): number {
  let failureCount = 0;
  while (policy(failureCount, error) && failureCount < 100) failureCount += 1;
  return failureCount;
}

describe('query retry (spec §9)', () => {
  it('never retries 401 or 403', () => {
    expect(retriesGranted(shouldRetryQuery, status(401))).toBe(0);
    expect(retriesGranted(shouldRetryQuery, status(403))).toBe(0);
  });

  it('retries other 4xx once', () => {
    expect(retriesGranted(shouldRetryQuery, status(404))).toBe(1);
    expect(retriesGranted(shouldRetryQuery, status(429))).toBe(1);
    expect(retriesGranted(shouldRetryQuery, { status: 400 })).toBe(1);
  });

  it('retries everything else up to 3 times', () => {
    expect(retriesGranted(shouldRetryQuery, status(500))).toBe(3);
    expect(retriesGranted(shouldRetryQuery, networkError())).toBe(3);
    expect(retriesGranted(shouldRetryQuery, new Error('odd'))).toBe(3);
  });

  it('does not retry chunk-load errors', () => {
    const chunk = new Error('Failed to fetch dynamically imported module: https://app/assets/page-1.js');
    expect(isChunkLoadError(chunk)).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 42 failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Network request failed'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 42 failed.')).toBe(false);
    expect(retriesGranted(shouldRetryQuery, chunk)).toBe(0);
    expect(retriesGranted(shouldRetryMutation, chunk)).toBe(0);
  });

  it('doubles the delay from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 8].map(retryDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });
});

describe('mutation retry', () => {
  it('retries once, except on 4xx', () => {
    expect(retriesGranted(shouldRetryMutation, status(500))).toBe(1);
    expect(retriesGranted(shouldRetryMutation, networkError())).toBe(1);
    expect(retriesGranted(shouldRetryMutation, status(400))).toBe(0);
    expect(retriesGranted(shouldRetryMutation, status(401))).toBe(0);
  });
});

describe('queryClientDefaults', () => {
  it('holds the spec §9 freshness and refetch rules', () => {
    expect(queryClientDefaults.queries).toMatchObject({
      staleTime: 30_000,
      gcTime: 300_000,
      refetchOnWindowFocus: false,
      refetchOnReconnect: true,
      refetchOnMount: true,
    });
    expect(queryClientDefaults.queries.retry).toBe(shouldRetryQuery);
    expect(queryClientDefaults.queries.retryDelay).toBe(retryDelay);
    expect(queryClientDefaults.mutations.retry).toBe(shouldRetryMutation);
  });
});
