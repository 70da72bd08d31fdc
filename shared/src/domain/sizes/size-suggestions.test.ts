import { describe, expect, it } from 'vitest';
import { suggestSizes } from './size-suggestions.ts';

const labels = (raw: string, hint?: string) => suggestSizes(raw, hint).map((s) => s.label);

describe('suggestSizes', () => {
  it('reads through words the normaliser does not know', () => {
    expect(labels('10.5 Wide')[0]).toBe('US M 10.5');
    expect(labels('Mens US 10.5 D')[0]).toBe('US M 10.5');
    expect(labels('Size M (Men)')).toContain('M');
  });

  it('offers each half of a split size', () => {
    expect(labels('S/M')).toEqual(['S', 'M']);
    expect(labels('L/XL')).toEqual(['L', 'XL']);
    expect(labels('10.5/11')).toEqual(expect.arrayContaining(['US M 10.5', 'US M 11']));
  });

  it('offers every run a bare number fits when the string is ambiguous', () => {
    expect(labels('30')).toEqual(['30 cm', 'W30', 'EU 30']);
    expect(labels('Kids 5')).toEqual(expect.arrayContaining(['5Y', '5C']));
  });

  it("reads a kids' word as each kids' run, grade school first", () => {
    expect(labels('Kids 5').slice(0, 2)).toEqual(['5Y', '5C']);
    expect(labels("Boys' 6.5")[0]).toBe('6.5Y');
  });

  it("puts the product's own run first, converted when needed", () => {
    expect(labels('US 10.5 Wide', 'eu')[0]).toBe('EU 44.5');
    expect(labels('30', 'waist')[0]).toBe('W30');
  });

  it('suggests nothing for text with no size in it, and stays within the limit', () => {
    expect(suggestSizes('N/A')).toEqual([]);
    expect(suggestSizes('   ')).toEqual([]);
    expect(suggestSizes('10.5/11', undefined, 3)).toHaveLength(3);
  });
});
