import { describe, expect, it } from 'vitest';
import { anchorFromHash, quickActionAnchors, quickActions, scanTargetFor } from './quick-action-anchors.ts';

describe('quick-action anchors', () => {
  it('are the six of the spec, in page order, each with one index card', () => {
    expect(quickActionAnchors).toEqual([
      'in-store-purchase',
      'trade',
      'highest-bid',
      'check-payouts',
      'inventory-search',
      'single-product-intake',
    ]);
    expect(quickActions.map((action) => action.anchor)).toEqual([...quickActionAnchors]);
  });

  it('a hash names its panel; anything else names none', () => {
    for (const anchor of quickActionAnchors) expect(anchorFromHash(`#${anchor}`)).toBe(anchor);
    expect(anchorFromHash('#Trade')).toBe('trade');
    expect(anchorFromHash('#single-product-intake%20')).toBe('single-product-intake');
    expect(anchorFromHash('')).toBeNull();
    expect(anchorFromHash('#')).toBeNull();
    expect(anchorFromHash('#highest-bid-report')).toBeNull();
    expect(anchorFromHash('#%E0%A4%A')).toBeNull();
  });

  it('scans go to the intake or the in-store purchase while it is in use, else to the search', () => {
    expect(scanTargetFor('single-product-intake')).toBe('intake');
    expect(scanTargetFor('in-store-purchase')).toBe('in-store-purchase');
    expect(scanTargetFor('inventory-search')).toBe('search');
    expect(scanTargetFor('trade')).toBe('trade');
    expect(scanTargetFor(null)).toBe('search');
  });
});
