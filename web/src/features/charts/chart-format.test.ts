import { describe, expect, it } from 'vitest';
import { compactMoney, niceAxisMax } from './chart-format.ts';

describe('chart axes', () => {
  it('rounds the top of an axis up to even, readable steps', () => {
    expect(niceAxisMax(250)).toBe(300);
    expect(niceAxisMax(252)).toBe(300);
    expect(niceAxisMax(3)).toBe(4);
    expect(niceAxisMax(9_100)).toBe(10_000);
    expect(niceAxisMax(0)).toBe(4);
  });

  it('labels amounts compactly in the business currency', () => {
    expect(compactMoney(1_200, 'USD')).toMatch(/1\.2K/);
  });
});
