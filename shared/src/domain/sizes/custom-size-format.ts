import type { productCategories } from '../../schemas/catalog.ts';
import { convertSize } from './conversions.ts';
import { customSizeKey } from './resolved-size-format.ts';
import { canonicalSize, type SizeFormatId } from './size-formats.ts';

/** A business's own size run as the matching code needs it: its sizes and how they map onto one built-in run. */
export type CustomSizeFormatData = {
  /** 'custom:<uuid>' */
  readonly id: string;
  readonly name: string;
  readonly category: (typeof productCategories)[number] | null;
  /** Canonical spellings, in the owner's order. */
  readonly sizes: readonly string[];
  /** The built-in run the conversions point into; null when the run stands alone. */
  readonly conversionFormat: SizeFormatId | null;
  /** Custom size → canonical value in conversionFormat. Sizes without an equivalent are absent. */
  readonly conversions: Readonly<Record<string, string>>;
};

/**
 * Splits a pasted size list. One size per line when the text has lines (so 'EU 44,5' survives);
 * otherwise commas, semicolons and tabs separate sizes, as in a spreadsheet row.
 */
export function parseSizeList(text: string): string[] {
  const parts = /[\r\n]/.test(text) ? text.split(/\r?\n|\r/) : text.split(/[,;\t]/);
  return parts.map((part) => part.replace(/\s+/g, ' ').trim()).filter((part) => part !== '');
}

/** The format's own spelling of a size, or null when the run does not hold it. */
export function customCanonical(format: Pick<CustomSizeFormatData, 'sizes'>, raw: string): string | null {
  const key = customSizeKey(raw);
  if (key === '') return null;
  return format.sizes.find((size) => customSizeKey(size) === key) ?? null;
}

/** The built-in equivalent of a custom size, as [format, value], or null when the owner gave none. */
export function customToBuiltIn(format: CustomSizeFormatData, size: string): readonly [SizeFormatId, string] | null {
  const own = customCanonical(format, size);
  if (own === null || format.conversionFormat === null) return null;
  const value = format.conversions[own];
  const canonical = value === undefined ? null : canonicalSize(format.conversionFormat, value);
  return canonical === null ? null : [format.conversionFormat, canonical];
}

/**
 * The custom size whose conversion is this built-in size (converted on Nike's chart first when it is
 * in another built-in run). Two custom sizes pointing at the same value make it ambiguous: null.
 */
export function builtInToCustom(format: CustomSizeFormatData, value: string, from: SizeFormatId): string | null {
  if (format.conversionFormat === null) return null;
  const target = convertSize(value, from, format.conversionFormat);
  if (target === null) return null;
  const matches = format.sizes.filter((size) => customToBuiltIn(format, size)?.[1] === target);
  return matches.length === 1 ? (matches[0] ?? null) : null;
}
