import type { ThemeChoice, UiPreferences } from '../schemas/preferences.ts';

/** Spec §5 limits; the sliders of spec §9 move in steps of 0.05. */
export const FONT_SCALE = { min: 0.7, max: 1.3, default: 0.95 } as const;
export const DENSITY_SCALE = { min: 0.5, max: 1.3, default: 1 } as const;
export const SCALE_SLIDER_STEP = 0.05;

/** Density was once stored by name (spec §5). */
export const LEGACY_DENSITY_SCALES = { compact: 0.65, comfortable: 1.15, default: 1, cozy: 1 } as const;
export type LegacyDensityName = keyof typeof LEGACY_DENSITY_SCALES;

/** Text-size slider marks: every 0.1 of the range. */
export const FONT_SCALE_MARKS = [0.7, 0.8, 0.9, 1, 1.1, 1.2, 1.3] as const;
/** Density slider marks: the ends and the three former named densities, so old users find their setting. */
export const DENSITY_SCALE_MARKS = [0.5, LEGACY_DENSITY_SCALES.compact, 1, LEGACY_DENSITY_SCALES.comfortable, 1.3] as const;

export const defaultUiPreferences: UiPreferences = {
  fontScale: FONT_SCALE.default,
  densityScale: DENSITY_SCALE.default,
  theme: null,
};

type ScaleRange = { readonly min: number; readonly max: number; readonly default: number };

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

/**
 * Clamps to the range and snaps to the slider step, so a stored value is always one the slider can
 * show (and 0.1 + 0.05 float noise never reaches the UI). Anything unreadable becomes the default.
 */
function normaliseScale(value: unknown, range: ScaleRange): number {
  const number = toNumber(value);
  if (number === undefined) return range.default;
  const clamped = Math.min(range.max, Math.max(range.min, number));
  const snapped = Math.round(clamped / SCALE_SLIDER_STEP) * SCALE_SLIDER_STEP;
  return Number(snapped.toFixed(2));
}

export function normaliseFontScale(value: unknown): number {
  return normaliseScale(value, FONT_SCALE);
}

/** Accepts a number, a numeric string or one of the old density names. */
export function normaliseDensityScale(value: unknown): number {
  if (typeof value === 'string') {
    const name = value.trim().toLowerCase();
    if (Object.hasOwn(LEGACY_DENSITY_SCALES, name)) return LEGACY_DENSITY_SCALES[name as LegacyDensityName];
  }
  return normaliseScale(value, DENSITY_SCALE);
}

export function normaliseThemeChoice(value: unknown): ThemeChoice | null {
  return value === 'light' || value === 'dark' ? value : null;
}

function readObject(raw: unknown): Record<string, unknown> {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * Turns whatever local storage holds (an object, its JSON text, old density names under `density`,
 * garbage) into valid UI preferences; a missing or bad field takes its default.
 */
export function normaliseUiPreferences(raw: unknown): UiPreferences {
  const stored = readObject(raw);
  return {
    fontScale: normaliseFontScale(stored.fontScale),
    densityScale: normaliseDensityScale(stored.densityScale ?? stored.density),
    theme: normaliseThemeChoice(stored.theme),
  };
}

/** Spec §1: the saved choice, otherwise the system preference. */
export function resolveTheme(saved: ThemeChoice | null | undefined, prefersDark: boolean): ThemeChoice {
  if (saved === 'light' || saved === 'dark') return saved;
  return prefersDark ? 'dark' : 'light';
}
