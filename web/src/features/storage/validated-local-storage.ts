import { z } from '@tradepost/shared/schemas/zod-mini.ts';

/** The synchronous storage shape `atomWithStorage` accepts (jotai does not export the type). */
export type SyncJsonStorage<Value> = {
  getItem: (key: string, initialValue: Value) => Value;
  setItem: (key: string, value: Value) => void;
  removeItem: (key: string) => void;
  subscribe?: (key: string, callback: (value: Value) => void, initialValue: Value) => () => void;
};

/**
 * A jotai storage over localStorage that parses with a zod schema (classic or mini) on every read, so a value written
 * by an older build (or by hand) falls back to the initial value instead of crashing the app.
 * Changes made in other tabs arrive through the `storage` event.
 */
export function validatedLocalStorage<Value>(schema: z.core.$ZodType<Value>): SyncJsonStorage<Value> {
  const read = (key: string, initialValue: Value): Value => {
    const raw = safeGet(key);
    if (raw === null) return initialValue;
    try {
      const parsed = z.safeParse(schema, JSON.parse(raw));
      return parsed.success ? parsed.data : initialValue;
    } catch {
      return initialValue;
    }
  };
  return {
    getItem: read,
    setItem: (key, value) => {
      try {
        if (value === null || value === undefined) localStorage.removeItem(key);
        else localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Storage full or blocked (private mode): the value still lives in memory for this tab.
      }
    },
    removeItem: (key) => {
      try {
        localStorage.removeItem(key);
      } catch {
        // See setItem.
      }
    },
    subscribe: (key, callback, initialValue) => {
      const onStorage = (event: StorageEvent) => {
        if (event.storageArea === localStorage && event.key === key) callback(read(key, initialValue));
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
}

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
