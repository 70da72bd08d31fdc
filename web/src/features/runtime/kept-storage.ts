/**
 * Keys that survive a cache clear (spec §4: "a few preferences are kept"): the session token, the UI
 * preferences (theme, text size, density) and the sidebar's open state.
 */
export const KEPT_STORAGE_PREFIXES = ['tradepost.session', 'tradepost.preferences', 'tradepost.sidebar'] as const;

export function isKeptStorageKey(key: string): boolean {
  return KEPT_STORAGE_PREFIXES.some((prefix) => key.startsWith(prefix));
}

type KeyedStorage = Pick<Storage, 'length' | 'key' | 'removeItem'>;

/** Removes every localStorage key except the kept ones; returns the removed keys. */
export function clearStorageExceptKept(storage: KeyedStorage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null && !isKeptStorageKey(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
  return keys;
}

type CacheStorageLike = Pick<CacheStorage, 'keys' | 'delete'>;

/** Empties Cache Storage (the service worker's caches included). */
export async function clearCacheStorage(cacheStorage: CacheStorageLike | undefined = globalThis.caches): Promise<void> {
  if (cacheStorage === undefined) return;
  const names = await cacheStorage.keys();
  await Promise.all(names.map((name) => cacheStorage.delete(name)));
}
