import { describe, expect, it } from 'vitest';
import { fixtureDocument, htmlDocument } from './fixture-pages.test-support.ts';
import { readPage } from './index.ts';

describe('Whatnot readers', () => {
  it("reads the item a live show is selling from the page's Apollo state, not the show's Open Graph", () => {
    const reading = readPage(fixtureDocument('whatnot-show.html'), 'https://www.whatnot.com/live/5d0b3a55-2a9f-4d1e-9a6c-7f1c2b3d4e5f');
    if (reading.status !== 'read') throw new Error(reading.status);
    expect(reading.listing).toMatchObject({
      site: 'whatnot',
      page: 'whatnot-show',
      listing_id: 'TGlzdGluZ05vZGU6MTQ1NjA5ODc=',
      title: 'Nike Dunk Low Retro White Black Panda DD1391-100 Mens Size 9',
      price: { cents: 9500, currency: 'USD' },
      brand: 'Nike',
      size: '9',
      style_code: 'DD1391-100',
      colour: 'White/Black',
      condition: { text: 'New with box', kind: 'new' },
      images: [
        'https://images.whatnot.com/listings/TGlzdGluZ05vZGU6MTQ1NjA5ODc=/0.jpg',
        'https://images.whatnot.com/listings/TGlzdGluZ05vZGU6MTQ1NjA5ODc=/1.jpg',
      ],
    });
    expect(reading.listing.sources).toMatchObject({ title: 'embedded-state', price: 'embedded-state', style_code: 'title' });
    expect(reading.listing.missing).toEqual(['sku']);
  });

  it('reads a listing page from JSON-LD, filling the rest from the Apollo state', () => {
    const reading = readPage(fixtureDocument('whatnot-listing.html'), 'https://www.whatnot.com/listing/TGlzdGluZ05vZGU6OTg3NjU0MzI=');
    if (reading.status !== 'read') throw new Error(reading.status);
    expect(reading.listing).toMatchObject({
      page: 'whatnot-listing',
      listing_id: 'TGlzdGluZ05vZGU6OTg3NjU0MzI=',
      title: 'Adidas Yeezy Boost 350 V2 Bone Size 10.5',
      price: { cents: 24000, currency: 'USD' },
      brand: 'adidas',
      sku: 'HQ6316',
      style_code: 'HQ6316',
      size: '10.5',
      condition: { text: 'Used', kind: 'pre_owned' },
    });
    expect(reading.listing.sources).toMatchObject({
      title: 'json-ld',
      price: 'json-ld',
      size: 'embedded-state',
      style_code: 'embedded-state',
    });
    expect(reading.listing.missing).toEqual(['colour']);
  });

  it('says a show with nothing on sale holds no listing', () => {
    const quiet = htmlDocument(
      '<html><head><meta property="og:title" content="Starting soon"></head><body><script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"initialApolloState":{"LiveStreamNode:1":{"__typename":"LiveStreamNode","id":"1","title":"Starting soon","currentListing":null}}}}}</script></body></html>',
    );
    expect(readPage(quiet, 'https://www.whatnot.com/live/1')).toEqual({ status: 'no-listing', page: 'whatnot-show' });
  });
});
