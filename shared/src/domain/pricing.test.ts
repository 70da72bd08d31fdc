import { describe, expect, it } from 'vitest';
import { applyPriceChange, derivePrice, marginPercent, parsePercent, roundPrice } from './pricing.ts';

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

describe('applyPriceChange', () => {
  it('sets one price, or moves each by an amount, in whole cents', () => {
    expect(applyPriceChange(15_000, { kind: 'set', cents: 12_999, roundTo99: false })).toBe(12_999);
    expect(applyPriceChange(15_000, { kind: 'amount', cents: -2_501, roundTo99: false })).toBe(12_499);
    expect(applyPriceChange(15_000, { kind: 'amount', cents: 1_000, roundTo99: false })).toBe(16_000);
  });

  it('moves by a percentage exactly, rounding half a cent up', () => {
    expect(applyPriceChange(15_000, { kind: 'percent', basisPoints: -1_000, roundTo99: false })).toBe(13_500);
    // 19.99 × 1.1 = 21.989 in floating point is 21.988999…; in cents it is 2198.9 → 2199.
    expect(applyPriceChange(1_999, { kind: 'percent', basisPoints: 1_000, roundTo99: false })).toBe(2_199);
    // 0.05 × 1.5 = 0.075 → 0.08 (half up), 0.01 × 1.125 = 0.01125 → 0.01.
    expect(applyPriceChange(5, { kind: 'percent', basisPoints: 5_000, roundTo99: false })).toBe(8);
    expect(applyPriceChange(1, { kind: 'percent', basisPoints: 1_250, roundTo99: false })).toBe(1);
    expect(applyPriceChange(11_111, { kind: 'percent', basisPoints: 1_250, roundTo99: false })).toBe(12_500);
    // 129.90 + 15% is exactly 149.385, so 149.39; in floating point 12990 × 1.15 is 14938.4999…, which rounds down.
    expect(applyPriceChange(12_990, { kind: 'percent', basisPoints: 1_500, roundTo99: false })).toBe(14_939);
    expect(applyPriceChange(2_990, { kind: 'percent', basisPoints: 1_500, roundTo99: false })).toBe(3_439);
  });

  it('rounds up to .99 after the change, as channel price rules do', () => {
    expect(applyPriceChange(15_000, { kind: 'percent', basisPoints: -1_000, roundTo99: true })).toBe(13_599);
    expect(applyPriceChange(12_999, { kind: 'percent', basisPoints: 0, roundTo99: true })).toBe(12_999);
    expect(applyPriceChange(10_000, { kind: 'amount', cents: 50, roundTo99: true })).toBe(10_099);
  });

  it('never goes below 0', () => {
    expect(applyPriceChange(1_000, { kind: 'amount', cents: -5_000, roundTo99: false })).toBe(0);
    expect(applyPriceChange(1_000, { kind: 'amount', cents: -5_000, roundTo99: true })).toBe(0);
    expect(applyPriceChange(1_000, { kind: 'percent', basisPoints: -20_000, roundTo99: false })).toBe(0);
    expect(applyPriceChange(-300, { kind: 'percent', basisPoints: 1_000, roundTo99: false })).toBe(0);
  });
});

describe('parsePercent', () => {
  it('reads signed percentages with up to two decimals as basis points', () => {
    expect(parsePercent('-10')).toBe(-1_000);
    expect(parsePercent('+12.5')).toBe(1_250);
    expect(parsePercent('7,25 %')).toBe(725);
    expect(parsePercent('0')).toBe(0);
  });

  it('refuses what is not a percentage or is out of range', () => {
    expect(parsePercent('')).toBeNull();
    expect(parsePercent('ten')).toBeNull();
    expect(parsePercent('1.234')).toBeNull();
    expect(parsePercent('-100')).toBeNull();
    expect(parsePercent('501')).toBeNull();
  });
});
