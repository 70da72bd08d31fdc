import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyFigure, formatPercent, minorDigits } from './money.ts';

describe('money for people', () => {
  it('keeps headline figures exact below a million and compact above, so they fit their card', () => {
    expect(formatMoneyFigure(94_812_050, 'USD')).toBe(formatMoney(94_812_050, 'USD'));
    expect(formatMoneyFigure(23_950_427_800, 'USD')).toMatch(/^\$239\.5M$/);
    expect(formatMoneyFigure(-150_000_000, 'USD')).toMatch(/1\.5M/);
    expect(formatMoneyFigure(300_000_000, 'JPY')).toMatch(/300M/);
  });

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
