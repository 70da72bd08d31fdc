import type { ThemeChoice } from '@tradepost/shared/schemas/preferences.ts';
import { atom } from 'jotai';
import { uiPreferencesAtom } from './ui-preferences-atom.ts';

/** The user's saved theme; null means "follow the system" (spec §1). Stored with the other UI preferences. */
export const themeChoiceAtom = atom(
  (get) => get(uiPreferencesAtom).theme,
  (get, set, theme: ThemeChoice | null) => {
    const current = get(uiPreferencesAtom);
    if (current.theme !== theme) set(uiPreferencesAtom, { ...current, theme });
  },
);
themeChoiceAtom.debugLabel = 'themeChoiceAtom';
