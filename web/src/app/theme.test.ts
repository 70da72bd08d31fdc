import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme, scaleTheme } from './theme.ts';

describe('scaleTheme', () => {
  it('returns the same theme when nothing is scaled', () => {
    expect(scaleTheme(lightTheme, { fontScale: 1, densityScale: 1 })).toBe(lightTheme);
  });

  it('scales every fontSize and lineHeight token by the text size', () => {
    const theme = scaleTheme(lightTheme, { fontScale: 1.3, densityScale: 1 });
    expect(lightTheme.fontSizeBase300).toBe('14px');
    expect(theme.fontSizeBase300).toBe('18.2px');
    expect(theme.lineHeightBase300).toBe('26px');
    expect(theme.fontSizeHero1000).toBe(`${Number((68 * 1.3).toFixed(2))}px`);
    // Spacing is density's business.
    expect(theme.spacingHorizontalM).toBe(lightTheme.spacingHorizontalM);
  });

  it('scales horizontal and vertical spacing by the density, and leaves radii, strokes and colours alone', () => {
    const theme = scaleTheme(darkTheme, { fontScale: 1, densityScale: 0.5 });
    expect(darkTheme.spacingHorizontalM).toBe('12px');
    expect(theme.spacingHorizontalM).toBe('6px');
    expect(theme.spacingVerticalXXL).toBe('12px');
    expect(theme.spacingHorizontalNone).toBe('0');
    expect(theme.borderRadiusMedium).toBe(darkTheme.borderRadiusMedium);
    expect(theme.strokeWidthThin).toBe(darkTheme.strokeWidthThin);
    expect(theme.colorNeutralBackground1).toBe(darkTheme.colorNeutralBackground1);
    expect(theme.fontSizeBase300).toBe(darkTheme.fontSizeBase300);
  });

  it('scales both at once without touching the input theme', () => {
    const before = { ...lightTheme };
    const theme = scaleTheme(lightTheme, { fontScale: 0.7, densityScale: 1.15 });
    expect(theme.fontSizeBase200).toBe('8.4px');
    expect(theme.spacingVerticalL).toBe('18.4px');
    expect(lightTheme).toEqual(before);
  });
});
