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
  it('receives half by scanning (an unknown barcode mapped to a size on the way, then known) and the rest by hand: lots and stock; and reads a vendor PDF', async () => {
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

    // The rest by hand on the order: the dialog offers what is still due (one 9), and the order is received.
    await page.goto(`${base}/purchase-orders/${order.id}`);
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    expect(await page.getByLabel('Receive now: Dunk Low Retro Panda US M 9', { exact: true }).inputValue()).toBe('1');
    expect(await page.getByLabel('Receive now: Dunk Low Retro Panda US M 10', { exact: true }).inputValue()).toBe('');
    await page.getByRole('dialog').getByRole('button', { name: 'Receive', exact: true }).click();
    await expect.poll(() => received('9')).toBe(2);
    await expect.poll(() => page.getByText('Received', { exact: true }).first().isVisible()).toBe(true);
    // Four cost lots, one per receipt (three scans and the hand receipt), each at the unit cost; stock follows.
    const lots = page.getByRole('region', { name: 'Lots received' });
    await expect.poll(() => lots.getByRole('row').count()).toBe(5);
    expect(await lots.textContent()).toMatch(/\$80\.00/);
    const stock = await api<{ reconciliation: { level: { on_hand: number }; matches: boolean }[] }>(
      'GET',
      `/inventory/variants/${variant('10')}/ledger`,
    );
    expect(stock.reconciliation.every((row) => row.matches)).toBe(true);
    expect(stock.reconciliation.reduce((sum, row) => sum + row.level.on_hand, 0)).toBe(2);

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

describe('quick actions', () => {
  it('takes a scanned item into stock at its cost, finds it by title with its stock, and lands on each anchor', async () => {
    const base = inject('baseUrl');
    const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 900 } });
    const here = (await api<(Location & { name: string })[]>('GET', '/locations')).find((l) => l.is_default) as Location & { name: string };
    type Level = { location_id: string; level: { on_hand: number } };
    type Ledger = { reconciliation: Level[]; lots: { unit_cost_cents: number; quantity_received: number; source: string }[] };
    const ledger = (size = '9') => api<Ledger>('GET', `/inventory/variants/${variant(size)}/ledger`);
    const onHand = async (size = '9') => (await ledger(size)).reconciliation.find((r) => r.location_id === here.id)?.level.on_hand ?? 0;
    const before = await onHand();
    const tens = await onHand('10');
    const focusedIn = (selector: string) =>
      page.evaluate((s) => document.querySelector(s)?.contains(document.activeElement) ?? false, selector);
    const inView = (selector: string) =>
      page.evaluate((s) => {
        const box = document.querySelector(s)?.getBoundingClientRect();
        return box !== undefined && box.top >= 0 && box.top < window.innerHeight;
      }, selector);

    // Single-product intake: the section is scrolled to, its barcode field focused; a scan finds the size.
    await page.goto(`${base}/quick-actions#single-product-intake`);
    const code = page.getByRole('textbox', { name: 'Barcode or SKU', exact: true });
    await expect.poll(() => code.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await inView('#single-product-intake')).toBe(true);
    await hardwareScan(page, KNOWN);
    await expect.poll(() => page.getByText('Dunk Low Retro Panda · US M 9', { exact: true }).isVisible()).toBe(true);
    const cost = page.getByRole('textbox', { name: /Unit cost/ });
    await expect.poll(() => cost.evaluate((el) => el === document.activeElement)).toBe(true);
    await cost.fill('90');
    await cost.press('Enter');
    const done = `1 × Dunk Low Retro Panda US M 9 added at ${here.name}, cost $90.00 — ${before + 1} on hand now`;
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'added at' }).textContent()).toBe(done);
    expect(await onHand()).toBe(before + 1);
    expect((await ledger()).lots.filter((lot) => lot.unit_cost_cents === 9_000)).toHaveLength(1);
    await expect.poll(() => code.evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, 'quick-actions-intake');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('#single-product-intake').evaluate((el) => el.scrollIntoView());
    await screenshot(page, 'quick-actions-intake-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Inventory search from the index: type part of the title, see the product with its stock here; Enter opens it.
    await page
      .getByRole('navigation', { name: 'Quick actions' })
      .getByRole('link', { name: /Inventory search/ })
      .click();
    const search = page.getByRole('combobox', { name: 'Search stock' });
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await search.pressSequentially('retro pan', { delay: 60 });
    const found = page.getByRole('listbox', { name: 'Products found' }).getByRole('option');
    await expect.poll(() => found.first().textContent()).toContain('Dunk Low Retro Panda');
    await expect
      .poll(() => found.first().textContent())
      .toContain(`${here.name} · ${before + 1 + tens} on hand: US M 9 ×${before + 1}, US M 10 ×${tens}`);
    expect(await found.first().textContent()).toContain('$110.00');
    await screenshot(page, 'quick-actions-search');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('#inventory-search').evaluate((el) => el.scrollIntoView());
    await screenshot(page, 'quick-actions-search-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await search.press('Enter');
    await page.waitForURL(new RegExp(`/products/${product.id}/configure$`));

    // A redirect lands on its panel, scrolled into view and focused.
    await page.goto(`${base}/check-payouts`);
    await page.waitForURL(/\/quick-actions#check-payouts$/);
    await expect.poll(() => focusedIn('#check-payouts')).toBe(true);
    expect(await inView('#check-payouts')).toBe(true);
    await screenshot(page, 'quick-actions-check-payouts');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'quick-actions-index-390');
    // The highest-bid report: the product's sizes with a bid at the saved target margin.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${base}/quick-actions#highest-bid`);
    await expect.poll(() => page.locator('#highest-bid').getByRole('button', { name: 'Save as target' }).isVisible()).toBe(true);
    await expect.poll(async () => (await page.locator('#highest-bid').textContent()) ?? '').toMatch(/Dunk Low Retro Panda/);
    await page.locator('#highest-bid').scrollIntoViewIfNeeded();
    await screenshot(page, 'quick-actions-highest-bid');
    await page.close();
  });
});
