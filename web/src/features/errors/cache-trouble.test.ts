import { ApiError, invalidResponseError } from '@tradepost/shared/client/api-error.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHE_TROUBLE_THRESHOLD, CACHE_TROUBLE_WINDOW_MS, createCacheTroubleDetector, isSuspectedCacheError } from './cache-trouble.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.parse('2026-11-21T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const chunk = new Error('Failed to fetch dynamically imported module: /assets/x.js');

describe('isSuspectedCacheError', () => {
  it('suspects chunk, JSON/parse and schema-mismatch failures', () => {
    expect(isSuspectedCacheError(chunk)).toBe(true);
    expect(isSuspectedCacheError(new SyntaxError('Unexpected token \'<\', "<!doctype "... is not valid JSON'))).toBe(true);
    expect(isSuspectedCacheError(invalidResponseError(200, 'Response is not valid JSON'))).toBe(true);
    expect(isSuspectedCacheError(new Error('Failed to load module script: the server responded with a MIME type of "text/html"'))).toBe(
      true,
    );
  });

  it('does not suspect ordinary server or client errors', () => {
    expect(isSuspectedCacheError(new ApiError({ status: 500, code: 'SERVER_ERROR', message: 'Request failed with status 500' }))).toBe(
      false,
    );
    expect(isSuspectedCacheError(new ApiError({ status: 400, code: 'VALIDATION', message: 'Could not parse the date' }))).toBe(false);
    expect(isSuspectedCacheError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

describe('createCacheTroubleDetector', () => {
  it('fires on the third suspected error within 60 seconds, then starts over', () => {
    expect(CACHE_TROUBLE_THRESHOLD).toBe(3);
    expect(CACHE_TROUBLE_WINDOW_MS).toBe(60_000);
    const detector = createCacheTroubleDetector();
    expect(detector.record(chunk)).toBe(false);
    vi.advanceTimersByTime(20_000);
    expect(detector.record(new Error('boom'))).toBe(false);
    expect(detector.record(chunk)).toBe(false);
    vi.advanceTimersByTime(39_000);
    expect(detector.record(chunk)).toBe(true);
    expect(detector.record(chunk)).toBe(false);
  });

  it('forgets errors older than 60 seconds', () => {
    const detector = createCacheTroubleDetector();
    detector.record(chunk);
    vi.advanceTimersByTime(30_000);
    detector.record(chunk);
    vi.advanceTimersByTime(30_001);
    expect(detector.record(chunk)).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(detector.record(chunk)).toBe(true);
  });
});
