import { canonicalSize, type SizeFormatId } from './size-formats.ts';
import { formatSixths, parseSizeNumber, toSixths } from './size-numbers.ts';

export type ConversionChartRow = { readonly usMen: string; readonly uk: string; readonly eu: string; readonly cm: string };

/**
 * Nike's men's chart (nike.com size chart, US men 3.5–18). Brands disagree by up to a size (Adidas
 * US 10.5 is UK 10 / EU 44 2/3), so one chart has to win for automatic conversion; Nike's is the one
 * resellers meet most (Nike and Jordan), so it is the brand-neutral default. CM is Nike's foot
 * length, which is why 4.5 and 5, 5.5 and 6 share a value, and US 6.5 and 7 share UK 6.
 */
export const NIKE_MENS_CHART: readonly ConversionChartRow[] = [
  { usMen: '3.5', uk: '3', eu: '35.5', cm: '22.5' },
  { usMen: '4', uk: '3.5', eu: '36', cm: '23' },
  { usMen: '4.5', uk: '4', eu: '36.5', cm: '23.5' },
  { usMen: '5', uk: '4.5', eu: '37.5', cm: '23.5' },
  { usMen: '5.5', uk: '5', eu: '38', cm: '24' },
  { usMen: '6', uk: '5.5', eu: '38.5', cm: '24' },
  { usMen: '6.5', uk: '6', eu: '39', cm: '24.5' },
  { usMen: '7', uk: '6', eu: '40', cm: '25' },
  { usMen: '7.5', uk: '6.5', eu: '40.5', cm: '25.5' },
  { usMen: '8', uk: '7', eu: '41', cm: '26' },
  { usMen: '8.5', uk: '7.5', eu: '42', cm: '26.5' },
  { usMen: '9', uk: '8', eu: '42.5', cm: '27' },
  { usMen: '9.5', uk: '8.5', eu: '43', cm: '27.5' },
  { usMen: '10', uk: '9', eu: '44', cm: '28' },
  { usMen: '10.5', uk: '9.5', eu: '44.5', cm: '28.5' },
  { usMen: '11', uk: '10', eu: '45', cm: '29' },
  { usMen: '11.5', uk: '10.5', eu: '45.5', cm: '29.5' },
  { usMen: '12', uk: '11', eu: '46', cm: '30' },
  { usMen: '12.5', uk: '11.5', eu: '47', cm: '30.5' },
  { usMen: '13', uk: '12', eu: '47.5', cm: '31' },
  { usMen: '13.5', uk: '12.5', eu: '48', cm: '31.5' },
  { usMen: '14', uk: '13', eu: '48.5', cm: '32' },
  { usMen: '14.5', uk: '13.5', eu: '49', cm: '32.5' },
  { usMen: '15', uk: '14', eu: '49.5', cm: '33' },
  { usMen: '15.5', uk: '14.5', eu: '50', cm: '33.5' },
  { usMen: '16', uk: '15', eu: '50.5', cm: '34' },
  { usMen: '16.5', uk: '15.5', eu: '51', cm: '34.5' },
  { usMen: '17', uk: '16', eu: '51.5', cm: '35' },
  { usMen: '17.5', uk: '16.5', eu: '52', cm: '35.5' },
  { usMen: '18', uk: '17', eu: '52.5', cm: '36' },
];

/** US women's = US men's + 1.5 (Nike, Jordan, and the unisex labels that print both). */
export const US_WOMEN_OFFSET = 1.5;

/** Formats that take part in conversion; kids' PS/TD, apparel, waist, IT and one-size stand alone. */
export const CONVERTIBLE_FORMAT_IDS = ['us-men', 'us-women', 'gs', 'eu', 'uk', 'cm'] as const satisfies readonly SizeFormatId[];

export type ChartColumn = 'uk' | 'eu' | 'cm';

const byUsMen = new Map(NIKE_MENS_CHART.map((row) => [row.usMen, row]));

/**
 * Chart column → US men's sizes with that value. A value shared by two rows (UK 6, CM 23.5, CM 24)
 * has no single equivalent, and guessing would put the wrong pair on a listing.
 */
function reverseIndex(column: ChartColumn): ReadonlyMap<string, readonly string[]> {
  const index = new Map<string, string[]>();
  for (const row of NIKE_MENS_CHART) index.set(row[column], [...(index.get(row[column]) ?? []), row.usMen]);
  return index;
}

const toUsMenByColumn: Record<ChartColumn, ReadonlyMap<string, readonly string[]>> = {
  uk: reverseIndex('uk'),
  eu: reverseIndex('eu'),
  cm: reverseIndex('cm'),
};

/**
 * US men's sizes whose row holds `value` in a chart column, read on the chart itself rather than the
 * runs: CM 33.5–36 is on Nike's chart though the CM run stops at 33. Two rows sharing a value (CM 23.5)
 * both come back; the caller decides whether a range is good enough.
 */
export function chartUsMenSizes(column: ChartColumn, value: string): readonly string[] {
  const sixths = parseSizeNumber(value);
  const spelled = sixths === null ? null : formatSixths(sixths);
  return spelled === null ? [] : (toUsMenByColumn[column].get(spelled) ?? []);
}

function shiftNumber(value: string, by: number): string | null {
  const sixths = parseSizeNumber(value);
  return sixths === null ? null : formatSixths(sixths + toSixths(by));
}

/** Every conversion goes through US men's: the one axis every chart is printed against. */
function toUsMen(value: string, from: SizeFormatId): string | null {
  switch (from) {
    case 'us-men':
      return value;
    case 'us-women':
      return canonicalSize('us-men', shiftNumber(value, -US_WOMEN_OFFSET) ?? '');
    case 'gs':
      // GS runs on the men's scale: 4Y is the same length as US men's 4.
      return canonicalSize('us-men', value.slice(0, -1));
    case 'uk':
    case 'eu':
    case 'cm': {
      const matches = toUsMenByColumn[from].get(value) ?? [];
      return matches.length === 1 ? (matches[0] ?? null) : null;
    }
    default:
      return null;
  }
}

function fromUsMen(usMen: string, to: SizeFormatId): string | null {
  switch (to) {
    case 'us-men':
      return usMen;
    case 'us-women':
      return canonicalSize('us-women', shiftNumber(usMen, US_WOMEN_OFFSET) ?? '');
    case 'gs':
      return canonicalSize('gs', `${usMen}Y`);
    case 'uk':
    case 'eu':
    case 'cm': {
      // The chart runs past the CM format's 33 (US 15.5 is 33.5 cm): such sizes have no equivalent.
      const row = byUsMen.get(usMen);
      return row ? canonicalSize(to, row[to]) : null;
    }
    default:
      return null;
  }
}

/**
 * Converts a canonical value between formats on Nike's chart; null when the value is not in the
 * `from` run or there is no single equivalent (kids' PS/TD, apparel, 1/3 EU steps, shared chart values).
 */
export function convertSize(value: string, from: SizeFormatId, to: SizeFormatId): string | null {
  const canonical = canonicalSize(from, value);
  if (canonical === null) return null;
  if (from === to) return canonical;
  const usMen = toUsMen(canonical, from);
  return usMen === null ? null : fromUsMen(usMen, to);
}
