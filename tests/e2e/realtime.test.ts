import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, apiCall, createMember, createOwner, signInBrowser } from './support/accounts.ts';
import { launchBrowser, screenshot } from './support/browser.ts';

// Two screens of one shop: the counter sells, and the back office sees the sale and the stock it
// took at once, from the domain events on the real-time stream, without anyone reloading.

let browser: Browser;
let owner: Account;
let business: string;

type Product = { id: string; variants: { id: string }[] };

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await createOwner({ business_name: 'Two Screens Kicks' });
  business = owner.user.business.id;
  const location = (await apiCall<{ id: string }[]>('GET', `/businesses/${business}/locations`, undefined, owner.access_token))[0]?.id;
  const product = await apiCall<Product>(
    'POST',
    `/businesses/${business}/products`,
    {
      title: 'Gazelle Indoor Blue Fusion',
      brand: 'adidas',
      style_code: 'JI2061',
      category: 'sneakers',
      size_format: 'us-men',
      variants: [{ size: '10', sku: 'GAZELLE-BLUE-10', price_cents: 12_000 }],
    },
    owner.access_token,
  );
  await apiCall(
    'POST',
    `/businesses/${business}/inventory/adjustments`,
    { location_id: location, lines: [{ variant_id: product.variants[0]?.id, quantity: 3, reason: 'received', unit_cost_cents: 6_000 }] },
    owner.access_token,
  );
});
afterAll(async () => browser?.close());

describe('another screen of the business', () => {
  it('sees a sale made at the counter, and the stock it took, without reloading', async () => {
    const base = inject('baseUrl');
    const staff = await createMember(owner, 'staff');

    const office = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInBrowser(office, staff);
    await office.goto(`${base}/sales`);
    await office.getByText('No sales yet').waitFor();
    const products = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInBrowser(products, staff);
    await products.goto(`${base}/products`);
    const row = products.getByRole('row', { name: /Gazelle Indoor Blue Fusion/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('3');
    // A page that reloads loses this mark.
    await office.evaluate(() => Object.assign(window, { __stillTheSamePage: true }));
    await products.evaluate(() => Object.assign(window, { __stillTheSamePage: true }));

    const counter = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInBrowser(counter, owner);
    await counter.goto(`${base}/retail/sales`);
    await counter.getByLabel('Find an item').fill('gazelle');
    await counter.getByRole('button', { name: /^Add Gazelle Indoor Blue Fusion, size 10 \$/ }).click();
    await counter.getByRole('button', { name: 'Charge $120.00' }).click();
    await expect.poll(() => counter.getByText(/Sale #\d+ recorded/).isVisible()).toBe(true);

    await expect.poll(() => office.getByRole('row', { name: /^Sale .*no customer/ }).count(), { timeout: 5_000 }).toBe(1);
    await expect.poll(async () => (await row.textContent())?.includes('2'), { timeout: 5_000 }).toBe(true);
    expect(await office.evaluate(() => (window as { __stillTheSamePage?: boolean }).__stillTheSamePage)).toBe(true);
    expect(await products.evaluate(() => (window as { __stillTheSamePage?: boolean }).__stillTheSamePage)).toBe(true);
    await screenshot(office, 'realtime-sales-list-1280');
    for (const page of [office, products, counter]) await page.context().close();
  });
});
