import { DENSITY_SCALE, DENSITY_SCALE_MARKS, FONT_SCALE, FONT_SCALE_MARKS } from '@tradepost/shared/domain/preferences.ts';

export type ScaleMark = { value: number; label: string /** Position along the rail, 0–100. */; percent: number };

export type ScaleSliderConfig = {
  min: number;
  max: number;
  marks: readonly ScaleMark[];
  /** What the value reads as, for the visible figure and for screen readers. */
  format: (value: number) => string;
};

/** 0.95 → '95%': the scale reads as a size relative to the standard one. */
export function formatScale(value: number): string {
  return `${Math.round(value * 100)}%`;
}

function marksFor(values: readonly number[], min: number, max: number): ScaleMark[] {
  return values.map((value) => ({
    value,
    label: formatScale(value),
    percent: Number((((value - min) / (max - min)) * 100).toFixed(4)),
  }));
}

/** The density names older builds stored (spec §5), named again where their value is. */
const densityNames = new Map<number, string>([
  [0.65, 'compact'],
  [1, 'default'],
  [1.15, 'comfortable'],
]);

export function formatDensity(value: number): string {
  const name = densityNames.get(Number(value.toFixed(2)));
  return name === undefined ? formatScale(value) : `${formatScale(value)} (${name})`;
}

export const textSizeSliderConfig: ScaleSliderConfig = {
  min: FONT_SCALE.min,
  max: FONT_SCALE.max,
  marks: marksFor(FONT_SCALE_MARKS, FONT_SCALE.min, FONT_SCALE.max),
  format: formatScale,
};

export const densitySliderConfig: ScaleSliderConfig = {
  min: DENSITY_SCALE.min,
  max: DENSITY_SCALE.max,
  marks: marksFor(DENSITY_SCALE_MARKS, DENSITY_SCALE.min, DENSITY_SCALE.max),
  format: formatDensity,
};
