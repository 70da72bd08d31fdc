import type { CapturedListing } from './captured-listing-schema.ts';

/** The marketplaces whose pages the extension reads. */
export const marketplaceSites = ['ebay', 'shopify', 'whatnot'] as const;
export type MarketplaceSite = (typeof marketplaceSites)[number];

/** Which kind of page a reader understood. */
export const pageKinds = ['ebay-item', 'ebay-seller-hub', 'shopify-product', 'whatnot-show', 'whatnot-listing'] as const;
export type PageKind = (typeof pageKinds)[number];

/** Every field a reader looks for; `missing` names the ones a page did not give. */
export const capturedFields = [
  'listing_id',
  'title',
  'price',
  'images',
  'size',
  'condition',
  'brand',
  'style_code',
  'colour',
  'sku',
] as const;
export type CapturedField = (typeof capturedFields)[number];

/** Where a value came from: structured data is read first, markup only when it says nothing. */
export const captureSources = ['json-ld', 'microdata', 'open-graph', 'embedded-state', 'form', 'markup', 'url', 'title'] as const;
export type CaptureSource = (typeof captureSources)[number];

/** How the condition maps onto the catalog's conditions (null: the page's words are all we have). */
export const capturedConditionKinds = ['new', 'new_with_defects', 'pre_owned'] as const;

/**
 * The listing's shape is declared once, as the zod schema the worker checks every listing with
 * (`captured-listing-schema.ts`). Content scripts import only this type: zod stays out of the small
 * per-page loader, and `finishCapture` cleans the findings so they always pass the schema.
 */
export type { CapturedListing };

/** What a reader found, field by field, with its source; `finishCapture` turns it into a CapturedListing. */
export type Found<T> = { value: T; source: CaptureSource } | null;

export type ReaderFindings = {
  listing_id: Found<string>;
  title: Found<string>;
  price: Found<{ cents: number; currency: string }>;
  images: Found<string[]>;
  size: Found<string>;
  condition: Found<string>;
  brand: Found<string>;
  style_code: Found<string>;
  colour: Found<string>;
  sku: Found<string>;
  specifics: Record<string, string>;
};

export const emptyFindings = (): ReaderFindings => ({
  listing_id: null,
  title: null,
  price: null,
  images: null,
  size: null,
  condition: null,
  brand: null,
  style_code: null,
  colour: null,
  sku: null,
  specifics: {},
});

/** The first value found, in the order the sources were tried. */
export function firstFound<T>(...candidates: Array<Found<T> | undefined>): Found<T> {
  for (const candidate of candidates) if (candidate !== null && candidate !== undefined) return candidate;
  return null;
}

export function found<T>(value: T | null | undefined, source: CaptureSource): Found<T> {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  if (Array.isArray(value) && value.length === 0) return null;
  return { value, source };
}

/** Reads the marketplace's condition wording as one of the catalog's conditions, when it says clearly. */
export function conditionKind(condition: string): (typeof capturedConditionKinds)[number] | null {
  const words = condition.toLowerCase();
  if (/defect|imperfect|damaged|flaw|blemish/.test(words)) return 'new_with_defects';
  if (/pre-?owned|used|worn|second[- ]?hand|refurbished|vntg|vintage/.test(words)) return 'pre_owned';
  if (/\bnew\b|deadstock|\bds\b|brand new/.test(words)) return 'new';
  return null;
}

const clip = (value: string, max: number) => value.trim().replace(/\s+/g, ' ').slice(0, max).trim();

/** Cleans the findings into the schema's shape and lists what is missing. */
export function finishCapture(site: MarketplaceSite, page: PageKind, url: string, findings: ReaderFindings): CapturedListing {
  const sources: CapturedListing['sources'] = {};
  const take = <T>(field: CapturedField, item: Found<T>): T | null => {
    if (item === null) return null;
    sources[field] = item.source;
    return item.value;
  };
  const short = (field: CapturedField, item: Found<string>, max: number) => {
    const value = take(field, item);
    const cleaned = value === null ? '' : clip(value, max);
    if (cleaned === '') delete sources[field];
    return cleaned === '' ? null : cleaned;
  };
  const conditionText = short('condition', findings.condition, 120);
  const images = [...new Set(take('images', findings.images) ?? [])].filter(isPhotoAddress).slice(0, 24);
  if (images.length === 0) delete sources.images;
  const price = () => {
    const value = validPrice(take('price', findings.price));
    if (value === null) delete sources.price;
    return value;
  };
  const listing: CapturedListing = {
    site,
    page,
    url,
    listing_id: short('listing_id', findings.listing_id, 64),
    title: short('title', findings.title, 300),
    price: price(),
    images,
    size: short('size', findings.size, 40),
    condition: conditionText === null ? null : { text: conditionText, kind: conditionKind(conditionText) },
    brand: short('brand', findings.brand, 80),
    style_code: short('style_code', findings.style_code, 40),
    colour: short('colour', findings.colour, 120),
    sku: short('sku', findings.sku, 64),
    specifics: Object.fromEntries(
      Object.entries(findings.specifics)
        .map(([label, value]) => [clip(label, 80), clip(value, 300)] as const)
        .filter(([label, value]) => label !== '' && value !== ''),
    ),
    missing: [],
    sources,
  };
  listing.missing = capturedFields.filter((field) => {
    const value = listing[field];
    return value === null || (Array.isArray(value) && value.length === 0);
  });
  return listing;
}

/** The API's largest amount (`MAX_CENTS` in shared/src/schemas/common.ts, which the loader does not import: zod). */
const maxCents = 100_000_000;

/** A price the schema accepts (whole cents in range, an ISO code), or none: an odd page gives no price rather than no panel. */
function validPrice(price: { cents: number; currency: string } | null): { cents: number; currency: string } | null {
  if (price === null) return null;
  const { cents, currency } = price;
  return Number.isInteger(cents) && cents >= 0 && cents <= maxCents && /^[A-Z]{3}$/.test(currency) ? price : null;
}

/** An http(s) address the schema's `z.url().max(2048)` accepts. */
function isPhotoAddress(image: string): boolean {
  return /^https?:\/\//.test(image) && image.length <= 2048 && URL.canParse(image);
}
