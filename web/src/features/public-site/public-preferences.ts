import { defaultUiPreferences, normaliseThemeChoice, normaliseUiPreferences } from '@tradepost/shared/domain/preferences.ts';
import type { ThemeChoice, UiPreferences } from '@tradepost/shared/schemas/preferences.ts';

/*
 * The device's theme, text size and density as the light public site reads and writes them: the same
 * key and shape as the app (features/preferences/ui-preferences-storage.ts, which a test compares with
 * this), without its zod and jotai.
 */

export const PREFERENCES_STORAGE_KEY = 'tradepost.preferences.v1';
export const LEGACY_THEME_STORAGE_KEY = 'tradepost.theme.v1';

type Read = (key: string) => string | null;

/** The stored preferences, else the theme an older build saved, else the defaults (as the app starts). */
export function readUiPreferences(read: Read): UiPreferences {
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

/** Saves a theme choice the way the app's theme toggle does: the whole preferences object, as JSON. */
export function saveThemeChoice(theme: ThemeChoice, read: Read, write: (key: string, value: string) => void): UiPreferences {
  const next = { ...readUiPreferences(read), theme };
  write(PREFERENCES_STORAGE_KEY, JSON.stringify(next));
  return next;
}

export function safeRead(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function safeWrite(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or a full disk: the choice holds for this page only.
  }
}
