import { describe, expect, it } from 'vitest';
import { derivePrice, marginPercent, roundPrice } from './pricing.ts';

describe('roundPrice', () => {
  it('rounds up to the chosen ending, never down', () => {
    expect(roundPrice(12_950, '.99')).toBe(12_999);
    expect(roundPrice(12_999, '.99')).toBe(12_999);
    expect(roundPrice(13_000, '.99')).toBe(13_099);
    expect(roundPrice(12_901, '.95')).toBe(12_995);
    expect(roundPrice(12_996, '.95')).toBe(13_095);
    expect(roundPrice(12_950, '.49')).toBe(13_049);
    expect(roundPrice(12_901, 'whole')).toBe(13_000);
    expect(roundPrice(13_000, 'whole')).toBe(13_000);
    expect(roundPrice(12_901, 'none')).toBe(12_901);
  });
});

describe('derivePrice', () => {
  it('applies the markup and then the rounding', () => {
    expect(derivePrice(10_000, null, { markupPercent: 12, rounding: '.99', minMarginPercent: null })).toEqual({
      priceCents: 11_299,
      marginPercent: null,
      raisedForMargin: false,
    });
  });

  it('lets a negative markup discount a channel', () => {
    expect(derivePrice(10_000, 5_000, { markupPercent: -10, rounding: 'none', minMarginPercent: null }).priceCents).toBe(9_000);
  });

  it('lifts the price to keep the minimum margin over cost', () => {
    const derived = derivePrice(10_000, 9_500, { markupPercent: 0, rounding: '.99', minMarginPercent: 20 });
    // 9,500 / 0.8 = 11,875 → rounded to 11,899.
    expect(derived.priceCents).toBe(11_899);
    expect(derived.raisedForMargin).toBe(true);
    expect(derived.marginPercent).toBeGreaterThanOrEqual(20);
  });

  it('leaves a price that already keeps the margin alone', () => {
    const derived = derivePrice(20_000, 9_500, { markupPercent: 0, rounding: 'none', minMarginPercent: 20 });
    expect(derived).toEqual({ priceCents: 20_000, marginPercent: 52.5, raisedForMargin: false });
  });

  it('ignores the margin when the cost is unknown', () => {
    expect(derivePrice(1_000, null, { markupPercent: 0, rounding: 'none', minMarginPercent: 50 }).raisedForMargin).toBe(false);
  });
});

describe('marginPercent', () => {
  it('is the share of the price left after cost, to one decimal', () => {
    expect(marginPercent(10_000, 7_000)).toBe(30);
    expect(marginPercent(3_000, 2_000)).toBe(33.3);
    expect(marginPercent(0, 100)).toBeNull();
  });
});
