import { centsSchema } from '@tradepost/shared/schemas/common.ts';
import { z } from 'zod';

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
export const captureSources = ['json-ld', 'open-graph', 'embedded-state', 'form', 'markup', 'url', 'title'] as const;
export type CaptureSource = (typeof captureSources)[number];

/** How the condition maps onto the catalog's conditions (null: the page's words are all we have). */
export const capturedConditionKinds = ['new', 'new_with_defects', 'pre_owned'] as const;

const text = (max: number) => z.string().trim().min(1).max(max);

/** One listing as read from a marketplace page: what the panel shows and what a capture turns into a draft. */
export const capturedListingSchema = z.object({
  site: z.enum(marketplaceSites),
  page: z.enum(pageKinds),
  url: z.url().max(2048),
  listing_id: text(64).nullable(),
  title: text(300).nullable(),
  /** Integer minor units, with the page's ISO currency code. */
  price: z.object({ cents: centsSchema('Price'), currency: z.string().regex(/^[A-Z]{3}$/) }).nullable(),
  images: z.array(z.url().max(2048)).max(24),
  size: text(40).nullable(),
  condition: z.object({ text: text(120), kind: z.enum(capturedConditionKinds).nullable() }).nullable(),
  brand: text(80).nullable(),
  style_code: text(40).nullable(),
  colour: text(120).nullable(),
  sku: text(64).nullable(),
  /** The page's other item specifics, label → value (department, model, material…). */
  specifics: z.record(z.string().max(80), z.string().max(300)),
  missing: z.array(z.enum(capturedFields)),
  sources: z.partialRecord(z.enum(capturedFields), z.enum(captureSources)),
});
export type CapturedListing = z.infer<typeof capturedListingSchema>;

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
  const images = [...new Set(take('images', findings.images) ?? [])].filter((image) => /^https?:\/\//.test(image)).slice(0, 24);
  if (images.length === 0) delete sources.images;
  const listing: CapturedListing = {
    site,
    page,
    url,
    listing_id: short('listing_id', findings.listing_id, 64),
    title: short('title', findings.title, 300),
    price: take('price', findings.price),
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
  return capturedListingSchema.parse(listing);
}
