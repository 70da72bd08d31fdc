import type { StockGrid } from '@tradepost/shared/schemas/inventory-grid.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { StockGridTable } from './stock-grid-table.tsx';

// The unit project runs in Node without a DOM: the table is rendered to markup and read as text.

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
const cell = (on_hand: number, available = on_hand) => ({ on_hand, available });

// Two locations; the page holds two of the filter's 57 products, so the last row's figures (the
// whole filter's) are larger than the page's sums. Sizes arrive out of order on purpose.
const grid: StockGrid = {
  locations: [
    { id: id(1), name: 'Main warehouse', kind: 'warehouse', is_default: true, archived: false, total: cell(140, 131) },
    { id: id(2), name: 'Store front', kind: 'store', is_default: false, archived: false, total: cell(25) },
  ],
  rows: [
    {
      product_id: id(10),
      title: 'Air Jordan 1 Retro High OG Chicago',
      brand: 'Jordan',
      style_code: 'DZ5485-612',
      status: 'active',
      cells: [cell(5, 4), cell(3)],
      total: cell(8, 7),
      sizes: [
        { variant_id: id(11), size: '10', sku: 'AJ1-10', cells: [cell(1), cell(0)], total: cell(1) },
        { variant_id: id(12), size: '9', sku: 'AJ1-9', cells: [cell(2, 1), cell(3)], total: cell(5, 4) },
        { variant_id: id(13), size: '9.5', sku: 'AJ1-95', cells: [cell(2), cell(0)], total: cell(2) },
      ],
    },
    {
      product_id: id(20),
      title: 'Samba OG Cloud White',
      brand: 'adidas',
      style_code: null,
      status: 'active',
      cells: [cell(0), cell(2)],
      total: cell(2),
      sizes: [{ variant_id: id(21), size: '8', sku: 'SAMBA-8', cells: [cell(0), cell(2)], total: cell(2) }],
    },
  ],
  totals: { products: 57, on_hand: 165, available: 156 },
  limit: 50,
  offset: 0,
};

const render = (expanded: string[]) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <StockGridTable grid={grid} expanded={new Set(expanded)} onToggle={() => undefined} />
    </MemoryRouter>,
  );

const bodyRows = (html: string) => (html.split('<tbody>')[1] ?? '').split('</tr>').filter((row) => row.includes('<t'));

describe('StockGridTable', () => {
  it('has a column per location and a total, a row per product with its units per location, and the filter’s totals last', () => {
    const html = render([]);
    expect(html).toContain('aria-label="Stock by location: 57 products"');
    const head = text(html.split('<tbody>')[0] ?? '');
    expect(head).toBe('Product Main warehouse Store front Total');

    const rows = bodyRows(html);
    expect(rows).toHaveLength(3);
    expect(text(rows[0] ?? '')).toBe('Air Jordan 1 Retro High OG Chicago Jordan · DZ5485-612 · 3 sizes 5 4 available 3 8 7 available');
    expect(rows[0]).toContain(`href="/products/${id(10)}/configure"`);
    expect(rows[0]).toContain('aria-expanded="false"');
    expect(rows[0]).toContain('aria-label="Show sizes of Air Jordan 1 Retro High OG Chicago"');
    expect(text(rows[1] ?? '')).toBe('Samba OG Cloud White adidas · 1 size 0 2 2');
    // Totals over the whole filter, from the answer's columns, not summed from this page.
    expect(text(rows[2] ?? '')).toBe('All 57 products 140 131 available 25 165 156 available');
  });

  it('an opened product shows its sizes beneath it in size order, each with its SKU and units', () => {
    const rows = bodyRows(render([id(10)]));
    expect(rows).toHaveLength(6);
    expect(rows[0]).toContain('aria-expanded="true"');
    expect(rows[0]).toContain('aria-label="Hide sizes of Air Jordan 1 Retro High OG Chicago"');
    expect(rows.slice(1, 4).map((row) => text(row))).toEqual([
      '9 AJ1-9 2 1 available 3 5 4 available',
      '9.5 AJ1-95 2 0 2',
      '10 AJ1-10 1 0 1',
    ]);
    expect(text(rows[4] ?? '')).toContain('Samba OG Cloud White');
  });
});
