import { isSizeMarkerWord, normaliseSize, type SizeHint } from './normalise-size.ts';
import { canonicalSize, isSizeFormatId, SIZE_FORMAT_IDS, type SizeFormatId, sizeLabel } from './size-formats.ts';
import { formatSixths, parseSizeNumber } from './size-numbers.ts';

export type SizeSuggestion = { readonly formatId: SizeFormatId; readonly value: string; readonly label: string };

const WORD = /[a-z]+/gi;
const KIDS_WORD = /\b(?:kids?|boys?|girls?|junior|jr)\b\.?/i;
const NUMBER = /\d+(?:[.,]\d+)?(?: \d\/\d)?/g;

/** Readings with every format and category as a hint: what the string says if we knew the product. */
function hintedReadings(text: string, formatHint: SizeFormatId | undefined): Array<readonly [SizeFormatId, string]> {
  const hints: SizeHint[] = [
    { formatId: formatHint },
    {},
    { category: 'sneakers' },
    { category: 'apparel' },
    ...SIZE_FORMAT_IDS.map((formatId) => ({ formatId })),
  ];
  const readings: Array<readonly [SizeFormatId, string]> = [];
  for (const hint of hints) {
    const read = normaliseSize(text, hint);
    // Converted readings are the chart's guess about another run; only the product's own run wants them.
    if (read && (read.confidence === 'exact' || read.formatId === formatHint)) readings.push([read.formatId, read.value]);
  }
  return readings;
}

/** The string with words the normaliser does not know taken out ('10.5 Wide' → '10.5'), one at a time and all at once. */
function withoutUnknownWords(text: string): string[] {
  const unknown = [...new Set((text.match(WORD) ?? []).filter((word) => !isSizeMarkerWord(word)))];
  const variants = unknown.map((word) => text.replace(new RegExp(`\\b${word}\\b`, 'gi'), ' '));
  if (unknown.length > 1) variants.push(unknown.reduce((current, word) => current.replace(new RegExp(`\\b${word}\\b`, 'gi'), ' '), text));
  return variants.map((variant) => variant.replace(/\s+/g, ' ').trim()).filter((variant) => variant !== '');
}

/** Every run that holds a number the string contains ('Kids 5' → 5Y, US 5, …), for strings with unknown words. */
function numberReadings(text: string): Array<readonly [SizeFormatId, string]> {
  const readings: Array<readonly [SizeFormatId, string]> = [];
  for (const match of text.match(NUMBER) ?? []) {
    const sixths = parseSizeNumber(match);
    const number = sixths === null ? null : formatSixths(sixths);
    if (number === null) continue;
    for (const formatId of SIZE_FORMAT_IDS) {
      for (const spelling of [number, `${number}Y`, `${number}C`]) {
        const value = canonicalSize(formatId, spelling);
        if (value !== null) readings.push([formatId, value]);
      }
    }
  }
  return readings;
}

/**
 * The normaliser's nearest guesses for a string it could not read, best first: what it reads with a
 * hint, then with unknown words taken out, then each part of a split string ('S/M', '10.5/11') and
 * each word alone ('Size M (Men)' → M), then every run holding a number in it. The hint's own run leads where it has a guess.
 */
export function suggestSizes(raw: string, formatHint?: string, limit = 8): SizeSuggestion[] {
  const hint = formatHint !== undefined && isSizeFormatId(formatHint) ? formatHint : undefined;
  const text = raw.normalize('NFKC').replace(/\s+/g, ' ').trim().slice(0, 80);
  if (text === '') return [];
  const parts = text.split(/[/|;&+]|\s-\s/).map((part) => part.trim());
  // 'Kids 5', 'Boys 6.5': the word names a kids' run without saying which, so each kids' run is tried.
  const kidsVariants = KIDS_WORD.test(text) ? ['gs', 'ps', 'td'].map((group) => text.replace(KIDS_WORD, group)) : [];
  const ordered = [
    ...hintedReadings(text, hint),
    ...kidsVariants.flatMap((variant) => hintedReadings(variant, hint)),
    ...withoutUnknownWords(text).flatMap((variant) => hintedReadings(variant, hint)),
    ...(parts.length > 1 ? parts.flatMap((part) => hintedReadings(part, hint)) : []),
    ...(text.match(WORD) ?? []).flatMap((word) => hintedReadings(word, hint)),
    ...numberReadings(text),
  ];
  const seen = new Set<string>();
  const suggestions: SizeSuggestion[] = [];
  for (const [formatId, value] of ordered) {
    const key = `${formatId}\u0000${value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    suggestions.push({ formatId, value, label: sizeLabel(formatId, value) });
  }
  // Stable: the hint's run first, each group keeping the order above.
  const ranked = hint
    ? [...suggestions.filter((s) => s.formatId === hint), ...suggestions.filter((s) => s.formatId !== hint)]
    : suggestions;
  return ranked.slice(0, limit);
}
