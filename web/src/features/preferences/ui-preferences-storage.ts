import { defaultUiPreferences, normaliseThemeChoice, normaliseUiPreferences } from '@tradepost/shared/domain/preferences.ts';
import type { UiPreferences } from '@tradepost/shared/schemas/preferences.ts';
import { z } from '@tradepost/shared/schemas/zod-mini.ts';
import { type SyncJsonStorage, validatedLocalStorage } from '../storage/validated-local-storage.ts';

/**
 * Theme, text size and density live under one versioned key. Its `tradepost.preferences` prefix is
 * one of those kept when caches are cleared (features/runtime/clear-app-caches.ts).
 */
export const PREFERENCES_STORAGE_KEY = 'tradepost.preferences.v1';
/** Where the first build kept the theme alone; read once when the new key is missing. */
export const LEGACY_THEME_STORAGE_KEY = 'tradepost.theme.v1';

/** Whatever is stored (old density names, out-of-range numbers, garbage) reads as valid preferences. */
const storedPreferencesSchema = z.pipe(
  z.unknown(),
  z.transform((value): UiPreferences => normaliseUiPreferences(value)),
);

/**
 * The preferences a device starts with: the stored value, else the theme an older build saved, else
 * the defaults. `read` returns the raw text of a key or null.
 */
export function initialUiPreferences(read: (key: string) => string | null): UiPreferences {
  const stored = read(PREFERENCES_STORAGE_KEY);
  if (stored !== null) return normaliseUiPreferences(stored);
  const legacy = read(LEGACY_THEME_STORAGE_KEY);
  if (legacy === null) return defaultUiPreferences;
  try {
    return { ...defaultUiPreferences, theme: normaliseThemeChoice(JSON.parse(legacy)) };
  } catch {
    return defaultUiPreferences;
  }
}

function safeRead(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

const base = validatedLocalStorage(storedPreferencesSchema);

/** The jotai storage of the preferences atom: validated reads, other tabs' changes arrive live. */
export const uiPreferencesStorage: SyncJsonStorage<UiPreferences> = {
  ...base,
  getItem: (key, initialValue) => (key === PREFERENCES_STORAGE_KEY ? initialUiPreferences(safeRead) : base.getItem(key, initialValue)),
};
