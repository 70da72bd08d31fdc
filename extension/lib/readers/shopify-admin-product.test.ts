import { describe, expect, it } from 'vitest';
import { fixtureDocument } from './fixture-pages.test-support.ts';
import { readPage } from './index.ts';

describe('Shopify admin product reader', () => {
  it('reads the product form and takes the style code from the title', () => {
    const reading = readPage(
      fixtureDocument('shopify-admin-product.html'),
      'https://admin.shopify.com/store/kicks-lab/products/8123456789012',
    );
    if (reading.status !== 'read') throw new Error(reading.status);
    expect(reading.listing).toMatchObject({
      site: 'shopify',
      page: 'shopify-product',
      listing_id: '8123456789012',
      title: "Air Jordan 1 Retro High OG 'Lost and Found' DZ5485-612",
      price: { cents: 19900, currency: 'USD' },
      brand: 'Jordan',
      style_code: 'DZ5485-612',
      images: [
        'https://cdn.shopify.com/s/files/1/0612/3456/7890/files/aj1-lost-found-1.jpg?v=1700000000',
        'https://cdn.shopify.com/s/files/1/0612/3456/7890/files/aj1-lost-found-2.jpg?v=1700000000',
      ],
      specifics: { Type: 'Sneakers', Tags: 'deadstock, jordan 1, chicago', Sizes: '9, 10, 11' },
    });
    expect(reading.listing.sources).toMatchObject({ title: 'form', brand: 'form', style_code: 'title' });
    // A product with several sizes has no single size or SKU on its page; each variant page has its own.
    expect(reading.listing.missing).toEqual(['size', 'condition', 'colour', 'sku']);
  });

  it('knows a variant page by its URL and ignores other admin pages', () => {
    const doc = fixtureDocument('shopify-admin-product.html');
    const variant = readPage(doc, 'https://admin.shopify.com/store/kicks-lab/products/8123456789012/variants/44123456789002');
    expect(variant.status === 'read' && variant.listing.listing_id).toBe('44123456789002');
    expect(readPage(doc, 'https://admin.shopify.com/store/kicks-lab/orders/5551234').status).toBe('unsupported');
    expect(readPage(doc, 'https://admin.shopify.com.example.net/store/kicks-lab/products/8123456789012').status).toBe('unsupported');
  });
});
