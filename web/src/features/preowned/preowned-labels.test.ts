import { describe, expect, it } from 'vitest';
import { daysText, itemSizeLabel, missingText } from './preowned-labels.ts';

describe('pre-owned labels', () => {
  it('says what a draft is missing in plain words', () => {
    expect(missingText(['grade', 'price_cents'])).toBe('Missing grade and price');
    expect(missingText(['size', 'grade', 'price_cents', 'unit_cost_cents'])).toBe('Missing size, grade, price and cost');
    expect(missingText(['location_id'])).toBe('Missing location');
    expect(missingText([])).toBe('');
  });

  it('labels sizes of built-in formats and keeps the shop’s own as typed', () => {
    expect(itemSizeLabel('us-men', '10.5')).toBe('US M 10.5');
    expect(itemSizeLabel('vintage-tags', 'Tag L')).toBe('Tag L');
    expect(itemSizeLabel('us-men', null)).toBeNull();
  });

  it('counts days in stock, and days until sold', () => {
    expect(daysText(0, 'in_stock')).toBe('Listed today');
    expect(daysText(1, 'in_stock')).toBe('1 day in stock');
    expect(daysText(12, 'sold')).toBe('Sold after 12 days');
    expect(daysText(null, 'draft')).toBeNull();
  });
});
