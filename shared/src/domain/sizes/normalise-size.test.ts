import { describe, expect, it } from 'vitest';
import { type NormalisedSize, normaliseSize, type SizeHint } from './normalise-size.ts';
import { SIZE_FORMATS, type SizeFormatId, sizeLabel } from './size-formats.ts';

type Expected = readonly [SizeFormatId, string] | null;

// Real-world spellings from eBay item specifics, Shopify variants, StockX/GOAT exports and Whatnot CSVs.
const SPELLINGS: readonly (readonly [string, Expected])[] = [
  // US men's, the default reading of a shoe size
  ['10.5', ['us-men', '10.5']],
  ['10,5', ['us-men', '10.5']],
  ['10½', ['us-men', '10.5']],
  ['10 1/2', ['us-men', '10.5']],
  ['10-1/2', ['us-men', '10.5']],
  ['US 10.5', ['us-men', '10.5']],
  ['US10.5', ['us-men', '10.5']],
  ['us 10.5', ['us-men', '10.5']],
  ['U.S. 10.5', ['us-men', '10.5']],
  ['US M 10.5', ['us-men', '10.5']],
  ['US M10.5', ['us-men', '10.5']],
  ["Men's US 10.5", ['us-men', '10.5']],
  ['Men’s US 10.5', ['us-men', '10.5']],
  ["US Men's 10.5", ['us-men', '10.5']],
  ['Mens 10.5', ['us-men', '10.5']],
  ["Men's 10.5", ['us-men', '10.5']],
  ['10.5 M', ['us-men', '10.5']],
  ['10.5M', ['us-men', '10.5']],
  ['M 10.5', ['us-men', '10.5']],
  ['M10.5', ['us-men', '10.5']],
  ['10.5 US', ['us-men', '10.5']],
  ['10.5 (US)', ['us-men', '10.5']],
  ['M10.5 / W12', ['us-men', '10.5']],
  ['M 10.5 / W 12', ['us-men', '10.5']],
  ['M 10.5 W 12', ['us-men', '10.5']],
  ['10.5M/12W', ['us-men', '10.5']],
  ['US M 10.5 / W 12', ['us-men', '10.5']],
  ['M 9 / W 11', ['us-men', '9']], // Converse prints women's as men's + 2
  ['Size: 10.5', ['us-men', '10.5']],
  ['Sz 10.5', ['us-men', '10.5']],
  ['Sz. 10.5', ['us-men', '10.5']],
  ['size 10.5 us', ['us-men', '10.5']],
  ['US Shoe Size: 10.5', ['us-men', '10.5']],
  ['Size 10.5 Men', ['us-men', '10.5']],
  ['US 10.5 (EU 44.5)', ['us-men', '10.5']],
  ['US 10.5 / UK 9.5 / EU 44.5', ['us-men', '10.5']],
  ['US 10.5 | UK 9.5 | EU 44.5 | 28.5 cm', ['us-men', '10.5']],
  ['１０.５', ['us-men', '10.5']],
  ['US-10', ['us-men', '10']],
  ['3.5', ['us-men', '3.5']],
  ['18', ['us-men', '18']],
  ['US 19', ['us-men', '19']],
  ['20', ['us-men', '20']],
  // US women's
  ['W 12', ['us-women', '12']],
  ['W12', ['us-women', '12']],
  ["Women's 8", ['us-women', '8']],
  ['Womens 8', ['us-women', '8']],
  ['WMNS 8', ['us-women', '8']],
  ['Ladies 7.5', ['us-women', '7.5']],
  ['8W', ['us-women', '8']],
  ['8 W', ['us-women', '8']],
  ['US W 12', ['us-women', '12']],
  ['US 8W', ['us-women', '8']],
  ["US Women's 9.5", ['us-women', '9.5']],
  ['12W/10.5M', ['us-women', '12']], // the size the seller led with
  // Grade school, preschool, toddler
  ['7Y', ['gs', '7Y']],
  ['7 Y', ['gs', '7Y']],
  ['7y', ['gs', '7Y']],
  ['GS 7', ['gs', '7Y']],
  ['GS-7', ['gs', '7Y']],
  ['GS 7Y', ['gs', '7Y']],
  ['Size 7Y', ['gs', '7Y']],
  ['US 7Y', ['gs', '7Y']],
  ['4.5Y', ['gs', '4.5Y']],
  ['3.5Y', ['gs', '3.5Y']],
  ['Youth 5', ['gs', '5Y']],
  ['Big Kids 6', ['gs', '6Y']],
  ['Grade School 5.5', ['gs', '5.5Y']],
  ['7Y / W 8.5', ['gs', '7Y']],
  ['3Y', ['ps', '3Y']],
  ['1Y', ['ps', '1Y']],
  ['PS 2', ['ps', '2Y']],
  ['PS 11', ['ps', '11C']],
  ['11C', ['ps', '11C']],
  ['10.5C', ['ps', '10.5C']],
  ['13.5C', ['ps', '13.5C']],
  ['Little Kids 12', ['ps', '12C']],
  ['Preschool 1.5', ['ps', '1.5Y']],
  ['3C', ['toddler', '3C']],
  ['10C', ['toddler', '10C']],
  ['TD 10', ['toddler', '10C']],
  ['TD 4C', ['toddler', '4C']],
  ['Toddler 4', ['toddler', '4C']],
  ['Infant 2C', ['toddler', '2C']],
  ['Baby & Toddler 5', ['toddler', '5C']],
  // UK, EU, CM
  ['UK 9.5', ['uk', '9.5']],
  ['UK9', ['uk', '9']],
  ['UK 9 1/2', ['uk', '9.5']],
  ["UK Men's 9", ['uk', '9']],
  ['EU 44.5', ['eu', '44.5']],
  ['EUR 44.5', ['eu', '44.5']],
  ['EU44,5', ['eu', '44.5']],
  ['44.5 EU', ['eu', '44.5']],
  ['EU 44 2/3', ['eu', '44 2/3']],
  ['EU 40 2/3', ['eu', '40 2/3']],
  ['EU 41 1/3', ['eu', '41 1/3']],
  ['44⅔', ['eu', '44 2/3']],
  ['41⅓', ['eu', '41 1/3']],
  ['EU 44.67', ['eu', '44 2/3']],
  ['44.5', ['eu', '44.5']],
  ['46', ['eu', '46']],
  ['CM 28.5', ['cm', '28.5']],
  ['28.5 cm', ['cm', '28.5']],
  ['28.5cm', ['cm', '28.5']],
  ['JP 28.5', ['cm', '28.5']],
  ['２８.５ｃｍ', ['cm', '28.5']],
  ['28.5', ['cm', '28.5']],
  // Apparel
  ['XL', ['apparel', 'XL']],
  ['X-Large', ['apparel', 'XL']],
  ['X Large', ['apparel', 'XL']],
  ['Extra Large', ['apparel', 'XL']],
  ['xxl', ['apparel', 'XXL']],
  ['2XL', ['apparel', 'XXL']],
  ['XXL ', ['apparel', 'XXL']],
  ['XX-Large', ['apparel', 'XXL']],
  ['2X', ['apparel', 'XXL']],
  ['XXXL', ['apparel', '3XL']],
  ['3XL', ['apparel', '3XL']],
  ['4XL', ['apparel', '4XL']],
  ['Medium', ['apparel', 'M']],
  ['Med', ['apparel', 'M']],
  ['M', ['apparel', 'M']],
  ['S', ['apparel', 'S']],
  ['Small', ['apparel', 'S']],
  ['L', ['apparel', 'L']],
  ['Large', ['apparel', 'L']],
  ['XS', ['apparel', 'XS']],
  ['X-Small', ['apparel', 'XS']],
  ['XXS', ['apparel', 'XXS']],
  ["Men's XL", ['apparel', 'XL']],
  ['Size L', ['apparel', 'L']],
  ['Size: Medium', ['apparel', 'M']],
  // Waist
  ['32W', ['waist', '32']],
  ['W32', ['waist', '32']],
  ['W 32', ['waist', '32']],
  ['32 x 30', ['waist', '32']],
  ['32x30', ['waist', '32']],
  ['Waist 32', ['waist', '32']],
  ['W32 L30', ['waist', '32']],
  ['32W x 30L', ['waist', '32']],
  ['32W/30L', ['waist', '32']],
  ['32 waist', ['waist', '32']],
  // One size
  ['OS', ['one-size', 'OS']],
  ['One Size', ['one-size', 'OS']],
  ['O/S', ['one-size', 'OS']],
  ['one-size', ['one-size', 'OS']],
  ['OSFA', ['one-size', 'OS']],
  ['Size: One Size', ['one-size', 'OS']],
  // Unknown or ambiguous: the manual matching queue
  ['S/M', null],
  ['SM', null],
  ['L/XL', null],
  ['US 25', null],
  ['18.5', null],
  ['EU 60', null],
  ['US 10.3', null],
  ['10 1/4', null],
  ['', null],
  ['   ', null],
  ['W', null],
  ['size', null],
  ['N/A', null],
  ['10.5 Wide', null],
  ['Kids 5', null],
  ['10.5/11', null],
  ['10.5 - 11', null],
  ['M 10.5 / W 9', null],
  ['US 10 / EU 46', null],
  ['GS 7C', null],
  ['UK 7Y', null],
  ['TD 10.5', null],
  ['Waist 53', null], // past the waist run (23–52)
  ['30', null], // CM 30 or waist 30: needs a category
  ['44', null], // EU 44 or waist 44
  ['M/W', null],
  ['US / 10', null],
  ['10.5 / US', null],
  // The issue's list and more from recent imports
  ['10.5M / 12W', ['us-men', '10.5']],
  ['M 10 / W 11.5', ['us-men', '10']],
  ['Size 10.5 US Men', ['us-men', '10.5']],
  ['US 9.5M', ['us-men', '9.5']],
  ['9,5 US', ['us-men', '9.5']],
  ['US11 / UK10 / EU45', ['us-men', '11']],
  ['US M 10.5 / W 12 / EU 44.5', ['us-men', '10.5']],
  ['27.5cm', ['cm', '27.5']],
  ['EUR 42', ['eu', '42']],
  ['UK 8.5 / EU 42.5', ['uk', '8.5']],
  ['Youth 5Y', ['gs', '5Y']],
  ['Youth 6.5', ['gs', '6.5Y']],
  ['youth 5.5y', ['gs', '5.5Y']],
  ['6.5Y GS', ['gs', '6.5Y']],
  ['GS 6.5', ['gs', '6.5Y']],
  ['TD 9C', ['toddler', '9C']],
  ['W 30 L 32', ['waist', '30']],
  ['W30 L32', ['waist', '30']],
  ['30x32', ['waist', '30']],
  ['one size', ['one-size', 'OS']],
  ['One Size Fits All', ['one-size', 'OS']],
  ['Mens US 10.5 D', null], // a width letter: a person decides whether D means standard
  ['2T', null], // toddler apparel, not a shoe size
  ['Large Tall', null],
  ["Kids' 5", null],
  ['Size M (Men)', null],
];

const expected = (value: Expected): NormalisedSize | null => (value ? { formatId: value[0], value: value[1], confidence: 'exact' } : null);

describe('normaliseSize: real-world spellings', () => {
  it('covers at least 80 spellings', () => {
    expect(SPELLINGS.length).toBeGreaterThanOrEqual(80);
  });

  it.each(SPELLINGS)('%j', (input, result) => {
    expect(normaliseSize(input)).toEqual(expected(result));
  });
});

const HINTED: readonly (readonly [string, SizeHint, NormalisedSize | null])[] = [
  // The hint's format differs from the string's: convert on Nike's chart.
  ['EU 44.5', { formatId: 'us-men' }, { formatId: 'us-men', value: '10.5', confidence: 'converted' }],
  ['UK 9.5', { formatId: 'us-men' }, { formatId: 'us-men', value: '10.5', confidence: 'converted' }],
  ['CM 28.5', { formatId: 'us-men' }, { formatId: 'us-men', value: '10.5', confidence: 'converted' }],
  ['44.5', { formatId: 'us-men' }, { formatId: 'us-men', value: '10.5', confidence: 'converted' }],
  ['W 12', { formatId: 'us-men' }, { formatId: 'us-men', value: '10.5', confidence: 'converted' }],
  ['7Y', { formatId: 'us-men' }, { formatId: 'us-men', value: '7', confidence: 'converted' }],
  ['M 10.5', { formatId: 'us-women' }, { formatId: 'us-women', value: '12', confidence: 'converted' }],
  ['US 10.5', { formatId: 'eu' }, { formatId: 'eu', value: '44.5', confidence: 'converted' }],
  ['US 10.5', { formatId: 'uk' }, { formatId: 'uk', value: '9.5', confidence: 'converted' }],
  ['EU 44.5', { formatId: 'cm' }, { formatId: 'cm', value: '28.5', confidence: 'converted' }],
  ['EU 44 2/3 / US 10', { formatId: 'uk' }, { formatId: 'uk', value: '9', confidence: 'converted' }],
  // The string states the hint's format among others: take that one, exact.
  ['M 10.5 / W 12', { formatId: 'us-women' }, { formatId: 'us-women', value: '12', confidence: 'exact' }],
  ['US 10.5 / UK 9.5 / EU 44.5', { formatId: 'eu' }, { formatId: 'eu', value: '44.5', confidence: 'exact' }],
  // A number without gender or region is read in the hint's run.
  ['US 8', { formatId: 'us-women' }, { formatId: 'us-women', value: '8', confidence: 'exact' }],
  ['8', { formatId: 'us-women' }, { formatId: 'us-women', value: '8', confidence: 'exact' }],
  ['US 7', { formatId: 'gs' }, { formatId: 'gs', value: '7Y', confidence: 'exact' }],
  ['7', { formatId: 'gs' }, { formatId: 'gs', value: '7Y', confidence: 'exact' }],
  ['10', { formatId: 'toddler' }, { formatId: 'toddler', value: '10C', confidence: 'exact' }],
  ['12', { formatId: 'ps' }, { formatId: 'ps', value: '12C', confidence: 'exact' }],
  ['44', { formatId: 'eu' }, { formatId: 'eu', value: '44', confidence: 'exact' }],
  ['30', { formatId: 'waist' }, { formatId: 'waist', value: '30', confidence: 'exact' }],
  ['28.5', { formatId: 'cm' }, { formatId: 'cm', value: '28.5', confidence: 'exact' }],
  ['10.5', { formatId: 'uk' }, { formatId: 'uk', value: '10.5', confidence: 'exact' }],
  // A category settles what a bare number means.
  ['30', { category: 'apparel' }, { formatId: 'waist', value: '30', confidence: 'exact' }],
  ['30', { category: 'sneakers' }, { formatId: 'cm', value: '30', confidence: 'exact' }],
  ['44', { category: 'sneakers' }, { formatId: 'eu', value: '44', confidence: 'exact' }],
  ['10.5', { category: 'sneakers' }, { formatId: 'us-men', value: '10.5', confidence: 'exact' }],
  ['10', { category: 'accessories' }, null],
  ['10', { category: 'apparel' }, null],
  // Explicit markers win over the category.
  ['US 10.5', { category: 'apparel' }, { formatId: 'us-men', value: '10.5', confidence: 'exact' }],
  // A bare 'M' is apparel Medium, except where a men's shoe size is expected.
  ['M', { formatId: 'us-men' }, null],
  ['M', { category: 'sneakers' }, null],
  ['M', { category: 'apparel' }, { formatId: 'apparel', value: 'M', confidence: 'exact' }],
  ['M', { formatId: 'apparel' }, { formatId: 'apparel', value: 'M', confidence: 'exact' }],
  ['Medium', { formatId: 'us-men' }, null],
  // No equivalent in the hint's format.
  ['EU 44 2/3', { formatId: 'us-men' }, null],
  ['UK 6', { formatId: 'us-men' }, null],
  ['US 16', { formatId: 'us-women' }, null],
  ['US 16', { formatId: 'cm' }, null],
  ['XL', { formatId: 'us-men' }, null],
  ['OS', { formatId: 'apparel' }, null],
  ['OS', { formatId: 'one-size' }, { formatId: 'one-size', value: 'OS', confidence: 'exact' }],
  ['32W', { formatId: 'us-women' }, null],
  ['3C', { formatId: 'us-men' }, null],
];

describe('normaliseSize with a hint', () => {
  it.each(HINTED)('%j with %j', (input, hint, result) => {
    expect(normaliseSize(input, hint)).toEqual(result);
  });

  it('ignores a format id that is not a size format', () => {
    const hint = { formatId: 'shoe-size' } as unknown as SizeHint;
    expect(normaliseSize('10.5', hint)).toEqual({ formatId: 'us-men', value: '10.5', confidence: 'exact' });
  });

  it('ignores a category that is not a product category', () => {
    const hint = { category: 'shoes' } as unknown as SizeHint;
    expect(normaliseSize('10.5', hint)).toEqual({ formatId: 'us-men', value: '10.5', confidence: 'exact' });
  });
});

describe('normaliseSize reads back every label it produces', () => {
  const cases = SIZE_FORMATS.flatMap((format) => format.values.map((value) => [format.id, value] as const));

  it.each(cases)('%s %s', (formatId, value) => {
    const label = sizeLabel(formatId, value);
    expect(normaliseSize(label, { formatId })).toEqual({ formatId, value, confidence: 'exact' });
    expect(normaliseSize(label)).toEqual({ formatId, value, confidence: 'exact' });
  });
});

describe('normaliseSize limits', () => {
  it('leaves long pasted text to a person', () => {
    expect(normaliseSize(`Nike Air Jordan 1 Retro High OG Chicago Lost and Found ${'x'.repeat(60)} US 10.5`)).toBeNull();
  });
});

// The gaps issue #17 found in a reseller's first day of imports (strings written here; the real ones are in real-size-strings.ts).
const ISSUE_17: readonly (readonly [string, SizeHint, NormalisedSize | null])[] = [
  // 'Size11' with no space
  ['Size11', {}, { formatId: 'us-men', value: '11', confidence: 'exact' }],
  ['Mens Size11', {}, { formatId: 'us-men', value: '11', confidence: 'exact' }],
  // Korean millimetres are the CM run's half centimetres
  ['KR 235', {}, { formatId: 'cm', value: '23.5', confidence: 'exact' }],
  ['235mm', {}, { formatId: 'cm', value: '23.5', confidence: 'exact' }],
  ['265', {}, { formatId: 'cm', value: '26.5', confidence: 'exact' }],
  ['JP 265', {}, { formatId: 'cm', value: '26.5', confidence: 'exact' }],
  ['KR 235 (US M 4.5)', {}, { formatId: 'cm', value: '23.5', confidence: 'exact' }],
  ['270', { formatId: 'us-men' }, { formatId: 'us-men', value: '9', confidence: 'converted' }],
  ['KR 237', {}, null], // not a 5 mm step
  ['KR 150', {}, null], // kids' millimetres: below the CM run
  ['KR 235 (US M 7)', {}, null], // 23.5 cm is US men's 4.5–5
  ['240', { category: 'apparel' }, null],
  // Multi-system labels: every part must describe the same shoe
  ['US 10 UK 9 EUR 44 CM 28', {}, { formatId: 'us-men', value: '10', confidence: 'exact' }],
  ['US 10 UK 9 EUR 44 CM 28', { formatId: 'eu' }, { formatId: 'eu', value: '44', confidence: 'exact' }],
  ['US 10 UK 9 EUR 44 CM 30', {}, null],
  ['38 (EU) / 7 (US)', {}, { formatId: 'eu', value: '38', confidence: 'exact' }], // agrees as women's 7
  ['45 (EU) / 14 (US)', {}, null], // neither men's nor women's 14 is EU 45
  ['10.5/11', {}, null],
  // EU kids and the Adidas thirds ladder
  ['EU 16', {}, { formatId: 'eu', value: '16', confidence: 'exact' }],
  ['EU 28', {}, { formatId: 'eu', value: '28', confidence: 'exact' }],
  ['EUR 33.5', {}, { formatId: 'eu', value: '33.5', confidence: 'exact' }],
  ['EU 35 1/3', {}, { formatId: 'eu', value: '35 1/3', confidence: 'exact' }],
  ['35⅓', {}, { formatId: 'eu', value: '35 1/3', confidence: 'exact' }],
  ['28', { formatId: 'eu' }, { formatId: 'eu', value: '28', confidence: 'exact' }],
  ['28.5', {}, { formatId: 'cm', value: '28.5', confidence: 'exact' }], // a bare kids' EU number is read as before (CM here)
  ['28', {}, null], // CM 28 or waist 28, as before
  ['EU 28', { formatId: 'us-men' }, null], // no kids' conversion without a brand chart
  ['EU 28 GS', {}, null],
  ['EU 15', {}, null],
  // Italian apparel
  ['IT 48', {}, { formatId: 'it', value: '48', confidence: 'exact' }],
  ['IT48', {}, { formatId: 'it', value: '48', confidence: 'exact' }],
  ['48', { formatId: 'it' }, { formatId: 'it', value: '48', confidence: 'exact' }],
  ['48', { category: 'apparel' }, null], // Italian 48 or a big-and-tall waist: past 44 a bare number needs the format
  ['IT 47', {}, null],
  ['IT 48', { formatId: 'apparel' }, null], // no letter size without the garment's gender
  ['5XL', {}, { formatId: 'apparel', value: '5XL', confidence: 'exact' }],
  // CM past 33 and women's past 15: the men's size on the same row of Nike's chart
  ['CM 34', {}, { formatId: 'us-men', value: '16', confidence: 'converted' }],
  ['34 cm', { formatId: 'us-men' }, { formatId: 'us-men', value: '16', confidence: 'converted' }],
  ['KR 340', {}, { formatId: 'us-men', value: '16', confidence: 'converted' }],
  ['CM 34', { formatId: 'cm' }, null],
  ['CM 37', {}, null],
  ['W 16', {}, { formatId: 'us-men', value: '14.5', confidence: 'converted' }],
  ["Women's 15.5", {}, { formatId: 'us-men', value: '14', confidence: 'converted' }],
  ['W 16', { formatId: 'us-women' }, null],
  ['W 4', {}, null],
  // On a women's product a number outside the women's run is not read as men's
  ['4', { formatId: 'us-women' }, null],
  ['4 (35)', { formatId: 'us-women' }, null],
  ['US 4', { formatId: 'us-women' }, null], // was men's 4 converted to W 5.5
  ['US 4.5', { formatId: 'us-women' }, null],
];

// Labels seen in real sources (real-size-strings.ts cites them); the strings here are written for the rules.
const REAL_LABELS: readonly (readonly [string, SizeHint, NormalisedSize | null])[] = [
  // Amazon's widths: D(M) is the men's medium width, B(M) the women's
  ['10.5 D(M) US', {}, { formatId: 'us-men', value: '10.5', confidence: 'exact' }],
  ['10.5D(M) US', {}, { formatId: 'us-men', value: '10.5', confidence: 'exact' }],
  ['7.5 B(M) US', {}, { formatId: 'us-women', value: '7.5', confidence: 'exact' }],
  ['7.5 B(M) US Women / 5.5 D(M) US Men', {}, { formatId: 'us-women', value: '7.5', confidence: 'exact' }],
  ['7.5 B(M) US Women / 5.5 D(M) US Men', { formatId: 'us-men' }, { formatId: 'us-men', value: '5.5', confidence: 'exact' }],
  ['8.5 B(M) US Women / 5 D(M) US Men', {}, null], // W 8.5 is men's 7 on Nike's chart: two sizes apart
  ['10.5 D(M) US Women', {}, null], // a men's width on a women's size
  ['10.5 2E US', {}, null], // a wide shoe
  ['10.5 D', {}, null], // a bare width letter, as before
  // Mercari's letters with their numeric ranges
  ['M (8-10)', {}, { formatId: 'apparel', value: 'M', confidence: 'exact' }],
  ['XS  (0-2)', {}, { formatId: 'apparel', value: 'XS', confidence: 'exact' }],
  ['XXS (00)', {}, { formatId: 'apparel', value: 'XXS', confidence: 'exact' }],
  ['2XL (20-22)', { category: 'apparel' }, { formatId: 'apparel', value: 'XXL', confidence: 'exact' }],
  ['M (38-40)', { category: 'sneakers' }, null], // on a sneaker, M is a men's marker
  ['M (10)', {}, { formatId: 'us-men', value: '10', confidence: 'exact' }], // one number after M: men's, as before
  ['S (Petite)', {}, null],
  ['L (42-44) Tall', {}, null],
  // Waists in inches
  ['32 in', {}, { formatId: 'waist', value: '32', confidence: 'exact' }],
  ['32 inches', { formatId: 'waist' }, { formatId: 'waist', value: '32', confidence: 'exact' }],
  ['46 in', { formatId: 'waist' }, { formatId: 'waist', value: '46', confidence: 'exact' }], // big and tall
  ['53 in', { formatId: 'waist' }, null], // past the waist run
  ['Waist 50', {}, { formatId: 'waist', value: '50', confidence: 'exact' }], // a waist word reads the whole run
  ['10 in', {}, null],
];

describe('normaliseSize: the gaps of issue #17', () => {
  it.each(ISSUE_17)('%j with %j', (input, hint, result) => {
    expect(normaliseSize(input, hint)).toEqual(result);
  });

  it.each(REAL_LABELS)('%j with %j', (input, hint, result) => {
    expect(normaliseSize(input, hint)).toEqual(result);
  });
});
