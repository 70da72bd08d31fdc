import type { productCategories } from '../../schemas/catalog.ts';
import { type ChartColumn, chartUsMenSizes, convertSize, US_WOMEN_OFFSET } from './conversions.ts';
import { canonicalSize, getSizeFormat, isSizeFormatId, type SizeFormatFamily, type SizeFormatId } from './size-formats.ts';
import { formatSixths, parseSizeNumber, SIXTHS_PER_SIZE, toSixths } from './size-numbers.ts';

export type SizeHintCategory = (typeof productCategories)[number];
/** What the caller knows about the product: its size format, or at least its category. */
export type SizeHint = { readonly formatId?: SizeFormatId; readonly category?: SizeHintCategory };
export type SizeConfidence = 'exact' | 'converted';
export type NormalisedSize = { readonly formatId: SizeFormatId; readonly value: string; readonly confidence: SizeConfidence };

/** A size read from the string; `converted` when the string's own run does not hold it and a chart gave its equivalent. */
type Reading = { readonly formatId: SizeFormatId; readonly value: string; readonly converted?: boolean };

// Marketplace size fields are short; anything longer is a pasted title and belongs in the manual queue.
const MAX_INPUT_LENGTH = 80;

const VULGAR_FRACTIONS: Readonly<Record<string, string>> = { '½': ' 1/2', '⅓': ' 1/3', '⅔': ' 2/3', '¼': ' 1/4', '¾': ' 3/4' };

function clean(input: string): string {
  return (
    input
      // Before NFKC, which would glue '10½' into '101⁄2'.
      .replace(/[½⅓⅔¼¾]/g, (fraction) => VULGAR_FRACTIONS[fraction] ?? fraction)
      // Full-width digits and letters from Japanese listings ('２８.５ｃｍ').
      .normalize('NFKC')
      .replace(/⁄/g, '/')
      .toLowerCase()
      .replace(/['’‘`´]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

// 'Size 11', 'Size: 11' and 'Size11' (no space, as some shops write it).
const LEADING_SIZE_WORD = /^(?:size|sz)(?:\b|(?=\d))\.?\s*[:-]?\s*/;
const NOISE_WORDS = /\b(?:size|sz|shoe|shoes)(?:\b|(?=\d))\.?|:/g;

const ONE_SIZE = /^(?:os|o\/s|o\.s\.?|one ?-?size(?: fits (?:all|most))?|osfa|osfm)$/;

const APPAREL_SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  XXS: ['xxs', '2xs', 'xxsmall', '2xsmall', 'extraextrasmall'],
  XS: ['xs', 'xsmall', 'extrasmall', 'xsm'],
  S: ['s', 'small', 'sml'],
  M: ['m', 'md', 'med', 'medium'],
  L: ['l', 'lg', 'lrg', 'large'],
  XL: ['xl', 'xlg', 'xlarge', 'extralarge'],
  XXL: ['xxl', '2xl', '2x', 'xxlarge', '2xlarge', 'extraextralarge'],
  '3XL': ['xxxl', '3xl', '3x', 'xxxlarge', '3xlarge'],
  '4XL': ['xxxxl', '4xl', '4x', 'xxxxlarge', '4xlarge'],
  '5XL': ['xxxxxl', '5xl', '5x', 'xxxxxlarge', '5xlarge'],
};
// 'sm' is left out on purpose: brands print 'SM' for the S/M combined size, which has no single value.
const apparelBySpelling = new Map(Object.entries(APPAREL_SPELLINGS).flatMap(([value, spellings]) => spellings.map((s) => [s, value])));
const APPAREL_LEADING_WORDS = new Set(['mens', 'men', 'womens', 'women', 'unisex', 'adult', 'adults']);

const WAIST_PATTERNS = [
  /^(?:waist|w) ?(\d+)(?: ?[x/,]? ?(?:l|inseam|length)? ?\d+ ?l?)?$/, // W32, Waist 32, W32 L30, W32/L30
  /^(\d+) ?w(?: ?[x/,]? ?\d+ ?l)?$/, // 32W, 32W 30L, 32W x 30L
  /^(\d+) ?[x×] ?\d+$/, // 32 x 30 (waist × inseam)
  /^(\d+) ?(?:in(?:ch(?:es)?)? )?waist$/, // 32 waist
  // 32 in: Mercari's waist picker. No shoe run is measured in whole inches, and a number outside the
  // waist run ('10 in') ends nowhere, so the string stays unread.
  /^(\d+) ?in(?:ch(?:es)?)?$/,
];

type Region = 'us' | 'uk' | 'eu' | 'cm' | 'mm' | 'it';
type Group = 'men' | 'women' | 'gs' | 'ps' | 'td';
type Letter = 'y' | 'c';
type Marker = { readonly region: Region } | { readonly group: Group } | { readonly letter: Letter };

const MARKER_WORDS: ReadonlyMap<string, Marker> = new Map<string, Marker>([
  ...['us', 'usa'].map((word): [string, Marker] => [word, { region: 'us' }]),
  ...['uk', 'gb'].map((word): [string, Marker] => [word, { region: 'uk' }]),
  ...['eu', 'eur', 'euro'].map((word): [string, Marker] => [word, { region: 'eu' }]),
  ...['cm', 'jp', 'jpn', 'mondo', 'mondopoint'].map((word): [string, Marker] => [word, { region: 'cm' }]),
  // Korean sizes are the same foot length in millimetres: KR 235 is 23.5 cm.
  ...['kr', 'kor', 'korea', 'korean', 'mm'].map((word): [string, Marker] => [word, { region: 'mm' }]),
  ...['it', 'ita', 'italy', 'italian'].map((word): [string, Marker] => [word, { region: 'it' }]),
  ...['m', 'men', 'mens', 'man', 'mans', 'male'].map((word): [string, Marker] => [word, { group: 'men' }]),
  ...['w', 'wmns', 'wmn', 'women', 'womens', 'woman', 'womans', 'ladies', 'lady', 'female'].map((word): [string, Marker] => [
    word,
    { group: 'women' },
  ]),
  // Nike's own codes: BG = boys' grade school, BP = boys' preschool, BT = baby & toddler.
  ...['gs', 'bg'].map((word): [string, Marker] => [word, { group: 'gs' }]),
  ...['ps', 'bp'].map((word): [string, Marker] => [word, { group: 'ps' }]),
  ...['td', 'bt', 'toddler', 'toddlers', 'infant', 'infants', 'baby'].map((word): [string, Marker] => [word, { group: 'td' }]),
  ...['y', 'youth'].map((word): [string, Marker] => [word, { letter: 'y' }]),
  ['c', { letter: 'c' }],
]);

/** Whether a word is one the normaliser reads as a region, group or kids' letter ('us', 'mens', 'gs', 'y'). */
export function isSizeMarkerWord(word: string): boolean {
  return MARKER_WORDS.has(word.toLowerCase());
}

const PHRASES: readonly (readonly [RegExp, string])[] = [
  [/\bgrade ?school\b/g, ' gs '],
  [/\bbig ?kids?\b/g, ' gs '],
  [/\blittle ?kids?\b/g, ' ps '],
  [/\bpre-? ?school\b/g, ' ps '],
  [/\bbaby ?(?:&|and)? ?toddlers?\b/g, ' td '],
  [/\bu\.s\.?(?=\s|\d|$)/g, ' us '],
  // Amazon's width labels, '10.5 D(M) US' and '7.5 B(M) US Women': (M) says the width is medium, the
  // standard one, and D is the men's medium, B the women's. A bare width letter ('10.5 D') stays
  // unread: without (M) a D on a women's shoe is a wide one.
  [/(?<![a-z])d ?\(m\)/g, ' m '],
  [/(?<![a-z])b ?\(m\)/g, ' w '],
];

type Token = { readonly kind: 'number' | 'word' | 'separator'; readonly text: string };

// Numbers keep their fraction ('10 1/2', '10-1/2'); parentheses, colons and stray dots read as spaces
// so 'US 10.5 (EU 44.5)' and '10.5 (US)' parse like their plain versions.
const TOKEN = /\s+|[()[\]:]|\.(?!\d)|(\d+(?:[.,]\d+)?(?:(?: +|-)\d+\/\d+)?)|([a-z]+)|([/|;,&+-])/y;

function tokenize(text: string): Token[] | null {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const match = TOKEN.exec(text);
    if (!match) return null;
    const [, number, word, separator] = match;
    if (number !== undefined) tokens.push({ kind: 'number', text: number });
    else if (word !== undefined) tokens.push({ kind: 'word', text: word });
    else if (separator !== undefined) tokens.push({ kind: 'separator', text: separator });
  }
  return tokens;
}

type SizeUnit = { readonly sixths: number; readonly regions: Set<Region>; readonly groups: Set<Group>; readonly letters: Set<Letter> };

function mark(unit: SizeUnit, marker: Marker): void {
  if ('region' in marker) unit.regions.add(marker.region);
  else if ('group' in marker) unit.groups.add(marker.group);
  else unit.letters.add(marker.letter);
}

/** Whether the markers starting at `index` lead into a number ('W 12') rather than trail one ('12 W /'). */
function leadsIntoNumber(tokens: readonly Token[], index: number): boolean {
  let next = index;
  while (tokens[next]?.kind === 'word') next += 1;
  return tokens[next]?.kind === 'number';
}

/**
 * Splits 'M 10.5 / W 12', '10.5M/12W', "Men's US 10.5" into sizes with their markers. A marker after
 * a number belongs to it unless it leads into the next number, which is what 'M 10.5 W 12' needs.
 */
function parseUnits(text: string): SizeUnit[] | null {
  const tokens = tokenize(text);
  if (!tokens) return null;
  const units: SizeUnit[] = [];
  let pending: Marker[] = [];
  let open: SizeUnit | null = null;
  for (const [index, token] of tokens.entries()) {
    if (token.kind === 'separator') {
      // 'GS-7' and 'US - 10' join a marker to its number; '/' after a marker ('US / 10') joins nothing.
      if (pending.length > 0 && token.text !== '-') return null;
      if (pending.length === 0) open = null;
    } else if (token.kind === 'number') {
      const sixths = parseSizeNumber(token.text);
      if (sixths === null) return null;
      const unit: SizeUnit = { sixths, regions: new Set(), groups: new Set(), letters: new Set() };
      for (const marker of pending) mark(unit, marker);
      pending = [];
      units.push(unit);
      open = unit;
    } else {
      const marker = MARKER_WORDS.get(token.text);
      // An unknown word ('wide', 'kids', 'tall') may change the size's meaning: leave it to a person.
      if (!marker) return null;
      if (open && pending.length === 0 && !leadsIntoNumber(tokens, index)) mark(open, marker);
      else pending.push(marker);
    }
  }
  return pending.length > 0 ? null : units;
}

function reading(formatId: SizeFormatId, value: string): Reading | null {
  const canonical = canonicalSize(formatId, value);
  return canonical === null ? null : { formatId, value: canonical };
}

const US_FORMATS: readonly SizeFormatId[] = ['us-men', 'us-women', 'gs', 'ps', 'toddler'];

/** A number read in a given format, adding the kids' letter the format spells it with. */
function readIn(formatId: SizeFormatId, sixths: number): Reading | null {
  const number = formatSixths(sixths);
  if (number === null) return null;
  switch (formatId) {
    case 'gs':
      return reading('gs', `${number}Y`);
    case 'ps':
      return reading('ps', sixths >= toSixths(10.5) ? `${number}C` : `${number}Y`);
    case 'toddler':
      return reading('toddler', `${number}C`);
    case 'apparel':
    case 'one-size':
      return null;
    default:
      return reading(formatId, number);
  }
}

const CATEGORY_FAMILIES: Readonly<Record<SizeHintCategory, SizeFormatFamily>> = {
  sneakers: 'footwear',
  apparel: 'apparel',
  accessories: 'universal',
  collectibles: 'universal',
  other: 'universal',
};

// Formats a bare number may belong to. Their runs barely overlap (US men ≤ 20, CM 22–33, EU ≥ 35.5,
// waist 26–44 for a bare number), so a number is read only when exactly one of them holds it: '10.5' is
// US men's, '44.5' EU, but a bare '30' (CM or waist?) stays unread without a category.
const BARE_NUMBER_FORMATS: Readonly<Record<SizeFormatFamily | 'unknown', readonly SizeFormatId[]>> = {
  footwear: ['us-men', 'cm', 'eu'],
  apparel: ['waist'],
  universal: [],
  unknown: ['us-men', 'cm', 'eu', 'waist'],
};

// A bare number is read as EU only from 34: kids' EU sizes (16–33.5) share their numbers with US men's
// and CM sizes, so they need an 'EU' or the product's format to be read.
const BARE_EU_FROM = toSixths(34);
// Bare three-digit numbers from 200 are millimetres (Korean listings: '235'); no other run goes that high.
const BARE_MM_FROM = toSixths(200);

// The waist run reaches 23–52 (petite and big-and-tall jeans, as Mercari's picker lists them), but a
// bare number is a waist past the common 26–44 only on a waist product or with a waist word ('50W',
// '50 in'): a bare '46' stays EU 46, and on apparel a '48' may be Italian.
const BARE_WAIST_FROM = toSixths(26);
const BARE_WAIST_TO = toSixths(44);

function readBareIn(formatId: SizeFormatId, sixths: number): Reading | null {
  if (formatId === 'eu' && sixths < BARE_EU_FROM) return null;
  if (formatId === 'waist' && (sixths < BARE_WAIST_FROM || sixths > BARE_WAIST_TO)) return null;
  return readIn(formatId, sixths);
}

function readBareNumber(sixths: number, hint: SizeHint): Reading | null {
  if (hint.formatId) {
    const inHintFormat = readIn(hint.formatId, sixths);
    if (inHintFormat) return inHintFormat;
  }
  const family = hint.formatId ? getSizeFormat(hint.formatId).family : hint.category ? CATEGORY_FAMILIES[hint.category] : 'unknown';
  if (sixths >= BARE_MM_FROM) return family === 'footwear' || family === 'unknown' ? readMillimetres(sixths) : null;
  // On a women's product a number outside the women's run is no men's size: a W 4 read as M 4 would sell the wrong pair.
  const formats = BARE_NUMBER_FORMATS[family].filter((formatId) => !(hint.formatId === 'us-women' && formatId === 'us-men'));
  const readings = formats.flatMap((formatId) => readBareIn(formatId, sixths) ?? []);
  return readings.length === 1 ? (readings[0] ?? null) : null;
}

/** A chart value past its run (CM 33.5–36 on Nike's chart) as the US men's size on the same row. */
function onTheChart(column: ChartColumn, sixths: number): Reading | null {
  const number = formatSixths(sixths);
  const [usMen, ...others] = number === null ? [] : chartUsMenSizes(column, number);
  const read = usMen === undefined || others.length > 0 ? null : reading('us-men', usMen);
  return read && { ...read, converted: true };
}

function readCentimetres(sixths: number): Reading | null {
  const number = formatSixths(sixths);
  return (number === null ? null : reading('cm', number)) ?? onTheChart('cm', sixths);
}

/** Millimetres in 5 mm steps (KR 220–300) are the CM run's half centimetres. */
function readMillimetres(sixths: number): Reading | null {
  const millimetres = sixths / SIXTHS_PER_SIZE;
  if (!Number.isInteger(millimetres) || millimetres % 5 !== 0) return null;
  return readCentimetres(toSixths(millimetres / 10));
}

/** Women's sizes past the women's run (W 15.5–19.5) are men's sizes 1.5 smaller, as the women's run itself is. */
function womenPastTheRun(sixths: number): Reading | null {
  const men = formatSixths(sixths - toSixths(US_WOMEN_OFFSET));
  const read = men === null ? null : reading('us-men', men);
  return read && { ...read, converted: true };
}

function readUnit(unit: SizeUnit, hint: SizeHint): Reading | null {
  if (unit.regions.size > 1 || unit.groups.size > 1 || unit.letters.size > 1) return null;
  const [region] = unit.regions;
  const [group] = unit.groups;
  const [letter] = unit.letters;
  const number = formatSixths(unit.sixths);
  if (number === null) return null;

  if (region === 'uk' || region === 'eu' || region === 'cm' || region === 'mm' || region === 'it') {
    // EU, UK, CM/KR and IT numbers are one scale for men and women; a kids' marker on them is a contradiction.
    if (letter || group === 'gs' || group === 'ps' || group === 'td') return null;
    // 'JP 265' is millimetres too.
    if (region === 'mm' || (region === 'cm' && unit.sixths >= toSixths(100))) return readMillimetres(unit.sixths);
    if (region === 'cm') return readCentimetres(unit.sixths);
    return reading(region, number);
  }
  if (letter === 'y') {
    if (group === 'gs' || group === 'ps') return reading(group, `${number}Y`);
    if (group) return null;
    // Youth sizes 1Y–3Y are preschool, 3.5Y–7Y grade school: the runs meet without overlapping.
    return reading(unit.sixths <= toSixths(3) ? 'ps' : 'gs', `${number}Y`);
  }
  if (letter === 'c') {
    if (group === 'td') return reading('toddler', `${number}C`);
    if (group === 'ps') return reading('ps', `${number}C`);
    if (group) return null;
    return reading(unit.sixths <= toSixths(10) ? 'toddler' : 'ps', `${number}C`);
  }
  switch (group) {
    case 'men':
      return reading('us-men', number);
    case 'women':
      return reading('us-women', number) ?? womenPastTheRun(unit.sixths);
    case 'gs':
      return readIn('gs', unit.sixths);
    case 'ps':
      return readIn('ps', unit.sixths);
    case 'td':
      return readIn('toddler', unit.sixths);
  }
  if (region === 'us') {
    // 'US 8' names no gender; on a women's or kids' product the product says which US run it is.
    const inHintFormat = hint.formatId && US_FORMATS.includes(hint.formatId) ? readIn(hint.formatId, unit.sixths) : null;
    // As with a bare number, a women's product's 'US 4' is no men's 4: read so, it became W 5.5.
    if (!inHintFormat && hint.formatId === 'us-women') return null;
    return inHintFormat ?? reading('us-men', number);
  }
  return readBareNumber(unit.sixths, hint);
}

/** The US men's sizes a reading may stand for: one, or two where chart rows share a value (CM 23.5 is US 4.5 or 5). */
function usMenSixths(value: Reading): number[] {
  const usMen =
    value.formatId === 'uk' || value.formatId === 'eu' || value.formatId === 'cm'
      ? chartUsMenSizes(value.formatId, value.value)
      : [convertSize(value.value, value.formatId, 'us-men') ?? []].flat();
  return usMen.flatMap((size) => parseSizeNumber(size) ?? []);
}

/**
 * Several sizes in one string must describe one shoe. Brands disagree by up to a size (women's is
 * men's + 1 at Adidas, + 1.5 at Nike, + 2 at Converse), so readings may spread over one US men's size;
 * 'M 10.5 / W 9' or 'US 10 / EU 46' spread further and are mistakes a person should look at.
 */
function agree(readings: readonly Reading[]): boolean {
  const byFormat = new Map<SizeFormatId, string>();
  for (const { formatId, value } of readings) {
    if (byFormat.has(formatId) && byFormat.get(formatId) !== value) return false;
    byFormat.set(formatId, value);
  }
  // Each reading covers a range on the men's scale; the ranges may sit at most one size apart.
  const ranges = readings.map(usMenSixths).filter((sizes) => sizes.length > 0);
  if (ranges.length === 0) return true;
  return Math.max(...ranges.map((sizes) => Math.min(...sizes))) - Math.min(...ranges.map((sizes) => Math.max(...sizes))) <= SIXTHS_PER_SIZE;
}

function settle(value: Reading, hint: SizeHint): NormalisedSize | null {
  if (!hint.formatId || hint.formatId === value.formatId) {
    return { formatId: value.formatId, value: value.value, confidence: value.converted ? 'converted' : 'exact' };
  }
  const converted = convertSize(value.value, value.formatId, hint.formatId);
  return converted === null ? null : { formatId: hint.formatId, value: converted, confidence: 'converted' };
}

/**
 * The size the string states in the hint's format when it states one ('M 10.5 / W 12' on a women's
 * product is W 12, exact); otherwise the first size stated, the one the seller led with, converted to
 * the hint's format when there is one.
 */
function choose(readings: readonly Reading[], hint: SizeHint): NormalisedSize | null {
  if (readings.length === 0) return null;
  const inHintFormat = readings.find((value) => value.formatId === hint.formatId);
  if (inHintFormat) return settle(inHintFormat, hint);
  for (const value of readings) {
    const settled = settle(value, hint);
    if (settled) return settled;
  }
  return null;
}

// Mercari prints each letter with its numeric range: 'M (8-10)', 'XXS (00)', 'L (42-44)'.
const NUMERIC_QUALIFIER = /^(.+?) ?\((\d+)( ?- ?\d+)?\)$/;

/**
 * A letter size with a numeric qualifier in parentheses is the letter: the numbers are the dress or
 * chest sizes the store prints beside it, a system no size format holds, so they cannot be checked
 * against the letter and do not change it. A qualifier in words ('M (Men)') is not stripped, nor a
 * single number after M ('M (10)' may be men's 10).
 */
function withoutNumericQualifier(text: string): string {
  const [, letters, , range] = NUMERIC_QUALIFIER.exec(text) ?? [];
  if (letters === undefined || (letters === 'm' && range === undefined)) return text;
  return readApparel(letters) ? letters : text;
}

function readApparel(text: string): Reading | null {
  const words = text.split(' ');
  while (words.length > 1 && APPAREL_LEADING_WORDS.has(words[0] ?? '')) words.shift();
  const compact = words.join('').replace(/[-.]/g, '');
  const value = apparelBySpelling.get(compact);
  if (value === undefined) return null;
  return { formatId: 'apparel', value };
}

function readWaist(text: string): Reading | null {
  for (const pattern of WAIST_PATTERNS) {
    const waist = pattern.exec(text)?.[1];
    const read = waist === undefined ? null : reading('waist', String(Number(waist)));
    // 'W 12' also fits the pattern but is women's 12: only waists in the run end the search here.
    if (read) return read;
  }
  return null;
}

/**
 * Turns a marketplace size string into a canonical size, or null when it is unknown or ambiguous (the
 * caller queues those for manual matching). Reading rules, in order:
 * - one-size spellings ('OS', 'O/S', 'One Size') → one-size OS;
 * - letter sizes ('XL', 'X-Large', 'Extra Large', '2XL', Mercari's 'M (8-10)' with its numeric range)
 *   → apparel. A bare 'M' is apparel Medium, except on a US men's or sneakers hint, where it is a
 *   men's marker missing its number → null;
 * - waists ('32W', 'W32', '32 x 30' – the inseam is dropped, 'Waist 32', '32 in') → waist;
 * - shoe sizes with their markers (US/UK/EU/CM/JP/KR, M/W, Y/C, GS/PS/TD, Amazon's D(M) and B(M)
 *   widths as men's and women's), several per string allowed
 *   ('M 10.5 / W 12', 'US 10 UK 9 EUR 44 CM 28') when they agree; a label whose parts only agree when
 *   its ungendered US number is women's ('38 (EU) / 7 (US)') is read so. A bare number is read in the
 *   hint's format when that run holds it, else as the only format that could hold it (see
 *   BARE_NUMBER_FORMATS); bare three-digit numbers are Korean millimetres ('235' → 23.5 cm);
 * - Italian apparel with its marker ('IT 48') → it.
 * When the string states a different format than the hint asks for, the size is converted on Nike's
 * chart and reported as 'converted'; no equivalent → null. Sizes past their run but on the chart
 * (CM 33.5–36, women's 15.5 and up) are read as the chart's US men's size, also 'converted'.
 */
export function normaliseSize(input: string, hint: SizeHint = {}): NormalisedSize | null {
  // Hints arrive from stored products and request bodies; an unknown format id or category is no hint at all.
  const safeHint: SizeHint = {
    formatId: isSizeFormatId(hint.formatId) ? hint.formatId : undefined,
    category: hint.category !== undefined && Object.hasOwn(CATEGORY_FAMILIES, hint.category) ? hint.category : undefined,
  };
  if (input.length > MAX_INPUT_LENGTH) return null;
  const cleaned = clean(input).replace(LEADING_SIZE_WORD, '');
  if (cleaned === '') return null;
  if (ONE_SIZE.test(cleaned)) return settle({ formatId: 'one-size', value: 'OS' }, safeHint);

  const text = cleaned.replace(NOISE_WORDS, ' ').replace(/\s+/g, ' ').trim();
  const letters = withoutNumericQualifier(text);
  const apparel = readApparel(letters);
  if (apparel) {
    if (letters === 'm' && (safeHint.formatId === 'us-men' || safeHint.category === 'sneakers')) return null;
    return settle(apparel, safeHint);
  }
  const waist = readWaist(text);
  if (waist) return settle(waist, safeHint);

  const withPhrases = PHRASES.reduce((current, [pattern, replacement]) => current.replace(pattern, replacement), text);
  const units = parseUnits(withPhrases.trim());
  if (!units) return null;
  const readings: Reading[] = [];
  for (const unit of units) {
    const read = readUnit(unit, safeHint);
    if (!read) return null;
    readings.push(read);
  }
  if (agree(readings)) return choose(readings, safeHint);
  const asWomen = readUngenderedAsWomen(units, readings, safeHint);
  return asWomen && agree(asWomen) ? choose(asWomen, safeHint) : null;
}

/** A US number with no gender ('US 7', a bare '7'), read as men's only because men's is the default. */
function isUngenderedUs(unit: SizeUnit, read: Reading): boolean {
  const usOnly = unit.regions.size === 0 || (unit.regions.size === 1 && unit.regions.has('us'));
  return usOnly && unit.groups.size === 0 && unit.letters.size === 0 && read.formatId === 'us-men' && !read.converted;
}

/**
 * '38 (EU) / 7 (US)' disagrees as men's 7 but agrees as women's 7: stores print women's sizes without a
 * W. Every ungendered US number is read as women's together (never some of them, or '10.5/11' would
 * pass as M 10.5 / W 11); null when there is none, or the product's own format is a US run.
 */
function readUngenderedAsWomen(units: readonly SizeUnit[], readings: readonly Reading[], hint: SizeHint): Reading[] | null {
  if (units.length < 2 || (hint.formatId && US_FORMATS.includes(hint.formatId))) return null;
  let flipped = false;
  const asWomen: Reading[] = [];
  for (const [index, read] of readings.entries()) {
    const unit = units[index];
    if (!unit || !isUngenderedUs(unit, read)) {
      asWomen.push(read);
      continue;
    }
    const women = reading('us-women', read.value);
    if (!women) return null;
    asWomen.push(women);
    flipped = true;
  }
  return flipped ? asWomen : null;
}
