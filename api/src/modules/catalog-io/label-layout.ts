import bwipjs from 'bwip-js';

/** Sizes in PDF points (1/72 in). */
export type LabelSize = { readonly width: number; readonly height: number };

/** 2.25 × 1.25 in: the common direct-thermal shipping-shelf label. */
export const THERMAL_LABEL: LabelSize = { width: 162, height: 90 };
/** 2.625 × 1 in: one label of a US Letter 30-up sheet (Avery 5160 and its equivalents). */
export const SHEET_LABEL: LabelSize = { width: 189, height: 72 };

/** US Letter, 3 columns × 10 rows: margins and pitch of the 5160 layout. */
export const SHEET = { width: 612, height: 792, columns: 3, rows: 10, left: 13.5, top: 36, pitchX: 198, pitchY: 72 } as const;

export type LabelContent = {
  title: string;
  sizeLabel: string;
  sku: string;
  /** Already formatted in the business currency, or null when the variant has no price. */
  price: string | null;
  /** The variant's barcodes, first first. */
  barcodes: readonly string[];
};

export type Symbology = { bcid: 'upca' | 'ean13' | 'code128'; text: string };

/** GS1 check digit: weights 3 and 1 from the right, excluding the check digit itself. */
export function gs1CheckDigitValid(code: string): boolean {
  if (!/^\d+$/.test(code)) return false;
  const digits = code.split('').map(Number);
  const check = digits.pop();
  const sum = digits.reverse().reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/**
 * UPC-A or EAN-13 when the variant has such a code (with a correct check digit, or a scanner would
 * refuse it), else Code 128 of its first barcode, else Code 128 of the SKU.
 */
export function chooseSymbology(barcodes: readonly string[], sku: string): Symbology {
  const retail = barcodes.find((code) => /^\d{12,13}$/.test(code) && gs1CheckDigitValid(code));
  if (retail !== undefined) return { bcid: retail.length === 12 ? 'upca' : 'ean13', text: retail };
  return { bcid: 'code128', text: barcodes[0] ?? sku };
}

/** Alternating bar and space widths in modules, bar first (bwip-js encodes; we draw). */
export function barPattern(symbology: Symbology): number[] {
  const [symbol] = bwipjs.raw(symbology.bcid, symbology.text, {});
  if (symbol === undefined || !('sbs' in symbol)) throw new Error(`No linear pattern for ${symbology.bcid}`);
  return symbol.sbs;
}

export type Bar = { x: number; y: number; width: number; height: number };
export type LabelText = { x: number; y: number; size: number; bold: boolean; text: string; anchor: 'start' | 'middle' | 'end' };
export type LabelDrawing = {
  size: LabelSize;
  bars: Bar[];
  texts: LabelText[];
  symbology: Symbology;
  /** Narrowest bar in points. */
  moduleWidth: number;
  /** Blank space left and right of the bars, in modules. */
  quietZoneModules: number;
};

/** Width of a text in points at a font size, bold or not (Helvetica metrics, the same font the PDF uses). */
export type MeasureText = (text: string, size: number, bold: boolean) => number;

/** The longest start of `text` that fits, with an ellipsis when cut. */
export function truncate(text: string, maxWidth: number, size: number, bold: boolean, measure: MeasureText): string {
  if (measure(text, size, bold) <= maxWidth) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(`${text.slice(0, mid).trimEnd()}…`, size, bold) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, low).trimEnd()}…`;
}

/** One printer dot at 203 dpi, the resolution of most direct-thermal label printers. */
const DOT = 72 / 203;
/** 15 mil: wide enough for any scanner, narrow enough that a UPC-A fits with its quiet zones. */
const MAX_MODULE = 0.015 * 72;

/**
 * Places title, size, price, bars and their human-readable code on one label. Bars are whole
 * printer dots wide when at least two fit, so a 203 dpi printer does not round bars unevenly; quiet zones
 * (10 modules for Code 128, 11 for UPC/EAN) stay inside the label.
 */
export function layoutLabel(content: LabelContent, size: LabelSize, measure: MeasureText): LabelDrawing {
  const s = size.height / THERMAL_LABEL.height;
  const padX = Math.max(6, 6 * s);
  const padY = 6 * s;
  const innerWidth = size.width - 2 * padX;
  const texts: LabelText[] = [];

  const titleSize = 7.5 * s;
  const titleBaseline = padY + titleSize * 0.8;
  texts.push({
    x: padX,
    y: titleBaseline,
    size: titleSize,
    bold: true,
    anchor: 'start',
    text: truncate(content.title, innerWidth, titleSize, true, measure),
  });

  const metaSize = 9.5 * s;
  const metaBaseline = titleBaseline + metaSize + 2 * s;
  const priceWidth = content.price === null ? 0 : measure(content.price, metaSize, true);
  if (content.price !== null)
    texts.push({ x: size.width - padX, y: metaBaseline, size: metaSize, bold: true, anchor: 'end', text: content.price });
  texts.push({
    x: padX,
    y: metaBaseline,
    size: metaSize,
    bold: true,
    anchor: 'start',
    text: truncate(content.sizeLabel, innerWidth - priceWidth - (priceWidth > 0 ? 6 : 0), metaSize, true, measure),
  });

  const symbology = chooseSymbology(content.barcodes, content.sku);
  const pattern = barPattern(symbology);
  const modules = pattern.reduce((sum, width) => sum + width, 0);
  const quiet = symbology.bcid === 'code128' ? 10 : 11;
  // The quiet zone may use the label's side padding, but not its outer 2 pt (printers drift).
  const available = size.width - 4;
  const fit = Math.min(MAX_MODULE, available / (modules + 2 * quiet));
  // Below two dots a long SKU would print 1-dot (5 mil) bars, too thin for most handheld scanners:
  // wider bars that the printer rounds read better than exact ones that are too thin.
  const moduleWidth = fit >= 2 * DOT ? Math.floor(fit / DOT) * DOT : fit;

  const smallSize = Math.max(5.5, 6.5 * s);
  const bottom = size.height - padY * 0.7;
  const showSku = symbology.text !== content.sku;
  const codeBaseline = showSku ? bottom - smallSize - 1 : bottom;
  const barsTop = metaBaseline + 3 * s;
  const barsBottom = codeBaseline - smallSize - 1.5;
  const barsWidth = modules * moduleWidth;
  let x = (size.width - barsWidth) / 2;
  const bars: Bar[] = [];
  pattern.forEach((width, i) => {
    if (i % 2 === 0) bars.push({ x, y: barsTop, width: width * moduleWidth, height: barsBottom - barsTop });
    x += width * moduleWidth;
  });
  texts.push({ x: size.width / 2, y: codeBaseline, size: smallSize, bold: false, anchor: 'middle', text: symbology.text });
  if (showSku) {
    texts.push({
      x: size.width / 2,
      y: bottom,
      size: smallSize,
      bold: false,
      anchor: 'middle',
      text: truncate(`SKU ${content.sku}`, innerWidth, smallSize, false, measure),
    });
  }
  return { size, bars, texts, symbology, moduleWidth, quietZoneModules: (size.width - barsWidth) / 2 / moduleWidth };
}
