import { normaliseDensityScale } from '@tradepost/shared/domain/preferences.ts';
import { atom } from 'jotai';
import { uiPreferencesAtom } from './ui-preferences-atom.ts';

/** Density, 0.5–1.3 in steps of 0.05 (spec §5, §9); old names such as 'compact' are accepted too. */
export const densityScaleAtom = atom(
  (get) => get(uiPreferencesAtom).densityScale,
  (get, set, value: number | string) => {
    const current = get(uiPreferencesAtom);
    const densityScale = normaliseDensityScale(value);
    if (current.densityScale !== densityScale) set(uiPreferencesAtom, { ...current, densityScale });
  },
);
densityScaleAtom.debugLabel = 'densityScaleAtom';
