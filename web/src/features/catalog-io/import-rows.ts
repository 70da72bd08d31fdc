import { type ImportPreview, type ImportRow, type ImportRowOutcome, parseRowErrorField } from '@tradepost/shared/schemas/catalog-io.ts';
import type { FieldError } from '@tradepost/shared/schemas/common.ts';

export const outcomeLabels: Record<ImportRowOutcome, string> = {
  create_product: 'New product',
  add_size: 'New size',
  add_stock: 'Add stock',
  unchanged: 'No change',
};

/** Bad rows first (the ones to fix), each group in file order. */
export function rowsBadFirst(rows: readonly ImportRow[]): ImportRow[] {
  const bad = rows.filter((row) => row.errors.length > 0);
  const good = rows.filter((row) => row.errors.length === 0);
  return [...bad, ...good];
}

/** How many rows the table draws: every bad row up to the cap, then good ones. */
export const PREVIEW_ROW_CAP = 300;

/** A reason as the table shows it: the column in front, so the user knows which cell to fix. */
export function reasonText(error: FieldError): string {
  if (error.field === 'row') return error.message;
  return `${error.field}: ${error.message}`;
}

/**
 * A commit refused with 400 (the catalog changed since the preview) carries `rows.<row>.<column>`
 * details; they replace the rows' errors so the table shows what is wrong now.
 */
export function previewWithCommitErrors(preview: ImportPreview, details: readonly FieldError[]): ImportPreview {
  const byRow = new Map<number, FieldError[]>();
  const fileErrors: FieldError[] = [];
  for (const detail of details) {
    const place = parseRowErrorField(detail.field);
    if (place === null) {
      fileErrors.push(detail);
      continue;
    }
    // The 400 message starts with "Row 3, size: "; the table shows the row and the column itself.
    const message = detail.message.replace(/^Row \d+(, \w+)?: /, '');
    byRow.set(place.row, [...(byRow.get(place.row) ?? []), { field: place.column, message }]);
  }
  const rows = preview.rows.map((row) => {
    const errors = byRow.get(row.row) ?? [];
    return { ...row, errors, outcome: errors.length > 0 ? null : row.outcome };
  });
  const bad = rows.filter((row) => row.errors.length > 0).length;
  return {
    ...preview,
    rows,
    file_errors: fileErrors,
    summary: { ...preview.summary, bad_rows: bad },
    can_commit: false,
  };
}

/** One line saying what the commit will do, from the preview's counts. */
export function summaryChips(
  summary: ImportPreview['summary'],
): { key: string; text: string; tone: 'brand' | 'danger' | 'success' | 'informative' }[] {
  const n = (count: number, one: string, many: string) => `${count.toLocaleString()} ${count === 1 ? one : many}`;
  const chips: { key: string; text: string; tone: 'brand' | 'danger' | 'success' | 'informative' }[] = [
    { key: 'rows', text: n(summary.rows, 'row', 'rows'), tone: 'informative' },
  ];
  if (summary.bad_rows > 0) chips.push({ key: 'bad', text: n(summary.bad_rows, 'bad row', 'bad rows'), tone: 'danger' });
  chips.push({ key: 'products', text: n(summary.new_products, 'new product', 'new products'), tone: 'brand' });
  chips.push({ key: 'sizes', text: n(summary.new_sizes, 'new size', 'new sizes'), tone: 'brand' });
  chips.push({ key: 'units', text: `${n(summary.units, 'unit', 'units')} of stock`, tone: 'success' });
  if (summary.unchanged > 0) chips.push({ key: 'unchanged', text: `${summary.unchanged.toLocaleString()} unchanged`, tone: 'informative' });
  return chips;
}
