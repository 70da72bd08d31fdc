import type { ImportedLine } from '@tradepost/shared/schemas/purchase-import.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ImportLinesTable } from './import-lines-table.tsx';
import { reviewLinesFrom, reviewState } from './import-review-model.ts';
import { ReviewLinesTable } from './review-lines-table.tsx';

// The unit project runs in Node without a DOM: the tables are rendered to markup and read as text.

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

const lines: ImportedLine[] = [
  {
    text: 'DD1391-100 9 2 80.00',
    page: 1,
    sku: 'DD1391-100',
    size: '9',
    quantity: 2,
    unit_cost_cents: 8000,
    match: { variant_id: id(1), product_id: id(2), product_title: 'Dunk Low Retro Panda', size_label: 'US M 9', sku: 'DD1391-100-9' },
    problem: null,
  },
  {
    text: 'ZZ0000-001 14.5 1 95.00',
    page: 1,
    sku: 'ZZ0000-001',
    size: '14.5',
    quantity: 1,
    unit_cost_cents: 9500,
    match: null,
    problem: 'No product with style code ZZ0000-001',
  },
];

describe('the lines found in a PDF', () => {
  it('shows each line as read, matched to our size or with the problem', () => {
    const html = renderToStaticMarkup(<ImportLinesTable lines={lines} currency="USD" />);
    expect(text(html)).toContain('DD1391-100 9 2 80.00 DD1391-100 9 2 $80.00 Dunk Low Retro Panda, size US M 9');
    expect(text(html)).toContain('ZZ0000-001 14.5 1 $95.00 No product with style code ZZ0000-001');
  });
});

describe('the review table', () => {
  it('says what each flagged line needs beside it, and offers to match it by hand or drop it', () => {
    const review = reviewLinesFrom(lines, 'USD');
    const state = reviewState(review, 'USD');
    const noop = () => undefined;
    const html = renderToStaticMarkup(
      <ReviewLinesTable lines={review} issues={state.issues} onQuantity={noop} onCost={noop} onMatch={noop} onDrop={noop} />,
    );
    expect(text(html)).toContain('No product with style code ZZ0000-001. Match this line to a size, or drop it');
    expect(html).toContain('aria-label="Match line 2 by hand"');
    expect(html).toContain('aria-label="Drop line 2"');
    expect(html).toContain('aria-label="Unit cost of line 1"');
    expect(html).toContain('value="80.00"');
  });
});
