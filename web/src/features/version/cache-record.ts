import { z } from '@tradepost/shared/schemas/zod-mini.ts';

/** Not a kept key: a cache clear removes it and writes a fresh one. */
export const CACHE_RECORD_KEY = 'tradepost.cache.v1';

/** Spec §9: a cache older than 24 hours is stale. */
export const CACHE_STALE_AFTER_MS = 24 * 60 * 60_000;

const cacheRecordSchema = z.object({
  /** When this device's caches were last cleared (or first used), epoch ms. */
  cachedAt: z.number().check(z.int(), z.nonnegative()),
  /** The build the caches were filled by, once known. */
  build: z.optional(z.string()),
});
export type CacheRecord = z.infer<typeof cacheRecordSchema>;

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem'>;

export function readCacheRecord(storage: ReadableStorage): CacheRecord | null {
  const raw = storage.getItem(CACHE_RECORD_KEY);
  if (raw === null) return null;
  try {
    const parsed = cacheRecordSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeCacheRecord(storage: WritableStorage, record: CacheRecord): void {
  storage.setItem(CACHE_RECORD_KEY, JSON.stringify(record.build === undefined ? { cachedAt: record.cachedAt } : record));
}

/** Stale when older than 24 hours, or dated in the future (a clock that jumped back cannot keep it forever). */
export function isCacheStale(record: CacheRecord, now: number): boolean {
  return now - record.cachedAt > CACHE_STALE_AFTER_MS || record.cachedAt > now + 60_000;
}

export type StartupCacheAction = 'record' | 'clear' | 'keep';

/**
 * What start-up does about the caches: a first visit (or an unreadable record) starts the clock,
 * a stale cache is cleared, anything else is kept.
 */
export function startupCacheAction(record: CacheRecord | null, now: number): StartupCacheAction {
  if (record === null) return 'record';
  return isCacheStale(record, now) ? 'clear' : 'keep';
}

/**
 * Whether the build the server now reports means the caches on this device were filled by another
 * build (spec §4): only when a build was recorded and it differs.
 */
export function isOtherBuild(record: CacheRecord | null, build: string): boolean {
  return record?.build !== undefined && record.build !== build;
}
