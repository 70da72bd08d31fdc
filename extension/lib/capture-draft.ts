import { normaliseSize } from '@tradepost/shared/domain/sizes/normalise-size.ts';
import { getSizeFormat, type SizeFormatId } from '@tradepost/shared/domain/sizes/size-formats.ts';
import { type CreateProductBody, createProductBodySchema, type ProductCategory } from '@tradepost/shared/schemas/catalog.ts';
import { type CreatePreownedBody, createPreownedBodySchema } from '@tradepost/shared/schemas/preowned.ts';
import type { CapturedField, CapturedListing } from './readers/captured-listing.ts';
import { siteLabels } from './sites.ts';

/**
 * What a captured listing becomes in Tradepost. A used item is a one-off unit, so it becomes a
 * pre-owned draft (finished on preowned/drafts); anything else becomes a catalog product with
 * status draft (finished on its configure screen). Images are attached by the caller once copied.
 */
export type DraftPlan =
  | { kind: 'preowned'; body: Omit<CreatePreownedBody, 'images'> }
  | { kind: 'product'; body: Omit<CreateProductBody, 'images'> };

/** A draft needs at least a title; without one the page gave nothing worth keeping. */
export const requiredForCapture: readonly CapturedField[] = ['title'];

const styleCodePattern = /^[A-Za-z0-9 ._/-]{2,40}$/;
const skuPattern = /^[A-Za-z0-9._/-]{1,64}$/;

const shoeWords = /\b(sneakers?|shoes?|trainers?|jordan|dunk|yeezy|boost|air max|air force|foamposite|slides?|boots?|cleats?|runners?)\b/i;
const apparelWords =
  /\b(jacket|windbreaker|hoodie|sweatshirt|crewneck|tee|t-shirt|shirt|jersey|shorts|pants|joggers|sweatpants|coat|vest|jeans)\b/i;
const accessoryWords = /\b(hat|cap|beanie|bag|backpack|socks|wallet|belt|keychain)\b/i;

function categoryFor(family: 'footwear' | 'apparel' | 'universal' | null, title: string): ProductCategory {
  if (family === 'footwear') return 'sneakers';
  if (family === 'apparel') return 'apparel';
  if (shoeWords.test(title)) return 'sneakers';
  if (apparelWords.test(title)) return 'apparel';
  if (accessoryWords.test(title)) return 'accessories';
  return 'other';
}

const defaultFormat: Record<ProductCategory, SizeFormatId> = {
  sneakers: 'us-men',
  apparel: 'apparel',
  accessories: 'one-size',
  collectibles: 'one-size',
  other: 'one-size',
};

const clip = (value: string | null, max: number) => (value === null ? undefined : value.slice(0, max).trim() || undefined);

/** Where the draft came from and what the page said that has no field of its own. */
function captureNotes(listing: CapturedListing, unreadSize: string | null): string {
  const lines = [`Captured from ${siteLabels[listing.site]}${listing.listing_id ? ` listing ${listing.listing_id}` : ''}: ${listing.url}`];
  if (listing.condition !== null) lines.push(`Condition on the listing: ${listing.condition.text}`);
  if (unreadSize !== null) lines.push(`Size on the listing: ${unreadSize}`);
  for (const [label, value] of Object.entries(listing.specifics)) lines.push(`${label}: ${value}`);
  return lines.join('\n');
}

export type PlannedDraft = { plan: DraftPlan; sizeRead: boolean };

/** The draft for a listing, or the fields the page lacked that a draft cannot do without. */
export function planDraft(listing: CapturedListing): PlannedDraft | { missing: CapturedField[] } {
  const lacking = requiredForCapture.filter((field) => listing.missing.includes(field));
  const title = listing.title;
  if (lacking.length > 0 || title === null) return { missing: lacking.length > 0 ? lacking : ['title'] };

  const size = listing.size === null ? null : normaliseSize(listing.size, shoeWords.test(title) ? { category: 'sneakers' } : {});
  const family = size === null ? null : getSizeFormat(size.formatId).family;
  const category = categoryFor(family, title);
  const sizeFormat = size?.formatId ?? defaultFormat[category];
  const styleCode = listing.style_code !== null && styleCodePattern.test(listing.style_code) ? listing.style_code : undefined;
  const sku = listing.sku !== null && skuPattern.test(listing.sku) ? listing.sku : undefined;
  const unreadSize = listing.size !== null && size === null ? listing.size : null;
  const notes = captureNotes(listing, unreadSize);

  if (listing.condition?.kind === 'pre_owned') {
    const body: Omit<CreatePreownedBody, 'images'> = {
      publish: false,
      title: title.slice(0, 200),
      brand: clip(listing.brand, 80),
      style_code: styleCode,
      colorway: clip(listing.colour, 120),
      category,
      size_format: sizeFormat,
      size: size?.value,
      price_cents: listing.price?.cents,
      sku,
      condition_notes: notes.slice(0, 2000),
    };
    createPreownedBodySchema.parse(body);
    return { plan: { kind: 'preowned', body }, sizeRead: size !== null };
  }

  const body: Omit<CreateProductBody, 'images'> = {
    title: title.slice(0, 200),
    brand: clip(listing.brand, 80),
    style_code: styleCode,
    colorway: clip(listing.colour, 120),
    category,
    size_format: sizeFormat,
    condition: listing.condition?.kind === 'new_with_defects' ? 'new_with_defects' : 'new',
    status: 'draft',
    description: notes.slice(0, 10_000),
    // A size becomes a variant only with a SKU to go with it; otherwise sizes are added when finishing the draft.
    variants: size !== null && sku !== undefined ? [{ size: size.value, sku, price_cents: listing.price?.cents }] : [],
  };
  createProductBodySchema.parse(body);
  return { plan: { kind: 'product', body }, sizeRead: size !== null };
}

/** A product's screen in Tradepost. */
export const productPath = (id: string) => `/products/${encodeURIComponent(id)}/configure`;

/** The Tradepost screen where a draft is finished. */
export function draftPath(kind: DraftPlan['kind'], id: string): string {
  return kind === 'preowned' ? `/preowned/drafts?item=${encodeURIComponent(id)}` : productPath(id);
}
