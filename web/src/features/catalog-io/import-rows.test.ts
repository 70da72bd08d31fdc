import type { ImportPreview, ImportRow } from '@tradepost/shared/schemas/catalog-io.ts';
import { describe, expect, it } from 'vitest';
import { previewWithCommitErrors, reasonText, rowsBadFirst, summaryChips } from './import-rows.ts';

const row = (n: number, errors: ImportRow['errors'] = []): ImportRow => ({
  row: n,
  style_code: 'DZ5485-612',
  title: 'Runner',
  size: '10',
  sku: `SKU-${n}`,
  location: null,
  quantity: null,
  outcome: errors.length ? null : 'add_size',
  errors,
  notes: [],
});

const preview = (rows: ImportRow[]): ImportPreview => ({
  file_errors: [],
  rows,
  summary: { rows: rows.length, bad_rows: 0, new_products: 1, new_sizes: rows.length, stock_rows: 0, units: 0, unchanged: 0 },
  can_commit: true,
});

describe('import preview rows', () => {
  it('puts bad rows first, each group in file order', () => {
    const rows = [row(2), row(3, [{ field: 'size', message: 'bad' }]), row(4), row(5, [{ field: 'sku', message: 'bad' }])];
    expect(rowsBadFirst(rows).map((r) => r.row)).toEqual([3, 5, 2, 4]);
  });

  it('names the column in front of each reason', () => {
    expect(reasonText({ field: 'size', message: 'Size 25 is not in the US Men size run' })).toBe(
      'size: Size 25 is not in the US Men size run',
    );
    expect(reasonText({ field: 'row', message: 'The row has 1 more cell than the header' })).toBe(
      'The row has 1 more cell than the header',
    );
  });

  it('puts a refused commit’s details back on their rows and blocks the commit', () => {
    const next = previewWithCommitErrors(preview([row(2), row(3)]), [
      { field: 'rows.3.sku', message: 'Row 3, sku: SKU SKU-3 is already used by Other in your catalog' },
      { field: 'file', message: 'Something about the file' },
    ]);
    expect(next.rows[0]).toMatchObject({ row: 2, errors: [], outcome: 'add_size' });
    expect(next.rows[1]).toMatchObject({
      row: 3,
      outcome: null,
      errors: [{ field: 'sku', message: 'SKU SKU-3 is already used by Other in your catalog' }],
    });
    expect(next.file_errors).toEqual([{ field: 'file', message: 'Something about the file' }]);
    expect(next.summary.bad_rows).toBe(1);
    expect(next.can_commit).toBe(false);
  });

  it('summarises counts with singular and plural words, bad rows only when there are some', () => {
    const chips = summaryChips({ rows: 1, bad_rows: 0, new_products: 1, new_sizes: 2, stock_rows: 1, units: 1, unchanged: 0 });
    expect(chips.map((c) => c.text)).toEqual(['1 row', '1 new product', '2 new sizes', '1 unit of stock']);
    expect(
      summaryChips({ rows: 3, bad_rows: 2, new_products: 0, new_sizes: 0, stock_rows: 0, units: 0, unchanged: 1 }).find(
        (c) => c.key === 'bad',
      ),
    ).toEqual({
      key: 'bad',
      text: '2 bad rows',
      tone: 'danger',
    });
  });
});
