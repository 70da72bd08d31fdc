import type { PlatformConnection } from '@tradepost/shared/schemas/connections.ts';
import type { InventoryControl } from '@tradepost/shared/schemas/listings.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type EbaySimulator, startEbaySimulator } from '../simulators/ebay/ebay-simulator.ts';
import { type ShopifySimulator, startShopifySimulator } from '../simulators/shopify/shopify-simulator.ts';
import { type Account, apiCall, login, signInBrowser } from './support/accounts.ts';
import { launchBrowser, screenshot } from './support/browser.ts';

// Issues #6 and #17, the whole flow as a reseller on a laptop lives it: the server has no public
// address (no PUBLIC_URL, no MEDIA_BASE_URL), the demo business's own product with its drawn photo
// is listed as it is. Connect simulated eBay and Shopify from the management screen, list the demo
// product on both from Listings Control (each platform gets the photo's bytes), a buyer takes one
// size on eBay, Shopify's quantity of that size drops within seconds, and a price change on eBay
// runs as a batch whose progress bar fills; the product's own eBay title, set on its page, reaches
// the live listing.

let browser: Browser;
let context: BrowserContext;
let page: Page;
let owner: Account;
let business: string;
let ebay: EbaySimulator;
let shopify: ShopifySimulator;
/** The demo business of a first run (README: demo@tradepost.app). */
const DEMO = { email: 'demo@tradepost.app', password: 'Kicks-Lantern-Orbit-26' };
const title = 'Nike Dunk Low Panda';
let product: { id: string; images: { media_id: string }[]; variants: { id: string; size: string; sku: string }[] };
/** The size the buyer takes: one with at least two units, so Shopify still shows it afterwards. */
let size = '';
let stocked: { sku: string; available: number }[] = [];
let shopifyLocation = '';

const call = <T>(method: string, path: string, body?: unknown) =>
  apiCall<T>(method, `/businesses/${business}${path}`, body, owner.access_token);
const connectionOf = async (platform: string) =>
  (await call<PlatformConnection[]>('GET', '/connections')).find((c) => c.platform === platform)?.connection ?? null;
const sku = (of: string) => product.variants.find((v) => v.size === of)?.sku ?? '';

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
  owner = await login(DEMO.email, DEMO.password);
  business = owner.user.business.id;
  const found = await call<{ items: (typeof product & { title: string })[] }>('GET', `/products?q=${encodeURIComponent(title)}`);
  product = found.items.find((p) => p.title === title) as typeof product;
  const matrix = await call<InventoryControl>('GET', `/listings/inventory-control?search=${encodeURIComponent(title)}`);
  stocked = (matrix.rows[0]?.variants ?? []).filter((v) => v.available > 0).map((v) => ({ sku: v.sku, available: v.available }));
  const most = [...stocked].sort((a, b) => b.available - a.available)[0];
  size = product.variants.find((v) => v.sku === most?.sku)?.size ?? '';

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

describe('the marketplace flow with no public address: connect, list the demo product, sell once, the other drops, batch progress', () => {
  it('starts from the demo business as a first run leaves it: the product has its photo and stock', () => {
    expect(inject('baseUrl')).toMatch(/^http:\/\/127\.0\.0\.1:/);
    expect(product.images).toHaveLength(1);
    expect(stocked.find((v) => v.sku === sku(size))?.available).toBeGreaterThanOrEqual(2);
  });

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

  it('lists the demo product on both from Listings Control, each platform holding the photo', async () => {
    await page.goto(`${inject('baseUrl')}/listings/inventory-control`);
    await page.getByLabel('Search products').fill(title);
    const row = page.getByRole('listitem').filter({ hasText: title });
    await row.getByRole('button', { name: `List ${title} on eBay` }).click();
    await page.getByText('Listed on eBay').first().waitFor();
    await row.getByRole('button', { name: `List ${title} on Shopify` }).click();
    await page.getByText('Listed on Shopify').first().waitFor();
    const listed = shopify.control.quantity(sku(size), shopifyLocation) ?? 0;
    expect(listed).toBeGreaterThanOrEqual(1);
    await row
      .getByRole('region', { name: `${title} on Shopify` })
      .getByText(`${size} · ${listed}`, { exact: true })
      .waitFor();
    expect(ebay.control.offersForSku(sku(size))).toHaveLength(1);
    // The photo's bytes went to each platform: no public address was needed to list it.
    const ours = Buffer.from(await (await fetch(`${inject('baseUrl')}/api/v1/media/${product.images[0]?.media_id}`)).arrayBuffer());
    const item = ebay.control.inventoryItem(sku(size)) as { product: { imageUrls: string[] } };
    expect(ebay.control.photo(item.product.imageUrls[0] ?? '')?.data.equals(ours)).toBe(true);
    const productId = shopify.control.variantBySku(sku(size))?.productId ?? '';
    const [media] = shopify.control.productMedia(productId);
    expect(shopify.control.photo(media?.url ?? '')?.data.equals(ours)).toBe(true);
    await screenshot(page, 'flow-listed-1280');
  });

  it('a buyer takes one unit of a size on eBay: Shopify shows one fewer within seconds, the other sizes untouched', async () => {
    const before = Object.fromEntries(stocked.map((v) => [v.sku, shopify.control.quantity(v.sku, shopifyLocation)]));
    const sales = async () =>
      (await call<{ items: { channel: { kind: string } }[] }>('GET', '/sales?limit=50&sort=created_at')).items.filter(
        (s) => s.channel.kind === 'ebay',
      ).length;
    const ebaySales = await sales();
    ebay.control.sell({ sku: sku(size), quantity: 1 });
    const left = (before[sku(size)] ?? 0) - 1;
    await expect.poll(() => shopify.control.quantity(sku(size), shopifyLocation), { timeout: 15_000, interval: 100 }).toBe(left);
    for (const other of stocked.filter((v) => v.sku !== sku(size)))
      expect(shopify.control.quantity(other.sku, shopifyLocation)).toBe(before[other.sku]);
    await page.getByRole('button', { name: 'Refresh' }).click();
    const row = page.getByRole('listitem').filter({ hasText: title });
    await row
      .getByRole('region', { name: `${title} on Shopify` })
      .getByText(`${size} · ${left}`, { exact: true })
      .waitFor();
    // The sale itself is in Tradepost, from eBay.
    expect(await sales()).toBe(ebaySales + 1);
    await screenshot(page, 'flow-after-sale-1280');
  });

  it('a price change on eBay runs as a batch and its progress bar fills', async () => {
    await page.goto(`${inject('baseUrl')}/ebay-listings`);
    const table = page.getByRole('region', { name: 'eBay products' });
    await table.getByRole('link', { name: title, exact: true }).waitFor();
    const onEbay = product.variants.filter((v) => ebay.control.offersForSku(v.sku).length > 0).map((v) => v.sku);
    await page.getByRole('checkbox', { name: 'Select all shown' }).check();
    const toolbar = page.getByRole('toolbar', { name: 'Actions on the selected products' });
    await toolbar.getByRole('button', { name: 'Change price…' }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^Change the eBay price of ${onEbay.length} sizes`) });
    await dialog.getByLabel('New price').fill('139.00');
    await dialog.getByRole('button', { name: 'Change prices' }).click();
    const bar = page.getByRole('progressbar', { name: /^Batch progress/ });
    await expect
      .poll(async () => bar.getAttribute('aria-valuetext'), { timeout: 30_000 })
      .toMatch(new RegExp(`^100% — ${onEbay.length} of ${onEbay.length}`));
    await screenshot(page, 'flow-batch-done-1280');
    for (const listed of onEbay) {
      const offer = ebay.control.offersForSku(listed)[0] as { pricingSummary?: { price?: { value?: string } } } | undefined;
      expect(offer?.pricingSummary?.price?.value).toBe('139.00');
    }
    await page.goto(`${inject('baseUrl')}/batch-operations`);
    await page.getByRole('list', { name: 'Batch operations' }).getByText('Completed').first().waitFor();
  });

  it('the product page sets its own eBay title per channel, and the live eBay listing takes it at once', async () => {
    await page.goto(`${inject('baseUrl')}/products/${product.id}/configure`);
    const card = page.getByRole('region', { name: 'eBay', exact: true });
    await page.getByRole('region', { name: 'Shopify', exact: true }).waitFor();
    await card.getByLabel('Title').fill('Nike Dunk Low Retro White Black Panda DD1391-100');
    await card.getByRole('button', { name: 'Save eBay settings' }).click();
    await page.getByText('eBay settings saved').first().waitFor();
    const item = ebay.control.inventoryItem(sku(size)) as { product: { title: string } };
    expect(item.product.title).toBe('Nike Dunk Low Retro White Black Panda DD1391-100');
    await page.setViewportSize({ width: 1280, height: 800 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'configure-channel-settings-1280');
  });
});
