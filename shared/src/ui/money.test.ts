import { describe, expect, it } from 'vitest';
import { formatMoney, formatPercent, minorDigits } from './money.ts';

describe('money for people', () => {
  it('shows minor units in the currency', () => {
    expect(formatMoney(12999, 'USD')).toMatch(/129\.99/);
    expect(formatMoney(1200, 'JPY')).toMatch(/1,200/);
    expect(minorDigits('JPY')).toBe(0);
    expect(formatMoney(500, 'NOT-A-CODE')).toMatch(/5\.00/);
  });

  it('shows percentages with one decimal at most', () => {
    expect(formatPercent(20)).toBe('20%');
    expect(formatPercent(23.456)).toBe('23.5%');
  });
});
