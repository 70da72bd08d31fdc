import { defaultUiPreferences } from '@tradepost/shared/domain/preferences.ts';
import type { UiPreferences } from '@tradepost/shared/schemas/preferences.ts';
import { atomWithStorage } from 'jotai/utils';
import { PREFERENCES_STORAGE_KEY, uiPreferencesStorage } from './ui-preferences-storage.ts';

/**
 * Theme, text size and density of this device (spec §1, §5). Saved locally at once; the preferences
 * sync (use-preferences-sync.ts) also saves it to the account and loads the account's after sign-in.
 * Components use the narrower atoms (themeChoiceAtom, fontScaleAtom, densityScaleAtom).
 */
export const uiPreferencesAtom = atomWithStorage<UiPreferences>(PREFERENCES_STORAGE_KEY, defaultUiPreferences, uiPreferencesStorage, {
  getOnInit: true,
});
uiPreferencesAtom.debugLabel = 'uiPreferencesAtom';
