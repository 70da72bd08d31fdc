import { Readable } from 'node:stream';
import {
  type ImportDocument,
  type ImportPreview,
  type ImportRules,
  PDF_IMPORT_MAX_BYTES,
} from '@tradepost/shared/schemas/purchase-import.ts';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  databaseSnapshot,
  errorFields,
  registerAndLogin,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';

// Three vendors' layouts, drawn with pdf-lib the way invoicing tools draw them: each table cell, list
// field and column its own run of text at its own position.

type Draw = (page: PDFPage, font: PDFFont) => void;

async function pdfOf(...pages: Draw[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const draw of pages) draw(pdf.addPage([612, 792]), font);
  return Buffer.from(await pdf.save());
}

const text = (page: PDFPage, font: PDFFont, value: string, x: number, y: number, size = 10) => page.drawText(value, { x, y, size, font });

/** Vendor A: a table with the columns Style, Description, Size, Qty, Unit, Total. */
const tableLayout: Draw = (page, font) => {
  text(page, font, 'Sneaker Supply Co', 40, 740, 16);
  text(page, font, 'Invoice INV-20931    Terms: Net 30', 40, 720);
  const columns = [40, 120, 300, 360, 410, 480];
  const row = (y: number, cells: string[]) => {
    for (const [index, cell] of cells.entries()) text(page, font, cell, columns[index] ?? 0, y);
  };
  row(680, ['Style', 'Description', 'Size', 'Qty', 'Unit', 'Total']);
  row(660, ['DD1391-100', 'Nike Dunk Low Retro', '10', '2', '$110.00', '$220.00']);
  row(645, ['CW2288-111', "Air Force 1 '07", 'US 10.5', '1', '$100.00', '$100.00']);
  row(630, ['CW2288-111', "Air Force 1 '07", '14.5', '1', '$100.00', '$100.00']);
  row(615, ['ZZ9999-001', 'Mystery Runner', '9', '3', '$80.00', '$240.00']);
  text(page, font, 'Total', 300, 580);
  text(page, font, '7', 360, 580);
  text(page, font, '$660.00', 480, 580);
};

/** Vendor B: one item per block of labelled lines. */
const listLayout: Draw = (page, font) => {
  text(page, font, 'ORDER CONFIRMATION 55120', 40, 740, 14);
  const block = (y: number, style: string, size: string, line: string) => {
    text(page, font, `Style: ${style}`, 40, y);
    text(page, font, `Size: ${size}`, 40, y - 14);
    text(page, font, line, 40, y - 28);
  };
  block(700, 'DD1391-100', 'M 10.5', 'Qty: 3 @ $105.00');
  block(640, 'FZ5897-M9', '9', 'Qty: 1 @ $90.00');
  text(page, font, 'Thank you for your business', 40, 560);
};

/** Vendor C: items in a left and a right column under a heading across the page. */
const twoColumnLayout: Draw = (page, font) => {
  text(page, font, 'Packing list 8841 — two columns, read down each', 40, 740, 12);
  const item = (x: number, y: number, line: string) => text(page, font, line, x, y);
  item(40, 700, 'DD1391-100 Dunk Low 9 x1 $110.00');
  item(40, 685, 'DD1391-100 Dunk Low 10 x4 $110.00');
  item(320, 700, 'CW2288-111 AF1 10.5 x2 $100.00');
  item(320, 685, 'CW2288-111 AF1 10 x1 $100.00');
};

/** A scan: a page with a drawn rectangle and no text. */
const scannedLayout: Draw = (page) => page.drawRectangle({ x: 40, y: 300, width: 500, height: 400, borderWidth: 2 });

describe('PDF import', () => {
  let t: TestApp;
  let owner: SignedIn;
  let vendorId: string;
  const sizes: Record<string, string> = {};
  const base = () => `/api/v1/businesses/${owner.businessId}`;

  const upload = (body: Buffer | string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${base()}/purchase-orders/pdf-import/documents`,
      headers: { ...bearer(owner.token), 'content-type': 'application/pdf', ...headers },
      payload: body,
    });
  const preview = (documentId: string, rules?: ImportRules) =>
    t.app.inject({
      method: 'POST',
      url: `${base()}/purchase-orders/pdf-import/documents/${documentId}/preview`,
      headers: bearer(owner.token),
      payload: { vendor_id: vendorId, ...(rules ? { rules } : {}) },
    });
  const importPdf = async (pdf: Buffer): Promise<ImportPreview> => {
    const stored = await upload(pdf, { 'x-file-name': 'invoice.pdf' });
    expect(stored.statusCode, stored.body).toBe(201);
    const answer = await preview((stored.json() as ImportDocument).id);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as ImportPreview;
  };
  const brief = (result: ImportPreview) =>
    result.lines.map((line) => ({
      variant: line.match?.variant_id ?? null,
      quantity: line.quantity,
      cost: line.unit_cost_cents,
      problem: line.problem,
    }));

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerAndLogin(t.app, { business_name: 'Import Kicks' });
    const vendor = await t.app.inject({
      method: 'POST',
      url: `${base()}/vendors`,
      headers: bearer(owner.token),
      payload: { name: 'Sneaker Supply Co' },
    });
    expect(vendor.statusCode, vendor.body).toBe(201);
    vendorId = (vendor.json() as { id: string }).id;
    const product = async (style: string, title: string, variants: { size: string; sku: string }[]) => {
      const created = await t.app.inject({
        method: 'POST',
        url: `${base()}/products`,
        headers: bearer(owner.token),
        payload: { title, style_code: style, category: 'sneakers', size_format: 'us-men', variants },
      });
      expect(created.statusCode, created.body).toBe(201);
      for (const variant of (created.json() as { variants: { id: string; sku: string }[] }).variants) sizes[variant.sku] = variant.id;
    };
    await product('DD1391-100', 'Dunk Low Panda', [
      { size: '9', sku: 'PANDA-9' },
      { size: '10', sku: 'PANDA-10' },
      { size: '10.5', sku: 'PANDA-10.5' },
    ]);
    await product('CW2288-111', "Air Force 1 '07 White", [
      { size: '10', sku: 'AF1-10' },
      { size: '10.5', sku: 'AF1-10.5' },
    ]);
    // Only a size's own SKU names this one.
    await product('FZ5897', 'Forum Low', [{ size: '9', sku: 'FZ5897-M9' }]);
  });
  afterAll(async () => t?.close());

  it('reads a table invoice: each row to its size, the others flagged in words', async () => {
    const result = await importPdf(await pdfOf(tableLayout));
    expect(result.has_text).toBe(true);
    expect(result.rules.mode).toBe('auto');
    expect(brief(result)).toEqual([
      { variant: sizes['PANDA-10'], quantity: 2, cost: 11000, problem: null },
      { variant: sizes['AF1-10.5'], quantity: 1, cost: 10000, problem: null },
      { variant: null, quantity: 1, cost: 10000, problem: "Size 14.5 not found on Air Force 1 '07 White" },
      { variant: null, quantity: 3, cost: 8000, problem: 'No product with style code ZZ9999-001' },
    ]);
    expect(result.lines[1]).toMatchObject({ sku: 'CW2288-111', size: 'US 10.5', page: 1 });
    expect(result.lines[1]?.match).toMatchObject({ product_title: "Air Force 1 '07 White", size_label: 'US M 10.5', sku: 'AF1-10.5' });
  });

  it('reads a list of labelled blocks, by style code and size or by the size SKU', async () => {
    const result = await importPdf(await pdfOf(listLayout));
    expect(brief(result)).toEqual([
      { variant: sizes['PANDA-10.5'], quantity: 3, cost: 10500, problem: null },
      { variant: sizes['FZ5897-M9'], quantity: 1, cost: 9000, problem: null },
    ]);
    expect(result.lines[0]?.text).toBe('Style: DD1391-100 / Size: M 10.5 / Qty: 3 @ $105.00');
  });

  it('reads a two-column page down each column without mixing them', async () => {
    const result = await importPdf(await pdfOf(twoColumnLayout));
    expect(brief(result)).toEqual([
      { variant: sizes['PANDA-9'], quantity: 1, cost: 11000, problem: null },
      { variant: sizes['PANDA-10'], quantity: 4, cost: 11000, problem: null },
      { variant: sizes['AF1-10.5'], quantity: 2, cost: 10000, problem: null },
      { variant: sizes['AF1-10'], quantity: 1, cost: 10000, problem: null },
    ]);
  });

  it('says a scanned PDF has no text, and replays a retried upload', async () => {
    const scan = await pdfOf(scannedLayout, scannedLayout);
    const stored = await upload(scan, { 'idempotency-key': 'scan-upload-1' });
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.json()).toMatchObject({ page_count: 2, has_text: false, file_name: null });
    const retried = await upload(scan, { 'idempotency-key': 'scan-upload-1' });
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json()).toEqual(stored.json());
    const result = (await preview((stored.json() as ImportDocument).id)).json() as ImportPreview;
    expect(result).toMatchObject({ page_count: 2, has_text: false, lines: [] });
  });

  it('saves a vendor pattern, refuses one that cannot work, and previews with the saved rules or the ones sent', async () => {
    const rulesUrl = `${base()}/vendors/${vendorId}/import-rules`;
    expect((await t.app.inject({ method: 'GET', url: rulesUrl, headers: bearer(owner.token) })).json()).toEqual({
      mode: 'auto',
      pattern: null,
      start_after: null,
      stop_at: null,
      cost_is_line_total: false,
    });
    const put = (rules: ImportRules) => t.app.inject({ method: 'PUT', url: rulesUrl, headers: bearer(owner.token), payload: rules });
    const before = await databaseSnapshot(t.orm);
    const pattern = (value: string): ImportRules => ({
      mode: 'pattern',
      pattern: value,
      start_after: null,
      stop_at: null,
      cost_is_line_total: true,
    });
    for (const bad of ['(?<sku>\\S+) (?<quantity>\\d+', '(?<sku>\\S+) (\\d+)']) {
      const refused = await put(pattern(bad));
      expect(refused.statusCode, bad).toBe(400);
      expect(errorFields(refused)).toEqual(['pattern']);
    }
    expect(await databaseSnapshot(t.orm)).toEqual(before);

    // Vendor A's table: the total column instead of the unit column.
    const saved = await put(
      pattern('^(?<sku>[A-Z]{2}\\d{4}-\\d{3})\\s+.+?\\s{2}(?<size>[\\d.]+)\\s+(?<quantity>\\d+)\\s+\\S+\\s+(?<cost>\\S+)$'),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // Other tabs hear of it (their previews use the vendor's rules).
    expect(saved.headers['x-domain-events']).toBe('purchasing.changed');
    const stored = (await upload(await pdfOf(tableLayout))).json() as ImportDocument;
    const withSaved = (await preview(stored.id)).json() as ImportPreview;
    expect(withSaved.rules.mode).toBe('pattern');
    expect(withSaved.lines.map((line) => [line.sku, line.size, line.quantity, line.unit_cost_cents])).toEqual([
      ['DD1391-100', '10', 2, 11000],
      ['CW2288-111', '14.5', 1, 10000],
      ['ZZ9999-001', '9', 3, 8000],
    ]);
    // Rules sent to try are used and not saved; a bad one names rules.pattern.
    const tried = (
      await preview(stored.id, { mode: 'auto', pattern: null, start_after: null, stop_at: 'CW2288', cost_is_line_total: false })
    ).json() as ImportPreview;
    expect(tried.lines.map((line) => line.sku)).toEqual(['DD1391-100']);
    expect(((await t.app.inject({ method: 'GET', url: rulesUrl, headers: bearer(owner.token) })).json() as ImportRules).mode).toBe(
      'pattern',
    );
    expect(errorFields(await preview(stored.id, pattern('(')))).toEqual(['rules.pattern']);
  });

  it('refuses what is not a PDF, an empty file and one over 20 MB, naming the file and writing nothing', async () => {
    const before = await databaseSnapshot(t.orm);
    const expectRefusal = (answer: Awaited<ReturnType<typeof upload>>, status: number, message: string) => {
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json().error.details).toEqual([{ field: 'file', message }]);
    };
    expectRefusal(await upload('Style,Size,Qty\nDD1391-100,10,2\n', { 'content-type': 'text/csv' }), 400, 'This file is not a PDF');
    expectRefusal(await upload(Buffer.from('%PDF-1.7\n%%EOF garbage that is no document')), 400, 'This file is not a PDF');
    expectRefusal(await upload(Buffer.alloc(0)), 400, 'The file is empty');
    const huge = Buffer.alloc(PDF_IMPORT_MAX_BYTES + 1, 0x20);
    huge.write('%PDF-1.7\n');
    expectRefusal(await upload(huge), 413, 'The file is larger than 20 MB');
    // Sent without a length (chunked), it is counted as it comes.
    expectRefusal(
      await t.app.inject({
        method: 'POST',
        url: `${base()}/purchase-orders/pdf-import/documents`,
        headers: { ...bearer(owner.token), 'content-type': 'application/pdf', 'transfer-encoding': 'chunked' },
        payload: Readable.from([huge.subarray(0, 1 << 20), huge.subarray(1 << 20)]),
      }),
      413,
      'The file is larger than 20 MB',
    );
    expect(await databaseSnapshot(t.orm)).toEqual(before);
    // Another business's vendor and document are not found.
    const other = await registerAndLogin(t.app, { business_name: 'Other Kicks' });
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${other.businessId}/vendors/${vendorId}/import-rules`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
  });
});
