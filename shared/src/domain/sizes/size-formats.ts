import { z } from 'zod';
import { formatSixths, toSixths } from './size-numbers.ts';

export const SIZE_FORMAT_IDS = [
  'us-men',
  'us-women',
  'gs',
  'ps',
  'toddler',
  'eu',
  'uk',
  'cm',
  'apparel',
  'waist',
  'it',
  'one-size',
] as const;
export type SizeFormatId = (typeof SIZE_FORMAT_IDS)[number];
export const sizeFormatIdSchema = z.enum(SIZE_FORMAT_IDS);

/** What a format measures: the UI offers footwear formats for sneakers, apparel ones for clothing. */
export const SIZE_FORMAT_FAMILIES = ['footwear', 'apparel', 'universal'] as const;
export type SizeFormatFamily = (typeof SIZE_FORMAT_FAMILIES)[number];

/** Short label = prefix + canonical value + suffix, e.g. 'US M ' + '10.5' or '28.5' + ' cm'. */
export type SizeLabelStyle = { readonly prefix: string; readonly suffix: string };

export type SizeFormat = {
  readonly id: SizeFormatId;
  readonly name: string;
  readonly family: SizeFormatFamily;
  /** Canonical values, smallest first; a variant's size is always one of these strings. */
  readonly values: readonly string[];
  readonly label: SizeLabelStyle;
};

/** Every step of `step` from `first` to `last` inclusive, spelled canonically, with an optional letter (Y, C). */
function run(first: number, last: number, step: number, letter = ''): string[] {
  const values: string[] = [];
  for (let sixths = toSixths(first); sixths <= toSixths(last); sixths += toSixths(step)) {
    values.push(`${formatSixths(sixths)}${letter}`);
  }
  return values;
}

/**
 * Nike and most brands step EU sizes in halves; Adidas steps in thirds of a size: 35 1/3, 36, 36 2/3,
 * 37 1/3, 38 … Both are sold side by side, so the run holds both, in size order. EU is one length
 * scale for everyone, so kids' sizes (EU 16–35) are in the same run as adults'.
 */
function euRun(): string[] {
  const steps = new Set<number>();
  for (let sixths = toSixths(16); sixths <= toSixths(52.5); sixths += 3) steps.add(sixths);
  for (let sixths = toSixths(35) + 2; sixths <= toSixths(52.5); sixths += 4) steps.add(sixths);
  return [...steps].sort((a, b) => a - b).map((sixths) => formatSixths(sixths) ?? String(sixths));
}

const footwear = (id: SizeFormatId, name: string, values: string[], prefix = '', suffix = ''): SizeFormat => ({
  id,
  name,
  family: 'footwear',
  values,
  label: { prefix, suffix },
});

export const SIZE_FORMATS: readonly SizeFormat[] = [
  footwear('us-men', 'US Men', [...run(3.5, 18, 0.5), '19', '20'], 'US M '),
  footwear('us-women', 'US Women', run(5, 15, 0.5), 'US W '),
  // Kids' sizes carry their letter in the value: '7Y' and US men's '7' are different variants.
  footwear('gs', 'Grade School (GS)', run(3.5, 7, 0.5, 'Y')),
  footwear('ps', 'Preschool (PS)', [...run(10.5, 13.5, 0.5, 'C'), ...run(1, 3, 0.5, 'Y')]),
  footwear('toddler', 'Toddler (TD)', run(1, 10, 0.5, 'C')),
  footwear('eu', 'EU', euRun(), 'EU '),
  footwear('uk', 'UK', run(2.5, 17, 0.5), 'UK '),
  footwear('cm', 'CM / JP', run(22, 33, 0.5), '', ' cm'),
  {
    id: 'apparel',
    name: 'Apparel',
    family: 'apparel',
    values: ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL'],
    label: { prefix: '', suffix: '' },
  },
  { id: 'waist', name: 'Waist', family: 'apparel', values: run(23, 52, 1), label: { prefix: 'W', suffix: '' } },
  // Italian apparel (suits, jackets, designer ready-to-wear) steps in twos. It has no letter equivalent
  // without the garment's gender (IT 44 is a men's XS but a women's L), so it is a run of its own.
  { id: 'it', name: 'IT (Italian apparel)', family: 'apparel', values: run(34, 60, 2), label: { prefix: 'IT ', suffix: '' } },
  { id: 'one-size', name: 'One Size', family: 'universal', values: ['OS'], label: { prefix: '', suffix: '' } },
];

const formatsById = new Map<SizeFormatId, SizeFormat>(SIZE_FORMATS.map((format) => [format.id, format]));

// Case-insensitive so '7y' and '3xl' find '7Y' and '3XL'; values differ by more than case in every run.
const indexesById = new Map<SizeFormatId, ReadonlyMap<string, number>>(
  SIZE_FORMATS.map((format) => [format.id, new Map(format.values.map((value, index) => [value.toLowerCase(), index]))]),
);

export function isSizeFormatId(value: unknown): value is SizeFormatId {
  return typeof value === 'string' && formatsById.has(value as SizeFormatId);
}

export function getSizeFormat(id: SizeFormatId): SizeFormat {
  const format = formatsById.get(id);
  // Only reachable when a caller casts an unchecked string; fail loudly rather than size against nothing.
  if (!format) throw new Error(`Unknown size format: ${id}`);
  return format;
}

/**
 * Position of a canonical value in its format's run, or -1 when the run does not hold it. Matching
 * ignores case and surrounding spaces only; free text ('US 10.5') goes through normaliseSize first.
 */
export function sizeIndex(formatId: SizeFormatId, value: string): number {
  return indexesById.get(formatId)?.get(value.trim().toLowerCase()) ?? -1;
}

/** The run's own spelling of a value ('7y' → '7Y'), or null when the run does not hold it. */
export function canonicalSize(formatId: SizeFormatId, value: string): string | null {
  const index = sizeIndex(formatId, value);
  return index === -1 ? null : (getSizeFormat(formatId).values[index] ?? null);
}

/**
 * Sort comparator in run order. Values outside the run (legacy data, a format changed after the fact)
 * sort after every known size, in plain string order, so a list never throws or interleaves them.
 */
export function compareSizes(formatId: SizeFormatId, a: string, b: string): number {
  const ia = sizeIndex(formatId, a);
  const ib = sizeIndex(formatId, b);
  if (ia !== -1 && ib !== -1) return ia - ib;
  if (ia !== -1) return -1;
  if (ib !== -1) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Short display label: 'US M 10.5', 'US W 12', '7Y', 'EU 44 2/3', '28.5 cm', 'W32', 'XL', 'IT 48', 'OS'. */
export function sizeLabel(formatId: SizeFormatId, value: string): string {
  const { label } = getSizeFormat(formatId);
  return `${label.prefix}${canonicalSize(formatId, value) ?? value.trim()}${label.suffix}`;
}

/** A stored size as people read it: "US M 10" for a built-in format, the size as typed for a business's own format. */
export const shownSizeLabel = (formatId: string, value: string): string => (isSizeFormatId(formatId) ? sizeLabel(formatId, value) : value);
