import type { BatchList, ExternalListingPage, ImportListingsResult } from '@tradepost/shared/schemas/batch-operations.ts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type EbaySimulator, startEbaySimulator } from '../simulators/ebay/ebay-simulator.ts';
import { type Account, apiCall, createOwner, signInBrowser } from './support/accounts.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { connectEbaySimulator } from './support/marketplaces.ts';

// A price change on many eBay listings from the eBay Listings screen: it runs as a batch whose
// progress bar follows the stream to 100%, shows in Batch Operations, and its debug page shows
// each item's request and eBay's answer. eBay is a simulator started here.

const LISTINGS = 30;
const BULK_ROUTE = 'POST /sell/inventory/v1/bulk_update_price_quantity';

let browser: Browser;
let owner: Account;
let ebay: EbaySimulator;
let connectionId: string;

const call = <T>(method: string, path: string, body?: unknown) =>
  apiCall<T>(method, `/businesses/${owner.user.business.id}${path}`, body, owner.access_token);

/** Thirty live single-size listings on the simulated eBay account. */
async function seedEbayListings(): Promise<void> {
  const { accessToken } = ebay.control.issueUserToken();
  const policy = async (path: string, list: string, id: string) => {
    const res = await fetch(`${ebay.baseUrl}/sell/account/v1/${path}?marketplace_id=EBAY_US`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const body = (await res.json()) as Record<string, Record<string, string>[]>;
    return body[list]?.[0]?.[id] ?? '';
  };
  const listingPolicies = {
    fulfillmentPolicyId: await policy('fulfillment_policy', 'fulfillmentPolicies', 'fulfillmentPolicyId'),
    paymentPolicyId: await policy('payment_policy', 'paymentPolicies', 'paymentPolicyId'),
    returnPolicyId: await policy('return_policy', 'returnPolicies', 'returnPolicyId'),
  };
  const skus = Array.from({ length: LISTINGS }, (_, i) => `E2E-BATCH-${String(i + 1).padStart(2, '0')}`);
  ebay.control.seed({
    locations: [{ merchantLocationKey: 'sim-warehouse', name: 'Sim warehouse' }],
    inventoryItems: skus.map((sku, i) => ({
      sku,
      condition: 'NEW',
      product: {
        title: `Batch Runner ${i + 1}`,
        description: 'Deadstock.',
        imageUrls: ['https://i.ebayimg.com/images/g/e2e/s-l1600.jpg'],
        aspects: { Brand: ['Nike'], 'US Shoe Size': [String(7 + (i % 8))] },
      },
      availability: { shipToLocationAvailability: { quantity: 2 } },
    })),
    offers: skus.map((sku) => ({
      sku,
      availableQuantity: 2,
      pricingSummary: { price: { value: '150.00', currency: 'USD' } },
      categoryId: '15709',
      listingPolicies,
      merchantLocationKey: 'sim-warehouse',
      listingDuration: 'GTC',
      publish: true,
    })),
  });
}

beforeAll(async () => {
  const baseUrl = inject('baseUrl');
  ebay = await startEbaySimulator({ consent: 'auto', acceptUrl: `${baseUrl}/api/v1/channels/ebay/oauth/callback` });
  browser = await launchBrowser();
  owner = await createOwner({ business_name: 'Batch Kicks' });
  connectionId = await connectEbaySimulator(owner, ebay);
  await seedEbayListings();
  // The listings become products here (create-products-from-listings), linked to eBay.
  let cursor: string | null = null;
  let imported = 0;
  do {
    const page: ExternalListingPage = await call<ExternalListingPage>(
      'GET',
      `/connections/${connectionId}/external-listings${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    const result = await call<ImportListingsResult>('POST', `/connections/${connectionId}/import-listings`, {
      cursor,
      external_ids: page.listings.map((l) => l.external_id),
    });
    imported += result.created;
    cursor = page.next_cursor;
  } while (cursor);
  expect(imported).toBe(LISTINGS);
});

afterAll(async () => {
  await browser?.close();
  await ebay?.close();
});

describe('batch operations', () => {
  it('a price batch started from eBay Listings reaches 100%, is listed in Batch Operations, and its debug page shows each item', async () => {
    const baseUrl = inject('baseUrl');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInBrowser(page, owner);
    await page.goto(`${baseUrl}/ebay-listings`);
    const table = page.getByRole('region', { name: 'eBay products' });
    await table.getByRole('link', { name: 'Batch Runner 1', exact: true }).waitFor();
    await table.getByRole('link', { name: 'Batch Runner 30', exact: true }).waitFor();
    await screenshot(page, 'batch-ebay-listings-1280');

    await page.getByRole('checkbox', { name: 'Select all shown' }).check();
    const toolbar = page.getByRole('toolbar', { name: 'Actions on the selected products' });
    await toolbar.getByText(`${LISTINGS} selected`).waitFor();
    await toolbar.getByRole('button', { name: 'Change price…' }).click();
    const dialog = page.getByRole('dialog', { name: `Change the eBay price of ${LISTINGS} sizes` });
    await dialog.getByLabel('New price').fill('99.00');
    // Slow eBay answers (two bulk calls of 25 and 5), so the bar is seen moving.
    ebay.control.setLatency(BULK_ROUTE, 800);
    await dialog.getByRole('button', { name: 'Change prices' }).click();

    const bar = page.getByRole('progressbar', { name: /^Batch progress/ });
    await bar.waitFor();
    await screenshot(page, 'batch-progress-running-1280');
    await expect.poll(async () => bar.getAttribute('aria-valuetext'), { timeout: 30_000 }).toMatch(/^100% — 30 of 30/);
    ebay.control.clearFaults();
    await page.getByText('30 of 30 · 100% succeeded').waitFor();
    await screenshot(page, 'batch-progress-done-1280');

    // eBay has the new price on every offer, sent in chunks of at most 25.
    const calls = ebay.control.requests({ route: BULK_ROUTE }).map((r) => ((r.body as { requests: unknown[] }).requests ?? []).length);
    expect(calls).toEqual([25, 5]);
    for (let i = 1; i <= LISTINGS; i++) {
      const [offer] = ebay.control.offersForSku(`E2E-BATCH-${String(i).padStart(2, '0')}`) as {
        pricingSummary: { price: { value: string } };
      }[];
      expect(Number(offer?.pricingSummary.price.value)).toBe(99);
    }

    // The batch in the list, then its debug page with one item's request and answer.
    await page.goto(`${baseUrl}/batch-operations`);
    const list = page.getByRole('list', { name: 'Batch operations' });
    const entry = list.getByRole('link', { name: `Change price on eBay · ${LISTINGS} items` });
    await entry.waitFor();
    await list.getByText('Completed').waitFor();
    await screenshot(page, 'batch-operations-list-1280');
    const batches = await call<BatchList>('GET', '/batch-operations');
    expect(batches.batches[0]).toMatchObject({ status: 'completed', succeeded: LISTINGS, failed: 0 });

    await entry.click();
    await page.waitForURL(/\/batch-operations\/debug\//);
    await page.getByRole('heading', { name: 'Change price on eBay' }).waitFor();
    const items = page.getByRole('region', { name: 'Batch items' });
    await items.getByRole('row', { name: /^Item 1, Batch Runner 1/ }).click();
    const inspector = page.getByRole('region', { name: 'Item 1: request and response' });
    await inspector.getByText('"operation": "setPrices"').waitFor();
    await inspector.getByText('"price_cents": 9900').waitFor();
    await inspector.getByText('"ok": true').waitFor();
    await screenshot(page, 'batch-debug-1280');

    // The same screens at phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    await inspector.getByText('"operation": "setPrices"').scrollIntoViewIfNeeded();
    await screenshot(page, 'batch-debug-390');
    await page.goto(`${baseUrl}/ebay-listings`);
    await table.getByRole('link', { name: 'Batch Runner 1', exact: true }).waitFor();
    await screenshot(page, 'batch-ebay-listings-390');
    await context.close();
  });
});
