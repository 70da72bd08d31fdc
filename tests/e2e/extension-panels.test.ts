import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import type { Location } from '@tradepost/shared/schemas/inventory.ts';
import type { PreownedList } from '@tradepost/shared/schemas/preowned.ts';
import type { PriceRule } from '@tradepost/shared/schemas/sales.ts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type FixtureServer, fixturePages, startFixtureServer } from '../fixtures/marketplace-pages/fixture-server.ts';
import { type Account, apiCall, createOwner } from './support/accounts.ts';
import { type LaunchedExtension, launchExtension } from './support/extension.ts';

/** Beside the other e2e screenshots unless SCREENSHOT_DIR says otherwise. */
const shotsDir = process.env.SCREENSHOT_DIR ?? join(import.meta.dirname, '..', 'artifacts', 'screenshots');

type ChromeInWorker = {
  chrome: {
    storage: { local: { set(items: Record<string, unknown>): Promise<void> } };
    tabs: {
      query(query: object): Promise<Array<{ id?: number }>>;
      sendMessage(tabId: number, message: unknown): Promise<{ ok: boolean; value?: { listing?: { url: string } } } | undefined>;
    };
  };
  tradepostCaptureMenuClick?: (info: { menuItemId: string; pageUrl?: string }, tab?: { id?: number; url?: string }) => Promise<unknown>;
};

type MenuOutcome = { handled: true; ok: boolean; message: string; openUrl: string | null };

describe('extension panels on marketplace pages', () => {
  const baseUrl = inject('baseUrl');
  let owner: Account;
  let base: string;
  let fixtures: FixtureServer;
  let extension: LaunchedExtension;
  let jordan: Product;
  let dunk: Product;

  const api = <T>(method: string, path: string, body?: unknown) => apiCall<T>(method, `${base}${path}`, body, owner.access_token);

  const receive = (locationId: string, variantId: string, quantity: number, unitCost: number) =>
    api('POST', '/inventory/adjustments', {
      location_id: locationId,
      lines: [{ variant_id: variantId, quantity, reason: 'received', unit_cost_cents: unitCost }],
    });

  const variantId = (product: Product, size: string) => {
    const found = product.variants.find((variant) => variant.size === size);
    if (found === undefined) throw new Error(`no size ${size}`);
    return found.id;
  };

  /** The panel's card (its own accessible name; sections inside it are "In Tradepost" and the like). */
  const panelOf = (page: Page) => page.getByRole('region', { name: 'Tradepost', exact: true });

  const open = async (url: string, viewport = { width: 1280, height: 800 }) => {
    const page = await extension.context.newPage();
    await page.setViewportSize(viewport);
    await page.goto(url);
    return page;
  };

  /** The text of each cell of the stock table's row for a size. */
  const stockRow = async (panel: Locator, size: string) => {
    const rows = panel.getByRole('table').getByRole('row');
    await rows.nth(1).waitFor();
    for (const row of await rows.all()) {
      const cells = await row.getByRole('cell').allTextContents();
      if (cells[0] === size) return cells;
    }
    throw new Error(`no row for size ${size}`);
  };

  const shoot = async (target: Page | Locator, name: string) => {
    await target.screenshot({ path: join(shotsDir, `${name}.png`), animations: 'disabled' });
  };

  /** The panel follows the browser's colour scheme, whatever the page's own colours. */
  const shootDark = async (page: Page, target: Page | Locator, name: string) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await shoot(target, `${name}-dark`);
    await page.emulateMedia({ colorScheme: 'light' });
  };

  /**
   * The tab showing a page. Without the "tabs" permission the worker cannot see tab addresses, so
   * each tab's content script is asked which listing it shows (a real menu click names its tab).
   */
  const tabIdOf = (url: string) =>
    extension.serviceWorker.evaluate(async (pageUrl) => {
      const { chrome } = globalThis as unknown as ChromeInWorker;
      for (const tab of await chrome.tabs.query({})) {
        if (tab.id === undefined) continue;
        const answer = await chrome.tabs.sendMessage(tab.id, { type: 'read-page' }).catch(() => undefined);
        if (answer?.value?.listing?.url === pageUrl) return tab.id;
      }
      return null;
    }, url);

  /** What choosing "Capture listing" on the page does: the background's own click handler, run in the worker. */
  const captureFromMenu = async (url: string) => {
    const tabId = await tabIdOf(url);
    return (await extension.serviceWorker.evaluate(
      ({ pageUrl, id }) => {
        const hook = (globalThis as unknown as ChromeInWorker).tradepostCaptureMenuClick;
        if (hook === undefined) throw new Error('no capture handler on the worker');
        return hook({ menuItemId: 'tradepost-capture-listing', pageUrl }, { id: id ?? undefined, url: pageUrl });
      },
      { pageUrl: url, id: tabId },
    )) as MenuOutcome;
  };

  beforeAll(async () => {
    await mkdir(shotsDir, { recursive: true });
    owner = await createOwner({ business_name: 'Kicks Lab', first_name: 'Sam', last_name: 'Ortiz' });
    base = `/businesses/${owner.user.business.id}`;

    const [warehouse] = await api<Location[]>('GET', '/locations');
    if (warehouse === undefined) throw new Error('the business has no location');
    const backRoom = await api<Location>('POST', '/locations', { name: 'Back room', kind: 'store' });
    jordan = await api<Product>('POST', '/products', {
      title: 'Air Jordan 1 Retro High OG Lost and Found',
      brand: 'Jordan',
      style_code: 'DZ5485-612',
      category: 'sneakers',
      size_format: 'us-men',
      retail_price_cents: 21000,
      variants: ['9', '10', '11'].map((size) => ({ size, sku: `DZ5485-612-${size}`, price_cents: 21000 })),
    });
    dunk = await api<Product>('POST', '/products', {
      title: 'Nike Dunk Low Retro White Black Panda',
      brand: 'Nike',
      style_code: 'DD1391-100',
      category: 'sneakers',
      size_format: 'us-men',
      variants: ['8', '9', '10'].map((size) => ({ size, sku: `DD1391-100-${size}`, price_cents: 11000 })),
    });
    // Size 10: three units in the warehouse first (the older lot), then one in the back room.
    await receive(warehouse.id, variantId(jordan, '10'), 3, 12000);
    await receive(backRoom.id, variantId(jordan, '10'), 1, 13000);
    await receive(warehouse.id, variantId(jordan, '9'), 2, 12000);
    await receive(warehouse.id, variantId(dunk, '9'), 4, 6000);
    const rules = await api<PriceRule[]>('GET', '/price-rules');
    const ebay = rules.find((rule) => rule.channel.kind === 'ebay');
    if (ebay === undefined) throw new Error('no eBay channel');
    await api('PUT', `/price-rules/${ebay.channel.id}`, { markup_percent: 10, rounding: '.99', min_margin_percent: 20, enabled: true });

    fixtures = await startFixtureServer();
    extension = await launchExtension({
      chromiumPath: inject('chromiumPath'),
      extensionDir: inject('extensionDir'),
      extraArgs: fixtures.chromiumArgs,
    });
    // Signed in without the UI (the popup's sign-in has its own test): the worker's stored session.
    await extension.serviceWorker.evaluate(
      async ({ server, session }) => {
        await (globalThis as unknown as ChromeInWorker).chrome.storage.local.set({ 'server-address': server, session });
      },
      { server: baseUrl, session: { server: baseUrl, token: owner.access_token, expires_at: owner.expires_at, user: owner.user } },
    );
  });

  afterAll(async () => {
    await extension?.close();
    await fixtures?.close();
  });

  it('shows our stock per size and location, and cost, beside an eBay item page', async () => {
    const page = await open(fixturePages.ebayItem.url);
    const panel = panelOf(page);
    await panel.getByText('Matched by style code').waitFor();
    await panel.getByText('Air Jordan 1 Retro High OG Lost and Found', { exact: true }).waitFor();
    expect(await panel.getByRole('columnheader').allTextContents()).toEqual(['Size', 'Main warehouse', 'Back room', 'Available', 'Cost']);
    // The listing's size (10, from the item specifics) is the highlighted row: 3 + 1 units, average cost $122.50.
    expect(await stockRow(panel, '10')).toEqual(['10', '3', '1', '4', '$122.50']);
    expect(await stockRow(panel, '9')).toEqual(['9', '2', '–', '2', '$120.00']);
    expect(await panel.locator('tr[aria-current="true"]').getByRole('cell').first().textContent()).toBe('10');
    // No marketplace connected: the panel says how to get one.
    await panel.getByText('No marketplace connected yet.', { exact: false }).waitFor();
    await shoot(panel, 'ext-panel-ebay-item');
    await shootDark(page, panel, 'ext-panel-ebay-item');
    await shoot(page, 'ext-panel-ebay-item-page');

    // Repricing: this page's price against the next unit's cost, the eBay rule's floor and price.
    await panel.getByRole('tab', { name: 'Repricing' }).click();
    const figures = panel.getByRole('definition');
    await panel.getByText('Cost of next unit').waitFor();
    expect(await figures.allTextContents()).toEqual([
      '$189.99',
      '$120.00',
      '36.8%$69.99 profit',
      '$150.00Keeps 20% margin',
      '$231.99eBay rule',
    ]);
    // Applying a price needs the page's marketplace connected.
    await panel.getByText('eBay is not connected to Tradepost.', { exact: false }).waitFor();
    await shoot(panel, 'ext-panel-ebay-repricing');

    // Folding is remembered: after a reload the panel comes back folded, and opens again.
    await panel.getByRole('button', { name: 'Fold the Tradepost panel' }).click();
    const pill = page.getByRole('button', { name: 'Open the Tradepost panel' });
    await pill.waitFor();
    await shoot(page, 'ext-panel-ebay-folded');
    // Folded, the page has only the content script's small loader: the panel's UI (React, Fluent)
    // is fetched when it opens (issue #16).
    const panelModuleLoads: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/page-panel.js')) panelModuleLoads.push(request.url());
    });
    await page.reload();
    await pill.waitFor();
    expect(await panel.count()).toBe(0);
    expect(panelModuleLoads).toEqual([]);
    await pill.click();
    await panel.getByText('Matched by style code').waitFor();
    expect(panelModuleLoads).toEqual([extension.url('page-panel.js')]);
    await page.close();
  });

  it('fits a phone-width eBay page', async () => {
    const page = await open(fixturePages.ebayItem.url, { width: 390, height: 844 });
    const panel = panelOf(page);
    await panel.getByText('Matched by style code').waitFor();
    const box = await panel.boundingBox();
    expect(box !== null && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await shoot(page, 'ext-panel-ebay-item-390');
    await page.close();
  });

  it('matches a Shopify admin product page by the style code in its title', async () => {
    const page = await open(fixturePages.shopifyProduct.url);
    const panel = panelOf(page);
    await panel.getByText('Matched by style code').waitFor();
    expect(await stockRow(panel, '10')).toEqual(['10', '3', '1', '4', '$122.50']);
    // The product page holds every size, so no row is the listing's own and the figure is the total.
    expect(await panel.locator('tr[aria-current="true"]').count()).toBe(0);
    expect(await panel.getByRole('definition').first().textContent()).toBe('6');
    await shoot(panel, 'ext-panel-shopify-product');
    await page.close();
  });

  it('shows the item a Whatnot show is selling, with its stock', async () => {
    const page = await open(fixturePages.whatnotShow.url);
    const panel = panelOf(page);
    await panel.getByText('Nike Dunk Low Retro White Black Panda', { exact: true }).waitFor();
    await panel.getByText('Matched by style code').waitFor();
    expect(await stockRow(panel, '9')).toEqual(['9', '4', '4', '$60.00']);
    expect(await panel.getByRole('definition').first().textContent()).toBe('4');
    await shoot(panel, 'ext-panel-whatnot-show');
    await page.close();
  });

  it("matches a Seller Hub listing by its seller's SKU", async () => {
    const page = await open(fixturePages.ebaySellerHub.url);
    const panel = panelOf(page);
    await panel.getByText('Matched by SKU').waitFor();
    expect(await panel.locator('tr[aria-current="true"]').getByRole('cell').first().textContent()).toBe('10');
    await page.close();
  });

  it('adds a listing that is not in the catalog as a draft, photos copied, from the panel', async () => {
    const page = await open(fixturePages.whatnotListing.url);
    const panel = panelOf(page);
    await panel.getByText('Not in your catalog yet.').waitFor();
    await shoot(panel, 'ext-panel-whatnot-not-in-catalog');
    const before = fixtures.photoRequests.length;
    await panel.getByRole('button', { name: 'Add to inventory' }).click();
    await panel.getByText('Saved as a draft in Tradepost.').waitFor();
    await shoot(panel, 'ext-panel-whatnot-captured');

    const drafts = await api<PreownedList>('GET', '/preowned?status=draft');
    const yeezy = drafts.items.find((item) => item.title === 'Adidas Yeezy Boost 350 V2 Bone Size 10.5');
    expect(yeezy).toMatchObject({
      state: 'draft',
      size: '10.5',
      size_format: 'us-men',
      price_cents: 24000,
      sku: 'HQ6316',
      brand: 'adidas',
    });
    expect(yeezy?.images).toHaveLength(2);
    expect(fixtures.photoRequests.length - before).toBe(2);
    expect(yeezy?.condition_notes).toContain(
      `Captured from Whatnot listing TGlzdGluZ05vZGU6OTg3NjU0MzI=: ${fixturePages.whatnotListing.url}`,
    );
    await page.close();
  });

  it("captures a listing through the background's context-menu handler, saying what the page lacked", async () => {
    const page = await open(fixturePages.ebayItemSparse.url);
    await panelOf(page).getByText('Not in your catalog yet.').waitFor();
    const outcome = await captureFromMenu(fixturePages.ebayItemSparse.url);
    expect(outcome).toMatchObject({ handled: true, ok: true });
    expect(outcome.message).toBe(
      'Saved ‘Vintage 90s Nike Windbreaker Jacket’ as a draft in Tradepost. Not on the page: photos, size, condition, brand, style code, colour, SKU. Click to finish it.',
    );
    const list = await api<{ items: Product[] }>('GET', '/products?status=draft&q=Windbreaker');
    const draft = list.items[0];
    expect(draft).toMatchObject({ title: 'Vintage 90s Nike Windbreaker Jacket', status: 'draft', category: 'apparel', condition: 'new' });
    expect(outcome.openUrl).toBe(`${baseUrl}/products/${draft?.id}/configure`);
    expect(draft?.description).toContain(fixturePages.ebayItemSparse.url);
    await page.close();
  });

  it('refuses to capture a page it cannot read, naming what it could not find, and writes nothing', async () => {
    const page = await open(fixturePages.ebayItemEnded.url);
    // No listing on the page: no title to show, so the panel says so (and the page gets its content script).
    await panelOf(page).getByText('No title on this page').waitFor();
    const drafts = async () => (await api<{ items: Product[] }>('GET', '/products?status=draft')).items.length;
    const before = await drafts();
    const outcome = await captureFromMenu(fixturePages.ebayItemEnded.url);
    expect(outcome).toMatchObject({
      ok: false,
      message: 'Could not capture this page: it shows no title, price, photos, size, condition, brand, style code, colour, SKU.',
      openUrl: null,
    });
    expect(await drafts()).toBe(before);
    await page.close();
  });

  it('searches the inventory from the side panel and shows a product with live batch updates', async () => {
    const page = await extension.context.newPage();
    await page.setViewportSize({ width: 400, height: 760 });
    await page.goto(extension.url('sidepanel.html'));
    await page.getByText('Kicks Lab', { exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Search your inventory' }).fill('Panda');
    const result = page.getByRole('button', { name: /Nike Dunk Low Retro White Black Panda/ });
    await result.waitFor();
    await result.click();
    const detail = page.getByRole('region', { name: 'Stock of Nike Dunk Low Retro White Black Panda' });
    expect(await stockRow(detail, '9')).toEqual(['9', '4', '4', '$60.00']);
    // The batch stream runs in the worker (it holds the token) and reaches the panel over a port.
    await page.getByLabel('Live updates: Live').waitFor();
    await shoot(page, 'ext-sidepanel-search');
    await shootDark(page, page, 'ext-sidepanel-search');
    // The page panel's quick actions serve here too: one more pair of size 9 received.
    await detail.getByRole('button', { name: 'Adjust stock' }).click();
    const form = detail.getByRole('form', { name: 'Adjust stock' });
    await form.getByLabel('Size').selectOption({ label: '9 (4 available)' });
    await form.getByLabel('Change').fill('1');
    await form.getByRole('button', { name: 'Save adjustment' }).click();
    await form.getByText(/^Size 9 at .+: 5 on hand now\.$/).waitFor();
    await expect.poll(async () => (await stockRow(detail, '9')).slice(0, 3)).toEqual(['9', '5', '5']);
    await shoot(page, 'ext-sidepanel-adjusted');
    await page.close();
  });

  it('hides and shows the panel from the options page, and checks the server address', async () => {
    const marketplace = await open(fixturePages.ebayItem.url);
    await panelOf(marketplace).getByText('Matched by style code').waitFor();
    const options = await extension.context.newPage();
    await options.setViewportSize({ width: 720, height: 640 });
    await options.goto(extension.url('options.html'));
    const ebaySwitch = options.getByRole('switch', { name: /^eBay/ });
    expect(await ebaySwitch.isChecked()).toBe(true);
    await ebaySwitch.click();
    await expect.poll(() => panelOf(marketplace).count()).toBe(0);
    await ebaySwitch.click();
    await panelOf(marketplace).getByText('Matched by style code').waitFor();

    const address = options.getByRole('textbox', { name: 'Server address' });
    expect(await address.inputValue()).toBe(baseUrl);
    await address.fill('ftp://example.com');
    await options.getByRole('button', { name: 'Save' }).click();
    await options.getByText('Enter the server address, for example http://localhost:3000').waitFor();
    await shoot(options, 'ext-options');
    await address.fill(`${baseUrl}/api/v1/`);
    await options.getByRole('button', { name: 'Save' }).click();
    await options.getByText(`Saved. New sign-ins go to ${baseUrl}.`).waitFor();
    await options.close();
    await marketplace.close();
  });
});
