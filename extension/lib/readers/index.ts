import { type CapturedListing, finishCapture } from './captured-listing.ts';
import { ebayItemReader } from './ebay-item.ts';
import { ebaySellerHubReader } from './ebay-seller-hub.ts';
import type { PageReader } from './page-reader.ts';
import { shopifyAdminProductReader } from './shopify-admin-product.ts';
import { whatnotListingReader, whatnotShowReader } from './whatnot.ts';

export const pageReaders: readonly PageReader[] = [
  ebayItemReader,
  ebaySellerHubReader,
  shopifyAdminProductReader,
  whatnotShowReader,
  whatnotListingReader,
];

export function readerFor(url: URL): PageReader | null {
  return pageReaders.find((reader) => reader.matches(url)) ?? null;
}

/**
 * What the page shows, or why not: `unsupported` for pages no reader knows (a search page, the
 * admin's home), `no-listing` for a known page without one item on it (a Seller Hub grid).
 */
export type PageReading =
  | { status: 'read'; listing: CapturedListing }
  | { status: 'no-listing'; page: PageReader['page'] }
  | { status: 'unsupported' };

export function readPage(doc: Document, href: string): PageReading {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return { status: 'unsupported' };
  }
  const reader = readerFor(url);
  if (reader === null) return { status: 'unsupported' };
  const findings = reader.read(doc, url);
  if (findings === null) return { status: 'no-listing', page: reader.page };
  return { status: 'read', listing: finishCapture(reader.site, reader.page, url.href, findings) };
}
