/**
 * Item specifics (eBay's label/value pairs, Shopify's fields, Whatnot's attributes) mapped onto the
 * fields a capture needs. Labels are matched loosely ('Color', 'Colour:', 'US Shoe Size (Men's)').
 */

export type MappedSpecifics = {
  brand: string | null;
  style_code: string | null;
  colour: string | null;
  size: string | null;
  sku: string | null;
  condition: string | null;
  /** Everything not mapped, label → value. */
  others: Record<string, string>;
};

type Field = Exclude<keyof MappedSpecifics, 'others'>;

/** Per field, the labels that carry it, best first (a US size beats a UK one, a style code beats an MPN). */
const labelsByField: Record<Field, RegExp[]> = {
  brand: [/^brand$/, /^vendor$/, /^manufacturer$/],
  // Brands print their codes in different shapes (Nike DZ5485-612, Puma 193990-16, adidas GW2871,
  // New Balance M990GL6): the label says which value is the code, the shape only rules out words.
  style_code: [
    /^style ?code$/,
    /^style ?(number|no\.?|#|id)$/,
    /^style$/,
    /^(mpn|manufacturer part number)$/,
    /^model ?number$/,
    /^model$/,
  ],
  colour: [/^colou?rway$/, /^colou?r$/, /^main colou?r$/],
  size: [/^us shoe size\b/, /^us size\b/, /^size \(us\)/, /^shoe size\b/, /^size$/, /^size type$/, /^uk shoe size\b/, /^eu shoe size\b/],
  sku: [/^sku$/, /^custom label/, /^seller sku$/],
  condition: [/^condition$/],
};

const normaliseLabel = (label: string) =>
  label
    .toLowerCase()
    .replace(/[:：]\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Maps label/value pairs onto capture fields; unmatched pairs are kept as `others`. */
export function mapSpecifics(pairs: Array<[string, string]>): MappedSpecifics {
  const result: MappedSpecifics = { brand: null, style_code: null, colour: null, size: null, sku: null, condition: null, others: {} };
  const rank: Partial<Record<Field, number>> = {};
  for (const [rawLabel, rawValue] of pairs) {
    const label = normaliseLabel(rawLabel);
    const value = rawValue.replace(/\s+/g, ' ').trim();
    if (label === '' || value === '' || /^(does not apply|n\/a|unbranded)$/i.test(value)) continue;
    let placed = false;
    for (const field of Object.keys(labelsByField) as Field[]) {
      if (field === 'size' && label === 'size type') continue;
      const index = labelsByField[field].findIndex((pattern) => pattern.test(label));
      if (index < 0) continue;
      placed = true;
      // A 'Style' value that is a word ('Sneaker', 'Athletic') is a style, not a style code; a 'Model'
      // is a code only when it is one word ('990v6', not 'Jordan 1' or 'Air Jordan 1 Retro High OG').
      if (field === 'style_code' && (!looksLikeStyleCode(value) || (label === 'model' && /\s/.test(value)))) {
        placed = false;
        break;
      }
      if (rank[field] === undefined || index < (rank[field] as number)) {
        result[field] = value;
        rank[field] = index;
      }
      break;
    }
    if (!placed) result.others[rawLabel.replace(/[:：]\s*$/, '').trim()] = value;
  }
  return result;
}

/** The code a 'Style Code' / 'Style Number' / 'Style' specific names, which beats any MPN or model the page also gives. */
export function explicitStyleCode(pairs: Array<[string, string]>): string | null {
  return mapSpecifics(pairs.filter(([label]) => normaliseLabel(label).startsWith('style'))).style_code;
}

/** A code has digits in it and no spaces between words ('DZ5485-612', '555088 101', 'M990GL6'). */
export function looksLikeStyleCode(value: string): boolean {
  const text = value.trim();
  return /\d/.test(text) && /^[A-Za-z0-9][A-Za-z0-9 ._/-]{2,39}$/.test(text) && text.split(' ').length <= 2;
}

/**
 * Style codes resellers put in titles: Nike and Jordan's 'DZ5485-612' and '555088-101', and the
 * same shape from other brands ('ABC123-001'). Other brands' codes are too close to ordinary words
 * and numbers to be told apart in free text.
 */
export function styleCodeInText(text: string): string | null {
  const match = /\b([A-Z]{2}\d{4}-\d{3}|\d{6}-\d{3}|[A-Z0-9]{5,8}-\d{3})\b/.exec(text.toUpperCase());
  return match?.[1] ?? null;
}

/** A size stated in a title ('Size 10', "Men's Sz 10.5", 'US 9') when the page gives no size field. */
export function sizeInText(text: string): string | null {
  const match = /\b(?:size|sz|us)\s*[:.]?\s*((?:men'?s|women'?s|m|w)?\s*\d{1,2}(?:\.5)?\s*(?:y|c|w|m)?)\b/i.exec(text);
  return match?.[1]?.trim() ?? null;
}
