import { describe, expect, it } from 'vitest';
import { chipsThatFit } from './chips-that-fit.ts';

describe('chipsThatFit', () => {
  it('shows every chip when all fit', () => {
    expect(chipsThatFit([40, 40, 40], 128, 4, 30)).toBe(3);
  });

  it('keeps room for the +N chip when some do not fit', () => {
    // 40+4+40+4+40 = 128 > 120: two chips and the +1 chip (40+4+40+4+30 = 118).
    expect(chipsThatFit([40, 40, 40], 120, 4, 30)).toBe(2);
    // Not even one chip beside the +N chip.
    expect(chipsThatFit([80, 40], 100, 4, 30)).toBe(0);
  });

  it('always keeps room for +N when more sizes follow than were measured', () => {
    expect(chipsThatFit([40, 40], 200, 4, 30, true)).toBe(2);
    expect(chipsThatFit([40, 40], 100, 4, 30, true)).toBe(1);
  });
});
