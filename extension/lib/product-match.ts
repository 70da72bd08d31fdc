import { normaliseSize } from '@tradepost/shared/domain/sizes/normalise-size.ts';
import { isSizeFormatId } from '@tradepost/shared/domain/sizes/size-formats.ts';
import type { Product, Variant } from '@tradepost/shared/schemas/catalog.ts';

/**
 * Which of our products a marketplace listing is: by SKU first (exact), then style code (exact,
 * ignoring spaces and dashes), then title (most of our title's words in theirs). Pure, so each rule
 * is tested on its own; the background worker runs the searches that bring the candidates.
 */
export type MatchBasis = 'sku' | 'style_code' | 'title';
export type ProductMatch = { product: Product; variant: Variant | null; basis: MatchBasis };

/** '555088 101', '555088-101' and '555088_101' are one code. */
export const codeKey = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

export function matchBySku(candidates: readonly Product[], sku: string): ProductMatch | null {
  const key = sku.trim().toUpperCase();
  for (const product of candidates) {
    const variant = product.variants.find((item) => item.sku.toUpperCase() === key);
    if (variant !== undefined) return { product, variant, basis: 'sku' };
  }
  return null;
}

export function matchByStyleCode(candidates: readonly Product[], styleCode: string, size: string | null): ProductMatch | null {
  const key = codeKey(styleCode);
  if (key.length < 4) return null;
  const product = candidates.find((item) => item.style_code !== null && codeKey(item.style_code) === key);
  return product === undefined ? null : { product, variant: variantForSize(product, size), basis: 'style_code' };
}

/** Words that say nothing about which product it is. */
const noiseWords = new Set([
  'and',
  'the',
  'with',
  'for',
  'new',
  'brand',
  'size',
  'sz',
  'us',
  'mens',
  "men's",
  'men',
  'womens',
  "women's",
  'women',
  'box',
  'og',
  'ds',
  'deadstock',
  'authentic',
]);

export function titleWords(title: string): string[] {
  return title
    .toLowerCase()
    .replace(/['’"]/g, '')
    .split(/[^a-z0-9.-]+/)
    .map((word) => word.replace(/^[.-]+|[.-]+$/g, ''))
    .filter((word) => word.length >= 2 && !noiseWords.has(word) && !/^\d+(\.5)?$/.test(word));
}

/** Share of our title's words found in theirs (0–1), so a longer marketplace title still matches. */
export function titleScore(ours: string, theirs: string): number {
  const ourWords = new Set(titleWords(ours));
  if (ourWords.size === 0) return 0;
  const theirWords = new Set(titleWords(theirs));
  let shared = 0;
  for (const word of ourWords) if (theirWords.has(word)) shared += 1;
  return shared < 2 ? 0 : shared / ourWords.size;
}

export const TITLE_MATCH_THRESHOLD = 0.75;

export function matchByTitle(candidates: readonly Product[], title: string, size: string | null): ProductMatch | null {
  let best: { product: Product; score: number } | null = null;
  for (const product of candidates) {
    const score = titleScore(product.title, title);
    if (score >= TITLE_MATCH_THRESHOLD && (best === null || score > best.score)) best = { product, score };
  }
  return best === null ? null : { product: best.product, variant: variantForSize(best.product, size), basis: 'title' };
}

/**
 * Searches that may bring a title's product into the candidates: the products search matches a
 * fragment of our title, so the listing's title is tried three words at a time from its start.
 */
export function titleQueries(title: string, limit = 3): string[] {
  const words = title
    .split(/\s+/)
    .map((word) => word.replace(/['’"]/g, ''))
    .filter((word) => word !== '' && !noiseWords.has(word.toLowerCase()));
  const queries: string[] = [];
  for (let start = 0; start + 3 <= words.length && queries.length < limit; start += 1) {
    queries.push(words.slice(start, start + 3).join(' '));
  }
  if (queries.length === 0 && words.length > 0) queries.push(words.join(' '));
  return queries.map((query) => query.slice(0, 100));
}

/** The product's size that the listing's size names, read in the product's size format. */
export function variantForSize(product: Product, size: string | null): Variant | null {
  if (size === null) return null;
  const direct = product.variants.find((variant) => variant.size.toLowerCase() === size.trim().toLowerCase());
  if (direct !== undefined) return direct;
  const formatId = isSizeFormatId(product.size_format) ? product.size_format : undefined;
  const read = normaliseSize(size, { formatId, category: product.category });
  if (read === null) return null;
  return product.variants.find((variant) => variant.size.toLowerCase() === read.value.toLowerCase()) ?? null;
}
