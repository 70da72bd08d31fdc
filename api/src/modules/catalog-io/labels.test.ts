import bwipjs from 'bwip-js';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerAndLogin, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { chooseSymbology, gs1CheckDigitValid, layoutLabel, THERMAL_LABEL, truncate } from './label-layout.ts';

/** Widths of alternating bars and spaces (bar first) read back from the label SVG's bar rectangles. */
function widthsFromSvg(svg: string): { widths: number[]; module: number } {
  const group = /<g fill="#000" shape-rendering="crispEdges">(.*?)<\/g>/.exec(svg)?.[1] ?? '';
  const bars = [...group.matchAll(/<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"/g)].map((m) => ({
    x: Number(m[1]),
    width: Number(m[2]),
  }));
  const module = Math.min(...bars.map((b) => b.width));
  const widths: number[] = [];
  bars.forEach((bar, i) => {
    const previous = bars[i - 1];
    if (previous) widths.push(Math.round((bar.x - previous.x - previous.width) / module));
    widths.push(Math.round(bar.width / module));
  });
  return { widths, module };
}

// EAN-13 digit patterns as space/bar widths (L set; G is L reversed; R has the same widths as L).
const L_CODES = ['3211', '2221', '2122', '1411', '1132', '1231', '1114', '1312', '1213', '3112'];
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** Decodes EAN-13 / UPC-A bars the way a scanner does: guards, 12 encoded digits, parity gives the 13th. */
function decodeEan13(widths: number[]): string {
  const take = (from: number) => widths.slice(from, from + 4).join('');
  if (widths.slice(0, 3).join('') !== '111') throw new Error('no start guard');
  let parity = '';
  let left = '';
  for (let i = 0; i < 6; i++) {
    const code = take(3 + i * 4);
    const l = L_CODES.indexOf(code);
    const g = L_CODES.indexOf([...code].reverse().join(''));
    if (l !== -1) {
      left += l;
      parity += 'L';
    } else if (g !== -1) {
      left += g;
      parity += 'G';
    } else throw new Error(`bad left digit ${code}`);
  }
  if (widths.slice(27, 32).join('') !== '11111') throw new Error('no centre guard');
  let right = '';
  for (let i = 0; i < 6; i++) {
    const digit = L_CODES.indexOf(take(32 + i * 4));
    if (digit === -1) throw new Error('bad right digit');
    right += digit;
  }
  if (widths.slice(56, 59).join('') !== '111') throw new Error('no end guard');
  const first = PARITY.indexOf(parity);
  if (first === -1) throw new Error('bad parity');
  return `${first}${left}${right}`;
}

describe('label layout', () => {
  const measure = (text: string, size: number) => text.length * size * 0.55;

  it('checks GS1 check digits', () => {
    expect(gs1CheckDigitValid('195866123453')).toBe(false);
    expect(gs1CheckDigitValid('036000291452')).toBe(true);
    expect(gs1CheckDigitValid('4006381333931')).toBe(true);
  });

  it('prints UPC-A or EAN-13 when the variant has one with a good check digit, else Code 128', () => {
    expect(chooseSymbology(['SHOP-1', '036000291452'], 'SKU-1')).toEqual({ bcid: 'upca', text: '036000291452' });
    expect(chooseSymbology(['4006381333931'], 'SKU-1')).toEqual({ bcid: 'ean13', text: '4006381333931' });
    expect(chooseSymbology(['036000291453', 'SHOP-1'], 'SKU-1')).toEqual({ bcid: 'code128', text: '036000291453' });
    expect(chooseSymbology([], 'SKU-1')).toEqual({ bcid: 'code128', text: 'SKU-1' });
  });

  it('truncates a long title with an ellipsis to the label width', () => {
    const cut = truncate('Air Jordan 1 Retro High OG Chicago Lost and Found', 100, 8, true, measure);
    expect(cut.endsWith('…')).toBe(true);
    expect(measure(cut, 8)).toBeLessThanOrEqual(100);
  });

  it('keeps quiet zones inside the label and bars on whole 203 dpi dots', () => {
    const drawing = layoutLabel(
      { title: 'Samba OG', sizeLabel: 'US M 9', sku: 'SAMBA-9', price: '$100.00', barcodes: ['036000291452'] },
      THERMAL_LABEL,
      measure,
    );
    expect(drawing.quietZoneModules).toBeGreaterThanOrEqual(11);
    const dots = drawing.moduleWidth / (72 / 203);
    expect(Math.abs(dots - Math.round(dots))).toBeLessThan(1e-9);
    // 3 dots at 203 dpi ≈ 14.8 mil: within what every retail scanner reads.
    expect((drawing.moduleWidth * 1000) / 72).toBeGreaterThan(10);
    const left = Math.min(...drawing.bars.map((b) => b.x));
    expect(left).toBeGreaterThanOrEqual(11 * drawing.moduleWidth);
  });

  it('gives a long SKU the widest bars that fit with 10-module quiet zones', () => {
    const drawing = layoutLabel(
      { title: 'Samba OG', sizeLabel: 'US M 9', sku: 'SAMBA-CW-9-LONGER-SKU', price: null, barcodes: [] },
      THERMAL_LABEL,
      measure,
    );
    expect(drawing.symbology).toEqual({ bcid: 'code128', text: 'SAMBA-CW-9-LONGER-SKU' });
    expect(drawing.quietZoneModules).toBeGreaterThanOrEqual(10);
    // Wider than one 203 dpi dot (4.9 mil), which handheld scanners struggle with.
    expect((drawing.moduleWidth * 1000) / 72).toBeGreaterThan(7);
    const right = Math.max(...drawing.bars.map((b) => b.x + b.width));
    expect(THERMAL_LABEL.width - right).toBeGreaterThanOrEqual(10 * drawing.moduleWidth);
  });
});

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
const variants: Record<string, string> = {};
const RETAIL = '036000291452';

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app, { business_name: 'Label Kicks' });
  stranger = await registerAndLogin(t.app, { business_name: 'Stranger Kicks' });
  const csv = [
    'style_code,title,category,size_format,retail_price,size,sku,barcodes,price,quantity',
    `LB-1,Air Jordan 1 Retro High OG Chicago Lost and Found Edition,sneakers,us-men,180.00,10.5,AJ1-LAF-105,SHOP-77|${RETAIL},329.99,3`,
    'LB-1,Air Jordan 1 Retro High OG Chicago Lost and Found Edition,sneakers,us-men,180.00,11,AJ1-LAF-11,,,',
    'LB-1,Air Jordan 1 Retro High OG Chicago Lost and Found Edition,sneakers,us-men,180.00,12,AJ1-LAF-12,SHOP-12,,',
  ].join('\n');
  const res = await t.app.inject({
    method: 'POST',
    url: url('/catalog/import'),
    headers: { ...bearer(owner.token), 'content-type': 'text/csv' },
    payload: csv,
  });
  expect(res.statusCode, res.body).toBe(200);
  const rows = (await t.orm.em.getConnection().execute('SELECT id, sku FROM variants WHERE business_id = ?', [owner.businessId])) as {
    id: string;
    sku: string;
  }[];
  for (const row of rows) variants[row.sku] = row.id;
});
afterAll(async () => t.close());

function url(path: string, who: SignedIn = owner) {
  return `/api/v1/businesses/${who.businessId}${path}`;
}

const svgOf = (sku: string, query = '', who: SignedIn = owner) =>
  t.app.inject({ method: 'GET', url: url(`/variants/${variants[sku]}/label.svg${query}`, who), headers: bearer(who.token) });

const pdfOf = (body: object, who: SignedIn = owner) =>
  t.app.inject({ method: 'POST', url: url('/labels.pdf', who), headers: bearer(who.token), payload: body });

describe('label SVG', () => {
  it('is a 2.25 × 1.25 in label with title, size, SKU, price and a UPC-A that decodes to the variant barcode', async () => {
    const res = await svgOf('AJ1-LAF-105');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    const svg = res.body;
    expect(svg).toContain('width="2.25in" height="1.25in"');
    expect(svg).toContain('>US M 10.5</text>');
    expect(svg).toContain('>$329.99</text>');
    expect(svg).toContain('>SKU AJ1-LAF-105</text>');
    expect(svg).toContain(`>${RETAIL}</text>`);
    expect(svg).toMatch(/>Air Jordan 1 Retro High[^<]*…<\/text>/);
    const { widths } = widthsFromSvg(svg);
    expect(decodeEan13(widths)).toBe(`0${RETAIL}`);
  });

  it('falls back to Code 128 of the SKU, bar for bar what bwip-js encodes for it, with the retail price', async () => {
    const svg = (await svgOf('AJ1-LAF-11')).body;
    expect(svg).toContain('data-symbology="code128" data-code="AJ1-LAF-11"');
    expect(svg).toContain('>AJ1-LAF-11</text>');
    expect(svg).toContain('>$180.00</text>');
    const [expected] = bwipjs.raw('code128', 'AJ1-LAF-11', {});
    expect(widthsFromSvg(svg).widths).toEqual(expected && 'sbs' in expected ? expected.sbs : null);
  });

  it('uses Code 128 of the first barcode when it is not a retail code; sheet labels are 2.625 × 1 in', async () => {
    const svg = (await svgOf('AJ1-LAF-12', '?layout=sheet')).body;
    expect(svg).toContain('width="2.625in" height="1in"');
    expect(svg).toContain('data-code="SHOP-12"');
    expect(svg).toContain('>SKU AJ1-LAF-12</text>');
  });

  it("another business's variant answers 404", async () => {
    const res = await svgOf('AJ1-LAF-105', '', stranger);
    expect(res.statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'GET',
      url: url('/variants/0190a000-0000-7000-8000-000000000000/label.svg'),
      headers: bearer(owner.token),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('labels PDF', () => {
  it('prints one 2.25 × 1.25 in page per label for thermal printers', async () => {
    const res = await pdfOf({
      items: [
        { variant_id: variants['AJ1-LAF-105'], copies: 3 },
        { variant_id: variants['AJ1-LAF-11'], copies: 2 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(5);
    expect(doc.getPage(0).getSize()).toEqual({ width: 162, height: 90 });
  });

  it('fills US Letter sheets 30 at a time', async () => {
    const res = await pdfOf({ layout: 'sheet', items: [{ variant_id: variants['AJ1-LAF-105'], copies: 31 }] });
    expect(res.statusCode).toBe(200);
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getPage(1).getSize()).toEqual({ width: 612, height: 792 });
  });

  it('refuses more than 500 labels or no copies, naming the field', async () => {
    const tooMany = await pdfOf({
      items: [
        { variant_id: variants['AJ1-LAF-105'], copies: 300 },
        { variant_id: variants['AJ1-LAF-11'], copies: 201 },
      ],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.details).toEqual([expect.objectContaining({ field: 'items', message: 'At most 500 labels in one PDF' })]);
    const none = await pdfOf({ items: [{ variant_id: variants['AJ1-LAF-105'], copies: 0 }] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.details[0].field).toBe('items.0.copies');
  });

  it("another business's variant answers 404", async () => {
    const res = await pdfOf({ items: [{ variant_id: variants['AJ1-LAF-105'], copies: 1 }] }, stranger);
    expect(res.statusCode).toBe(404);
    const intoOwnersBusiness = await t.app.inject({
      method: 'POST',
      url: url('/labels.pdf'),
      headers: bearer(stranger.token),
      payload: { items: [{ variant_id: variants['AJ1-LAF-105'], copies: 1 }] },
    });
    expect(intoOwnersBusiness.statusCode).toBe(404);
  });
});

describe('label variants', () => {
  it('lists what each label shows with the stock on hand', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: url(`/labels/variants?ids=${variants['AJ1-LAF-105']},${variants['AJ1-LAF-11']}`),
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ sku: 'AJ1-LAF-105', size_label: 'US M 10.5', barcode: RETAIL, price_cents: 32999, on_hand: 3 }),
      expect.objectContaining({ sku: 'AJ1-LAF-11', barcode: 'AJ1-LAF-11', price_cents: 18000, on_hand: 0 }),
    ]);
    const foreign = await t.app.inject({
      method: 'GET',
      url: url(`/labels/variants?ids=${variants['AJ1-LAF-105']}`, stranger),
      headers: bearer(stranger.token),
    });
    expect(foreign.statusCode).toBe(404);
  });
});
