import { normaliseFontScale } from '@tradepost/shared/domain/preferences.ts';
import { atom } from 'jotai';
import { uiPreferencesAtom } from './ui-preferences-atom.ts';

/** Text size, 0.7–1.3 in steps of 0.05 (spec §5, §9); whatever is written is clamped and snapped. */
export const fontScaleAtom = atom(
  (get) => get(uiPreferencesAtom).fontScale,
  (get, set, value: number) => {
    const current = get(uiPreferencesAtom);
    const fontScale = normaliseFontScale(value);
    if (current.fontScale !== fontScale) set(uiPreferencesAtom, { ...current, fontScale });
  },
);
fontScaleAtom.debugLabel = 'fontScaleAtom';
