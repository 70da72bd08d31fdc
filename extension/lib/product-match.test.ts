import type { Product, Variant } from '@tradepost/shared/schemas/catalog.ts';
import { describe, expect, it } from 'vitest';
import { codeKey, matchBySku, matchByStyleCode, matchByTitle, titleQueries, titleScore, variantForSize } from './product-match.ts';

let ids = 0;
const id = () => `0190c9a4-7b1e-7cc0-8a5e-${String(ids++).padStart(12, '0')}`;

function variant(size: string, sku: string): Variant {
  return { id: id(), size, sku, price_cents: null, weight_grams: null, barcodes: [], on_hand: 1, available: 1 };
}

function product(overrides: Partial<Product> & Pick<Product, 'title'>): Product {
  return {
    id: id(),
    brand: null,
    style_code: null,
    colorway: null,
    category: 'sneakers',
    size_format: 'us-men',
    condition: 'new',
    grade: null,
    condition_notes: null,
    retail_price_cents: null,
    release_date: null,
    description: null,
    tags: [],
    images: [],
    status: 'active',
    archived_at: null,
    variants: [],
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const jordan = product({
  title: 'Air Jordan 1 Retro High OG Lost and Found',
  style_code: 'DZ5485-612',
  variants: [variant('9', 'DZ5485-612-9'), variant('10', 'DZ5485-612-10'), variant('10.5', 'DZ5485-612-10.5')],
});
const dunk = product({ title: 'Nike Dunk Low Retro Panda', style_code: 'DD1391 100', variants: [variant('9', 'DUNK-PANDA-9')] });
const kids = product({
  title: 'Nike Dunk Low GS Panda',
  size_format: 'gs',
  variants: [variant('6Y', 'DUNK-GS-6Y'), variant('7Y', 'DUNK-GS-7Y')],
});

describe('product match', () => {
  it('matches a SKU exactly, whatever its case, and picks that size', () => {
    const match = matchBySku([dunk, jordan], 'dz5485-612-10');
    expect(match?.product.id).toBe(jordan.id);
    expect(match?.variant?.size).toBe('10');
    expect(match?.basis).toBe('sku');
    expect(matchBySku([jordan], 'DZ5485-612')).toBeNull();
  });

  it('matches a style code ignoring spaces and dashes, then reads the size in the product format', () => {
    expect(codeKey('dd1391-100')).toBe(codeKey('DD1391 100'));
    const match = matchByStyleCode([jordan, dunk], 'DD1391-100', "Men's 9");
    expect(match).toMatchObject({ basis: 'style_code', product: { id: dunk.id }, variant: { size: '9' } });
    expect(matchByStyleCode([jordan], 'DZ5485-612', 'US 10.5 M')?.variant?.size).toBe('10.5');
    expect(matchByStyleCode([jordan], 'DZ5485-612', null)?.variant).toBeNull();
    expect(matchByStyleCode([jordan], 'DZ', null)).toBeNull();
  });

  it("matches a title when most of our title's words are in the listing's", () => {
    const listing = "Nike Air Jordan 1 Retro High OG 'Lost and Found' Chicago DZ5485-612 Men's Size 10 NEW";
    expect(titleScore(jordan.title, listing)).toBeGreaterThanOrEqual(0.75);
    const match = matchByTitle([dunk, jordan], listing, '10');
    expect(match).toMatchObject({ basis: 'title', product: { id: jordan.id }, variant: { size: '10' } });
    expect(matchByTitle([dunk, jordan], 'Air Jordan 4 Military Black', null)).toBeNull();
  });

  it('reads kids sizes in the product format', () => {
    expect(variantForSize(kids, '7 GS')?.size).toBe('7Y');
    expect(variantForSize(kids, '12')).toBeNull();
  });

  it('searches a long title three words at a time', () => {
    expect(titleQueries("Nike Air Jordan 1 Retro High OG 'Lost and Found' Size 10")).toEqual([
      'Nike Air Jordan',
      'Air Jordan 1',
      'Jordan 1 Retro',
    ]);
    expect(titleQueries('Panda')).toEqual(['Panda']);
  });
});
