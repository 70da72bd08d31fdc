import type { productCategories } from '../../schemas/catalog.ts';
import { convertSize } from './conversions.ts';
import { canonicalSize, getSizeFormat, isSizeFormatId, type SizeFormatFamily, type SizeFormatId } from './size-formats.ts';
import { formatSixths, parseSizeNumber, SIXTHS_PER_SIZE, toSixths } from './size-numbers.ts';

export type SizeHintCategory = (typeof productCategories)[number];
/** What the caller knows about the product: its size format, or at least its category. */
export type SizeHint = { readonly formatId?: SizeFormatId; readonly category?: SizeHintCategory };
export type SizeConfidence = 'exact' | 'converted';
export type NormalisedSize = { readonly formatId: SizeFormatId; readonly value: string; readonly confidence: SizeConfidence };

type Reading = { readonly formatId: SizeFormatId; readonly value: string };

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

const LEADING_SIZE_WORD = /^(?:size|sz)\b\.?\s*[:-]?\s*/;
const NOISE_WORDS = /\b(?:size|sz|shoe|shoes)\b\.?|:/g;

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
};
// 'sm' is left out on purpose: brands print 'SM' for the S/M combined size, which has no single value.
const apparelBySpelling = new Map(Object.entries(APPAREL_SPELLINGS).flatMap(([value, spellings]) => spellings.map((s) => [s, value])));
const APPAREL_LEADING_WORDS = new Set(['mens', 'men', 'womens', 'women', 'unisex', 'adult', 'adults']);

const WAIST_PATTERNS = [
  /^(?:waist|w) ?(\d+)(?: ?[x/,]? ?(?:l|inseam|length)? ?\d+ ?l?)?$/, // W32, Waist 32, W32 L30, W32/L30
  /^(\d+) ?w(?: ?[x/,]? ?\d+ ?l)?$/, // 32W, 32W 30L, 32W x 30L
  /^(\d+) ?[x×] ?\d+$/, // 32 x 30 (waist × inseam)
  /^(\d+) ?(?:in(?:ch(?:es)?)? )?waist$/, // 32 waist
];

type Region = 'us' | 'uk' | 'eu' | 'cm';
type Group = 'men' | 'women' | 'gs' | 'ps' | 'td';
type Letter = 'y' | 'c';
type Marker = { readonly region: Region } | { readonly group: Group } | { readonly letter: Letter };

const MARKER_WORDS: ReadonlyMap<string, Marker> = new Map<string, Marker>([
  ...['us', 'usa'].map((word): [string, Marker] => [word, { region: 'us' }]),
  ...['uk', 'gb'].map((word): [string, Marker] => [word, { region: 'uk' }]),
  ...['eu', 'eur', 'euro'].map((word): [string, Marker] => [word, { region: 'eu' }]),
  ...['cm', 'jp', 'jpn', 'mondo', 'mondopoint'].map((word): [string, Marker] => [word, { region: 'cm' }]),
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
// waist 26–44), so a number is read only when exactly one of them holds it: '10.5' is US men's,
// '44.5' EU, but a bare '30' (CM or waist?) stays unread without a category.
const BARE_NUMBER_FORMATS: Readonly<Record<SizeFormatFamily | 'unknown', readonly SizeFormatId[]>> = {
  footwear: ['us-men', 'cm', 'eu'],
  apparel: ['waist'],
  universal: [],
  unknown: ['us-men', 'cm', 'eu', 'waist'],
};

function readBareNumber(sixths: number, hint: SizeHint): Reading | null {
  if (hint.formatId) {
    const inHintFormat = readIn(hint.formatId, sixths);
    if (inHintFormat) return inHintFormat;
  }
  const family = hint.formatId ? getSizeFormat(hint.formatId).family : hint.category ? CATEGORY_FAMILIES[hint.category] : 'unknown';
  const readings = BARE_NUMBER_FORMATS[family].flatMap((formatId) => readIn(formatId, sixths) ?? []);
  return readings.length === 1 ? (readings[0] ?? null) : null;
}

function readUnit(unit: SizeUnit, hint: SizeHint): Reading | null {
  if (unit.regions.size > 1 || unit.groups.size > 1 || unit.letters.size > 1) return null;
  const [region] = unit.regions;
  const [group] = unit.groups;
  const [letter] = unit.letters;
  const number = formatSixths(unit.sixths);
  if (number === null) return null;

  if (region === 'uk' || region === 'eu' || region === 'cm') {
    // EU, UK and CM numbers are one scale for men and women; a kids' marker on them is a contradiction.
    if (letter || group === 'gs' || group === 'ps' || group === 'td') return null;
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
      return reading('us-women', number);
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
    return inHintFormat ?? reading('us-men', number);
  }
  return readBareNumber(unit.sixths, hint);
}

function usMenSixths(value: Reading): number | null {
  const usMen = convertSize(value.value, value.formatId, 'us-men');
  return usMen === null ? null : parseSizeNumber(usMen);
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
  const onMensScale = readings.flatMap((value) => usMenSixths(value) ?? []);
  return onMensScale.length === 0 || Math.max(...onMensScale) - Math.min(...onMensScale) <= SIXTHS_PER_SIZE;
}

function settle(value: Reading, hint: SizeHint): NormalisedSize | null {
  if (!hint.formatId || hint.formatId === value.formatId) return { ...value, confidence: 'exact' };
  const converted = convertSize(value.value, value.formatId, hint.formatId);
  return converted === null ? null : { formatId: hint.formatId, value: converted, confidence: 'converted' };
}

/**
 * The size the string states in the hint's format when it states one ('M 10.5 / W 12' on a women's
 * product is W 12, exact); otherwise the first size stated, the one the seller led with, converted to
 * the hint's format when there is one.
 */
function choose(readings: readonly Reading[], hint: SizeHint): NormalisedSize | null {
  if (readings.length === 0 || !agree(readings)) return null;
  const inHintFormat = readings.find((value) => value.formatId === hint.formatId);
  if (inHintFormat) return { ...inHintFormat, confidence: 'exact' };
  for (const value of readings) {
    const settled = settle(value, hint);
    if (settled) return settled;
  }
  return null;
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
 * - letter sizes ('XL', 'X-Large', 'Extra Large', '2XL') → apparel. A bare 'M' is apparel Medium,
 *   except on a US men's or sneakers hint, where it is a men's marker missing its number → null;
 * - waists ('32W', 'W32', '32 x 30' – the inseam is dropped, 'Waist 32') → waist;
 * - shoe sizes with their markers (US/UK/EU/CM/JP, M/W, Y/C, GS/PS/TD), several per string allowed
 *   ('M 10.5 / W 12') when they agree. A bare number is read in the hint's format when that run holds
 *   it, else as the only format that could hold it (see BARE_NUMBER_FORMATS).
 * When the string states a different format than the hint asks for, the size is converted on Nike's
 * chart and reported as 'converted'; no equivalent → null.
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
  const apparel = readApparel(text);
  if (apparel) {
    if (text === 'm' && (safeHint.formatId === 'us-men' || safeHint.category === 'sneakers')) return null;
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
  return choose(readings, safeHint);
}
