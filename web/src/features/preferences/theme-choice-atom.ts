import type { ThemeChoice } from '@tradepost/shared/schemas/preferences.ts';
import { themeChoiceSchema } from '@tradepost/shared/schemas/preferences.ts';
import { atomWithStorage } from 'jotai/utils';
import { validatedLocalStorage } from '../storage/validated-local-storage.ts';

/** The user's saved theme; null means "follow the system" (spec §1). */
export const themeChoiceAtom = atomWithStorage<ThemeChoice | null>(
  'tradepost.theme.v1',
  null,
  validatedLocalStorage(themeChoiceSchema.nullable()),
  { getOnInit: true },
);
themeChoiceAtom.debugLabel = 'themeChoiceAtom';
