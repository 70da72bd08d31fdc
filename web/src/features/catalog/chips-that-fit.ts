/**
 * How many chips of these widths fit in `available` pixels with `gap` between them, keeping room
 * for the '+N' chip (`moreWidth`) when not all of them fit, or always when `more` says others follow.
 */
export function chipsThatFit(widths: readonly number[], available: number, gap: number, moreWidth: number, more = false): number {
  const total = widths.reduce((sum, width) => sum + width, 0) + gap * Math.max(0, widths.length - 1);
  if (!more && total <= available) return widths.length;
  let used = moreWidth;
  for (let i = 0; i < widths.length; i += 1) {
    used += (widths[i] ?? 0) + gap;
    if (used > available) return i;
  }
  return widths.length;
}
