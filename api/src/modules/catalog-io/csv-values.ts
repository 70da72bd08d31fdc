/** Reading and writing the cell values of the catalog CSV: money as decimals, whole quantities. */

const digitsCache = new Map<string, number>();

/** Digits of the currency's minor unit: 2 for USD, 0 for JPY, 3 for KWD. */
export function minorDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsCache.set(currency, digits);
  }
  return digits;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const MAX_MONEY_CENTS = 100_000_000;

/**
 * A decimal amount in the business currency ('129.99', '$1,299.00', '80') as integer minor units.
 * Empty → null. Thousands separators are accepted only in their usual places, so '1,5' is refused
 * rather than read as fifteen.
 */
export function parseMoneyCell(text: string, currency: string, label: string): Parsed<number | null> {
  const cleaned = text.trim().replace(/^[$€£¥]\s*/, '');
  if (cleaned === '') return { ok: true, value: null };
  if (/^-/.test(cleaned)) return { ok: false, message: `${label} must not be negative` };
  const plain = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(cleaned) ? cleaned.replace(/,/g, '') : cleaned;
  if (!/^\d+(\.\d+)?$/.test(plain)) return { ok: false, message: `${label} "${text.trim()}" is not an amount like 129.99` };
  const digits = minorDigits(currency);
  const [whole = '0', fraction = ''] = plain.split('.');
  if (fraction.length > digits) {
    return { ok: false, message: `${label} "${text.trim()}" has more than ${digits} decimal${digits === 1 ? '' : 's'}` };
  }
  const cents = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (cents > MAX_MONEY_CENTS) return { ok: false, message: `${label} is too large` };
  return { ok: true, value: cents };
}

/** Integer minor units back to the decimal text the import reads: 12999 → '129.99'. */
export function formatMoneyCell(cents: number | null, currency: string): string {
  if (cents === null) return '';
  const digits = minorDigits(currency);
  return (cents / 10 ** digits).toFixed(digits);
}

export const MAX_IMPORT_QUANTITY = 100_000;

/** Units to add: a whole number, not negative. Empty → null. */
export function parseQuantityCell(text: string): Parsed<number | null> {
  const cleaned = text.trim();
  if (cleaned === '') return { ok: true, value: null };
  if (/^-\d/.test(cleaned)) return { ok: false, message: 'Quantity must not be negative' };
  if (!/^\d+$/.test(cleaned)) return { ok: false, message: `Quantity "${cleaned}" must be a whole number` };
  const value = Number(cleaned);
  if (value > MAX_IMPORT_QUANTITY) return { ok: false, message: `Quantity must be at most ${MAX_IMPORT_QUANTITY.toLocaleString('en')}` };
  return { ok: true, value };
}

/** Several barcodes in one cell, separated by |. */
export function splitBarcodes(text: string): string[] {
  return text
    .split('|')
    .map((code) => code.trim())
    .filter((code) => code !== '');
}

/** Header cells as written by people: 'Style Code', ' SKU ', 'unit-cost' all name a column. */
export function normaliseHeader(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/**
 * Spreadsheets run a cell that starts with =, +, - or @ as a formula, so free text written by a
 * team member (a title like "=HYPERLINK(…)") is exported with a leading apostrophe, which
 * spreadsheets show as text; the import takes that apostrophe off again, so a file round-trips.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function protectFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function unprotectFormula(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** The free-text columns a person types; every other column is checked against a strict pattern. */
export const FREE_TEXT_COLUMNS = ['title', 'brand', 'colorway', 'location'] as const;
