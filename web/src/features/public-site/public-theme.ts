import type { ThemeChoice } from '@tradepost/shared/schemas/preferences.ts';
import { publicThemeTokens } from './public-theme-tokens.ts';

export type PublicThemeScales = { fontScale: number; densityScale: number };

const pxPattern = /^(-?\d*\.?\d+)px$/;

/** As app/theme.ts scaleTheme: text tokens follow the text size, spacing tokens the density. */
function scaled(token: string, value: string, scales: PublicThemeScales): string {
  const factor =
    token.startsWith('fontSize') || token.startsWith('lineHeight')
      ? scales.fontScale
      : token.startsWith('spacingHorizontal') || token.startsWith('spacingVertical')
        ? scales.densityScale
        : 1;
  const match = pxPattern.exec(value);
  if (factor === 1 || match?.[1] === undefined) return value;
  return `${Number((Number(match[1]) * factor).toFixed(2))}px`;
}

/** The theme's values of the tokens the public pages use, scaled like the app scales its theme. */
export function publicThemeValues(theme: ThemeChoice, scales: PublicThemeScales): Record<string, string> {
  return Object.fromEntries(Object.entries(publicThemeTokens[theme]).map(([token, value]) => [token, scaled(token, value, scales)]));
}

/** The same values as CSS variables on the page root, where FluentProvider would have put them. */
export function publicThemeCss(theme: ThemeChoice, scales: PublicThemeScales): string {
  const values = publicThemeValues(theme, scales);
  return `:root{${Object.entries(values)
    .map(([token, value]) => `--${token}:${value};`)
    .join('')}}`;
}
