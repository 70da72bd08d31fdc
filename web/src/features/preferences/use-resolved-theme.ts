import { resolveTheme } from '@tradepost/shared/domain/preferences.ts';
import type { ThemeChoice } from '@tradepost/shared/schemas/preferences.ts';
import { useAtomValue } from 'jotai';
import { themeChoiceAtom } from './theme-choice-atom.ts';
import { useSystemPrefersDark } from './use-system-prefers-dark.ts';

/** Spec §1: the saved choice, otherwise the system preference (followed live). */
export function useResolvedTheme(): ThemeChoice {
  return resolveTheme(useAtomValue(themeChoiceAtom), useSystemPrefersDark());
}
