import type { ImportedLine } from '@tradepost/shared/schemas/purchase-import.ts';
import { describe, expect, it } from 'vitest';
import { createPurchaseOrderHref, readPrefill } from '../../features/purchasing/purchase-order-draft.ts';
import {
  importSearch,
  matchByHand,
  readImportPlace,
  reviewLinesFrom,
  reviewState,
  setCostText,
  setDropped,
  setQuantityText,
} from './import-review-model.ts';
import { pdfFileProblem } from './upload-pdf.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const matched = (n: number, quantity: number | null, cost: number | null): ImportedLine => ({
  text: `DD1391-100 ${8 + n} ${quantity ?? ''} ${cost ?? ''}`,
  page: 1,
  sku: 'DD1391-100',
  size: String(8 + n),
  quantity,
  unit_cost_cents: cost,
  match: {
    variant_id: id(n),
    product_id: id(99),
    product_title: 'Dunk Low Retro Panda',
    size_label: `US M ${8 + n}`,
    sku: `DD1391-100-${8 + n}`,
  },
  problem: null,
});
const flagged: ImportedLine = {
  text: 'ZZ0000-001 14.5 2 95.00',
  page: 1,
  sku: 'ZZ0000-001',
  size: '14.5',
  quantity: 2,
  unit_cost_cents: 9500,
  match: null,
  problem: 'No product with style code ZZ0000-001',
};

describe('reviewing imported lines', () => {
  it('starts from what the PDF said, costs as input text, and flags the unmatched line with the import’s reason', () => {
    const lines = reviewLinesFrom([matched(1, 2, 8000), flagged], 'USD');
    expect(lines.map((l) => [l.quantityText, l.costText, l.match?.size_label ?? l.problem])).toEqual([
      ['2', '80.00', 'US M 9'],
      ['2', '95.00', 'No product with style code ZZ0000-001'],
    ]);
    const state = reviewState(lines, 'USD');
    expect(state.ready).toBe(false);
    expect(state.issues.get(1)).toBe('Match this line to a size, or drop it');
    expect(state.orderLines).toEqual([]);
  });

  it('is ready once every flagged line is matched by hand or dropped, with the lines for the order', () => {
    const lines = reviewLinesFrom([matched(1, 2, 8000), flagged], 'USD');
    const dropped = reviewState(setDropped(lines, 1, true), 'USD');
    expect(dropped).toMatchObject({ ready: true, kept: 1, dropped: 1 });
    expect(dropped.orderLines).toEqual([{ variant_id: id(1), quantity: 2, unit_cost_cents: 8000 }]);

    const byHand = matchByHand(lines, 1, { variant_id: id(7), product_title: 'Other', size_label: 'US M 14.5', sku: null });
    expect(byHand[1]?.matchedByHand).toBe(true);
    expect(reviewState(byHand, 'USD').orderLines).toEqual([
      { variant_id: id(1), quantity: 2, unit_cost_cents: 8000 },
      { variant_id: id(7), quantity: 2, unit_cost_cents: 9500 },
    ]);
  });

  it('refuses a missing or bad quantity or cost, and the same size twice, line by line', () => {
    let lines = reviewLinesFrom([matched(1, null, 8000), matched(2, 1, null), matched(1, 1, 8000)], 'USD');
    let state = reviewState(lines, 'USD');
    expect([...state.issues.entries()]).toEqual([
      [0, 'Enter the quantity'],
      [1, 'Enter the unit cost'],
      [2, 'Same size as line 1: add its quantity there and drop this one'],
    ]);
    lines = setQuantityText(lines, 0, '0');
    lines = setCostText(lines, 1, '12.345');
    state = reviewState(lines, 'USD');
    expect(state.issues.get(0)).toBe('Quantity must be a whole number from 1');
    expect(state.issues.get(1)).toBe('Unit cost must be an amount such as 80.00');
    lines = setDropped(setCostText(setQuantityText(lines, 0, '3'), 1, '$1,200'), 2, true);
    state = reviewState(lines, 'USD');
    expect(state.ready).toBe(true);
    expect(state.orderLines).toEqual([
      { variant_id: id(1), quantity: 3, unit_cost_cents: 8000 },
      { variant_id: id(2), quantity: 1, unit_cost_cents: 120_000 },
    ]);
  });

  it('is not ready with every line dropped', () => {
    expect(reviewState(setDropped(reviewLinesFrom([matched(1, 1, 100)], 'USD'), 0, true), 'USD').ready).toBe(false);
  });

  it('opens the new purchase order with the vendor and the reviewed lines, as its screen reads them', () => {
    const lines = reviewLinesFrom([matched(1, 3, 8000), flagged], 'USD');
    const state = reviewState(setDropped(lines, 1, true), 'USD');
    const url = new URL(createPurchaseOrderHref(id(5), state.orderLines), 'https://tradepost.test');
    expect(url.pathname).toBe('/purchase-orders/create');
    expect(readPrefill(url.searchParams, 'USD')).toEqual({
      vendorId: id(5),
      lines: [{ variantId: id(1), quantity: 3, unitCost: '80.00' }],
    });
  });

  it('keeps the place in the address: vendor, document and rules being tried', () => {
    const rules = {
      mode: 'pattern' as const,
      pattern: '(?<sku>\\S+) (?<quantity>\\d+)',
      start_after: null,
      stop_at: 'Total',
      cost_is_line_total: true,
    };
    const place = { vendorId: id(5), documentId: id(6), rules };
    expect(readImportPlace(new URLSearchParams(importSearch(place)))).toEqual(place);
    expect(readImportPlace(new URLSearchParams('vendor=a&rules=%7Bbroken'))).toEqual({ vendorId: 'a', documentId: null, rules: undefined });
  });
});

describe('a PDF before upload', () => {
  it('is refused in the API’s words when empty, too large or not a PDF', () => {
    expect(pdfFileProblem({ name: 'a.pdf', type: 'application/pdf', size: 0 })).toBe('The file is empty');
    expect(pdfFileProblem({ name: 'a.pdf', type: 'application/pdf', size: 20 * 1024 * 1024 + 1 })).toBe('The file is larger than 20 MB');
    expect(pdfFileProblem({ name: 'a.png', type: 'image/png', size: 10 })).toBe('This file is not a PDF');
    expect(pdfFileProblem({ name: 'a.PDF', type: '', size: 10 })).toBeNull();
  });
});
