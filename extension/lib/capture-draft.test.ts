import { describe, expect, it } from 'vitest';
import { draftPath, planDraft } from './capture-draft.ts';
import { fixtureDocument } from './readers/fixture-pages.test-support.ts';
import { readPage } from './readers/index.ts';

const listingFrom = (fixture: string, url: string) => {
  const reading = readPage(fixtureDocument(fixture), url);
  if (reading.status !== 'read') throw new Error(reading.status);
  return reading.listing;
};

describe('capture draft', () => {
  it('makes a new item a catalog draft with its size as a variant when the page gives a SKU', () => {
    const planned = planDraft(listingFrom('ebay-seller-hub-revise.html', 'https://www.ebay.com/lstng?mode=ReviseItem&itemId=256473829104'));
    if ('missing' in planned) throw new Error('expected a plan');
    expect(planned.sizeRead).toBe(true);
    expect(planned.plan).toMatchObject({
      kind: 'product',
      body: {
        title: "Nike Air Jordan 1 Retro High OG Lost and Found DZ5485-612 Men's Size 10",
        brand: 'Jordan',
        style_code: 'DZ5485-612',
        colorway: 'Red',
        category: 'sneakers',
        size_format: 'us-men',
        condition: 'new',
        status: 'draft',
        variants: [{ size: '10', sku: 'DZ5485-612-10', price_cents: 18999 }],
      },
    });
    expect(planned.plan.kind === 'product' && planned.plan.body.description).toContain(
      'Captured from eBay listing 256473829104: https://www.ebay.com/lstng?mode=ReviseItem&itemId=256473829104',
    );
  });

  it('makes a used item a pre-owned draft with its size in the size run', () => {
    const planned = planDraft(listingFrom('whatnot-listing.html', 'https://www.whatnot.com/listing/TGlzdGluZ05vZGU6OTg3NjU0MzI='));
    if ('missing' in planned) throw new Error('expected a plan');
    expect(planned.plan).toMatchObject({
      kind: 'preowned',
      body: {
        publish: false,
        title: 'Adidas Yeezy Boost 350 V2 Bone Size 10.5',
        size_format: 'us-men',
        size: '10.5',
        price_cents: 24000,
        sku: 'HQ6316',
      },
    });
  });

  it('keeps a size it cannot read in the notes instead of guessing', () => {
    const listing = listingFrom('ebay-item.html', 'https://www.ebay.com/itm/256473829104');
    const planned = planDraft({ ...listing, size: 'Big Kids 3.5-7' });
    if ('missing' in planned) throw new Error('expected a plan');
    expect(planned.sizeRead).toBe(false);
    expect(planned.plan.kind === 'product' && planned.plan.body.variants).toEqual([]);
    expect(planned.plan.kind === 'product' && planned.plan.body.description).toContain('Size on the listing: Big Kids 3.5-7');
  });

  it('makes an apparel item without a size an apparel draft', () => {
    const planned = planDraft(listingFrom('ebay-item-sparse.html', 'https://www.ebay.com/itm/Vintage-90s-Nike-Windbreaker/134856231907'));
    if ('missing' in planned) throw new Error('expected a plan');
    expect(planned.plan.body).toMatchObject({ category: 'apparel', size_format: 'apparel' });
  });

  it('refuses a page without a title, naming it', () => {
    expect(planDraft(listingFrom('ebay-item-ended.html', 'https://www.ebay.com/itm/199999999999'))).toEqual({ missing: ['title'] });
  });

  it('links each draft to the screen that finishes it', () => {
    expect(draftPath('preowned', 'abc')).toBe('/preowned/drafts?item=abc');
    expect(draftPath('product', 'abc')).toBe('/products/abc/configure');
  });
});
