import { describe, expect, it } from 'vitest';
import { CONVERTIBLE_FORMAT_IDS, convertSize, NIKE_MENS_CHART, US_WOMEN_OFFSET } from './conversions.ts';
import { SIZE_FORMAT_IDS, type SizeFormatId, sizeIndex } from './size-formats.ts';

describe("Nike's men's chart", () => {
  it('has one row per US men half size from 3.5 to 18', () => {
    expect(NIKE_MENS_CHART.map((row) => Number(row.usMen))).toEqual(Array.from({ length: 30 }, (_, i) => 3.5 + i / 2));
  });

  it('never decreases in any column', () => {
    for (const column of ['uk', 'eu', 'cm'] as const) {
      const values = NIKE_MENS_CHART.map((row) => Number(row[column]));
      expect(values).toEqual([...values].sort((a, b) => a - b));
    }
  });

  it('uses values of the UK and EU runs, and of the CM run up to 33 cm', () => {
    for (const row of NIKE_MENS_CHART) {
      expect(sizeIndex('us-men', row.usMen)).not.toBe(-1);
      expect(sizeIndex('uk', row.uk)).not.toBe(-1);
      expect(sizeIndex('eu', row.eu)).not.toBe(-1);
      if (Number(row.cm) <= 33) expect(sizeIndex('cm', row.cm)).not.toBe(-1);
    }
  });
});

// Spot checks against nike.com's chart; a wrong row in the table fails here.
const NIKE_ROWS: readonly (readonly [usMen: string, uk: string, eu: string, cm: string])[] = [
  ['3.5', '3', '35.5', '22.5'],
  ['6', '5.5', '38.5', '24'],
  ['7', '6', '40', '25'],
  ['8', '7', '41', '26'],
  ['8.5', '7.5', '42', '26.5'],
  ['9', '8', '42.5', '27'],
  ['9.5', '8.5', '43', '27.5'],
  ['10', '9', '44', '28'],
  ['10.5', '9.5', '44.5', '28.5'],
  ['11', '10', '45', '29'],
  ['11.5', '10.5', '45.5', '29.5'],
  ['12', '11', '46', '30'],
  ['12.5', '11.5', '47', '30.5'],
  ['13', '12', '47.5', '31'],
  ['14', '13', '48.5', '32'],
  ['15', '14', '49.5', '33'],
];

describe('convertSize on the chart', () => {
  it.each(NIKE_ROWS)('US men %s = UK %s = EU %s = CM %s', (usMen, uk, eu, cm) => {
    expect(convertSize(usMen, 'us-men', 'uk')).toBe(uk);
    expect(convertSize(usMen, 'us-men', 'eu')).toBe(eu);
    expect(convertSize(usMen, 'us-men', 'cm')).toBe(cm);
    expect(convertSize(eu, 'eu', 'us-men')).toBe(usMen);
    expect(convertSize(eu, 'eu', 'uk')).toBe(uk);
  });

  it('reads US men 10.5 = UK 9.5 = EU 44.5 = CM 28.5 in every direction', () => {
    const sizes: Readonly<Record<'us-men' | 'uk' | 'eu' | 'cm', string>> = { 'us-men': '10.5', uk: '9.5', eu: '44.5', cm: '28.5' };
    for (const [from, value] of Object.entries(sizes) as [keyof typeof sizes, string][]) {
      for (const [to, expected] of Object.entries(sizes) as [keyof typeof sizes, string][]) {
        expect(convertSize(value, from, to)).toBe(expected);
      }
    }
  });

  it('round-trips every row whose value no other row shares', () => {
    for (const row of NIKE_MENS_CHART) {
      for (const column of ['uk', 'eu', 'cm'] as const) {
        const converted = convertSize(row.usMen, 'us-men', column);
        const shared = NIKE_MENS_CHART.filter((other) => other[column] === row[column]).length > 1;
        if (converted !== null && !shared) expect(convertSize(converted, column, 'us-men')).toBe(row.usMen);
      }
    }
  });
});

describe('convertSize between US men and women', () => {
  it('adds 1.5 for women', () => {
    expect(US_WOMEN_OFFSET).toBe(1.5);
    expect(convertSize('12', 'us-women', 'us-men')).toBe('10.5');
    expect(convertSize('10.5', 'us-men', 'us-women')).toBe('12');
    expect(convertSize('5', 'us-women', 'us-men')).toBe('3.5');
    expect(convertSize('15', 'us-women', 'us-men')).toBe('13.5');
    expect(convertSize('8.5', 'us-women', 'us-men')).toBe('7');
  });

  it('has no women equivalent past women 15', () => {
    expect(convertSize('14', 'us-men', 'us-women')).toBeNull();
    expect(convertSize('13.5', 'us-men', 'us-women')).toBe('15');
  });

  it('goes from women to the chart through men', () => {
    expect(convertSize('12', 'us-women', 'eu')).toBe('44.5');
    expect(convertSize('12', 'us-women', 'uk')).toBe('9.5');
    expect(convertSize('44.5', 'eu', 'us-women')).toBe('12');
  });
});

describe('convertSize between GS and US men', () => {
  it('keeps the number and drops the Y', () => {
    expect(convertSize('4Y', 'gs', 'us-men')).toBe('4');
    expect(convertSize('7Y', 'gs', 'us-men')).toBe('7');
    expect(convertSize('3.5Y', 'gs', 'us-men')).toBe('3.5');
    expect(convertSize('4', 'us-men', 'gs')).toBe('4Y');
    expect(convertSize('7y', 'gs', 'eu')).toBe('40');
    expect(convertSize('7Y', 'gs', 'us-women')).toBe('8.5');
  });

  it('has no GS equivalent past 7Y', () => {
    expect(convertSize('7.5', 'us-men', 'gs')).toBeNull();
  });
});

describe('convertSize without an equivalent', () => {
  it('refuses values two chart rows share', () => {
    expect(convertSize('6', 'uk', 'us-men')).toBeNull();
    expect(convertSize('23.5', 'cm', 'us-men')).toBeNull();
    expect(convertSize('24', 'cm', 'eu')).toBeNull();
  });

  it('refuses EU thirds, which are not on the chart', () => {
    expect(convertSize('44 2/3', 'eu', 'us-men')).toBeNull();
  });

  it('refuses sizes past the chart or the target run', () => {
    expect(convertSize('19', 'us-men', 'eu')).toBeNull();
    expect(convertSize('16', 'us-men', 'cm')).toBeNull();
    expect(convertSize('2.5', 'uk', 'us-men')).toBeNull();
    expect(convertSize('22', 'cm', 'us-men')).toBeNull();
  });

  it('refuses values that are not in the source run', () => {
    expect(convertSize('10.3', 'us-men', 'eu')).toBeNull();
    expect(convertSize('US 10.5', 'us-men', 'eu')).toBeNull();
    expect(convertSize('25', 'us-men', 'us-men')).toBeNull();
  });

  it('converts preschool, toddler, apparel, waist and one-size to nothing but themselves', () => {
    const standalone: readonly (readonly [SizeFormatId, string])[] = [
      ['ps', '11C'],
      ['toddler', '10C'],
      ['apparel', 'XL'],
      ['waist', '32'],
      ['one-size', 'OS'],
    ];
    for (const [from, value] of standalone) {
      for (const to of SIZE_FORMAT_IDS) expect(convertSize(value, from, to)).toBe(to === from ? value : null);
    }
  });

  it('returns the canonical spelling for the same format', () => {
    expect(convertSize('7y', 'gs', 'gs')).toBe('7Y');
    expect(convertSize(' xl ', 'apparel', 'apparel')).toBe('XL');
  });

  it('lists the formats that convert', () => {
    expect(CONVERTIBLE_FORMAT_IDS).toEqual(['us-men', 'us-women', 'gs', 'eu', 'uk', 'cm']);
  });
});
