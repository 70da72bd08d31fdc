import type { MarketplaceSite, PageKind, ReaderFindings } from './captured-listing.ts';

/**
 * Reads one kind of marketplace page. `read` returns null when the page holds no single listing
 * (a Seller Hub grid, a show with nothing on sale); otherwise what it found, field by field.
 * Readers take a Document so the same code runs on the live page and on fixture pages in tests.
 */
export type PageReader = {
  site: MarketplaceSite;
  page: PageKind;
  matches(url: URL): boolean;
  read(doc: Document, url: URL): ReaderFindings | null;
};

/** eBay's own hosts (www.ebay.com, www.ebay.co.uk, www.ebay.de…), not look-alikes. */
export const isEbayHost = (host: string) => /^(www\.)?ebay\.(com|ca|co\.uk|com\.au|de|fr|it|es|ie|at|ch|nl|be|pl)$/.test(host);

/** Image URLs as absolute https addresses, resolved against the page. */
export function absoluteUrls(urls: Array<string | null | undefined>, base: URL): string[] {
  const result: string[] = [];
  for (const url of urls) {
    if (url === null || url === undefined || url.trim() === '' || url.startsWith('data:')) continue;
    try {
      const absolute = new URL(url.trim(), base);
      if (absolute.protocol === 'https:' || absolute.protocol === 'http:') result.push(absolute.href);
    } catch {
      // Not a URL: skipped.
    }
  }
  return [...new Set(result)];
}
