import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, apiCall, createOwner, signedInPage } from './support/accounts.ts';
import { launchBrowser, screenshot } from './support/browser.ts';

let browser: Browser;
let owner: Account;
beforeAll(async () => {
  browser = await launchBrowser();
  owner = await createOwner({ business_name: 'Stockroom Kicks' });
});
afterAll(async () => browser?.close());

type ProductList = { items: { id: string; title: string; variants: { id: string; size: string; on_hand: number }[] }[] };

describe('catalog and stock', () => {
  it('create a product with sizes, receive stock by adjustment, find it, and see the ledger reconcile', async () => {
    const base = inject('baseUrl');
    const business = owner.user.business.id;
    const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 900 } });

    await page.goto(`${base}/products/create-custom`);
    await page.getByLabel('Title').fill('Air Jordan 1 Retro High OG Chicago');
    await page.getByLabel('Brand').fill('Jordan');
    await page.getByLabel('Style code').fill('DZ5485-612');
    await page.getByLabel('Size format').selectOption('us-men');
    for (const size of ['9', '9.5', '10']) await page.getByRole('button', { name: `Size US M ${size}`, exact: true }).click();
    await page.getByRole('button', { name: 'Create product with 3 sizes' }).click();
    await page.waitForURL(`${base}/products`);

    const created = await apiCall<ProductList>('GET', `/businesses/${business}/products?q=DZ5485-612`, undefined, owner.access_token);
    const product = created.items[0];
    expect(product?.variants.map((v) => v.size)).toEqual(['9', '9.5', '10']);
    const size9 = product?.variants[0]?.id ?? '';

    await page.goto(`${base}/inventory/adjustments?product=${product?.id}`);
    await page.getByLabel('Quantity for size 9', { exact: true }).fill('2');
    await page.getByLabel('Unit cost for size 9', { exact: true }).fill('120');
    await page.getByRole('button', { name: 'Post adjustment' }).click();
    await expect
      .poll(
        async () =>
          (await apiCall<ProductList>('GET', `/businesses/${business}/products?q=DZ5485-612`, undefined, owner.access_token)).items[0]
            ?.variants[0]?.on_hand,
      )
      .toBe(2);

    await page.goto(`${base}/products`);
    await page.getByLabel('Search products').fill('chicago');
    await expect.poll(() => page.getByText('Air Jordan 1 Retro High OG Chicago').first().isVisible()).toBe(true);
    await screenshot(page, 'products-search');

    // Stock by location: the product's row, opened to its sizes, with size 9's two units at the warehouse.
    await page.goto(`${base}/inventory`);
    await page.getByLabel('Search stock').fill('DZ5485-612');
    const grid = page.getByRole('region', { name: 'Stock by location: 1 product' });
    await grid.getByRole('button', { name: 'Show sizes of Air Jordan 1 Retro High OG Chicago' }).click();
    await expect.poll(() => grid.getByRole('row', { name: /^9 / }).getByRole('cell').allTextContents()).toEqual(['2', '2']);
    await screenshot(page, 'inventory-stock-by-location');

    await page.goto(`${base}/inventory/debug?product=${product?.id}&variant=${size9}`);
    await expect.poll(() => page.getByText('✓ Matches').first().isVisible()).toBe(true);
    await screenshot(page, 'inventory-debug');
    await page.close();
  });

  it('taking out more than is in stock shows the shortfall and changes nothing', async () => {
    const base = inject('baseUrl');
    const business = owner.user.business.id;
    const product = await apiCall<{ id: string; variants: { id: string }[] }>(
      'POST',
      `/businesses/${business}/products`,
      {
        title: 'Samba OG Cloud White',
        category: 'sneakers',
        size_format: 'us-men',
        variants: [{ size: '8', sku: 'SAMBA-CW-8' }],
      },
      owner.access_token,
    );
    const page = await signedInPage(browser, owner);
    await page.goto(`${base}/inventory/adjustments?product=${product.id}`);
    await page.getByLabel('Quantity for size 8', { exact: true }).fill('-1');
    await page.getByRole('button', { name: 'Post adjustment' }).click();
    await expect
      .poll(() =>
        page
          .getByText(/Not enough stock: 0 available/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    const after = await apiCall<{ movements: unknown[] }>(
      'GET',
      `/businesses/${business}/inventory/variants/${product.variants[0]?.id}/ledger`,
      undefined,
      owner.access_token,
    );
    expect(after.movements).toEqual([]);
    await page.close();
  });
});
