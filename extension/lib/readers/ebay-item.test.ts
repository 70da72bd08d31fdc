import { describe, expect, it } from 'vitest';
import { fixtureDocument, htmlDocument } from './fixture-pages.test-support.ts';
import { readPage } from './index.ts';

const read = (fixture: string, url: string) => {
  const reading = readPage(fixtureDocument(fixture), url);
  if (reading.status !== 'read') throw new Error(`expected a listing, got ${reading.status}`);
  return reading.listing;
};

describe('eBay item reader', () => {
  it('reads an item page from its JSON-LD first, the item specifics after', () => {
    const listing = read('ebay-item.html', 'https://www.ebay.com/itm/256473829104?hash=item3bb7a1c2f0');
    expect(listing).toMatchObject({
      site: 'ebay',
      page: 'ebay-item',
      listing_id: '256473829104',
      title: "Nike Air Jordan 1 Retro High OG Lost and Found DZ5485-612 Men's Size 10",
      price: { cents: 18999, currency: 'USD' },
      condition: { text: 'New', kind: 'new' },
      brand: 'Jordan',
      style_code: 'DZ5485-612',
      colour: 'Red',
      size: '10',
      sku: null,
    });
    expect(listing.images).toEqual([
      'https://i.ebayimg.com/images/g/5nIAAOSw0QFlK8Zb/s-l1600.jpg',
      'https://i.ebayimg.com/images/g/2mAAAOSwB9RlK8Zc/s-l1600.jpg',
      'https://i.ebayimg.com/images/g/cLwAAOSw1f5lK8Zd/s-l1600.jpg',
    ]);
    expect(listing.sources).toMatchObject({
      title: 'json-ld',
      price: 'json-ld',
      images: 'json-ld',
      brand: 'json-ld',
      style_code: 'json-ld',
      size: 'markup',
      listing_id: 'url',
    });
    expect(listing.specifics).toMatchObject({ Department: 'Men', Model: 'Air Jordan 1 Retro High OG', 'Upper Material': 'Leather' });
    // Buyers never see the seller's SKU on an item page.
    expect(listing.missing).toEqual(['sku']);
  });

  it('falls back to the markup when the page publishes no structured data, and names what is missing', () => {
    const listing = read('ebay-item-sparse.html', 'https://www.ebay.com/itm/Vintage-90s-Nike-Windbreaker/134856231907');
    expect(listing).toMatchObject({
      listing_id: '134856231907',
      title: 'Vintage 90s Nike Windbreaker Jacket',
      price: { cents: 2500, currency: 'USD' },
      images: [],
    });
    expect(listing.sources).toMatchObject({ title: 'open-graph', price: 'markup' });
    expect(listing.missing).toEqual(['images', 'size', 'condition', 'brand', 'style_code', 'colour', 'sku']);
  });

  it('finds nothing but the item number on a page that lost its item', () => {
    const listing = read('ebay-item-ended.html', 'https://www.ebay.com/itm/199999999999');
    expect(listing.listing_id).toBe('199999999999');
    expect(listing.missing).toEqual(['title', 'price', 'images', 'size', 'condition', 'brand', 'style_code', 'colour', 'sku']);
  });

  it('reads prices printed in other currencies from the markup', () => {
    const html = (price: string) =>
      `<html><body><h1 class="x-item-title__mainTitle">Item</h1><div class="x-price-primary"><span class="ux-textspans">${price}</span></div></body></html>`;
    const cases: Array<[string, { cents: number; currency: string }]> = [
      ['£120.00', { cents: 12000, currency: 'GBP' }],
      ['C $1,249.50', { cents: 124950, currency: 'CAD' }],
      ['EUR 1.299,00', { cents: 129900, currency: 'EUR' }],
      ['AU $80', { cents: 8000, currency: 'AUD' }],
    ];
    for (const [price, expected] of cases) {
      const reading = readPage(htmlDocument(html(price)), 'https://www.ebay.com/itm/123456789012');
      expect(reading.status === 'read' && reading.listing.price).toEqual(expected);
    }
  });

  it('does not claim pages that are not item pages', () => {
    expect(readPage(fixtureDocument('ebay-item.html'), 'https://www.ebay.com/sch/i.html?_nkw=jordan').status).toBe('unsupported');
    expect(readPage(fixtureDocument('ebay-item.html'), 'https://www.ebay.com.evil.example/itm/256473829104').status).toBe('unsupported');
  });
});
