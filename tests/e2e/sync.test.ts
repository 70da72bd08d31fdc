import type { PlatformConnection } from '@tradepost/shared/schemas/connections.ts';
import type { InventoryControl } from '@tradepost/shared/schemas/listings.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ShopifySimulator, startShopifySimulator } from '../simulators/shopify/shopify-simulator.ts';
import { type SquareSimulator, startSquareSimulator } from '../simulators/square/square-simulator.ts';
import { type Account, apiCall, createOwner, signInBrowser } from './support/accounts.ts';
import { launchBrowser, screenshot } from './support/browser.ts';

// The sync engine end to end: simulated Shopify and Square connected through the real OAuth
// callbacks, a product listed from Listings Control, a sale on Shopify taking the size down on
// Square, and the sale visible on Sync Health and on the size's raw sync state.

let browser: Browser;
let context: BrowserContext;
let page: Page;
let owner: Account;
let business: string;
let shopify: ShopifySimulator;
let square: SquareSimulator;
const tag = Date.now().toString(36).toUpperCase();
const title = `Jordan 4 Sync Test ${tag}`;
const sku = (size: string) => `J4-${tag}-${size}`;
let productId = '';
let variant10 = '';
/** The Shopify location our stock is set at (the connection's first location). */
let shopifyLocation = '';
const shopifyQuantity = (size: string) => shopify.control.quantity(sku(size), shopifyLocation);

const call = <T>(method: string, path: string, body?: unknown) =>
  apiCall<T>(method, `/businesses/${business}${path}`, body, owner.access_token);

/** The OAuth round trip without a browser: authorize, then follow the simulator's consent to our callback. */
async function connect(platform: 'shopify' | 'square', body: Record<string, unknown>) {
  const { authorize_url } = await call<{ authorize_url: string }>('POST', `/connections/${platform}/authorize`, {
    environment: 'simulator',
    ...body,
  });
  let url = authorize_url;
  for (let hop = 0; hop < 5; hop++) {
    const res = await fetch(url, { redirect: 'manual' });
    const next = res.headers.get('location');
    if (!next) break;
    url = new URL(next, url).toString();
    if (url.startsWith(inject('baseUrl')) && !url.includes('/api/')) break;
  }
  const connection = (await call<PlatformConnection[]>('GET', '/connections')).find((c) => c.platform === platform)?.connection;
  expect(connection?.status).toBe('connected');
  return connection;
}

beforeAll(async () => {
  const baseUrl = inject('baseUrl');
  shopify = await startShopifySimulator({ consent: 'auto', webhookRetry: { baseDelayMs: 50 } });
  square = await startSquareSimulator({
    consent: 'auto',
    redirectUrl: `${baseUrl}/api/v1/channels/square/oauth/callback`,
    webhookRetry: { baseDelayMs: 50 },
  });
  owner = await createOwner({ business_name: 'Sync Control Kicks' });
  business = owner.user.business.id;
  const shopifyConnection = await connect('shopify', {
    base_url: shopify.baseUrl,
    shop_domain: shopify.credentials.shop,
    app: { client_id: shopify.credentials.clientId, client_secret: shopify.credentials.clientSecret },
  });
  shopifyLocation = shopifyConnection?.settings.external_location_id ?? '';
  await connect('square', {
    base_url: square.baseUrl,
    app: { client_id: square.credentials.applicationId, client_secret: square.credentials.applicationSecret },
  });

  const product = await call<{ id: string; variants: { id: string; size: string }[] }>('POST', '/products', {
    title,
    brand: 'Jordan',
    style_code: `J4-${tag}`,
    category: 'sneakers',
    size_format: 'us-men',
    variants: ['9', '10'].map((size) => ({ size, sku: sku(size), price_cents: 21_000, barcodes: [] })),
  });
  productId = product.id;
  variant10 = product.variants.find((v) => v.size === '10')?.id ?? '';
  const locations = await call<{ id: string }[]>('GET', '/locations');
  await call('POST', '/inventory/adjustments', {
    location_id: locations[0]?.id,
    lines: product.variants.map((v) => ({ variant_id: v.id, quantity: 3, reason: 'received', unit_cost_cents: 12_000 })),
  });

  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await signInBrowser(page, owner);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([shopify?.close(), square?.close()]);
});

describe('listings control, a marketplace sale, sync health and a size’s sync state', () => {
  it('lists the product on Shopify and Square from the matrix', async () => {
    await page.goto(`${inject('baseUrl')}/listings/inventory-control`);
    await page.getByLabel('Search products').fill(tag);
    const row = page.getByRole('listitem').filter({ hasText: title });
    await row.getByRole('button', { name: `List ${title} on Shopify` }).click();
    await page.getByText('Listed on Shopify').first().waitFor();
    await row.getByRole('button', { name: `List ${title} on Square` }).click();
    await page.getByText('Listed on Square').first().waitFor();
    const shopifyCell = row.getByRole('region', { name: `${title} on Shopify` });
    await shopifyCell.getByText('Listed', { exact: true }).waitFor();
    await shopifyCell.getByRole('list', { name: 'Listed quantity per size on Shopify' }).getByText('10 · 3').waitFor();
    expect(shopifyQuantity('10')).toBe(3);
    expect(square.control.inStock(sku('10'))).toBe(3);
    await screenshot(page, 'sync-inventory-control-1280');
  });

  it('a sale on Shopify takes the size down on Square within seconds', async () => {
    shopify.control.sell({ sku: sku('10'), quantity: 1 });
    await expect.poll(() => square.control.inStock(sku('10')), { timeout: 20_000 }).toBe(2);
    expect(square.control.inStock(sku('9'))).toBe(3);
    await page.getByRole('button', { name: 'Refresh' }).click();
    const cell = page
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByRole('region', { name: `${title} on Square` });
    await cell.getByText('10 · 2').waitFor();
  });

  it('a quantity cap set in the overrides dialog reaches that marketplace only', async () => {
    const row = page.getByRole('listitem').filter({ hasText: title });
    await row.getByRole('button', { name: `Overrides for ${title} on Shopify` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Quantity cap').fill('-2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter a whole number, or leave it blank for no cap').waitFor();
    await dialog.getByLabel('Quantity cap').fill('1');
    await screenshot(page, 'sync-overrides-dialog-1280');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Shopify listing updated').first().waitFor();
    await expect.poll(() => shopifyQuantity('9'), { timeout: 20_000 }).toBe(1);
    expect(square.control.inStock(sku('9'))).toBe(3);
    await row
      .getByRole('region', { name: `${title} on Shopify` })
      .getByText('Cap 1')
      .waitFor();
  });

  it('a size’s own price set in the overrides dialog is pushed and shown as its price after a reload', async () => {
    const overrides = () =>
      page
        .getByRole('listitem')
        .filter({ hasText: title })
        .getByRole('button', { name: `Overrides for ${title} on Shopify` });
    await overrides().click();
    let dialog = page.getByRole('dialog');
    await dialog.getByText('Product price · $210.00').first().waitFor();
    await dialog.getByLabel('Size 10', { exact: true }).fill('19x');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter an amount such as 199.00, or leave it blank').waitFor();
    await dialog.getByLabel('Size 10', { exact: true }).fill('199');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Shopify listing updated').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Shopify confirmed it: what we last told the platform is the size's price.
    const pushed = async () => {
      const control = await call<InventoryControl>('GET', `/listings/inventory-control?search=${tag}`);
      const listing = control.rows[0]?.listings.find((l) => l.platform === 'shopify');
      return listing?.variants.find((v) => v.variant_id === variant10)?.pushed_price_cents;
    };
    await expect.poll(pushed, { timeout: 20_000 }).toBe(19_900);

    await page.reload();
    const row = page.getByRole('listitem').filter({ hasText: title });
    await row
      .getByRole('region', { name: `${title} on Shopify` })
      .getByText('1 size price', { exact: false })
      .waitFor();
    await overrides().click();
    dialog = page.getByRole('dialog');
    await dialog.getByText('Size price $199.00').waitFor();
    expect(await dialog.getByLabel('Size 10', { exact: true }).inputValue()).toBe('199.00');
    expect(await dialog.getByLabel('Size 9', { exact: true }).inputValue()).toBe('');
    await screenshot(page, 'sync-size-price-dialog-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('sync health shows the sale’s notification and the calls; debug2 shows the size on both channels', async () => {
    await page.goto(`${inject('baseUrl')}/sync-health`);
    const card = page.getByRole('article', { name: 'Shopify' });
    await card.getByText('Connected', { exact: true }).waitFor();
    await card.getByText('Simulator', { exact: true }).waitFor();
    const received = card
      .locator('div')
      .filter({ has: page.getByText('Received, 24 h', { exact: true }) })
      .last();
    // The sale's orders/create, plus the inventory notices our own pushes caused.
    expect(Number(await received.getByRole('definition').first().textContent())).toBeGreaterThanOrEqual(1);
    await card.getByRole('heading', { name: 'Shopify: calls per hour, last 24 hours' }).waitFor();
    await card.getByRole('button', { name: /Numbers/ }).click();
    await card.getByRole('region', { name: /as numbers/ }).waitFor();
    await screenshot(page, 'sync-health-1280');

    await page.goto(`${inject('baseUrl')}/inventory/debug2?product=${productId}&variant=${variant10}`);
    await page.getByRole('region', { name: 'Shopify state' }).waitFor();
    const squareState = page.getByRole('region', { name: 'Square state' });
    await squareState.getByText('Pushed quantity').waitFor();
    expect(await squareState.getByRole('definition').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^2 · /), '2']),
    );
    const log = page.getByRole('region', { name: 'Sync log, newest first' });
    await log.getByRole('cell', { name: 'Order' }).first().waitFor();
    const notifications = page.getByRole('region', { name: 'Notifications that concerned this size' });
    await notifications.getByRole('cell', { name: 'orders/create' }).first().waitFor();
    await notifications.getByRole('cell', { name: 'processed' }).first().waitFor();
    await screenshot(page, 'sync-debug2-1280');
  });

  it('reads on a phone: the matrix stacks each marketplace under the product', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const small = await phone.newPage();
    await signInBrowser(small, owner);
    await small.goto(`${inject('baseUrl')}/listings/inventory-control?q=${tag}`);
    const row = small.getByRole('listitem').filter({ hasText: title });
    await row.getByRole('region', { name: `${title} on Square` }).waitFor();
    const width = await small.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(small, 'sync-inventory-control-390');
    await row.getByRole('button', { name: `Overrides for ${title} on Shopify` }).click();
    const dialog = small.getByRole('dialog');
    await dialog.getByText('Size price $199.00').waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(small, 'sync-size-price-dialog-390');
    await phone.close();
  });
});
