import { parseSizeList } from '@tradepost/shared/domain/sizes/custom-size-format.ts';
import { customSizeKey } from '@tradepost/shared/domain/sizes/resolved-size-format.ts';
import { SIZE_FORMAT_IDS } from '@tradepost/shared/domain/sizes/size-formats.ts';
import { productCategories } from '@tradepost/shared/schemas/catalog.ts';
import type { CustomSizeFormatBody, SizeFormatDto } from '@tradepost/shared/schemas/sizes.ts';

/** One row of the size run being edited. `previous` is the stored spelling, so a rename keeps products. */
export type SizeRow = { key: string; value: string; convertsTo: string; previous: string | undefined };

export type SizeRunForm = {
  name: string;
  category: string;
  conversionFormat: string;
  rows: SizeRow[];
};

let nextKey = 0;
const newKey = () => `size-${(nextKey++).toString(36)}`;

export const emptySizeRunForm = (): SizeRunForm => ({ name: '', category: '', conversionFormat: '', rows: [] });

/** The edit form of a stored custom format. */
export function formFromFormat(format: SizeFormatDto): SizeRunForm {
  const conversion = format.conversions[0];
  return {
    name: format.name,
    category: format.category ?? '',
    conversionFormat: format.conversion_format ?? '',
    rows: format.sizes.map((size, i) => ({ key: newKey(), value: size, convertsTo: conversion?.values[i] ?? '', previous: size })),
  };
}

/**
 * Appends sizes typed or pasted, skipping ones already in the run (case and spacing aside): pasting
 * the same list twice must not double it. Returns the rows and how many were skipped.
 */
export function addSizes(rows: readonly SizeRow[], text: string): { rows: SizeRow[]; added: number; skipped: number } {
  const seen = new Set(rows.map((row) => customSizeKey(row.value)));
  const next = [...rows];
  let skipped = 0;
  for (const size of parseSizeList(text)) {
    const key = customSizeKey(size);
    if (seen.has(key)) {
      skipped += 1;
      continue;
    }
    seen.add(key);
    next.push({ key: newKey(), value: size, convertsTo: '', previous: undefined });
  }
  return { rows: next, added: next.length - rows.length, skipped };
}

/** Moves the row at `from` to `to` (both clamped), as the up/down buttons and drag-and-drop do. */
export function moveRow(rows: readonly SizeRow[], from: number, to: number): SizeRow[] {
  const next = [...rows];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [row] = next.splice(from, 1);
  if (row !== undefined) next.splice(target, 0, row);
  return next;
}

export function removeRow(rows: readonly SizeRow[], index: number): SizeRow[] {
  return rows.filter((_, i) => i !== index);
}

/** The request body: sizes in row order, conversions only when a conversion format is chosen. */
export function bodyFromForm(form: SizeRunForm): CustomSizeFormatBody {
  const conversion = SIZE_FORMAT_IDS.find((id) => id === form.conversionFormat) ?? null;
  return {
    name: form.name,
    category: productCategories.find((category) => category === form.category) ?? null,
    conversion_format: conversion,
    sizes: form.rows.map((row) => ({
      value: row.value,
      ...(conversion !== null && row.convertsTo.trim() !== '' ? { converts_to: row.convertsTo.trim() } : {}),
      ...(row.previous === undefined ? {} : { previous: row.previous }),
    })),
  };
}
