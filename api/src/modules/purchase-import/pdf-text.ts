import { getDocumentProxy } from 'unpdf';
import { isCodeToken } from './line-finding.ts';

// A PDF holds positioned runs of text, not lines: an invoice's table row is a dozen runs at the
// same height, and a two-column page draws both columns' lines at the same heights too. The lines
// are rebuilt here from the positions, in the order a person reads them.

/** One run of text on a page, in PDF units (y grows upwards), as pdf.js reports it. */
export type PositionedText = {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly size: number;
};

/** A rebuilt line of text and the page it is on (1-based). */
export type TextLine = { readonly page: number; readonly text: string };

export type PdfText = { readonly pageCount: number; readonly hasText: boolean; readonly lines: TextLine[] };

/** The file is not a PDF, or pdf.js cannot open it. */
export class NotAPdf extends Error {}

/** A gap wider than this many font sizes between two runs of a line is a column break (kept as two spaces). */
const COLUMN_GAP_EMS = 1.5;
/** The narrowest empty vertical band, in font sizes, that can separate two columns of a page. */
const GUTTER_EMS = 2;

type Row = { y: number; items: PositionedText[] };

/** Groups runs into rows: same baseline within half a font size, then left to right. */
function rowsOf(items: readonly PositionedText[]): Row[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: Row[] = [];
  for (const item of sorted) {
    const row = rows.at(-1);
    if (row && Math.abs(row.y - item.y) <= Math.max(2, item.size * 0.5)) row.items.push(item);
    else rows.push({ y: item.y, items: [item] });
  }
  for (const row of rows) row.items.sort((a, b) => a.x - b.x);
  return rows;
}

function joinRuns(items: readonly PositionedText[]): string {
  let text = '';
  let end: number | null = null;
  for (const item of items) {
    if (end !== null) {
      const gap = item.x - end;
      if (gap > item.size * COLUMN_GAP_EMS) text += '  ';
      else if (gap > item.size * 0.15 && !text.endsWith(' ')) text += ' ';
    }
    text += item.text;
    end = Math.max(end ?? Number.NEGATIVE_INFINITY, item.x + item.width);
  }
  return text.trim();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * The x of the gutter between two columns, or null for a one-column page. A gutter is a vertical
 * band at least two font sizes wide that (almost) no row crosses, near the middle of the text, with
 * items on both sides (a code followed by numbers). A table also has empty bands between its
 * columns, but no side of them holds whole items, so its rows are read whole.
 */
function findGutter(rows: readonly Row[]): { from: number; to: number } | null {
  const items = rows.flatMap((row) => row.items);
  if (rows.length < 2 || items.length === 0) return null;
  const left = Math.floor(Math.min(...items.map((item) => item.x)));
  const right = Math.ceil(Math.max(...items.map((item) => item.x + item.width)));
  const minWidth = GUTTER_EMS * median(items.map((item) => item.size));
  // Headings and notes across the page may cross the gutter: a fifth of the rows (at least one) may.
  const allowed = Math.max(1, Math.floor(rows.length / 5));
  const crossing = new Array<number>(right - left + 1).fill(0);
  for (const row of rows) {
    const covered = new Set<number>();
    for (const item of row.items) {
      for (let x = Math.floor(item.x); x <= Math.ceil(item.x + item.width); x += 1) covered.add(x - left);
    }
    for (const index of covered) crossing[index] = (crossing[index] ?? 0) + 1;
  }
  const bands: { from: number; to: number }[] = [];
  let start: number | null = null;
  crossing.forEach((count, index) => {
    if (count <= allowed && start === null) start = index;
    if ((count > allowed || index === crossing.length - 1) && start !== null) {
      bands.push({ from: left + start, to: left + index });
      start = null;
    }
  });
  const middle = (left + right) / 2;
  const candidates = bands
    .filter((band) => band.to - band.from >= minWidth && band.from > left && band.to < right)
    .filter((band) => Math.abs((band.from + band.to) / 2 - middle) <= (right - left) * 0.2)
    .sort((a, b) => Math.abs((a.from + a.to) / 2 - middle) - Math.abs((b.from + b.to) / 2 - middle));
  // A side holds items when its part of a row has a code and, after it, a number (size, quantity or
  // price): a table's style column alone has codes and words only, so a table is never split.
  const itemRows = (side: (item: PositionedText) => boolean) =>
    rows.filter((row) => {
      const words = row.items
        .filter(side)
        .flatMap((item) => item.text.split(/\s+/))
        .filter(Boolean);
      const code = words.findIndex(isCodeToken);
      return code !== -1 && words.slice(code + 1).some((word) => /^[$€£]?\d/.test(word));
    }).length;
  return (
    candidates.find((band) => itemRows((item) => item.x + item.width <= band.from) >= 2 && itemRows((item) => item.x >= band.to) >= 2) ??
    null
  );
}

/**
 * The lines of one page in reading order. On a two-column page the rows above, between and below
 * the columns that run across the gutter (headings, totals) stay where they are; the rows in
 * between are read down the left column, then down the right one.
 */
export function pageLines(items: readonly PositionedText[]): string[] {
  const runs = items
    // Control characters and half surrogate pairs (broken font maps) become spaces: jsonb refuses NUL.
    .map((item) => ({ ...item, text: item.text.replace(/[\p{Cc}\p{Cs}]/gu, ' ').replace(/\s+/g, ' ') }))
    .filter((item) => item.text.trim() !== '' && Number.isFinite(item.x) && Number.isFinite(item.y));
  const rows = rowsOf(runs);
  const gutter = findGutter(rows);
  if (!gutter) return rows.map((row) => joinRuns(row.items)).filter(Boolean);
  const lines: string[] = [];
  let leftColumn: string[] = [];
  let rightColumn: string[] = [];
  const flush = () => {
    lines.push(...leftColumn, ...rightColumn);
    leftColumn = [];
    rightColumn = [];
  };
  const sides = rows.map((row) => ({
    left: row.items.filter((item) => item.x + item.width <= gutter.from + 0.5),
    right: row.items.filter((item) => item.x >= gutter.to - 0.5),
  }));
  // The columns end with the right one's last row: what follows (totals, notes) is read whole.
  const lastRight = sides.findLastIndex((side) => side.right.length > 0);
  rows.forEach((row, index) => {
    const { left, right } = sides[index] ?? { left: [], right: [] };
    if (index > lastRight || left.length + right.length < row.items.length) {
      flush();
      lines.push(joinRuns(row.items));
      return;
    }
    if (left.length > 0) leftColumn.push(joinRuns(left));
    if (right.length > 0) rightColumn.push(joinRuns(right));
  });
  flush();
  return lines.filter(Boolean);
}

/** True when the bytes start like a PDF (`%PDF-`, allowing the few junk bytes readers tolerate before it). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-');
}

/** Reads every page's text lines; throws NotAPdf when the file cannot be opened as a PDF. */
export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  if (!looksLikePdf(bytes)) throw new NotAPdf('no %PDF- header');
  // pdf.js takes the buffer over (it may detach it): give it a copy.
  const data = new Uint8Array(bytes);
  const pdf = await getDocumentProxy(data, { verbosity: 0, disableFontFace: true, stopAtErrors: false }).catch((error: unknown) => {
    throw new NotAPdf(error instanceof Error ? error.message : String(error));
  });
  try {
    const lines: TextLine[] = [];
    let hasText = false;
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const items: PositionedText[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [a = 0, b = 0, , , x = 0, y = 0] = item.transform as number[];
        items.push({ text: item.str, x, y, width: item.width, size: item.height > 0 ? item.height : Math.hypot(a, b) || 10 });
      }
      if (items.length > 0) hasText = true;
      for (const text of pageLines(items)) lines.push({ page: number, text });
      page.cleanup();
    }
    return { pageCount: pdf.numPages, hasText, lines };
  } finally {
    await pdf.loadingTask.destroy();
  }
}
