/**
 * Shoe sizes step in halves, and EU sizes also in thirds (Adidas' 40 2/3), so every size number is a
 * whole number of sixths. Working in sixths keeps arithmetic exact: US women's 12 minus 1.5 is
 * 72 − 9 sixths, never 10.499999.
 */
export const SIXTHS_PER_SIZE = 6;

/** 10.5 → 63. Only for numbers known to be whole sixths (the literals of this folder). */
export function toSixths(size: number): number {
  return Math.round(size * SIXTHS_PER_SIZE);
}

/**
 * Writes sixths the way the size runs spell them: halves as decimals ('44.5'), thirds as fractions
 * ('44 2/3', the spelling on Adidas and Nike EU labels). Other sixths are no size anyone sells.
 */
export function formatSixths(sixths: number): string | null {
  if (!Number.isInteger(sixths) || sixths <= 0) return null;
  const whole = Math.floor(sixths / SIXTHS_PER_SIZE);
  switch (sixths % SIXTHS_PER_SIZE) {
    case 0:
      return String(whole);
    case 3:
      return `${whole}.5`;
    case 2:
      return `${whole} 1/3`;
    case 4:
      return `${whole} 2/3`;
    default:
      return null;
  }
}

// '10', '10.5', '10,5' (European decimal comma), '10 1/2', '10-1/2', '44 2/3', '44.67'.
const SIZE_NUMBER = /^(\d{1,3})(?:[.,](\d{1,3})|(?:\s+|-)(\d)\/(\d))?$/;

// Two-decimal thirds ('44.67', '41.33', '40.66') are how spreadsheets write EU thirds; a looser
// tolerance would turn 10.3 into a size, which it is not.
const THIRDS_TOLERANCE = 0.011;

/** Parses a size number to sixths; null when it is not a half or third step. */
export function parseSizeNumber(text: string): number | null {
  const match = SIZE_NUMBER.exec(text.trim());
  if (!match) return null;
  const [, wholeText, decimals, numerator, denominator] = match;
  let value = Number(wholeText);
  if (decimals !== undefined) value += Number(`0.${decimals}`);
  if (numerator !== undefined && denominator !== undefined) {
    const top = Number(numerator);
    const bottom = Number(denominator);
    if (bottom === 0 || top === 0 || top >= bottom) return null;
    value += top / bottom;
  }
  const sixths = Math.round(value * SIXTHS_PER_SIZE);
  if (sixths <= 0 || Math.abs(value - sixths / SIXTHS_PER_SIZE) > THIRDS_TOLERANCE) return null;
  return sixths;
}
