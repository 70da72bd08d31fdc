import { describe, expect, it } from 'vitest';
import { pushableQuantity, sellingLocations } from './pushable-quantity.ts';

describe('pushableQuantity', () => {
  it('offers the available units less the buffer', () => {
    expect(pushableQuantity({ available: 5, buffer: 0, cap: null })).toBe(5);
    expect(pushableQuantity({ available: 5, buffer: 2, cap: null })).toBe(3);
  });

  it('never offers more than the cap', () => {
    expect(pushableQuantity({ available: 9, buffer: 1, cap: 2 })).toBe(2);
    expect(pushableQuantity({ available: 2, buffer: 0, cap: 5 })).toBe(2);
    expect(pushableQuantity({ available: 7, buffer: 0, cap: 0 })).toBe(0);
  });

  it('never goes below zero: a buffer larger than the stock takes the size off sale', () => {
    expect(pushableQuantity({ available: 1, buffer: 1, cap: null })).toBe(0);
    expect(pushableQuantity({ available: 1, buffer: 3, cap: 4 })).toBe(0);
    expect(pushableQuantity({ available: 0, buffer: 0, cap: null })).toBe(0);
  });

  it('treats a negative buffer as none', () => {
    expect(pushableQuantity({ available: 3, buffer: -2, cap: null })).toBe(3);
  });
});

describe('sellingLocations', () => {
  it('reads location_ids; absent or malformed means every location', () => {
    expect(sellingLocations({ location_ids: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(sellingLocations({})).toEqual([]);
    expect(sellingLocations(null)).toEqual([]);
    expect(sellingLocations({ location_ids: null })).toEqual([]);
  });
});
