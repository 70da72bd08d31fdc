import { describe, expect, it } from 'vitest';
import {
  DENSITY_SCALE,
  DENSITY_SCALE_MARKS,
  defaultUiPreferences,
  FONT_SCALE,
  FONT_SCALE_MARKS,
  normaliseDensityScale,
  normaliseFontScale,
  normaliseUiPreferences,
  resolveTheme,
  SCALE_SLIDER_STEP,
} from './preferences.ts';

describe('scales (spec §5)', () => {
  it('has the limits, defaults and step', () => {
    expect(FONT_SCALE).toEqual({ min: 0.7, max: 1.3, default: 0.95 });
    expect(DENSITY_SCALE).toEqual({ min: 0.5, max: 1.3, default: 1 });
    expect(SCALE_SLIDER_STEP).toBe(0.05);
  });

  it('clamps the font scale to 0.7–1.3', () => {
    expect(normaliseFontScale(0.2)).toBe(0.7);
    expect(normaliseFontScale(2)).toBe(1.3);
    expect(normaliseFontScale(1.1)).toBe(1.1);
  });

  it('clamps the density scale to 0.5–1.3', () => {
    expect(normaliseDensityScale(0)).toBe(0.5);
    expect(normaliseDensityScale(9)).toBe(1.3);
    expect(normaliseDensityScale(0.65)).toBe(0.65);
  });

  it('snaps to the slider step and removes float noise', () => {
    expect(normaliseFontScale(0.93)).toBe(0.95);
    expect(normaliseFontScale(0.1 + 0.2 + 0.65)).toBe(0.95);
    expect(normaliseDensityScale(1.1500000001)).toBe(1.15);
  });

  it('maps the old density names', () => {
    expect(normaliseDensityScale('compact')).toBe(0.65);
    expect(normaliseDensityScale('comfortable')).toBe(1.15);
    expect(normaliseDensityScale('default')).toBe(1);
    expect(normaliseDensityScale('cozy')).toBe(1);
    expect(normaliseDensityScale(' Compact ')).toBe(0.65);
  });

  it('falls back to the default for anything unreadable', () => {
    for (const value of [undefined, null, 'huge', '', Number.NaN, Number.POSITIVE_INFINITY, {}, [1], 'toString']) {
      expect(normaliseFontScale(value)).toBe(0.95);
      expect(normaliseDensityScale(value)).toBe(1);
    }
    expect(normaliseFontScale('1.2')).toBe(1.2);
  });

  it('exports marks that lie on the step inside the range', () => {
    for (const [marks, range] of [
      [FONT_SCALE_MARKS, FONT_SCALE],
      [DENSITY_SCALE_MARKS, DENSITY_SCALE],
    ] as const) {
      expect(marks[0]).toBe(range.min);
      expect(marks.at(-1)).toBe(range.max);
      for (const mark of marks) expect(Math.abs(mark / SCALE_SLIDER_STEP - Math.round(mark / SCALE_SLIDER_STEP))).toBeLessThan(1e-9);
    }
    expect(DENSITY_SCALE_MARKS).toEqual([0.5, 0.65, 1, 1.15, 1.3]);
  });
});

describe('normaliseUiPreferences', () => {
  it('keeps valid values', () => {
    expect(normaliseUiPreferences({ fontScale: 1.1, densityScale: 0.8, theme: 'dark' })).toEqual({
      fontScale: 1.1,
      densityScale: 0.8,
      theme: 'dark',
    });
  });

  it('repairs old and broken values field by field', () => {
    expect(normaliseUiPreferences({ fontScale: '5', density: 'compact', theme: 'purple' })).toEqual({
      fontScale: 1.3,
      densityScale: 0.65,
      theme: null,
    });
  });

  it('reads the JSON text local storage holds', () => {
    expect(normaliseUiPreferences('{"fontScale":0.8,"densityScale":"comfortable","theme":"light"}')).toEqual({
      fontScale: 0.8,
      densityScale: 1.15,
      theme: 'light',
    });
  });

  it('turns garbage into the defaults', () => {
    for (const raw of [undefined, null, 42, 'not json', '[]', [], true]) {
      expect(normaliseUiPreferences(raw)).toEqual(defaultUiPreferences);
    }
    expect(defaultUiPreferences).toEqual({ fontScale: 0.95, densityScale: 1, theme: null });
  });
});

describe('resolveTheme', () => {
  it('uses the saved choice, else the system preference', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme(null, true)).toBe('dark');
    expect(resolveTheme(undefined, false)).toBe('light');
  });
});
