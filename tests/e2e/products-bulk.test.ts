import type { BatchDetail, BatchOperation } from '@tradepost/shared/schemas/batch-operations.ts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type EbaySimulator, startEbaySimulator } from '../simulators/ebay/ebay-simulator.ts';
import { type Account, apiCall, createOwner, signInBrowser } from './support/accounts.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { connectEbaySimulator } from './support/marketplaces.ts';

// Issue #17, bulk work on the products table: rows chosen with a click and a shift-click, their
// eBay prices moved by a percentage as one batch whose progress bar fills, a product's catalog
// prices moved the same way after a preview, and a row that shows fewer sizes than it has saying "+N". eBay is a simulator started here; the products are made and
// listed through the API on a fresh business.

let browser: Browser;
let owner: Account;
let ebay: EbaySimulator;
let connectionId: string;
let dunkId: string;
const tag = Date.now().toString(36).toUpperCase();
const runnerSku = (n: number) => `BR-${tag}-${n}`;
// Thirteen sizes in stock: more than the sizes column holds at 1280 px.
const DUNK_SIZES = ['7', '7.5', '8', '8.5', '9', '9.5', '10', '10.5', '11', '11.5', '12', '12.5', '13'];

const call = <T>(method: string, path: string, body?: unknown) =>
  apiCall<T>(method, `/businesses/${owner.user.business.id}${path}`, body, owner.access_token);

// A 64×64 JPEG (the one tests/e2e/marketplace-flow.test.ts uploads): eBay refuses a listing without a photo.
const PHOTO = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCABAAEADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAQG/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AjAIGtAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAf/9k=',
  'base64',
);

beforeAll(async () => {
  const baseUrl = inject('baseUrl');
  ebay = await startEbaySimulator({ consent: 'auto', acceptUrl: `${baseUrl}/api/v1/channels/ebay/oauth/callback`, seed: { demo: true } });
  owner = await createOwner({ business_name: 'Bulk Kicks' });
  connectionId = await connectEbaySimulator(owner, ebay);
  const upload = await fetch(`${baseUrl}/api/v1/businesses/${owner.user.business.id}/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.access_token}`, 'content-type': 'image/jpeg' },
    body: new Uint8Array(PHOTO),
  });
  expect(upload.status).toBe(201);
  const images = [{ media_id: ((await upload.json()) as { id: string }).id }];
  const [location] = await call<{ id: string }[]>('GET', '/locations');

  const create = (title: string, style: string, sizes: { size: string; sku: string }[]) =>
    call<{ id: string; variants: { id: string }[] }>('POST', '/products', {
      title,
      brand: 'Nike',
      style_code: style,
      category: 'sneakers',
      size_format: 'us-men',
      images,
      variants: sizes.map((s) => ({ ...s, price_cents: 15_000 })),
    });
  const runners = [];
  for (const n of [1, 2, 3]) runners.push(await create(`Bulk Runner ${n}`, `BR-${tag}-${n}`, [{ size: '10', sku: runnerSku(n) }]));
  const dunk = await create(
    'Dunk Low Retro Panda',
    `DD1391-${tag}`,
    DUNK_SIZES.map((size) => ({ size, sku: `DUNK-${tag}-${size}` })),
  );
  dunkId = dunk.id;
  await call('POST', '/inventory/adjustments', {
    location_id: location?.id,
    lines: [...runners, dunk].flatMap((p) =>
      p.variants.map((v) => ({ variant_id: v.id, quantity: 2, reason: 'received', unit_cost_cents: 7_000 })),
    ),
  });
  // The runners are on eBay already: one list batch through the API.
  const listed = await call<BatchOperation>('POST', '/batch-operations', {
    connection_id: connectionId,
    operation_type: 'list',
    items: runners.map((p) => ({ product_id: p.id })),
  });
  let status = listed.status;
  for (const deadline = Date.now() + 30_000; status !== 'completed' && Date.now() < deadline; ) {
    await new Promise((done) => setTimeout(done, 200));
    status = (await call<BatchDetail>('GET', `/batch-operations/${listed.id}`)).batch.status;
  }
  const items = (await call<BatchDetail>('GET', `/batch-operations/${listed.id}`)).items;
  expect(status, JSON.stringify(items.map((item) => item.error))).toBe('completed');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await ebay?.close();
});

describe('bulk actions on the products table', () => {
  it('shift-click chooses a range, a % price change runs as one batch to 100%, and a row with hidden sizes says +N', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInBrowser(page, owner);
    await page.goto(`${inject('baseUrl')}/products?sort=title`);
    const table = page.getByRole('table', { name: 'Products' });
    await table.getByRole('link', { name: 'Dunk Low Retro Panda', exact: true }).waitFor();

    // The Dunk's thirteen sizes do not fit: the chips shown and the "+N" chip count all of them,
    // and the +N chip names the hidden sizes.
    const sizes = table.getByRole('row').filter({ hasText: 'Dunk Low Retro Panda' }).getByRole('list', { name: 'Sizes in stock: 13' });
    // Role queries see only what is shown: the chips on the line and the +N chip.
    const chips = sizes.getByRole('listitem');
    const more = chips.filter({ hasText: /^\+\d+$/ });
    await more.waitFor();
    const hidden = Number((await more.textContent())?.trim().slice(1));
    expect(hidden).toBeGreaterThan(0);
    expect((await chips.count()) - 1 + hidden).toBe(13);
    expect(await more.getAttribute('title')).toContain('13: 2 on hand');

    // A click, then a shift-click two rows further: three rows chosen.
    await table.getByRole('checkbox', { name: 'Select Bulk Runner 1' }).click();
    await table.getByRole('checkbox', { name: 'Select Bulk Runner 3' }).click({ modifiers: ['Shift'] });
    const toolbar = page.getByRole('toolbar', { name: 'Actions on the selected products' });
    await toolbar.getByText('3 selected').waitFor();
    expect(await table.getByRole('checkbox', { name: 'Select Bulk Runner 2' }).isChecked()).toBe(true);
    expect(await table.getByRole('checkbox', { name: 'Select Dunk Low Retro Panda' }).isChecked()).toBe(false);
    await screenshot(page, 'products-bulk-selection-1280');

    await toolbar.getByRole('button', { name: 'Change prices' }).click();
    await page.getByRole('menuitem', { name: /^eBay/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the eBay price of 3 sizes' });
    await dialog.getByRole('radio', { name: "Move each size's price by a percentage" }).check();
    await dialog.getByLabel('Change (%)').fill('-10');
    await dialog.getByRole('checkbox', { name: /^Round up to \.99/ }).check();
    // $150.00 less 10% is $135.00, rounded up to .99.
    await dialog.getByRole('list', { name: 'Price preview' }).getByText('Bulk Runner 1 · 10: $150.00 → $135.99').waitFor();
    await screenshot(page, 'products-bulk-price-dialog-1280');
    await dialog.getByRole('button', { name: 'Change prices' }).click();

    const bar = page.getByRole('progressbar', { name: /^Batch progress/ });
    await expect.poll(async () => bar.getAttribute('aria-valuetext'), { timeout: 30_000 }).toMatch(/^100% — 3 of 3/);
    await page.getByText('3 of 3 · 100% succeeded').waitFor();
    await screenshot(page, 'products-bulk-price-done-1280');
    for (const n of [1, 2, 3]) {
      const [offer] = ebay.control.offersForSku(runnerSku(n)) as { pricingSummary: { price: { value: string } } }[];
      expect(offer?.pricingSummary.price.value).toBe('135.99');
    }
    // The batch's page is one click away.
    expect(await page.getByRole('link', { name: 'Details' }).getAttribute('href')).toMatch(/^\/batch-operations\/debug\//);

    // The Dunk's thirteen catalog prices: old → new previewed, then one batch to 100%.
    await table.getByRole('checkbox', { name: 'Select Dunk Low Retro Panda' }).click();
    await toolbar.getByText('1 selected').waitFor();
    await toolbar.getByRole('button', { name: 'Change prices' }).click();
    await page.getByRole('menuitem', { name: /^Catalog price/ }).click();
    const catalog = page.getByRole('dialog', { name: 'Change the catalog price of 13 sizes' });
    await catalog.getByLabel('Change (%)').fill('-10');
    await catalog.getByRole('checkbox', { name: /^Round up to \.99/ }).check();
    await catalog.getByRole('list', { name: 'Price preview' }).getByText('Dunk Low Retro Panda · 7: $150.00 → $135.99').waitFor();
    await catalog.getByText('The first 5 of 13 sizes:').waitFor();
    await screenshot(page, 'products-bulk-catalog-price-1280');
    await catalog.getByRole('button', { name: 'Change prices' }).click();
    await expect.poll(async () => bar.getAttribute('aria-valuetext'), { timeout: 30_000 }).toMatch(/^100% — 13 of 13/);
    const repriced = await call<{ variants: { price_cents: number | null }[] }>('GET', `/products/${dunkId}`);
    expect(repriced.variants.map((v) => v.price_cents)).toEqual(DUNK_SIZES.map(() => 13_599));

    // Escape clears a selection.
    await table.getByRole('checkbox', { name: 'Select Dunk Low Retro Panda' }).click();
    await toolbar.getByText('1 selected').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => toolbar.isVisible()).toBe(false);

    // Listings Control chooses products the same way, for "List all selected on…".
    await page.goto(`${inject('baseUrl')}/listings/inventory-control`);
    await page.getByRole('checkbox', { name: 'Select Bulk Runner 1' }).click();
    await page.getByRole('checkbox', { name: 'Select Dunk Low Retro Panda' }).click({ modifiers: ['Shift'] });
    await page.getByRole('toolbar', { name: 'Actions on the selected products' }).getByText('4 selected').waitFor();
    await screenshot(page, 'listings-control-selection-1280');
    await page.close();
  });
});
