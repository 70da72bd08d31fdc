import type { ZodType } from 'zod';
import type { SyncJsonStorage } from '../storage/validated-local-storage.ts';

/**
 * A jotai storage over sessionStorage, parsed with a zod schema on every read: a counter cart lives
 * as long as the tab (it survives going to the size picker and back, or a reload) and is not shared
 * with other tabs or the next day's session. Bad or old data falls back to the initial value.
 */
export function validatedSessionStorage<Value>(schema: ZodType<Value>): SyncJsonStorage<Value> {
  return {
    getItem: (key, initialValue) => {
      try {
        const raw = sessionStorage.getItem(key);
        if (raw === null) return initialValue;
        const parsed = schema.safeParse(JSON.parse(raw));
        return parsed.success ? parsed.data : initialValue;
      } catch {
        return initialValue;
      }
    },
    setItem: (key, value) => {
      try {
        sessionStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Storage full or blocked: the cart still lives in memory for this tab.
      }
    },
    removeItem: (key) => {
      try {
        sessionStorage.removeItem(key);
      } catch {
        // See setItem.
      }
    },
  };
}
