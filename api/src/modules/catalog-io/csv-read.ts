import { CATALOG_CSV_COLUMNS, type CatalogCsvColumn, REQUIRED_CSV_COLUMNS } from '@tradepost/shared/schemas/catalog-io.ts';
import type { FieldError } from '@tradepost/shared/schemas/common.ts';
import { CsvError, parse } from 'csv-parse/sync';
import { FREE_TEXT_COLUMNS, normaliseHeader, unprotectFormula } from './csv-values.ts';

/**
 * A file larger than this is refused as a whole: the preview lists every row, and one commit is one
 * transaction in which the ledger posts stock line by line (a few ms a line), so it stays well
 * inside the client's timeout-and-retry window.
 */
export const MAX_IMPORT_ROWS = 5_000;

export type CsvRecord = {
  /** Row number as a spreadsheet shows it (header = 1). */
  row: number;
  cells: Record<CatalogCsvColumn, string>;
  /** More cells than the header has columns: the row is misaligned and cannot be trusted. */
  extraCells: number;
};

export type CsvFile = { fileErrors: FieldError[]; records: CsvRecord[]; columns: ReadonlySet<CatalogCsvColumn> };

const isColumn = (name: string): name is CatalogCsvColumn => (CATALOG_CSV_COLUMNS as readonly string[]).includes(name);

type ParsedRecord = { record: string[]; info: { lines: number } };

/**
 * Reads the file into rows keyed by column. Header names are matched loosely ('Style Code' is
 * style_code); a required header that is missing, an unknown or repeated header, broken quoting or
 * too many rows make the whole file unusable, reported as file errors.
 */
export function readCatalogCsv(text: string): CsvFile {
  let parsed: ParsedRecord[];
  try {
    // With `info` every record comes wrapped with its line numbers; the library's types do not say so.
    parsed = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, info: true }) as unknown as ParsedRecord[];
  } catch (error) {
    if (error instanceof CsvError) {
      return { fileErrors: [{ field: 'file', message: `The file is not valid CSV: ${error.message}` }], records: [], columns: new Set() };
    }
    throw error;
  }
  // Rows of only separators (',,,,') are what spreadsheets write for blank lines.
  const nonBlank = parsed.filter((entry) => entry.record.some((cell) => cell.trim() !== ''));
  const [header, ...data] = nonBlank;
  if (header === undefined) {
    return {
      fileErrors: [{ field: 'file', message: 'The file is empty: it needs a header row and one row per size' }],
      records: [],
      columns: new Set(),
    };
  }

  const fileErrors: FieldError[] = [];
  const names = header.record.map(normaliseHeader);
  const columns = new Set<CatalogCsvColumn>();
  const positions: { column: CatalogCsvColumn; index: number }[] = [];
  names.forEach((name, index) => {
    if (name === '') {
      fileErrors.push({ field: 'columns', message: `Column ${index + 1} of the header has no name` });
    } else if (!isColumn(name)) {
      fileErrors.push({
        field: `columns.${name}`,
        message: `Unknown column "${header.record[index]?.trim()}". Columns are: ${CATALOG_CSV_COLUMNS.join(', ')}`,
      });
    } else if (columns.has(name)) {
      fileErrors.push({ field: `columns.${name}`, message: `Column ${name} appears twice in the header` });
    } else {
      columns.add(name);
      positions.push({ column: name, index });
    }
  });
  for (const required of REQUIRED_CSV_COLUMNS) {
    if (!columns.has(required))
      fileErrors.push({ field: `columns.${required}`, message: `The header has no ${required} column, which every row needs` });
  }
  if (data.length === 0) fileErrors.push({ field: 'file', message: 'The file has a header but no rows' });
  if (data.length > MAX_IMPORT_ROWS) {
    fileErrors.push({
      field: 'file',
      message: `The file has ${data.length.toLocaleString('en')} rows; import at most ${MAX_IMPORT_ROWS.toLocaleString('en')} at a time`,
    });
  }
  if (fileErrors.length > 0) return { fileErrors, records: [], columns };

  const records = data.map((entry): CsvRecord => {
    const cells = Object.fromEntries(CATALOG_CSV_COLUMNS.map((column) => [column, ''])) as Record<CatalogCsvColumn, string>;
    for (const { column, index } of positions) cells[column] = (entry.record[index] ?? '').trim();
    for (const column of FREE_TEXT_COLUMNS) cells[column] = unprotectFormula(cells[column]);
    const extra = entry.record.slice(names.length).filter((cell) => cell.trim() !== '').length;
    return { row: entry.info.lines, cells, extraCells: extra };
  });
  return { fileErrors, records, columns };
}
