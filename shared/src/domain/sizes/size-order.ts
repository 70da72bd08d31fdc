import { parseSizeNumber, SIXTHS_PER_SIZE } from './size-numbers.ts';

/**
 * One order for sizes written as text, whatever their run: the order people count and pick them in.
 * Numbers by value, halves and thirds exact ('9', '9.5', '10', '10.5', '11'; 'EU 40 2/3' before
 * 'EU 41'), kids' C sizes before Y sizes before the rest ('13.5C', '1Y', '7Y', '4'), then letter sizes
 * XXS … 5XL, One Size, and anything else in natural text order. For a list within one built-in run
 * compareSizes(formatId, …) in size-formats.ts gives the run's own order; this one needs no format.
 */
export function compareSizeLabels(a: string, b: string): number {
  const ka = sizeSortKey(a);
  const kb = sizeSortKey(b);
  for (let i = 0; i < ka.rank.length || i < kb.rank.length; i += 1) {
    const difference = (ka.rank[i] ?? 0) - (kb.rank[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return TEXT_ORDER.compare(ka.text, kb.text);
}

const TEXT_ORDER = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

const LETTER_SIZES: readonly (readonly string[])[] = [
  ['xxxs', '3xs'],
  ['xxs', '2xs'],
  ['xs'],
  ['s', 'small'],
  ['m', 'md', 'med', 'medium'],
  ['l', 'lg', 'large'],
  ['xl'],
  ['xxl', '2xl', '2x'],
  ['xxxl', '3xl', '3x'],
  ['xxxxl', '4xl', '4x'],
  ['xxxxxl', '5xl', '5x'],
  ['xxxxxxl', '6xl', '6x'],
];
const letterRank = new Map(LETTER_SIZES.flatMap((spellings, rank) => spellings.map((spelling) => [spelling, rank] as const)));
const ONE_SIZE = /^(?:os|o\/s|one ?size|osfa)$/;

// The first size number in the label and the kids' letter right after it: 'US M 10.5', 'EU 44 2/3', '7Y', '28.5 cm', 'W32'.
const NUMBER = /(\d+(?:[.,]\d+)?(?:(?:\s+|-)\d\/\d)?)\s*([cy](?![a-z]))?/;
const FRACTIONS: Readonly<Record<string, string>> = { '½': ' 1/2', '⅓': ' 1/3', '⅔': ' 2/3', '¼': ' 1/4', '¾': ' 3/4' };

const Group = { KidsC: 0, KidsY: 1, Number: 2, Letter: 3, OneSize: 4, Text: 5 } as const;

type SortKey = { readonly rank: readonly number[]; readonly text: string };

function sizeSortKey(label: string): SortKey {
  const text = label
    .replace(/[½⅓⅔¼¾]/g, (fraction) => FRACTIONS[fraction] ?? fraction)
    .normalize('NFKC')
    .trim()
    .toLowerCase();
  const compact = text.replace(/[\s.-]/g, '');
  const letter = letterRank.get(compact);
  if (letter !== undefined) return { rank: [Group.Letter, letter], text };
  if (ONE_SIZE.test(text)) return { rank: [Group.OneSize], text };
  const match = NUMBER.exec(text);
  if (match?.[1] !== undefined) {
    // Not a half or a third ('10.3', '3-6'): still a number, ordered by its value.
    const sixths = parseSizeNumber(match[1]) ?? Number(match[1].replace(',', '.').split(/[\s-]/)[0]) * SIXTHS_PER_SIZE;
    const group = match[2] === 'c' ? Group.KidsC : match[2] === 'y' ? Group.KidsY : Group.Number;
    return { rank: [group, sixths], text };
  }
  return { rank: [Group.Text], text };
}
