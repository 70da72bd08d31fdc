import type { PlatformConnection } from '@tradepost/shared/schemas/connections.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type EbaySimulator, startEbaySimulator } from '../simulators/ebay/ebay-simulator.ts';
import { type ShopifySimulator, startShopifySimulator } from '../simulators/shopify/shopify-simulator.ts';
import { type Account, apiCall, createOwner, signInBrowser } from './support/accounts.ts';
import { launchBrowser, screenshot } from './support/browser.ts';

// Issue #6's whole flow as a reseller lives it: connect simulated eBay and Shopify from the
// management screen, list one product with sizes on both from Listings Control, a buyer takes one
// size on eBay, Shopify's quantity of that size drops within seconds, and a price change on eBay
// runs as a batch whose progress bar fills.

let browser: Browser;
let context: BrowserContext;
let page: Page;
let owner: Account;
let business: string;
let ebay: EbaySimulator;
let shopify: ShopifySimulator;
const tag = Date.now().toString(36).toUpperCase();
const title = `Dunk Low Flow ${tag}`;
const sku = (size: string) => `DL-${tag}-${size}`;
let shopifyLocation = '';

const call = <T>(method: string, path: string, body?: unknown) =>
  apiCall<T>(method, `/businesses/${business}${path}`, body, owner.access_token);
const connectionOf = async (platform: string) =>
  (await call<PlatformConnection[]>('GET', '/connections')).find((c) => c.platform === platform)?.connection ?? null;
// A 64×64 JPEG: eBay refuses a listing without a photo.
const PHOTO = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCABAAEADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAQG/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AjAIGtAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAf/9k=',
  'base64',
);

beforeAll(async () => {
  const baseUrl = inject('baseUrl');
  const webhookRetry = { baseDelayMs: 50 };
  ebay = await startEbaySimulator({
    consent: 'auto',
    acceptUrl: `${baseUrl}/api/v1/channels/ebay/oauth/callback`,
    seed: { demo: true },
    webhookRetry,
  });
  shopify = await startShopifySimulator({ consent: 'page', webhookRetry });
  owner = await createOwner({ business_name: 'Flow Kicks' });
  business = owner.user.business.id;

  const upload = await fetch(`${baseUrl}/api/v1/businesses/${business}/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.access_token}`, 'content-type': 'image/jpeg' },
    body: new Uint8Array(PHOTO),
  });
  expect(upload.status).toBe(201);
  const photo = (await upload.json()) as { id: string };
  const product = await call<{ id: string; variants: { id: string; size: string }[] }>('POST', '/products', {
    title,
    brand: 'Nike',
    style_code: `DL-${tag}`,
    category: 'sneakers',
    size_format: 'us-men',
    images: [{ media_id: photo.id }],
    variants: ['9', '10'].map((size) => ({ size, sku: sku(size), price_cents: 15_000, barcodes: [] })),
  });
  const [location] = await call<{ id: string }[]>('GET', '/locations');
  await call('POST', '/inventory/adjustments', {
    location_id: location?.id,
    lines: product.variants.map((v) => ({ variant_id: v.id, quantity: 3, reason: 'received', unit_cost_cents: 7_000 })),
  });

  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await signInBrowser(page, owner);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([ebay?.close(), shopify?.close()]);
});

async function connectInUi(label: 'eBay' | 'Shopify', fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.goto(`${inject('baseUrl')}/sales-channels-management`);
  await page
    .getByRole('region', { name: `${label} account` })
    .getByRole('button', { name: `Connect ${label}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Connect ${label}` });
  await dialog.getByRole('radio', { name: /^Simulator/ }).check();
  await fill(dialog);
  await dialog.getByRole('button', { name: `Continue to ${label}` }).click();
}

describe('the marketplace flow: connect, list, sell once, delisted everywhere, batch progress', () => {
  it('connects simulated eBay and Shopify from the management screen', async () => {
    await connectInUi('eBay', async (dialog) => {
      await dialog.getByLabel('Simulator address').fill(ebay.baseUrl);
      await dialog.getByLabel('Client id').fill(ebay.credentials.clientId);
      await dialog.getByLabel('Client secret').fill(ebay.credentials.clientSecret);
      await dialog.getByLabel('RuName (redirect name)').fill(ebay.credentials.ruName);
    });
    await page.waitForURL(/\/sales-channels-management\?connected=ebay/);
    await page.getByRole('region', { name: 'eBay account' }).getByText('Connected', { exact: true }).waitFor();

    await connectInUi('Shopify', async (dialog) => {
      await dialog.getByLabel('Simulator address').fill(shopify.baseUrl);
      await dialog.getByLabel('Client id').fill(shopify.credentials.clientId);
      await dialog.getByLabel('Client secret').fill(shopify.credentials.clientSecret);
    });
    await page.getByRole('link', { name: 'Install app' }).click();
    await page.waitForURL(/\/shopify-success\?shop=/);
    await page.getByRole('heading', { name: 'Shopify connected' }).waitFor();
    expect(await connectionOf('ebay')).toMatchObject({ status: 'connected', simulator: true });
    const shopifyConnection = await connectionOf('shopify');
    expect(shopifyConnection).toMatchObject({ status: 'connected', simulator: true });
    shopifyLocation = shopifyConnection?.settings.external_location_id ?? '';
  });

  it('lists the product with its sizes on both from Listings Control', async () => {
    await page.goto(`${inject('baseUrl')}/listings/inventory-control`);
    await page.getByLabel('Search products').fill(tag);
    const row = page.getByRole('listitem').filter({ hasText: title });
    await row.getByRole('button', { name: `List ${title} on eBay` }).click();
    await page.getByText('Listed on eBay').first().waitFor();
    await row.getByRole('button', { name: `List ${title} on Shopify` }).click();
    await page.getByText('Listed on Shopify').first().waitFor();
    await row
      .getByRole('region', { name: `${title} on Shopify` })
      .getByText('10 · 3')
      .waitFor();
    expect(shopify.control.quantity(sku('10'), shopifyLocation)).toBe(3);
    expect(ebay.control.offersForSku(sku('10'))).toHaveLength(1);
    await screenshot(page, 'flow-listed-1280');
  });

  it('a buyer takes size 10 on eBay: Shopify shows one fewer within seconds, size 9 untouched', async () => {
    ebay.control.sell({ sku: sku('10'), quantity: 1 });
    await expect.poll(() => shopify.control.quantity(sku('10'), shopifyLocation), { timeout: 15_000, interval: 100 }).toBe(2);
    expect(shopify.control.quantity(sku('9'), shopifyLocation)).toBe(3);
    await page.getByRole('button', { name: 'Refresh' }).click();
    const row = page.getByRole('listitem').filter({ hasText: title });
    await row
      .getByRole('region', { name: `${title} on Shopify` })
      .getByText('10 · 2')
      .waitFor();
    // The sale itself is in Tradepost, from eBay.
    const sales = await call<{ items: { channel: { kind: string } }[] }>('GET', '/sales?limit=20&sort=created_at');
    expect(sales.items.filter((s) => s.channel.kind === 'ebay')).toHaveLength(1);
    await screenshot(page, 'flow-after-sale-1280');
  });

  it('a price change on eBay runs as a batch and its progress bar fills', async () => {
    await page.goto(`${inject('baseUrl')}/ebay-listings`);
    const table = page.getByRole('region', { name: 'eBay products' });
    await table.getByRole('link', { name: title, exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Select all shown' }).check();
    const toolbar = page.getByRole('toolbar', { name: 'Actions on the selected products' });
    await toolbar.getByRole('button', { name: 'Change price…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Change the eBay price of 2 sizes/ });
    await dialog.getByLabel('New price').fill('139.00');
    await dialog.getByRole('button', { name: 'Change prices' }).click();
    const bar = page.getByRole('progressbar', { name: /^Batch progress/ });
    await expect.poll(async () => bar.getAttribute('aria-valuetext'), { timeout: 30_000 }).toMatch(/^100% — 2 of 2/);
    await screenshot(page, 'flow-batch-done-1280');
    for (const size of ['9', '10']) {
      const offer = ebay.control.offersForSku(sku(size))[0] as { pricingSummary?: { price?: { value?: string } } } | undefined;
      expect(offer?.pricingSummary?.price?.value).toBe('139.00');
    }
    await page.goto(`${inject('baseUrl')}/batch-operations`);
    await page.getByRole('list', { name: 'Batch operations' }).getByText('Completed').first().waitFor();
  });
});
