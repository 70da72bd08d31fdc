import { defaultUiPreferences } from '@tradepost/shared/domain/preferences.ts';
import { describe, expect, it } from 'vitest';
import { initialUiPreferences, LEGACY_THEME_STORAGE_KEY, PREFERENCES_STORAGE_KEY } from './ui-preferences-storage.ts';

const reader = (entries: Record<string, string>) => (key: string) => entries[key] ?? null;

describe('initialUiPreferences', () => {
  it('uses one versioned key whose prefix survives cache clears', () => {
    expect(PREFERENCES_STORAGE_KEY).toBe('tradepost.preferences.v1');
  });

  it('reads the stored preferences through the spec §5 clamps and the old density names', () => {
    expect(
      initialUiPreferences(reader({ [PREFERENCES_STORAGE_KEY]: JSON.stringify({ fontScale: 2, densityScale: 0.1, theme: 'dark' }) })),
    ).toEqual({
      fontScale: 1.3,
      densityScale: 0.5,
      theme: 'dark',
    });
    expect(initialUiPreferences(reader({ [PREFERENCES_STORAGE_KEY]: JSON.stringify({ density: 'compact' }) }))).toEqual({
      ...defaultUiPreferences,
      densityScale: 0.65,
    });
    expect(initialUiPreferences(reader({ [PREFERENCES_STORAGE_KEY]: JSON.stringify({ densityScale: 'comfortable' }) })).densityScale).toBe(
      1.15,
    );
    expect(initialUiPreferences(reader({ [PREFERENCES_STORAGE_KEY]: JSON.stringify({ densityScale: 'cozy' }) })).densityScale).toBe(1);
  });

  it('falls back to the defaults for nothing or garbage (font 0.95, density 1, theme from the system)', () => {
    expect(initialUiPreferences(reader({}))).toEqual({ fontScale: 0.95, densityScale: 1, theme: null });
    expect(initialUiPreferences(reader({ [PREFERENCES_STORAGE_KEY]: '{nope' }))).toEqual(defaultUiPreferences);
  });

  it('carries over the theme the first build saved under its own key', () => {
    expect(initialUiPreferences(reader({ [LEGACY_THEME_STORAGE_KEY]: '"dark"' }))).toEqual({ ...defaultUiPreferences, theme: 'dark' });
    expect(initialUiPreferences(reader({ [LEGACY_THEME_STORAGE_KEY]: 'oops' }))).toEqual(defaultUiPreferences);
    expect(
      initialUiPreferences(reader({ [LEGACY_THEME_STORAGE_KEY]: '"dark"', [PREFERENCES_STORAGE_KEY]: JSON.stringify({ theme: 'light' }) }))
        .theme,
    ).toBe('light');
  });
});
