import { describe, expect, it } from 'vitest';
import { densitySliderConfig, formatDensity, formatScale, textSizeSliderConfig } from './scale-marks.ts';

describe('slider marks (spec §9)', () => {
  it('spans the spec §5 ranges', () => {
    expect([textSizeSliderConfig.min, textSizeSliderConfig.max]).toEqual([0.7, 1.3]);
    expect([densitySliderConfig.min, densitySliderConfig.max]).toEqual([0.5, 1.3]);
  });

  it('marks the text size every 10% from end to end', () => {
    expect(textSizeSliderConfig.marks.map((mark) => mark.label)).toEqual(['70%', '80%', '90%', '100%', '110%', '120%', '130%']);
    expect(textSizeSliderConfig.marks[0]?.percent).toBe(0);
    expect(textSizeSliderConfig.marks[3]?.percent).toBe(50);
    expect(textSizeSliderConfig.marks.at(-1)?.percent).toBe(100);
  });

  it('marks the density ends and the old named densities', () => {
    expect(densitySliderConfig.marks.map((mark) => [mark.label, mark.percent])).toEqual([
      ['50%', 0],
      ['65%', 18.75],
      ['100%', 62.5],
      ['115%', 81.25],
      ['130%', 100],
    ]);
  });

  it('reads values as percentages, naming the old densities', () => {
    expect(formatScale(0.95)).toBe('95%');
    expect(formatScale(1.15)).toBe('115%');
    expect(formatDensity(0.65)).toBe('65% (compact)');
    expect(formatDensity(1)).toBe('100% (default)');
    expect(formatDensity(0.85)).toBe('85%');
  });
});
