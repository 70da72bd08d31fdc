import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, apiCall, createOwner, signedInPage } from './support/accounts.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { hardwareScan } from './support/scanner.ts';

// pdf-lib is the API's dependency; the test builds its vendor PDF with the same copy.
const { PDFDocument, StandardFonts } = createRequire(import.meta.url)(
  '../../api/node_modules/pdf-lib',
) as typeof import('../../api/node_modules/pdf-lib/cjs/index.js');

type Location = { id: string; is_default: boolean };
type Product = { id: string; variants: { id: string; size: string }[] };
type Order = { id: string; number: number; status: string; lines: { variant_id: string; quantity_received: number }[] };

const KNOWN = '0196153123409';
const UNKNOWN = '0000000009876';

let browser: Browser;
let owner: Account;
let business: string;
let product: Product;
let vendor: { id: string; name: string };
let order: Order;
const variant = (size: string) => product.variants.find((v) => v.size === size)?.id ?? '';
const api = <T>(method: string, path: string, body?: unknown) =>
  apiCall<T>(method, `/businesses/${business}${path}`, body, owner.access_token);
const received = async (size: string) =>
  (await api<Order>('GET', `/purchase-orders/${order.id}`)).lines.find((line) => line.variant_id === variant(size))?.quantity_received;

/** A vendor's order confirmation as a one-page PDF with text: two lines we carry and one we do not. */
async function vendorPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const rows = [
    'Sole Supply Co. - Order confirmation 5521',
    'Style Size Qty Unit price',
    'DD1391-100 9 2 $80.00',
    'DD1391-100 10 3 $82.50',
    'ZZ0000-001 14.5 1 $95.00',
    'Subtotal $502.50',
  ];
  for (const [i, row] of rows.entries()) page.drawText(row, { x: 50, y: 740 - i * 22, size: 12, font });
  return Buffer.from(await pdf.save());
}

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await createOwner({ business_name: 'Receiving Desk Kicks' });
  business = owner.user.business.id;
  const warehouse = (await api<Location[]>('GET', '/locations')).find((l) => l.is_default) as Location;
  product = await api<Product>('POST', '/products', {
    title: 'Dunk Low Retro Panda',
    brand: 'Nike',
    style_code: 'DD1391-100',
    category: 'sneakers',
    size_format: 'us-men',
    variants: [
      { size: '9', sku: 'DD1391-100-9', price_cents: 11_000, barcodes: [{ code: KNOWN }] },
      { size: '10', sku: 'DD1391-100-10', price_cents: 11_000 },
    ],
  });
  vendor = await api('POST', '/vendors', { name: 'Sole Supply' });
  const draft = await api<Order>('POST', '/purchase-orders', {
    vendor_id: vendor.id,
    location_id: warehouse.id,
    lines: [
      { variant_id: variant('9'), quantity: 2, unit_cost_cents: 8_000 },
      { variant_id: variant('10'), quantity: 2, unit_cost_cents: 8_000 },
    ],
  });
  order = await api<Order>('POST', `/purchase-orders/${draft.id}/order`);
});
afterAll(async () => browser?.close());

describe('receiving a purchase order by scanning', () => {
  it('receives a known barcode, maps an unknown one to a size on the way, then knows it; and reads a vendor PDF', async () => {
    const base = inject('baseUrl');
    const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/purchase-orders/${order.id}/upc-scanner`);
    await expect.poll(() => page.getByRole('heading', { name: `Receive PO-${order.number} by scanning` }).isVisible()).toBe(true);

    // A hardware scan of the size with a barcode: one unit in, said big.
    await hardwareScan(page, KNOWN);
    const lastScan = page.getByRole('status', { name: 'Last scan' });
    await expect.poll(() => lastScan.textContent()).toMatch(/Received · 0196153123409.*Dunk Low Retro Panda.*US M 9.*1 of 2/);
    await expect.poll(() => page.getByText('1 / 4', { exact: true }).isVisible()).toBe(true);
    expect(await received('9')).toBe(1);

    // An unknown barcode: mapped to the second size, and that unit received before going back.
    await hardwareScan(page, UNKNOWN);
    await page.waitForURL(/\/barcode-variants\?barcode=0000000009876/);
    await expect
      .poll(() => page.getByRole('heading', { name: /Barcode 0000000009876 is not known\. Which size is it\?/ }).isVisible())
      .toBe(true);
    await screenshot(page, 'purchasing-barcode-variants');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'purchasing-barcode-variants-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Dunk Low Retro Panda, size US M 10', exact: true }).click();
    await page.waitForURL(/\/upc-scanner/);
    await expect.poll(() => lastScan.textContent()).toMatch(/Received · 0000000009876.*US M 10.*1 of 2/);
    expect(await received('10')).toBe(1);

    // The same barcode again is known now: received at once, no detour.
    await hardwareScan(page, UNKNOWN);
    await expect.poll(() => lastScan.textContent()).toMatch(/US M 10.*2 of 2/);
    expect(page.url()).toContain('/upc-scanner');
    expect(await received('10')).toBe(2);
    await expect.poll(() => page.getByText('3 / 4', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'purchasing-upc-scanner');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'purchasing-upc-scanner-390');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'purchasing-upc-scanner-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // PDF import: the vendor's confirmation read with the automatic rules, one line flagged.
    await page.goto(`${base}/purchase-orders/pdf-import`);
    await page.getByLabel('Vendor').selectOption(vendor.id);
    await page
      .getByLabel('PDF file')
      .setInputFiles({ name: 'sole-supply-5521.pdf', mimeType: 'application/pdf', buffer: await vendorPdf() });
    const found = page.getByRole('table', { name: 'Lines found in the PDF' });
    await expect.poll(() => found.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => found.textContent()).toMatch(/Dunk Low Retro Panda, size (US M )?10/);
    expect(await found.getByRole('row').count()).toBe(4);
    await screenshot(page, 'purchasing-pdf-import-preview');

    // Review: the flagged line is dropped, and the new purchase order opens with the two matched lines.
    await page.getByRole('link', { name: 'Review lines' }).click();
    await page.waitForURL(/\/purchase-orders\/pdf-import\/create\?vendor=/);
    await expect.poll(() => page.getByRole('button', { name: 'Drop line 3' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Create purchase order' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Drop line 3' }).click();
    await screenshot(page, 'purchasing-pdf-import-review');
    await page.getByRole('button', { name: 'Create purchase order' }).click();
    await page.waitForURL(/\/purchase-orders\/create\?/);
    const prefill = new URL(page.url()).searchParams;
    expect(prefill.get('vendor')).toBe(vendor.id);
    expect(JSON.parse(prefill.get('lines') ?? '[]')).toEqual([
      { variant_id: variant('9'), quantity: 2, unit_cost_cents: 8_000 },
      { variant_id: variant('10'), quantity: 3, unit_cost_cents: 8_250 },
    ]);
  });
});
