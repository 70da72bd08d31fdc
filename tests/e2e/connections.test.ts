import type { PlatformConnection } from '@tradepost/shared/schemas/connections.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type EbaySimulator, startEbaySimulator } from '../simulators/ebay/ebay-simulator.ts';
import { type ShopifySimulator, startShopifySimulator } from '../simulators/shopify/shopify-simulator.ts';
import { type Account, apiCall, createOwner, signInBrowser } from './support/accounts.ts';
import { launchBrowser, screenshot } from './support/browser.ts';

// Connecting marketplaces through the UI against simulators started here: the browser goes to the
// simulator's consent page (eBay redirects at once; Shopify shows its install page, which we
// click) and comes back through the app's OAuth callback.

let browser: Browser;
let owner: Account;
let ebay: EbaySimulator;
let shopify: ShopifySimulator;

const connections = () =>
  apiCall<PlatformConnection[]>('GET', `/businesses/${owner.user.business.id}/connections`, undefined, owner.access_token);
const connectionOf = async (platform: string) => (await connections()).find((c) => c.platform === platform)?.connection ?? null;

beforeAll(async () => {
  const baseUrl = inject('baseUrl');
  ebay = await startEbaySimulator({ consent: 'auto', acceptUrl: `${baseUrl}/api/v1/channels/ebay/oauth/callback`, seed: { demo: true } });
  shopify = await startShopifySimulator({ consent: 'page', seed: { demo: true } });
  browser = await launchBrowser();
  owner = await createOwner({ business_name: 'Sync Kicks' });
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([ebay?.close(), shopify?.close()]);
});

async function openConnectDialog(page: Page, label: string) {
  await page
    .getByRole('region', { name: `${label} account` })
    .getByRole('button', { name: `Connect ${label}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Connect ${label}` });
  await dialog.waitFor();
  await dialog.getByRole('radio', { name: /^Simulator/ }).check();
  return dialog;
}

describe('marketplace connections', () => {
  it('connects simulated eBay and Shopify, changes a buffer, disconnects one', async () => {
    const baseUrl = inject('baseUrl');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInBrowser(page, owner);
    await page.goto(`${baseUrl}/sales-channels-management`);
    const ebayCard = page.getByRole('region', { name: 'eBay account' });
    await ebayCard.getByText('Not connected').waitFor();
    await screenshot(page, 'connections-empty-1280');

    // eBay: the dialog names what is missing, then the simulator's address and the app's credentials.
    let dialog = await openConnectDialog(page, 'eBay');
    expect(await dialog.getByLabel('Simulator address').inputValue()).toBe('http://127.0.0.1:4101');
    await dialog.getByRole('button', { name: 'Continue to eBay' }).click();
    await expect.poll(() => dialog.getByText('Client id is required').isVisible()).toBe(true);
    await dialog.getByLabel('Simulator address').fill(ebay.baseUrl);
    await dialog.getByLabel('Client id').fill(ebay.credentials.clientId);
    await dialog.getByLabel('Client secret').fill(ebay.credentials.clientSecret);
    await dialog.getByLabel('RuName (redirect name)').fill(ebay.credentials.ruName);
    await screenshot(page, 'connections-dialog-1280');
    await dialog.getByRole('button', { name: 'Continue to eBay' }).click();

    await page.waitForURL(/\/sales-channels-management\?connected=ebay/);
    await page.getByText('eBay connected').waitFor();
    await ebayCard.getByText('Connected', { exact: true }).waitFor();
    await ebayCard.getByText('Simulator', { exact: true }).waitFor();
    await ebayCard.getByText(ebay.credentials.sellerUsername).waitFor();
    expect(await connectionOf('ebay')).toMatchObject({ status: 'connected', simulator: true });
    await screenshot(page, 'connections-ebay-connected-1280');

    // Shopify: the store's install page is clicked through, then Shopify's own success page.
    dialog = await openConnectDialog(page, 'Shopify');
    expect(await dialog.getByLabel('Shop domain').inputValue()).toBe(shopify.credentials.shop);
    await dialog.getByLabel('Simulator address').fill(shopify.baseUrl);
    await dialog.getByLabel('Client id').fill(shopify.credentials.clientId);
    await dialog.getByLabel('Client secret').fill(shopify.credentials.clientSecret);
    await dialog.getByRole('button', { name: 'Continue to Shopify' }).click();
    await page.getByRole('link', { name: 'Install app' }).click();
    await page.waitForURL(/\/shopify-success\?shop=/);
    await page.getByRole('heading', { name: 'Shopify connected' }).waitFor();
    await page.getByText('Connected', { exact: true }).waitFor();
    await screenshot(page, 'connections-shopify-success-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'connections-shopify-success-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The buffer of the Shopify channel: saved on its channel, shown on the connection.
    await page.getByRole('link', { name: 'Channel settings' }).click();
    await page.waitForURL(/\/sales-channels-management#shopify/);
    const shopifySettings = page.getByRole('form', { name: 'Shopify settings' });
    await shopifySettings.getByLabel('Quantity buffer').fill('2');
    await shopifySettings.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await connectionOf('shopify'))?.settings.quantity_buffer).toBe(2);
    const shopifyCard = page.getByRole('region', { name: 'Shopify account' });
    await shopifyCard.getByText('Simulator', { exact: true }).waitFor();

    // Disconnect eBay after confirming; Shopify stays connected.
    await ebayCard.getByRole('button', { name: 'Disconnect' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Disconnect eBay?' });
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await ebayCard.getByText('Not connected').waitFor();
    await ebayCard.getByRole('button', { name: 'Connect eBay' }).waitFor();
    expect(await connectionOf('ebay')).toMatchObject({ status: 'disconnected', token_expires_at: null, settings: { sync_enabled: false } });
    expect((await connectionOf('shopify'))?.status).toBe('connected');
    await screenshot(page, 'connections-managed-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shopifyCard.scrollIntoViewIfNeeded();
    await screenshot(page, 'connections-managed-390');
    await context.close();
  });
});
