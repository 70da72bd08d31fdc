import { describe, expect, it } from 'vitest';
import {
  canonicalSize,
  compareSizes,
  getSizeFormat,
  isSizeFormatId,
  SIZE_FORMAT_IDS,
  SIZE_FORMATS,
  type SizeFormatId,
  sizeFormatIdSchema,
  sizeIndex,
  sizeLabel,
} from './size-formats.ts';

const halves = (from: number, to: number, letter = ''): string[] =>
  Array.from({ length: (to - from) * 2 + 1 }, (_, i) => `${from + i / 2}${letter}`);

describe('built-in size formats', () => {
  it('has the built-ins in a stable order', () => {
    expect(SIZE_FORMAT_IDS).toEqual(['us-men', 'us-women', 'gs', 'ps', 'toddler', 'eu', 'uk', 'cm', 'apparel', 'waist', 'it', 'one-size']);
    expect(SIZE_FORMATS.map((format) => format.id)).toEqual(SIZE_FORMAT_IDS);
  });

  it.each(SIZE_FORMATS)('$id has a name, no duplicate values and a family', (format) => {
    expect(format.name).not.toBe('');
    expect(new Set(format.values.map((value) => value.toLowerCase())).size).toBe(format.values.length);
    expect(['footwear', 'apparel', 'universal']).toContain(format.family);
  });

  it('runs US men 3.5–18 in halves, then 19 and 20', () => {
    expect(getSizeFormat('us-men').values).toEqual([...halves(3.5, 18), '19', '20']);
  });

  it('runs US women 5–15, UK 2.5–17 and CM 22–33 in halves', () => {
    expect(getSizeFormat('us-women').values).toEqual(halves(5, 15));
    expect(getSizeFormat('uk').values).toEqual(halves(2.5, 17));
    expect(getSizeFormat('cm').values).toEqual(halves(22, 33));
  });

  it('runs kids sizes with their letters', () => {
    expect(getSizeFormat('gs').values).toEqual(halves(3.5, 7, 'Y'));
    expect(getSizeFormat('ps').values).toEqual([...halves(10.5, 13.5, 'C'), ...halves(1, 3, 'Y')]);
    expect(getSizeFormat('toddler').values).toEqual(halves(1, 10, 'C'));
  });

  it('runs EU 16–52.5 in halves (kids and adults) and in the thirds Adidas uses from 35 1/3, in size order', () => {
    const eu = getSizeFormat('eu').values;
    expect(eu.slice(0, 4)).toEqual(['16', '16.5', '17', '17.5']);
    expect(eu.at(-1)).toBe('52.5');
    const from35 = eu.slice(eu.indexOf('35'));
    expect(from35.slice(0, 10)).toEqual(['35', '35 1/3', '35.5', '36', '36.5', '36 2/3', '37', '37 1/3', '37.5', '38']);
    for (const kids of ['18.5', '21', '27.5', '33.5']) expect(eu).toContain(kids);
    for (const third of ['40 2/3', '41 1/3', '44 2/3', '45 1/3', '52']) expect(eu).toContain(third);
    for (const offLadder of ['37 2/3', '34 2/3', '28 1/3']) expect(eu).not.toContain(offLadder);
    const numeric = eu.map((value) => {
      const [whole, fraction] = value.split(' ');
      return Number(whole) + (fraction === '1/3' ? 1 / 3 : fraction === '2/3' ? 2 / 3 : 0);
    });
    expect(numeric).toEqual([...numeric].sort((a, b) => a - b));
  });

  it('runs apparel, waist and one-size', () => {
    expect(getSizeFormat('apparel').values).toEqual(['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL']);
    expect(getSizeFormat('waist').values).toEqual(Array.from({ length: 30 }, (_, i) => String(23 + i)));
    expect(getSizeFormat('one-size').values).toEqual(['OS']);
  });

  it('runs Italian apparel IT 34–60 in twos', () => {
    expect(getSizeFormat('it').values).toEqual(Array.from({ length: 14 }, (_, i) => String(34 + 2 * i)));
    expect(getSizeFormat('it').family).toBe('apparel');
    expect(sizeLabel('it', '48')).toBe('IT 48');
  });

  it('refuses an id that is not a format', () => {
    expect(() => getSizeFormat('shoe' as SizeFormatId)).toThrow('Unknown size format: shoe');
    expect(isSizeFormatId('eu')).toBe(true);
    expect(isSizeFormatId('EU')).toBe(false);
    expect(isSizeFormatId(undefined)).toBe(false);
    expect(sizeFormatIdSchema.safeParse('us-women').success).toBe(true);
    expect(sizeFormatIdSchema.safeParse('women').success).toBe(false);
  });
});

describe('sizeIndex and canonicalSize', () => {
  it('finds canonical values, ignoring case and surrounding spaces', () => {
    expect(sizeIndex('us-men', '3.5')).toBe(0);
    expect(sizeIndex('us-men', '20')).toBe(31);
    expect(sizeIndex('gs', ' 7y ')).toBe(7);
    expect(canonicalSize('apparel', '3xl')).toBe('3XL');
    expect(canonicalSize('eu', '40 2/3')).toBe('40 2/3');
  });

  it('does not read free text', () => {
    expect(sizeIndex('us-men', 'US 10.5')).toBe(-1);
    expect(sizeIndex('us-men', '10.50')).toBe(-1);
    expect(sizeIndex('us-men', '18.5')).toBe(-1);
    expect(canonicalSize('waist', '53')).toBeNull();
  });
});

describe('compareSizes', () => {
  it('sorts in run order, not string order', () => {
    expect(['10', '9.5', '4', '19', '10.5'].sort((a, b) => compareSizes('us-men', a, b))).toEqual(['4', '9.5', '10', '10.5', '19']);
    expect(['XL', 'S', '3XL', 'M', 'XXS'].sort((a, b) => compareSizes('apparel', a, b))).toEqual(['XXS', 'S', 'M', 'XL', '3XL']);
    expect(['1Y', '13C', '10.5C', '3Y'].sort((a, b) => compareSizes('ps', a, b))).toEqual(['10.5C', '13C', '1Y', '3Y']);
    expect(['41 1/3', '41', '40 2/3', '40.5'].sort((a, b) => compareSizes('eu', a, b))).toEqual(['40.5', '40 2/3', '41', '41 1/3']);
  });

  it('puts values outside the run last, in string order', () => {
    expect(['zz', '10', 'aa', '4'].sort((a, b) => compareSizes('us-men', a, b))).toEqual(['4', '10', 'aa', 'zz']);
    expect(compareSizes('us-men', 'x', 'x')).toBe(0);
  });
});

describe('sizeLabel', () => {
  it('writes the short label of each format', () => {
    expect(sizeLabel('us-men', '10.5')).toBe('US M 10.5');
    expect(sizeLabel('us-women', '12')).toBe('US W 12');
    expect(sizeLabel('gs', '7y')).toBe('7Y');
    expect(sizeLabel('ps', '11C')).toBe('11C');
    expect(sizeLabel('toddler', '10C')).toBe('10C');
    expect(sizeLabel('eu', '44 2/3')).toBe('EU 44 2/3');
    expect(sizeLabel('uk', '9.5')).toBe('UK 9.5');
    expect(sizeLabel('cm', '28.5')).toBe('28.5 cm');
    expect(sizeLabel('apparel', 'xl')).toBe('XL');
    expect(sizeLabel('waist', '32')).toBe('W32');
    expect(sizeLabel('one-size', 'OS')).toBe('OS');
  });

  it('labels a value outside the run as it is', () => {
    expect(sizeLabel('us-men', ' 25 ')).toBe('US M 25');
  });
});
