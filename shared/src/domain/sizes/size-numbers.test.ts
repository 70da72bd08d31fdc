import { describe, expect, it } from 'vitest';
import { formatSixths, parseSizeNumber, toSixths } from './size-numbers.ts';

describe('parseSizeNumber', () => {
  it.each([
    ['10', 60],
    ['10.5', 63],
    ['10,5', 63],
    ['10.50', 63],
    ['10.0', 60],
    ['10 1/2', 63],
    ['10-1/2', 63],
    ['44 2/3', 268],
    ['44 1/3', 266],
    ['44.67', 268],
    ['44.66', 268],
    ['44.33', 266],
    ['44.333', 266],
  ] as const)('%s is %i sixths', (text, sixths) => {
    expect(parseSizeNumber(text)).toBe(sixths);
  });

  it.each(['10.3', '10.25', '10 1/4', '10 3/4', '10 2/2', '10 0/3', '0', '', 'ten', '10.5 1/2', '1234', '-1'])('refuses %j', (text) => {
    expect(parseSizeNumber(text)).toBeNull();
  });
});

describe('formatSixths', () => {
  it('writes halves as decimals and thirds as fractions', () => {
    expect(formatSixths(60)).toBe('10');
    expect(formatSixths(63)).toBe('10.5');
    expect(formatSixths(266)).toBe('44 1/3');
    expect(formatSixths(268)).toBe('44 2/3');
  });

  it('writes nothing for sixths no size uses', () => {
    expect(formatSixths(61)).toBeNull();
    expect(formatSixths(0)).toBeNull();
    expect(formatSixths(2.5)).toBeNull();
  });

  it('reads literals exactly', () => {
    expect(toSixths(10.5)).toBe(63);
    expect(toSixths(1.5)).toBe(9);
  });
});
