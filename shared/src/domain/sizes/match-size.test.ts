import { describe, expect, it } from 'vitest';
import type { CustomSizeFormatData } from './custom-size-format.ts';
import { type LearnedSizeRule, matchSizeString, type SizeMatchContext } from './match-size.ts';

const youth: CustomSizeFormatData = {
  id: 'custom:0190a000-0000-7000-8000-000000000001',
  name: 'Youth',
  category: 'sneakers',
  sizes: ['1Y', '2Y', '3Y', '4Y', '5Y', '6Y', '7Y'],
  conversionFormat: 'gs',
  conversions: { '4Y': '4Y', '5Y': '5Y', '6Y': '6Y', '7Y': '7Y' },
};
const rings: CustomSizeFormatData = {
  id: 'custom:0190a000-0000-7000-8000-000000000002',
  name: 'Rings',
  category: 'accessories',
  sizes: ['Ring 6', 'Ring 7'],
  conversionFormat: null,
  conversions: {},
};
const customFormats = new Map([youth, rings].map((format) => [format.id, format]));
const context = (overrides: Partial<SizeMatchContext> = {}): SizeMatchContext => ({
  customFormats,
  businessRules: [],
  globalRules: [],
  ...overrides,
});

describe('matchSizeString: the built-in normaliser first', () => {
  it.each([
    ["Men's US 10.5", undefined, { format: 'us-men', size: '10.5', via: 'built_in', confidence: 'exact' }],
    ['EU 44.5', 'us-men', { format: 'us-men', size: '10.5', via: 'built_in', confidence: 'converted' }],
    ['TD 9C', undefined, { format: 'toddler', size: '9C', via: 'built_in', confidence: 'exact' }],
    ['W 30 L 32', undefined, { format: 'waist', size: '30', via: 'built_in', confidence: 'exact' }],
  ] as const)('%j with hint %j', (raw, formatHint, expected) => {
    expect(matchSizeString(raw, context({ formatHint }))).toEqual(expected);
  });

  it('reads a custom run by its own spelling, with or without a size word', () => {
    expect(matchSizeString('ring 7', context({ formatHint: rings.id }))).toEqual({
      format: rings.id,
      size: 'Ring 7',
      via: 'custom',
      confidence: 'exact',
    });
    expect(matchSizeString('Size: 5y', context({ formatHint: youth.id }))?.size).toBe('5Y');
    expect(matchSizeString('Size5y', context({ formatHint: youth.id }))).toMatchObject({ size: '5Y', via: 'custom' });
  });

  it('reads other spellings into a custom run through its conversions', () => {
    expect(matchSizeString('GS 6', context({ formatHint: youth.id }))).toEqual({
      format: youth.id,
      size: '6Y',
      via: 'built_in',
      confidence: 'converted',
    });
    // US men's 6 is GS 6Y on Nike's chart.
    expect(matchSizeString('US M 6', context({ formatHint: youth.id }))?.size).toBe('6Y');
    // 2Y has no conversion: a string only the chart could read stays unread.
    expect(matchSizeString('PS 2', context({ formatHint: youth.id }))).toBeNull();
  });

  it('answers null for a custom hint the business does not have', () => {
    expect(matchSizeString('10.5', context({ formatHint: 'custom:0190a000-0000-7000-8000-0000000000ff' }))).toBeNull();
  });
});

describe('matchSizeString: learned rules after the normaliser', () => {
  const global: LearnedSizeRule[] = [
    { pattern: '10.5 wide', formatId: 'us-men', value: '10.5' },
    { pattern: 'kids 5', formatId: 'gs', value: '5Y' },
  ];

  it('matches a rule ignoring case and runs of whitespace, never a near miss', () => {
    expect(matchSizeString('10.5  WIDE', context({ globalRules: global }))).toEqual({
      format: 'us-men',
      size: '10.5',
      via: 'rule',
      confidence: 'exact',
    });
    expect(matchSizeString('10.5 wide EE', context({ globalRules: global }))).toBeNull();
    expect(matchSizeString('Kids 5.5', context({ globalRules: global }))).toBeNull();
  });

  it("converts a rule's size into the hint's format, or gives up when there is no equivalent", () => {
    expect(matchSizeString('10.5 wide', context({ formatHint: 'eu', globalRules: global }))).toEqual({
      format: 'eu',
      size: '44.5',
      via: 'rule',
      confidence: 'converted',
    });
    expect(matchSizeString('kids 5', context({ formatHint: youth.id, globalRules: global }))?.size).toBe('5Y');
    expect(matchSizeString('10.5 wide', context({ formatHint: 'apparel', globalRules: global }))).toBeNull();
  });

  it("prefers the business's own rule, and falls back to the global one when its own cannot answer", () => {
    const own: LearnedSizeRule[] = [{ pattern: '10.5 wide', formatId: 'us-men', value: '11' }];
    expect(matchSizeString('10.5 wide', context({ businessRules: own, globalRules: global }))?.size).toBe('11');
    const ownRing: LearnedSizeRule[] = [{ pattern: '10.5 wide', formatId: rings.id, value: 'Ring 6' }];
    // A rings rule cannot answer in US men's; the global rule does.
    expect(matchSizeString('10.5 wide', context({ formatHint: 'us-men', businessRules: ownRing, globalRules: global }))?.size).toBe('10.5');
    expect(matchSizeString('10.5 wide', context({ businessRules: ownRing, globalRules: global }))).toEqual({
      format: rings.id,
      size: 'Ring 6',
      via: 'rule',
      confidence: 'exact',
    });
  });

  it('skips a rule whose size left its run', () => {
    const stale: LearnedSizeRule[] = [{ pattern: 'r8', formatId: rings.id, value: 'Ring 8' }];
    expect(matchSizeString('R8', context({ businessRules: stale }))).toBeNull();
    const offRun: LearnedSizeRule[] = [{ pattern: 'huge', formatId: 'us-men', value: '25' }];
    expect(matchSizeString('huge', context({ globalRules: offRun }))).toBeNull();
  });
});
