import { describe, expect, it, vi } from 'vitest';
import { clearCacheStorage, clearStorageExceptKept, isKeptStorageKey, KEPT_STORAGE_PREFIXES } from './kept-storage.ts';

function memoryStorage(keys: string[]) {
  const data = new Map(keys.map((key) => [key, 'x']));
  return {
    get length() {
      return data.size;
    },
    key: (index: number) => [...data.keys()][index] ?? null,
    removeItem: (key: string) => void data.delete(key),
    data,
  };
}

describe('kept storage', () => {
  it('keeps the session, the UI preferences and the sidebar state (spec §4)', () => {
    expect(KEPT_STORAGE_PREFIXES).toEqual(['tradepost.session', 'tradepost.preferences', 'tradepost.sidebar']);
    expect(isKeptStorageKey('tradepost.session.v1')).toBe(true);
    expect(isKeptStorageKey('tradepost.preferences.v1')).toBe(true);
    expect(isKeptStorageKey('tradepost.sidebar.open.v1')).toBe(true);
    expect(isKeptStorageKey('tradepost.cache.v1')).toBe(false);
    expect(isKeptStorageKey('tradepost.theme.v1')).toBe(false);
  });

  it('removes everything else from localStorage', () => {
    const storage = memoryStorage(['tradepost.session.v1', 'tradepost.cache.v1', 'view.products', 'tradepost.sidebar.groups.v1', 'other']);
    expect(clearStorageExceptKept(storage).sort()).toEqual(['other', 'tradepost.cache.v1', 'view.products']);
    expect([...storage.data.keys()]).toEqual(['tradepost.session.v1', 'tradepost.sidebar.groups.v1']);
  });

  it('deletes every Cache Storage cache and copes with none', async () => {
    const deleted: string[] = [];
    await clearCacheStorage({
      keys: async () => ['tradepost-assets-v1', 'tradepost-pages-v1'],
      delete: vi.fn(async (name: string) => {
        deleted.push(name);
        return true;
      }),
    });
    expect(deleted).toEqual(['tradepost-assets-v1', 'tradepost-pages-v1']);
    await expect(clearCacheStorage(undefined)).resolves.toBeUndefined();
  });
});
