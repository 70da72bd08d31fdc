import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { writeCacheRecord } from '../version/cache-record.ts';
import { clearCacheStorage, clearStorageExceptKept } from './kept-storage.ts';

function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export type ClearAppCachesOptions = {
  /** Drops every cached query too; omitted at start-up, when there are none yet. */
  queryClient?: QueryClient;
  /** The build this clear belongs to, recorded with the new cache time. */
  build?: string;
  now?: number;
};

/**
 * Clears what the app has cached on this device (query cache, API response cache, Cache Storage,
 * localStorage except the kept preferences) and records a fresh cache time. Never throws: a storage
 * the browser blocks is simply skipped.
 */
export async function clearAppCaches({ queryClient, build, now = Date.now() }: ClearAppCachesOptions = {}): Promise<void> {
  queryClient?.clear();
  api.invalidate();
  const storage = safeLocalStorage();
  try {
    if (storage !== undefined) {
      clearStorageExceptKept(storage);
      writeCacheRecord(storage, { cachedAt: now, build });
    }
  } catch {
    // Blocked storage (private mode): nothing was kept there anyway.
  }
  try {
    await clearCacheStorage();
  } catch {
    // Cache Storage is unavailable on plain http pages; nothing to clear then.
  }
}

/** "Clear cache and reload": used by the error screens, the cache-trouble offer and a new build. */
export async function clearCachesAndReload(options: ClearAppCachesOptions = {}): Promise<void> {
  await clearAppCaches(options);
  window.location.reload();
}
