import { type BrandVariants, createDarkTheme, createLightTheme, type Theme } from '@fluentui/react-components';
import type { ThemeChoice } from '@tradepost/shared/schemas/preferences.ts';

/**
 * Tradepost indigo: one brand ramp (10 = darkest, 160 = lightest), built in OKLCH at hue 277 so the
 * steps are even to the eye. This file is the only place in the app where colour values are written;
 * everything else uses `tokens.*`.
 */
export const tradepostBrand: BrandVariants = {
  10: '#0a0b29',
  20: '#130d4b',
  30: '#1d0d6f',
  40: '#280b93',
  50: '#340fb4',
  60: '#3e27c9',
  70: '#493cdc',
  80: '#554fee',
  90: '#6261ff',
  100: '#7074ff',
  110: '#818bff',
  120: '#95a1ff',
  130: '#abb7ff',
  140: '#c0c8ff',
  150: '#d5dbff',
  160: '#ebeeff',
};

const fontFamily =
  "'Segoe UI Variable', 'Segoe UI', system-ui, -apple-system, BlinkMacSystemFont, 'Inter', Roboto, 'Helvetica Neue', sans-serif";

const shared: Partial<Theme> = {
  fontFamilyBase: fontFamily,
  borderRadiusMedium: '6px',
  borderRadiusLarge: '10px',
  borderRadiusXLarge: '14px',
};

export const lightTheme: Theme = {
  ...createLightTheme(tradepostBrand),
  ...shared,
};

const darkBase = createDarkTheme(tradepostBrand);

/** Fluent's own advice for dark themes: lift brand foregrounds two steps so text keeps its contrast. */
export const darkTheme: Theme = {
  ...darkBase,
  ...shared,
  colorBrandForeground1: tradepostBrand[110],
  colorBrandForeground2: tradepostBrand[120],
  colorBrandForegroundLink: tradepostBrand[110],
  colorBrandForegroundLinkHover: tradepostBrand[120],
  colorBrandForegroundLinkPressed: tradepostBrand[100],
  colorNeutralForeground2BrandHover: tradepostBrand[110],
  colorNeutralForeground2BrandPressed: tradepostBrand[100],
  colorNeutralForeground2BrandSelected: tradepostBrand[110],
  colorCompoundBrandForeground1: tradepostBrand[110],
  colorCompoundBrandStroke: tradepostBrand[110],
};

export const themes: Record<ThemeChoice, Theme> = { light: lightTheme, dark: darkTheme };

export type ThemeScales = { fontScale: number; densityScale: number };

const pxPattern = /^(-?\d*\.?\d+)px$/;

function scalePx(value: string, factor: number): string {
  const match = pxPattern.exec(value);
  if (match?.[1] === undefined) return value;
  return `${Number((Number(match[1]) * factor).toFixed(2))}px`;
}

/** Text tokens follow the text size; spacing tokens (not radii, strokes or shadows) follow the density. */
function factorFor(token: string, scales: ThemeScales): number {
  if (token.startsWith('fontSize') || token.startsWith('lineHeight')) return scales.fontScale;
  if (token.startsWith('spacingHorizontal') || token.startsWith('spacingVertical')) return scales.densityScale;
  return 1;
}

/**
 * Spec §1, §5: the text-size and density preferences, applied app-wide through Fluent's tokens. Every
 * component and `typographyStyles` read these tokens, so scaling them here scales the whole app.
 * Pure: returns a new theme (or the same one when both scales are 1).
 */
export function scaleTheme(theme: Theme, scales: ThemeScales): Theme {
  if (scales.fontScale === 1 && scales.densityScale === 1) return theme;
  const scaled: Record<string, unknown> = { ...theme };
  for (const [token, value] of Object.entries(theme)) {
    const factor = factorFor(token, scales);
    if (factor !== 1 && typeof value === 'string') scaled[token] = scalePx(value, factor);
  }
  return scaled as Theme;
}
