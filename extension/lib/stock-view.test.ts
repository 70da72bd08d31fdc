import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import { describe, expect, it } from 'vitest';
import { absoluteImageUrl, buildProductStock } from './stock-view.ts';

const v = (id: string, size: string, on_hand: number) => ({
  id,
  size,
  sku: `SKU-${size}`,
  price_cents: 21000,
  weight_grams: null,
  barcodes: [],
  on_hand,
  available: on_hand,
});

const product: Product = {
  id: 'p1',
  title: 'Air Jordan 1',
  brand: 'Jordan',
  style_code: 'DZ5485-612',
  colorway: null,
  category: 'sneakers',
  size_format: 'us-men',
  condition: 'new',
  grade: null,
  condition_notes: null,
  retail_price_cents: 20000,
  release_date: null,
  description: null,
  tags: [],
  images: [{ media_id: 'm1', url: '/api/v1/media/m1' }],
  status: 'active',
  archived_at: null,
  variants: [v('v9', '9', 2), v('v10', '10', 4), v('v11', '11', 0)],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('product stock view', () => {
  it('puts stock per size and location, average and next-unit cost together', () => {
    const stock = buildProductStock({
      product,
      server: 'http://tp.test',
      currency: 'USD',
      locations: [
        { id: 'l1', name: 'Main warehouse', kind: 'warehouse', is_default: true, archived: false },
        { id: 'l2', name: 'Store', kind: 'store', is_default: false, archived: false },
        { id: 'l3', name: 'Empty', kind: 'store', is_default: false, archived: false },
      ],
      summaries: [
        {
          variant_id: 'v9',
          product_id: 'p1',
          title: '',
          size: '9',
          size_format: 'us-men',
          sku: '',
          barcodes: [],
          price_cents: null,
          levels: [{ location_id: 'l1', on_hand: 2, available: 2 }],
        },
        {
          variant_id: 'v10',
          product_id: 'p1',
          title: '',
          size: '10',
          size_format: 'us-men',
          sku: '',
          barcodes: [],
          price_cents: null,
          levels: [
            { location_id: 'l1', on_hand: 3, available: 3 },
            { location_id: 'l2', on_hand: 1, available: 1 },
            { location_id: 'l3', on_hand: 0, available: 0 },
          ],
        },
      ],
      lots: new Map([
        [
          'v10',
          [
            { quantity_remaining: 1, unit_cost_cents: 13000, acquired_at: '2026-02-01T00:00:00.000Z' },
            { quantity_remaining: 3, unit_cost_cents: 12000, acquired_at: '2026-01-01T00:00:00.000Z' },
          ],
        ],
      ]),
    });
    expect(stock.product.image_url).toBe('http://tp.test/api/v1/media/m1');
    expect(stock.locations.map((location) => location.name)).toEqual(['Main warehouse', 'Store']);
    expect(stock.rows.map((row) => [row.size, row.levels, row.cost_cents, row.next_unit_cost_cents])).toEqual([
      ['9', { l1: { on_hand: 2, available: 2 } }, null, null],
      ['10', { l1: { on_hand: 3, available: 3 }, l2: { on_hand: 1, available: 1 } }, 12250, 12000],
      ['11', {}, null, null],
    ]);
    expect(stock.totals).toEqual({ on_hand: 6, available: 6, value_at_cost_cents: 49000, units_without_cost: 2 });
    expect(stock.average_cost_cents).toBe(12250);
  });

  it('leaves absolute image addresses alone', () => {
    expect(absoluteImageUrl('http://tp.test', 'https://cdn.example/x.jpg')).toBe('https://cdn.example/x.jpg');
    expect(absoluteImageUrl('http://tp.test', undefined)).toBeNull();
  });
});
