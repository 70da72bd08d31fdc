import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, apiCall, createOwner, signedInPage } from './support/accounts.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { repoRoot } from './support/build.ts';
import { hardwareScan } from './support/scanner.ts';

let browser: Browser;
let owner: Account;
beforeAll(async () => {
  browser = await launchBrowser();
  owner = await createOwner({ business_name: 'Configure Kicks' });
});
afterAll(async () => browser?.close());

type VariantView = { id: string; size: string; price_cents: number | null; barcodes: { code: string }[]; on_hand: number };
type ProductView = { id: string; title: string; status: string; variants: VariantView[] };

const screenshotPath = (name: string) => resolve(repoRoot, 'tests/artifacts/screenshots', `${name}.png`);
const business = () => owner.user.business.id;
const api = <T>(method: string, path: string, body?: unknown) =>
  apiCall<T>(method, `/businesses/${business()}${path}`, body, owner.access_token);
const product = (id: string) => api<ProductView>('GET', `/products/${id}`);
const visible = (page: Page, text: string | RegExp) => () =>
  page
    .getByText(text)
    .first()
    .isVisible()
    .catch(() => false);

describe('catalog: create, configure, filter, archive', () => {
  let jordanId = '';

  it('creates a product with sizes, then adds a size and a barcode and changes a price on the configure screen', async () => {
    const base = inject('baseUrl');
    const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 900 } });

    await page.goto(`${base}/products/create-custom`);
    await page.getByLabel('Title').fill('Air Jordan 4 Retro Bred Reimagined');
    await page.getByLabel('Brand').fill('Jordan');
    await page.getByLabel('Style code').fill('FV5029-006');
    await page.getByLabel('Retail price (USD)').fill('215');
    for (const size of ['9', '9.5', '10']) await page.getByRole('button', { name: `Size US M ${size}`, exact: true }).click();
    await page.getByRole('button', { name: 'Create product with 3 sizes' }).click();
    await page.waitForURL(`${base}/products`);

    const found = await api<{ items: ProductView[] }>('GET', '/products?q=FV5029-006');
    jordanId = found.items[0]?.id ?? '';
    expect(found.items[0]?.variants.map((v) => v.size)).toEqual(['9', '9.5', '10']);

    // The row opens the configure screen.
    await page.getByRole('link', { name: 'Air Jordan 4 Retro Bred Reimagined', exact: true }).click();
    await page.waitForURL(`${base}/products/${jordanId}/configure`);
    await expect.poll(visible(page, 'Add a size')).toBe(true);

    // A new size from the run, with its price and barcode: it acts at once.
    await page.getByLabel('Size', { exact: true }).selectOption({ label: 'US M 10.5' });
    await page.getByLabel('Price (USD)', { exact: true }).fill('240');
    await page.getByLabel('Barcode (optional)').fill('196975123456');
    await page.getByRole('button', { name: 'Add size' }).click();
    await expect.poll(() => page.getByLabel('SKU for size US M 10.5').isVisible()).toBe(true);
    expect(await page.getByLabel('SKU for size US M 10.5').inputValue()).toBe('FV5029-006-10.5');

    // A barcode on size 9.
    await page.getByLabel('New barcode for size US M 9', { exact: true }).fill('196975000099');
    await page.getByRole('button', { name: 'Add barcode to size US M 9', exact: true }).click();
    await expect.poll(visible(page, '196975000099')).toBe(true);

    // A price change is saved with the page; leaving before saving asks first.
    await page.getByLabel('Price for size US M 9.5', { exact: true }).fill('230');
    await expect.poll(visible(page, 'You have unsaved changes.')).toBe(true);
    await page.getByRole('link', { name: 'All products' }).click();
    await expect.poll(visible(page, 'Leave without saving?')).toBe(true);
    await page.getByRole('button', { name: 'Stay and keep editing' }).click();
    expect(page.url()).toBe(`${base}/products/${jordanId}/configure`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(visible(page, 'All changes saved.')).toBe(true);

    const saved = await product(jordanId);
    const bySize = new Map(saved.variants.map((v) => [v.size, v]));
    expect(bySize.get('9.5')?.price_cents).toBe(23000);
    expect(bySize.get('10.5')).toMatchObject({ price_cents: 24000, barcodes: [{ code: '196975123456' }] });
    expect(bySize.get('9')?.barcodes.map((b) => b.code)).toEqual(['196975000099']);

    // A taken barcode is refused beside its size, and nothing changes.
    await page.getByLabel('New barcode for size US M 10', { exact: true }).fill('196975000099');
    await page.getByRole('button', { name: 'Add barcode to size US M 10', exact: true }).click();
    await expect.poll(visible(page, 'Barcode 196975000099 is already used')).toBe(true);
    await page.getByLabel('New barcode for size US M 10', { exact: true }).fill('');

    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'product-configure-1280');
    await page.getByRole('heading', { name: 'Sizes' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'product-configure-sizes-1280');

    // Labels: the dialog previews one label as drawn by the server, and the PDF downloads.
    await page.getByRole('button', { name: 'Print labels' }).click();
    const labels = page.getByRole('dialog', { name: 'Print barcode labels' });
    const preview = labels.getByRole('img', { name: /^Label preview: Air Jordan 4 Retro Bred Reimagined/ });
    await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const [download] = await Promise.all([page.waitForEvent('download'), labels.getByRole('button', { name: 'Download PDF' }).click()]);
    const pdf = await readFile((await download.path()) ?? '');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await labels.getByRole('button', { name: 'Close' }).click();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { name: 'Sizes' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'product-configure-390');
    await page.close();

    const dark = await signedInPage(browser, owner, { viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    await dark.goto(`${base}/products/${jordanId}/configure`);
    await dark.getByRole('heading', { name: 'Sizes' }).scrollIntoViewIfNeeded();
    await screenshot(dark, 'product-configure-sizes-1280-dark');
    await dark.close();
  });

  it('filters the products page by brand and in stock, kept in the address bar', async () => {
    const base = inject('baseUrl');
    const jordan = await product(jordanId);
    const [location] = await api<{ id: string }[]>('GET', '/locations');
    await api('POST', '/inventory/adjustments', {
      location_id: location?.id,
      lines: [{ variant_id: jordan.variants[0]?.id, quantity: 2, reason: 'found', unit_cost_cents: 15000 }],
    });
    await api('POST', '/products', {
      title: 'Samba OG Cloud White',
      brand: 'Adidas',
      style_code: 'B75806',
      category: 'sneakers',
      size_format: 'us-men',
      retail_price_cents: 10000,
      variants: [{ size: '9', sku: 'SAMBA-CW-9' }],
    });
    await api('POST', '/products', {
      title: 'Air Jordan 1 Low Panda',
      brand: 'Jordan',
      category: 'sneakers',
      size_format: 'us-men',
      variants: [{ size: '9', sku: 'AJ1L-PANDA-9' }],
    });

    const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/products`);
    await expect.poll(visible(page, 'Samba OG Cloud White')).toBe(true);

    await page.getByLabel('Brand', { exact: true }).selectOption({ label: 'Jordan (2)' });
    await expect.poll(() => new URL(page.url()).searchParams.get('brand')).toBe('Jordan');
    await expect.poll(visible(page, 'Samba OG Cloud White')).toBe(false);
    await page.getByLabel('Stock', { exact: true }).selectOption('in');
    await expect.poll(() => new URL(page.url()).searchParams.get('stock')).toBe('in');
    await expect.poll(visible(page, 'Air Jordan 1 Low Panda')).toBe(false);
    await expect.poll(visible(page, 'Air Jordan 4 Retro Bred Reimagined')).toBe(true);
    // The figures are for the filtered set: 2 pairs at $150 cost, at the $215 retail price.
    await expect.poll(visible(page, '$300.00')).toBe(true);
    await expect.poll(visible(page, '$430.00')).toBe(true);
    await expect.poll(visible(page, 'Showing 1 of 1 product')).toBe(true);
    await screenshot(page, 'products-filters-1280');

    // The address alone brings the same view back.
    await page.reload();
    await expect.poll(visible(page, 'Air Jordan 4 Retro Bred Reimagined')).toBe(true);
    expect(await page.getByLabel('Brand', { exact: true }).inputValue()).toBe('Jordan');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'products-filters-390');
    await page.close();
  });

  it('a product with history cannot be deleted; archiving keeps it, listed under archived', async () => {
    const base = inject('baseUrl');
    const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/products/${jordanId}/configure`);
    await page.getByRole('button', { name: 'Delete product' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete product' }).click();
    await expect.poll(visible(page, /cannot be deleted\. Archive it instead/)).toBe(true);
    expect((await product(jordanId)).status).toBe('active');

    await page.getByRole('button', { name: 'Archive product' }).click();
    await expect.poll(async () => (await product(jordanId)).status).toBe('archived');
    await expect.poll(() => page.getByRole('button', { name: 'Restore to active' }).isVisible()).toBe(true);
    // The whole screen once, top to bottom: details, condition, photos, sizes, channels, archive or delete.
    await page.screenshot({ path: screenshotPath('product-configure-archived-full'), fullPage: true });

    await page.goto(`${base}/products?q=FV5029`);
    await expect.poll(visible(page, 'No matches')).toBe(true);
    await page.getByLabel('Status', { exact: true }).selectOption('archived');
    await expect.poll(visible(page, 'Air Jordan 4 Retro Bred Reimagined')).toBe(true);
    expect((await product(jordanId)).variants.find((v) => v.size === '9')?.on_hand).toBe(2);
    await page.close();
  });

  it('a hardware scan on the products page searches for the barcode', async () => {
    const base = inject('baseUrl');
    const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/products?status=all`);
    await expect.poll(visible(page, 'Samba OG Cloud White')).toBe(true);
    // A scanner types fast and ends with Enter, with the focus anywhere on the page.
    await page.getByRole('heading', { name: 'Products', level: 1 }).click();
    await hardwareScan(page, '196975123456');
    await expect.poll(() => page.getByLabel('Search products').inputValue()).toBe('196975123456');
    await expect.poll(visible(page, 'Samba OG Cloud White')).toBe(false);
    await expect.poll(visible(page, 'Air Jordan 4 Retro Bred Reimagined')).toBe(true);
    await page.close();
  });
});
