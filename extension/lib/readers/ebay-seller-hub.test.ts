import { describe, expect, it } from 'vitest';
import { fixtureDocument, htmlDocument } from './fixture-pages.test-support.ts';
import { readPage } from './index.ts';

describe('eBay Seller Hub reader', () => {
  it("reads the listing form, including the seller's custom label (SKU)", () => {
    const reading = readPage(
      fixtureDocument('ebay-seller-hub-revise.html'),
      'https://www.ebay.com/lstng?draftId=5032198745&mode=ReviseItem&itemId=256473829104',
    );
    if (reading.status !== 'read') throw new Error(reading.status);
    expect(reading.listing).toMatchObject({
      site: 'ebay',
      page: 'ebay-seller-hub',
      listing_id: '256473829104',
      title: "Nike Air Jordan 1 Retro High OG Lost and Found DZ5485-612 Men's Size 10",
      price: { cents: 18999, currency: 'USD' },
      sku: 'DZ5485-612-10',
      condition: { text: 'New with box', kind: 'new' },
      brand: 'Jordan',
      style_code: 'DZ5485-612',
      colour: 'Red',
      size: '10',
      images: [
        'https://i.ebayimg.com/images/g/5nIAAOSw0QFlK8Zb/s-l1600.jpg',
        'https://i.ebayimg.com/images/g/2mAAAOSwB9RlK8Zc/s-l1600.jpg',
      ],
      specifics: { Department: 'Men' },
      missing: [],
    });
    expect(reading.listing.sources).toMatchObject({ title: 'form', sku: 'form', price: 'form', listing_id: 'url' });
  });

  it('reads a grid of many listings as no single listing', () => {
    const grid = htmlDocument(
      '<html><body><table class="shui-dt"><tr><td>Listing 1</td></tr><tr><td>Listing 2</td></tr></table></body></html>',
    );
    expect(readPage(grid, 'https://www.ebay.com/sh/lst/active')).toEqual({ status: 'no-listing', page: 'ebay-seller-hub' });
  });
});
