import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { VariantSummary } from '@tradepost/shared/schemas/inventory.ts';
import type { Sale } from '@tradepost/shared/schemas/sales.ts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type FixtureServer, fixturePages, startFixtureServer } from '../fixtures/marketplace-pages/fixture-server.ts';
import { type EbaySimulator, startEbaySimulator } from '../simulators/ebay/ebay-simulator.ts';
import { type Account, apiCall, createOwner } from './support/accounts.ts';
import { type LaunchedExtension, launchExtension } from './support/extension.ts';
import { connectEbaySimulator } from './support/marketplaces.ts';

// The extension with marketplace sync: a product listed on a simulated eBay from the panel beside
// its eBay item page, its price changed from the repricing panel as a batch whose progress the
// panel follows, stock adjusted, a sale recorded and the listing ended, each checked where it
// lands (the simulator or the API). And the token stays out of reach of content scripts.

const shotsDir = process.env.SCREENSHOT_DIR ?? join(import.meta.dirname, '..', 'artifacts', 'screenshots');
const SKU_10 = 'EXT-SYNC-10';
// A 64×64 JPEG: eBay refuses a listing without a photo.
const PHOTO = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCABAAEADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAQG/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AjAIGtAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAf/9k=',
  'base64',
);

type ChromeInWorker = { chrome: { storage: { local: { set(items: Record<string, unknown>): Promise<void> } } } };
type Offer = { status?: string; pricingSummary?: { price?: { value?: string } } };

describe('extension panels with marketplace sync', () => {
  const baseUrl = inject('baseUrl');
  let owner: Account;
  let ebay: EbaySimulator;
  let fixtures: FixtureServer;
  let extension: LaunchedExtension;
  let page: Page;
  let variant10 = '';

  const api = <T>(method: string, path: string, body?: unknown) =>
    apiCall<T>(method, `/businesses/${owner.user.business.id}${path}`, body, owner.access_token);
  const panel = () => page.getByRole('region', { name: 'Tradepost', exact: true });
  const ebayRow = () => panel().getByRole('listitem', { name: /^eBay/ });
  const offer = () => ebay.control.offersForSku(SKU_10)[0] as Offer | undefined;
  const shoot = (target: Locator, name: string) => target.screenshot({ path: join(shotsDir, `${name}.png`), animations: 'disabled' });

  beforeAll(async () => {
    await mkdir(shotsDir, { recursive: true });
    // The demo seed gives the account its location and business policies, which a listing needs.
    ebay = await startEbaySimulator({ consent: 'auto', acceptUrl: `${baseUrl}/api/v1/channels/ebay/oauth/callback`, seed: { demo: true } });
    owner = await createOwner({ business_name: 'Sync Panel Kicks' });
    await connectEbaySimulator(owner, ebay);
    const upload = await fetch(`${baseUrl}/api/v1/businesses/${owner.user.business.id}/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.access_token}`, 'content-type': 'image/jpeg' },
      body: new Uint8Array(PHOTO),
    });
    const photo = (await upload.json()) as { id: string };
    const product = await api<{ id: string; variants: { id: string; size: string }[] }>('POST', '/products', {
      title: 'Nike Dunk Low Extension Sync',
      brand: 'Nike',
      style_code: 'EXT-SYNC',
      category: 'sneakers',
      size_format: 'us-men',
      images: [{ media_id: photo.id }],
      variants: ['9', '10'].map((size) => ({ size, sku: `EXT-SYNC-${size}`, price_cents: 15_000, barcodes: [] })),
    });
    variant10 = product.variants.find((variant) => variant.size === '10')?.id ?? '';
    const [warehouse] = await api<{ id: string }[]>('GET', '/locations');
    await api('POST', '/inventory/adjustments', {
      location_id: warehouse?.id,
      lines: product.variants.map((variant) => ({ variant_id: variant.id, quantity: 3, reason: 'received', unit_cost_cents: 7_000 })),
    });

    fixtures = await startFixtureServer();
    extension = await launchExtension({
      chromiumPath: inject('chromiumPath'),
      extensionDir: inject('extensionDir'),
      extraArgs: fixtures.chromiumArgs,
    });
    await extension.serviceWorker.evaluate(
      async ({ server, session }) => {
        await (globalThis as unknown as ChromeInWorker).chrome.storage.local.set({ 'server-address': server, session });
      },
      { server: baseUrl, session: { server: baseUrl, token: owner.access_token, expires_at: owner.expires_at, user: owner.user } },
    );
    page = await extension.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(fixturePages.ebayItemListed.url);
  });

  afterAll(async () => {
    await extension?.close();
    await fixtures?.close();
    await ebay?.close();
  });

  it('keeps the token from content scripts: storage is closed to them, the session comes by message', async () => {
    await panel().getByText('Matched by SKU').waitFor();
    // The content script's own world (Chrome's isolated world for this extension) in the eBay page.
    const cdp = await extension.context.newCDPSession(page);
    const worlds: Array<{ id: number; name: string; auxData?: { type?: string } }> = [];
    cdp.on('Runtime.executionContextCreated', ({ context }) => worlds.push(context));
    await cdp.send('Runtime.enable');
    const world = worlds.find((context) => context.auxData?.type === 'isolated' && context.name === 'Tradepost');
    expect(world).toBeDefined();
    const inContentScript = async (expression: string) =>
      (await cdp.send('Runtime.evaluate', { expression, contextId: world?.id, awaitPromise: true, returnByValue: true })).result
        .value as string;
    const read = await inContentScript(
      "chrome.storage.local.get('session').then((items) => 'read: ' + JSON.stringify(items), (error) => 'refused: ' + error.message)",
    );
    expect(read).toMatch(/^refused: /);
    expect(read).not.toContain(owner.access_token);
    // The same script learns the session through the worker, without the token.
    const answer = await inContentScript(
      "chrome.runtime.sendMessage({ type: 'page-settings', site: 'ebay' }).then((reply) => JSON.stringify(reply))",
    );
    expect(JSON.parse(answer)).toMatchObject({ ok: true, value: { visible: true, collapsed: false, session: { status: 'signed-in' } } });
    expect(answer).not.toContain(owner.access_token);
    await cdp.detach();
  });

  it('lists the product on eBay from the panel and shows the listed quantity per size', async () => {
    const row = ebayRow();
    await row.getByText('Not listed on eBay').waitFor();
    await shoot(panel(), 'ext-sync-not-listed');
    await row.getByRole('button', { name: 'List on eBay' }).click();
    await row.getByText('Listed on eBay.').waitFor();
    await row.getByText('Listed on eBay', { exact: true }).waitFor();
    const quantities = row.getByRole('list', { name: 'Listed quantity per size on eBay' });
    expect(await quantities.getByRole('listitem').allTextContents()).toEqual(['9 · 3', '10 · 3']);
    expect(offer()?.status).toBe('PUBLISHED');
    await shoot(panel(), 'ext-sync-listed');
  });

  it('applies a price from the repricing panel: the progress bar completes and eBay has the new price', async () => {
    await panel().getByRole('tab', { name: 'Repricing' }).click();
    const form = panel().getByRole('form', { name: 'Apply a price on eBay' });
    await form.getByRole('radio', { name: 'Size 10' }).waitFor();
    await form.getByLabel('New price on eBay').fill('0');
    await form.getByRole('button', { name: 'Apply price' }).click();
    await form.getByText('Enter the new price, like 199.99').waitFor();
    await form.getByLabel('New price on eBay').fill('199.00');
    await form.getByRole('button', { name: 'Apply price' }).click();
    const bar = form.getByRole('progressbar', { name: 'Price change on eBay' });
    await expect.poll(() => bar.getAttribute('aria-valuetext'), { timeout: 30_000 }).toBe('100% — 1 of 1 size sent');
    await form.getByText('$199.00 is the price on eBay now (one size).').waitFor();
    expect(offer()?.pricingSummary?.price?.value).toBe('199.00');
    // Only the recognised size changed.
    const nine = ebay.control.offersForSku('EXT-SYNC-9')[0] as Offer | undefined;
    expect(nine?.pricingSummary?.price?.value).not.toBe('199.00');
    await shoot(panel(), 'ext-sync-price-applied');
  });

  it('adjusts stock from the panel: the API has the new quantity', async () => {
    await panel().getByRole('tab', { name: 'Listing' }).click();
    await panel().getByRole('button', { name: 'Adjust stock' }).click();
    const form = panel().getByRole('form', { name: 'Adjust stock' });
    await form.getByLabel('Change').fill('0');
    await form.getByRole('button', { name: 'Save adjustment' }).click();
    await form.getByText('Enter a whole number other than 0: 2 adds two, -1 takes one away').waitFor();
    await form.getByLabel('Change').fill('2');
    await form.getByRole('button', { name: 'Save adjustment' }).click();
    await form.getByText('Size 10 at Main warehouse: 5 on hand now.').waitFor();
    const [summary] = await api<VariantSummary[]>('GET', `/inventory/variants?ids=${variant10}`);
    expect(summary?.levels.reduce((sum, level) => sum + level.on_hand, 0)).toBe(5);
    await shoot(panel(), 'ext-sync-stock-adjusted');
    // The sync engine pushes the new quantity to eBay in the background; once there, the panel shows it.
    const ebayQuantity = () =>
      (ebay.control.inventoryItem(SKU_10) as { availability?: { shipToLocationAvailability?: { quantity?: number } } } | null)?.availability
        ?.shipToLocationAvailability?.quantity;
    await expect.poll(ebayQuantity, { timeout: 20_000 }).toBe(5);
    await page.reload();
    await ebayRow().getByRole('list', { name: 'Listed quantity per size on eBay' }).getByText('10 · 5').waitFor();
  });

  it('records a manual sale of the size from the quick actions', async () => {
    await panel().getByRole('button', { name: 'Record a sale' }).click();
    const form = panel().getByRole('form', { name: 'Record a sale' });
    await form.getByLabel('Price').fill('180.00');
    await form.getByRole('button', { name: 'Record sale' }).click();
    await form.getByText(/^Sale #\d+ recorded: size 10 for \$180\.00\./).waitFor();
    const sales = await api<{ items: Sale[] }>('GET', '/sales?limit=20');
    expect(sales.items.map((sale) => [sale.channel.kind, sale.totals.subtotal_cents])).toEqual([['manual', 18_000]]);
    await shoot(panel(), 'ext-sync-sale-recorded');
  });

  it('ends the listing after a confirm: the eBay offer is no longer published', async () => {
    const row = ebayRow();
    await row.getByRole('button', { name: 'End listing' }).click();
    const confirm = row.getByRole('alertdialog', { name: 'End the eBay listing?' });
    await shoot(panel(), 'ext-sync-end-confirm');
    await confirm.getByRole('button', { name: 'End it' }).click();
    await row.getByText('Ended the eBay listing.').waitFor({ timeout: 30_000 });
    await row.getByText('Ended on eBay', { exact: true }).waitFor();
    expect(offer()?.status).not.toBe('PUBLISHED');
    await row.getByRole('button', { name: 'List on eBay' }).waitFor();
    await shoot(panel(), 'ext-sync-ended');
  });
});
