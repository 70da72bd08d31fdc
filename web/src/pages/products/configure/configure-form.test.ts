import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import { describe, expect, it } from 'vitest';
import { configureFormFrom, planUpdate, rowErrorsFrom, sizeEditFrom } from './configure-form.ts';

const variant = (id: string, size: string, price: number | null) => ({
  id,
  size,
  sku: `SKU-${size}`,
  price_cents: price,
  weight_grams: null,
  barcodes: [],
  on_hand: 0,
  available: 0,
});

const product: Product = {
  id: '7d0c8a8e-5b8a-4d5e-9a3c-2f1e0d9c8b7a',
  title: 'Samba OG',
  brand: 'Adidas',
  style_code: 'B75806',
  colorway: null,
  category: 'sneakers',
  size_format: 'us-men',
  condition: 'new',
  grade: null,
  condition_notes: null,
  retail_price_cents: 10000,
  release_date: null,
  description: null,
  tags: ['samba'],
  images: [],
  status: 'active',
  archived_at: null,
  variants: [variant('a0000000-0000-4000-8000-000000000001', '9', 14000), variant('a0000000-0000-4000-8000-000000000002', '10', null)],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('the configure screen save', () => {
  it('sends nothing when nothing changed', () => {
    const plan = planUpdate(product, configureFormFrom(product, 'USD'), {}, [], 'USD');
    expect(plan).toMatchObject({ body: {}, changed: false });
  });

  it('sends only what changed, clears emptied fields, and names size rows by their place in the request', () => {
    const form = { ...configureFormFrom(product, 'USD'), brand: '  ', retailPrice: '120', tags: 'samba, og, samba' };
    const second = product.variants[1];
    if (second === undefined) throw new Error('fixture');
    const edits = { [second.id]: { ...sizeEditFrom(second, 'USD'), price: '150.50', weight: '900' } };
    const plan = planUpdate(product, form, edits, [], 'USD');
    expect(plan.body).toEqual({
      brand: null,
      retail_price_cents: 12000,
      tags: ['samba', 'og'],
      variants: [{ id: second.id, price_cents: 15050, weight_grams: 900 }],
    });
    expect(plan.variantOrder).toEqual([second.id]);
    expect(rowErrorsFrom({ 'variants.0.sku': 'SKU taken', title: 'x' }, plan.variantOrder)).toEqual({ [second.id]: { sku: 'SKU taken' } });
  });

  it('refuses an amount or weight it cannot read before sending', () => {
    const first = product.variants[0];
    if (first === undefined) throw new Error('fixture');
    const plan = planUpdate(
      product,
      { ...configureFormFrom(product, 'USD'), retailPrice: 'ten' },
      { [first.id]: { ...sizeEditFrom(first, 'USD'), weight: '1.5kg' } },
      [],
      'USD',
    );
    expect(plan.local).toEqual({ retail_price_cents: expect.any(String), 'variants.0.weight_grams': expect.any(String) });
    expect(plan.changed).toBe(true);
  });

  it('sends a grade only for a pre-owned item and the photos in their new order', () => {
    const images = [
      { media_id: 'b0000000-0000-4000-8000-000000000001', url: '/a' },
      { media_id: 'b0000000-0000-4000-8000-000000000002', url: '/b' },
    ];
    const plan = planUpdate(product, { ...configureFormFrom(product, 'USD'), condition: 'pre_owned', grade: 'good' }, {}, images, 'USD');
    expect(plan.body).toEqual({
      condition: 'pre_owned',
      grade: 'good',
      images: images.map((image) => ({ media_id: image.media_id })),
    });
  });
});
