import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, createOwner, signInBrowser } from './support/accounts.ts';
import { launchBrowser, screenshot } from './support/browser.ts';

let browser: Browser;
let owner: Account;
beforeAll(async () => {
  browser = await launchBrowser();
  owner = await createOwner({ business_name: 'Import Kicks' });
});
afterAll(async () => browser?.close());

const HEADER = 'style_code,title,brand,colorway,category,size_format,retail_price,size,sku,barcodes,price,location,quantity,unit_cost';
const GOOD_ROWS = [
  'E2E-IMP-1,Dunk Low Panda,Nike,White/Black,sneakers,us-men,115.00,9,E2E-DUNK-9,036000291452,160.00,,2,95.00',
  'E2E-IMP-1,Dunk Low Panda,Nike,White/Black,sneakers,us-men,115.00,10,E2E-DUNK-10,,165.00,,1,95.00',
];
const BAD_ROW = 'E2E-IMP-1,Dunk Low Panda,Nike,White/Black,sneakers,us-men,115.00,25,E2E-DUNK-25,,170.00,,1,95.00';
const FIXED_ROW = 'E2E-IMP-1,Dunk Low Panda,Nike,White/Black,sneakers,us-men,115.00,11,E2E-DUNK-11,,170.00,,1,95.00';

/** The catalog as the export endpoint sends it: the import shape, one line per variant and location. */
async function exportedCsv(): Promise<string> {
  const res = await fetch(`${inject('baseUrl')}/api/v1/businesses/${owner.user.business.id}/catalog/export.csv`, {
    headers: { authorization: `Bearer ${owner.access_token}` },
  });
  expect(res.status).toBe(200);
  return res.text();
}

async function upload(page: Page, name: string, rows: string[]): Promise<void> {
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(`${[HEADER, ...rows].join('\n')}\n`) });
}

describe('catalog CSV import', () => {
  it('a file with one bad row shows it with its reason and writes nothing; the corrected file commits products and stock', async () => {
    const base = inject('baseUrl');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInBrowser(page, owner);
    await page.goto(`${base}/products`);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
    await expect.poll(() => dialog.getByRole('button', { name: 'Download template' }).isVisible()).toBe(true);
    await screenshot(page, 'catalog-import-choose');

    await upload(page, 'dunks.csv', [...GOOD_ROWS, BAD_ROW]);
    const badRow = dialog.locator('tr[data-bad="true"]');
    await expect.poll(() => badRow.count()).toBe(1);
    expect(await badRow.getByText('size: Size 25 is not in the US Men size run').isVisible()).toBe(true);
    expect(await dialog.getByText('1 bad row', { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Commit import' }).isDisabled()).toBe(true);
    // The bad row is listed first, above the good ones.
    expect(await dialog.locator('tbody tr').first().getAttribute('data-bad')).toBe('true');
    await screenshot(page, 'catalog-import-preview-bad-row');
    expect(await exportedCsv()).not.toContain('E2E-IMP-1');

    await upload(page, 'dunks-fixed.csv', [...GOOD_ROWS, FIXED_ROW]);
    await expect.poll(() => dialog.getByRole('button', { name: 'Commit import' }).isEnabled()).toBe(true);
    expect(await badRow.count()).toBe(0);
    await dialog.getByRole('button', { name: 'Commit import' }).click();
    await expect.poll(() => dialog.getByText('Imported dunks-fixed.csv').isVisible()).toBe(true);
    expect(await dialog.getByText('1 new product, 3 new sizes, 4 units of stock added.').isVisible()).toBe(true);
    await screenshot(page, 'catalog-import-done');

    const lines = (await exportedCsv()).split('\n').filter((line) => line.includes('E2E-IMP-1'));
    expect(lines).toEqual([
      'E2E-IMP-1,Dunk Low Panda,Nike,White/Black,sneakers,us-men,115.00,9,E2E-DUNK-9,036000291452,160.00,Main warehouse,2,95.00',
      'E2E-IMP-1,Dunk Low Panda,Nike,White/Black,sneakers,us-men,115.00,10,E2E-DUNK-10,,165.00,Main warehouse,1,95.00',
      'E2E-IMP-1,Dunk Low Panda,Nike,White/Black,sneakers,us-men,115.00,11,E2E-DUNK-11,,170.00,Main warehouse,1,95.00',
    ]);

    await dialog.getByRole('button', { name: 'View products' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.close();
  });

  it('the printed label reads as a barcode: quiet zones and bar widths at actual size', async () => {
    const base = inject('baseUrl');
    const business = owner.user.business.id;
    const headers = { authorization: `Bearer ${owner.access_token}` };
    const csv = (await exportedCsv()).split('\n');
    expect(csv.some((line) => line.includes('E2E-DUNK-9'))).toBe(true);
    const ids = (await (await fetch(`${base}/api/v1/businesses/${business}/products?q=E2E-IMP-1`, { headers })).json()) as {
      items: { variants: { id: string; sku: string }[] }[];
    };
    const variant = ids.items[0]?.variants.find((v) => v.sku === 'E2E-DUNK-9');
    expect(variant).toBeDefined();
    const svg = await (await fetch(`${base}/api/v1/businesses/${business}/variants/${variant?.id}/label.svg`, { headers })).text();
    expect(svg).toContain('>036000291452</text>');

    // 96 CSS px per inch: the label at 3× its printed size, as a person would inspect a print.
    const page = await browser.newPage({ viewport: { width: 720, height: 400 }, deviceScaleFactor: 1 });
    await page.setContent(
      `<body style="margin:0;padding:24px;background:#ccc"><img id="label" style="width:648px;background:#fff" src="data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}"></body>`,
    );
    await expect.poll(() => page.locator('#label').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, 'catalog-label-svg');

    // The PDF for a thermal printer: two pages of 2.25 × 1.25 in, as Chromium's viewer shows them.
    const pdf = await fetch(`${base}/api/v1/businesses/${business}/labels.pdf`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ variant_id: variant?.id, copies: 2 }] }),
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const file = join(mkdtempSync(join(tmpdir(), 'labels-')), 'labels.pdf');
    writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
    await page.setViewportSize({ width: 900, height: 600 });
    await page.goto(`file://${file}`);
    await page.waitForTimeout(1500);
    await screenshot(page, 'catalog-labels-pdf');
    await page.close();
  });
});
