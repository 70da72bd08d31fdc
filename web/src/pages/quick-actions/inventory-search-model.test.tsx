import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import type { StockGrid } from '@tradepost/shared/schemas/inventory-grid.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { locationLine, moveActive, searchResults } from './inventory-search-model.ts';
import { ResultBody } from './search-result.tsx';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

const variant = (n: number, size: string, price: number | null, onHand: number) => ({
  id: id(n),
  size,
  sku: `DD1391-100-${size}`,
  price_cents: price,
  weight_grams: null,
  barcodes: [],
  on_hand: onHand,
  available: onHand,
});

const panda: Product = {
  id: id(1),
  title: 'Dunk Low Retro Panda',
  brand: 'Nike',
  style_code: 'DD1391-100',
  colorway: null,
  category: 'sneakers',
  size_format: 'us-men',
  condition: 'new',
  grade: null,
  condition_notes: null,
  retail_price_cents: 11_000,
  release_date: null,
  description: null,
  tags: [],
  images: [],
  status: 'active',
  archived_at: null,
  variants: [variant(11, '9', null, 1), variant(12, '10', 12_000, 2), variant(13, '11', null, 0)],
  created_at: '2026-11-27T12:00:00Z',
  updated_at: '2026-11-27T12:00:00Z',
};
const samba: Product = {
  ...panda,
  id: id(2),
  title: 'Samba OG',
  style_code: null,
  brand: 'adidas',
  retail_price_cents: null,
  variants: [variant(21, '8', null, 0)],
};

const cell = (on_hand: number) => ({ on_hand, available: on_hand });
const grid: StockGrid = {
  locations: [
    { id: id(7), name: 'Warehouse', kind: 'warehouse', is_default: true, archived: false, total: cell(2) },
    { id: id(8), name: 'Store front', kind: 'store', is_default: false, archived: false, total: cell(1) },
  ],
  rows: [
    {
      product_id: id(1),
      title: 'Dunk Low Retro Panda',
      brand: 'Nike',
      style_code: 'DD1391-100',
      status: 'active',
      cells: [cell(2), cell(1)],
      total: cell(3),
      sizes: [
        { variant_id: id(11), size: '9', sku: 'DD1391-100-9', cells: [cell(0), cell(1)], total: cell(1) },
        { variant_id: id(12), size: '10', sku: 'DD1391-100-10', cells: [cell(2), cell(0)], total: cell(2) },
        { variant_id: id(13), size: '11', sku: 'DD1391-100-11', cells: [cell(0), cell(0)], total: cell(0) },
      ],
    },
  ],
  totals: { products: 1, on_hand: 3, available: 3 },
  limit: 50,
  offset: 0,
};

describe('inventory search results', () => {
  it('each product with its sizes, price range and stock per location holding units', () => {
    const [first, second] = searchResults([panda, samba], grid);
    expect(first).toEqual({
      productId: id(1),
      title: 'Dunk Low Retro Panda',
      meta: 'DD1391-100 · Nike',
      price: { low: 11_000, high: 12_000 },
      sizes: ['US M 9', 'US M 10', 'US M 11'],
      onHand: 3,
      locations: [
        { locationId: id(7), name: 'Warehouse', onHand: 2, sizes: [{ size: 'US M 10', onHand: 2 }] },
        { locationId: id(8), name: 'Store front', onHand: 1, sizes: [{ size: 'US M 9', onHand: 1 }] },
      ],
    });
    // Not in the grid's answer (yet): its total only; no price set anywhere: null.
    expect(second).toMatchObject({ productId: id(2), price: null, onHand: 0, locations: null });
    expect(searchResults([panda], undefined)[0]?.locations).toBeNull();
  });

  it('reads as one line per location, and says so when nothing is in stock', () => {
    const [first, second] = searchResults([panda, samba], grid);
    if (first === undefined || second === undefined) throw new Error('no results');
    expect(locationLine(first.locations?.[0] ?? { locationId: '', name: '', onHand: 0, sizes: [] })).toBe(
      'Warehouse · 2 on hand: US M 10 ×2',
    );
    const shown = text(renderToStaticMarkup(<ResultBody result={first} currency="USD" />));
    expect(shown).toContain('Dunk Low Retro Panda $110.00–$120.00');
    expect(shown).toContain('DD1391-100 · Nike · Sizes US M 9, US M 10, US M 11');
    expect(shown).toContain('Warehouse · 2 on hand: US M 10 ×2 Store front · 1 on hand: US M 9 ×1');
    expect(text(renderToStaticMarkup(<ResultBody result={second} currency="USD" />))).toContain('No price');
    expect(text(renderToStaticMarkup(<ResultBody result={second} currency="USD" />))).toContain('No stock on hand');
  });

  it('arrow keys move through the results and wrap around', () => {
    expect(moveActive(0, 'ArrowDown', 3)).toBe(1);
    expect(moveActive(2, 'ArrowDown', 3)).toBe(0);
    expect(moveActive(0, 'ArrowUp', 3)).toBe(2);
    expect(moveActive(-1, 'ArrowUp', 3)).toBe(2);
    expect(moveActive(5, 'ArrowDown', 3)).toBe(0);
    expect(moveActive(1, 'Home', 3)).toBe(0);
    expect(moveActive(1, 'End', 3)).toBe(2);
    expect(moveActive(0, 'ArrowDown', 0)).toBe(-1);
  });
});
