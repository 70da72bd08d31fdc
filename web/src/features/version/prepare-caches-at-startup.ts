import { clearAppCaches } from '../runtime/clear-app-caches.ts';
import { readCacheRecord, startupCacheAction, writeCacheRecord } from './cache-record.ts';

/**
 * Spec §9: a cache older than 24 hours is stale. Run before the first render: the first visit starts
 * the clock, a stale cache is cleared (localStorage at once, keeping the preferences; Cache Storage
 * right after) and the clock starts again.
 */
export function prepareCachesAtStartup(now: number = Date.now()): void {
  let storage: Storage;
  try {
    storage = localStorage;
  } catch {
    return;
  }
  const record = readCacheRecord(storage);
  const action = startupCacheAction(record, now);
  if (action === 'record') writeCacheRecord(storage, { cachedAt: now });
  else if (action === 'clear') void clearAppCaches({ now, build: record?.build });
}
