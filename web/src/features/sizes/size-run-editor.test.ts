import { describe, expect, it } from 'vitest';
import { addSizes, bodyFromForm, formFromFormat, moveRow, removeRow, type SizeRow } from './size-run-editor.ts';

const values = (rows: readonly SizeRow[]) => rows.map((row) => row.value);

describe('size run editor', () => {
  it('adds pasted sizes in order and skips ones already in the run', () => {
    const first = addSizes([], '1Y\n2Y\n3Y');
    expect(values(first.rows)).toEqual(['1Y', '2Y', '3Y']);
    const again = addSizes(first.rows, '3y, 4Y ,  2Y,5Y');
    expect(values(again.rows)).toEqual(['1Y', '2Y', '3Y', '4Y', '5Y']);
    expect(again).toMatchObject({ added: 2, skipped: 2 });
  });

  it('moves and removes rows, clamping at the ends', () => {
    const { rows } = addSizes([], 'S,M,L');
    expect(values(moveRow(rows, 2, 0))).toEqual(['L', 'S', 'M']);
    expect(values(moveRow(rows, 0, 1))).toEqual(['M', 'S', 'L']);
    expect(values(moveRow(rows, 0, -1))).toEqual(['S', 'M', 'L']);
    expect(values(moveRow(rows, 2, 9))).toEqual(['S', 'M', 'L']);
    expect(values(removeRow(rows, 1))).toEqual(['S', 'L']);
  });

  it('builds the request: renamed rows carry their stored spelling, conversions only with a format', () => {
    const form = formFromFormat({
      id: 'custom:0190a000-0000-7000-8000-000000000001',
      name: 'Youth',
      is_custom: true,
      category: 'sneakers',
      sizes: ['4Y', '5Y'],
      labels: ['4Y', '5Y'],
      conversions: [{ format_id: 'gs', format_name: 'Grade School (GS)', values: ['4Y', null] }],
      conversion_format: 'gs',
      products_count: 0,
      created_at: null,
      updated_at: null,
    });
    const renamed = { ...form, rows: form.rows.map((row, i) => (i === 1 ? { ...row, value: 'Youth 5', convertsTo: '5Y' } : row)) };
    expect(bodyFromForm(renamed)).toEqual({
      name: 'Youth',
      category: 'sneakers',
      conversion_format: 'gs',
      sizes: [
        { value: '4Y', converts_to: '4Y', previous: '4Y' },
        { value: 'Youth 5', converts_to: '5Y', previous: '5Y' },
      ],
    });
    expect(bodyFromForm({ ...renamed, conversionFormat: '', category: '' })).toEqual({
      name: 'Youth',
      category: null,
      conversion_format: null,
      sizes: [
        { value: '4Y', previous: '4Y' },
        { value: 'Youth 5', previous: '5Y' },
      ],
    });
  });
});
