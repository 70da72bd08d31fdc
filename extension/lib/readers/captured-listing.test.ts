import { describe, expect, it } from 'vitest';
import { fixturePages } from '../../../tests/fixtures/marketplace-pages/fixture-server.ts';
import { emptyFindings, finishCapture, type ReaderFindings } from './captured-listing.ts';
import { capturedListingSchema } from './captured-listing-schema.ts';
import { fixtureDocument } from './fixture-pages.test-support.ts';
import { readPage } from './index.ts';

// Content scripts read pages without zod (it would triple the loader: issue #16), so what
// finishCapture hands on must pass the schema the worker checks every listing with.

describe('finishCapture without zod', () => {
  it.each(Object.entries(fixturePages))('reads the %s fixture into a listing the schema accepts unchanged', (_name, page) => {
    const reading = readPage(fixtureDocument(page.file), page.url);
    if (reading.status !== 'read') return;
    expect(capturedListingSchema.parse(reading.listing)).toEqual(reading.listing);
  });

  it('drops a price or photo the schema would refuse, naming it missing, rather than failing the page', () => {
    const findings: ReaderFindings = {
      ...emptyFindings(),
      title: { value: '  Air Jordan 1   Retro  ', source: 'json-ld' },
      price: { value: { cents: 100_000_001, currency: 'USD' }, source: 'json-ld' },
      images: {
        value: ['https://i.ebayimg.com/images/g/a/s-l1600.jpg', 'https://exa mple.com/1.jpg', `https://i.ebayimg.com/${'x'.repeat(2048)}`],
        source: 'json-ld',
      },
    };
    const listing = finishCapture('ebay', 'ebay-item', 'https://www.ebay.com/itm/1', findings);
    expect(listing.title).toBe('Air Jordan 1 Retro');
    expect(listing.price).toBeNull();
    expect(listing.images).toEqual(['https://i.ebayimg.com/images/g/a/s-l1600.jpg']);
    expect(listing.missing).toContain('price');
    expect(listing.sources).toEqual({ title: 'json-ld', images: 'json-ld' });
    expect(capturedListingSchema.safeParse(listing).success).toBe(true);
  });

  it('keeps only prices in whole cents with an ISO currency code', () => {
    const priced = (price: { cents: number; currency: string }) =>
      finishCapture('ebay', 'ebay-item', 'https://www.ebay.com/itm/1', {
        ...emptyFindings(),
        price: { value: price, source: 'open-graph' },
      }).price;
    expect(priced({ cents: 18999, currency: 'USD' })).toEqual({ cents: 18999, currency: 'USD' });
    expect(priced({ cents: 0, currency: 'JPY' })).toEqual({ cents: 0, currency: 'JPY' });
    expect(priced({ cents: 18999, currency: 'usd' })).toBeNull();
    expect(priced({ cents: 189.5, currency: 'USD' })).toBeNull();
    expect(priced({ cents: -1, currency: 'USD' })).toBeNull();
  });
});
