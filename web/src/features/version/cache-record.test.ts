import { describe, expect, it } from 'vitest';
import {
  CACHE_RECORD_KEY,
  CACHE_STALE_AFTER_MS,
  isCacheStale,
  isOtherBuild,
  readCacheRecord,
  startupCacheAction,
  writeCacheRecord,
} from './cache-record.ts';

const now = Date.parse('2026-11-21T12:00:00Z');

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('cache record', () => {
  it('treats anything over 24 hours as stale (spec §9)', () => {
    expect(CACHE_STALE_AFTER_MS).toBe(86_400_000);
    expect(isCacheStale({ cachedAt: now - CACHE_STALE_AFTER_MS }, now)).toBe(false);
    expect(isCacheStale({ cachedAt: now - CACHE_STALE_AFTER_MS - 1 }, now)).toBe(true);
    expect(isCacheStale({ cachedAt: now + 3_600_000 }, now)).toBe(true);
  });

  it('starts the clock on a first visit, clears a stale cache and keeps a fresh one', () => {
    expect(startupCacheAction(null, now)).toBe('record');
    expect(startupCacheAction({ cachedAt: now - 25 * 3_600_000 }, now)).toBe('clear');
    expect(startupCacheAction({ cachedAt: now - 3_600_000 }, now)).toBe('keep');
  });

  it('round-trips through storage and ignores unreadable values', () => {
    const storage = memoryStorage();
    writeCacheRecord(storage, { cachedAt: now, build: 'abc' });
    expect(readCacheRecord(storage)).toEqual({ cachedAt: now, build: 'abc' });
    writeCacheRecord(storage, { cachedAt: now });
    expect(storage.data.get(CACHE_RECORD_KEY)).toBe(JSON.stringify({ cachedAt: now }));
    expect(readCacheRecord(memoryStorage({ [CACHE_RECORD_KEY]: '{oops' }))).toBeNull();
    expect(readCacheRecord(memoryStorage({ [CACHE_RECORD_KEY]: '{"cachedAt":"yesterday"}' }))).toBeNull();
  });

  it('calls a build other only when one was recorded and it differs', () => {
    expect(isOtherBuild(null, 'b')).toBe(false);
    expect(isOtherBuild({ cachedAt: now }, 'b')).toBe(false);
    expect(isOtherBuild({ cachedAt: now, build: 'b' }, 'b')).toBe(false);
    expect(isOtherBuild({ cachedAt: now, build: 'a' }, 'b')).toBe(true);
  });
});
