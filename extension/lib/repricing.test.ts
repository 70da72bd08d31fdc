import { describe, expect, it } from 'vitest';
import { repricing } from './repricing.ts';

const ebayRule = { channel_name: 'eBay', markup_percent: 10, rounding: '.99' as const, min_margin_percent: 20 };

describe('repricing', () => {
  it("compares the page's price with cost, floor and the channel rule's price", () => {
    const figures = repricing({ page_price_cents: 18999, cost_cents: 12000, base_price_cents: 21000, rule: ebayRule });
    expect(figures).toMatchObject({
      margin_percent: 36.8,
      profit_cents: 6999,
      floor_cents: 15000,
      floor_basis: 'min-margin',
      below_floor: false,
      suggested: { price_cents: 23199, basis: 'rule', raised_for_margin: false },
    });
  });

  it('flags a page price under the floor and raises the suggestion to keep the margin', () => {
    const figures = repricing({ page_price_cents: 14000, cost_cents: 16000, base_price_cents: 15000, rule: ebayRule });
    expect(figures.below_floor).toBe(true);
    expect(figures.floor_cents).toBe(20000);
    expect(figures.suggested).toMatchObject({ price_cents: 20099, raised_for_margin: true });
    expect(figures.margin_percent).toBe(-14.3);
  });

  it('breaks even without a rule, and suggests our own price', () => {
    const figures = repricing({ page_price_cents: 9500, cost_cents: 6000, base_price_cents: 11000, rule: null });
    expect(figures).toMatchObject({ floor_cents: 6000, floor_basis: 'cost', suggested: { price_cents: 11000, basis: 'own-price' } });
  });

  it('says nothing it cannot know', () => {
    expect(repricing({ page_price_cents: null, cost_cents: null, base_price_cents: null, rule: ebayRule })).toEqual({
      page_price_cents: null,
      cost_cents: null,
      margin_percent: null,
      profit_cents: null,
      floor_cents: null,
      floor_basis: null,
      below_floor: false,
      suggested: null,
    });
  });
});
