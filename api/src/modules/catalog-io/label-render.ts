import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import {
  type LabelContent,
  type LabelDrawing,
  type LabelSize,
  layoutLabel,
  type MeasureText,
  SHEET,
  SHEET_LABEL,
  THERMAL_LABEL,
} from './label-layout.ts';

type Fonts = { regular: PDFFont; bold: PDFFont };

/** Helvetica metrics for measuring; PDFs embed their own copy of the same standard fonts. */
const metrics: Promise<{ measure: MeasureText; supported: ReadonlySet<number> }> = (async () => {
  const doc = await PDFDocument.create();
  const fonts: Fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  return {
    measure: (text, size, bold) => (bold ? fonts.bold : fonts.regular).widthOfTextAtSize(text, size),
    supported: new Set(fonts.regular.getCharacterSet()),
  };
})();

/**
 * The standard PDF fonts cover Western European text only (WinAnsi); other characters become '?'
 * so a title in another script still prints a label rather than failing the whole PDF.
 */
function printable(text: string, supported: ReadonlySet<number>): string {
  return [...text.normalize('NFC')].map((char) => (supported.has(char.codePointAt(0) ?? 0) ? char : '?')).join('');
}

async function drawLabel(content: LabelContent, size: LabelSize): Promise<LabelDrawing> {
  const { measure, supported } = await metrics;
  const safe: LabelContent = {
    ...content,
    title: printable(content.title, supported),
    sizeLabel: printable(content.sizeLabel, supported),
    price: content.price === null ? null : printable(content.price, supported),
  };
  return layoutLabel(safe, size, measure);
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

const n = (value: number) => Number(value.toFixed(3)).toString();

/** One label as SVG at its physical size (inches), for previews and for printing from the browser. */
export async function labelSvg(content: LabelContent, layout: 'thermal' | 'sheet'): Promise<string> {
  const size = layout === 'sheet' ? SHEET_LABEL : THERMAL_LABEL;
  const drawing = await drawLabel(content, size);
  const bars = drawing.bars
    .map((bar) => `<rect x="${n(bar.x)}" y="${n(bar.y)}" width="${n(bar.width)}" height="${n(bar.height)}"/>`)
    .join('');
  const texts = drawing.texts
    .map(
      (t) =>
        `<text x="${n(t.x)}" y="${n(t.y)}" font-size="${n(t.size)}"${t.bold ? ' font-weight="bold"' : ''} text-anchor="${t.anchor}">${escapeXml(t.text)}</text>`,
    )
    .join('');
  const label = `${content.title}, ${content.sizeLabel}, SKU ${content.sku}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(size.width / 72)}in" height="${n(size.height / 72)}in" viewBox="0 0 ${size.width} ${size.height}" role="img" aria-label="${escapeXml(label)}">`,
    `<title>${escapeXml(label)}</title>`,
    `<desc data-symbology="${drawing.symbology.bcid}" data-code="${escapeXml(drawing.symbology.text)}">${escapeXml(drawing.symbology.bcid)} ${escapeXml(drawing.symbology.text)}</desc>`,
    `<rect width="${size.width}" height="${size.height}" fill="#fff"/>`,
    `<g fill="#000" shape-rendering="crispEdges">${bars}</g>`,
    `<g fill="#000" font-family="Helvetica, Arial, sans-serif">${texts}</g>`,
    '</svg>',
  ].join('');
}

function paint(page: PDFPage, drawing: LabelDrawing, fonts: Fonts, originX: number, originTop: number): void {
  const top = page.getHeight() - originTop;
  for (const bar of drawing.bars) {
    page.drawRectangle({ x: originX + bar.x, y: top - bar.y - bar.height, width: bar.width, height: bar.height, color: rgb(0, 0, 0) });
  }
  for (const t of drawing.texts) {
    const font = t.bold ? fonts.bold : fonts.regular;
    const width = font.widthOfTextAtSize(t.text, t.size);
    const x = t.anchor === 'start' ? t.x : t.anchor === 'end' ? t.x - width : t.x - width / 2;
    page.drawText(t.text, { x: originX + x, y: top - t.y, size: t.size, font, color: rgb(0, 0, 0) });
  }
}

/**
 * Labels as a PDF: 'thermal' is one 2.25 × 1.25 in page per label (what label printers expect);
 * 'sheet' fills US Letter pages 30 at a time. `labels` holds one entry per printed copy.
 */
export async function labelsPdf(labels: readonly LabelContent[], layout: 'thermal' | 'sheet'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Labels');
  doc.setCreator('Tradepost');
  const fonts: Fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const size = layout === 'sheet' ? SHEET_LABEL : THERMAL_LABEL;
  // Copies of one variant share one layout.
  const drawings = new Map<LabelContent, LabelDrawing>();
  for (const content of new Set(labels)) drawings.set(content, await drawLabel(content, size));

  const perPage = SHEET.columns * SHEET.rows;
  let page: PDFPage | null = null;
  labels.forEach((content, index) => {
    const drawing = drawings.get(content);
    if (drawing === undefined) return;
    if (layout === 'thermal') {
      paint(doc.addPage([size.width, size.height]), drawing, fonts, 0, 0);
      return;
    }
    const slot = index % perPage;
    if (slot === 0 || page === null) page = doc.addPage([SHEET.width, SHEET.height]);
    const column = slot % SHEET.columns;
    const row = Math.floor(slot / SHEET.columns);
    paint(page, drawing, fonts, SHEET.left + column * SHEET.pitchX, SHEET.top + row * SHEET.pitchY);
  });
  return doc.save();
}
