import { describe, expect, it } from 'vitest';
import { compareSizeLabels } from './size-order.ts';

const sorted = (sizes: readonly string[]) => [...sizes].sort(compareSizeLabels);

describe('compareSizeLabels', () => {
  it('orders numbers by value, not as text', () => {
    expect(sorted(['10', '10.5', '11', '9', '9.5'])).toEqual(['9', '9.5', '10', '10.5', '11']);
    expect(sorted(['US M 12', 'US M 9.5', 'US M 10'])).toEqual(['US M 9.5', 'US M 10', 'US M 12']);
    expect(sorted(['28.5 cm', '27 cm', '30 cm'])).toEqual(['27 cm', '28.5 cm', '30 cm']);
  });

  it('orders halves and thirds exactly, whatever the spelling', () => {
    expect(sorted(['EU 41', 'EU 40 2/3', 'EU 40.5', 'EU 41 1/3', 'EU 40'])).toEqual([
      'EU 40',
      'EU 40.5',
      'EU 40 2/3',
      'EU 41',
      'EU 41 1/3',
    ]);
    expect(sorted(['44⅔', '44.5', '44', '10½'])).toEqual(['10½', '44', '44.5', '44⅔']);
    expect(compareSizeLabels('10,5', '10.5')).not.toBe(0); // same value, different text: stable, not equal
    expect(Math.sign(compareSizeLabels('10,5', '11'))).toBe(-1);
  });

  it("puts kids' C sizes before Y sizes before adult numbers", () => {
    expect(sorted(['4', '1Y', '13.5C', '7Y', '10C', '3.5Y'])).toEqual(['10C', '13.5C', '1Y', '3.5Y', '7Y', '4']);
  });

  it('orders letter sizes XXS to 5XL in any spelling, after numbers, then One Size', () => {
    expect(sorted(['XL', 'S', '3XL', 'OS', 'M', 'XXS', '5XL', 'XXL', 'L', 'XS', '4XL'])).toEqual([
      'XXS',
      'XS',
      'S',
      'M',
      'L',
      'XL',
      'XXL',
      '3XL',
      '4XL',
      '5XL',
      'OS',
    ]);
    expect(compareSizeLabels('2XL', 'XXL')).not.toBe(0);
    expect(Math.sign(compareSizeLabels('Medium', 'Large'))).toBe(-1);
    expect(Math.sign(compareSizeLabels('10', 'S'))).toBe(-1);
  });

  it('puts text it cannot read last, in natural order', () => {
    expect(sorted(['Size B', 'Ring 10', 'XL', 'Size A', '9'])).toEqual(['9', 'Ring 10', 'XL', 'Size A', 'Size B']);
    expect(compareSizeLabels('same', 'same')).toBe(0);
  });
});
