import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, apiCall, createOwner, signedInPage } from './support/accounts.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { hardwareScan } from './support/scanner.ts';

type Location = { id: string; is_default: boolean };
type Product = { id: string; variants: { id: string; size: string }[] };
type Ledger = { reconciliation: { location_id: string; level: { on_hand: number } }[] };
type Trade = { number: number; difference_cents: number; settlement: string; payment_method: string | null; sale_id: string };
type Payout = { id: string; status: string; reference: string | null };

let browser: Browser;
let owner: Account;
let business: string;
let location: Location;
let product: Product;
let customerId: string;
const variant = (size: string) => product.variants.find((v) => v.size === size)?.id ?? '';
const api = <T>(method: string, path: string, body?: unknown) =>
  apiCall<T>(method, `/businesses/${business}${path}`, body, owner.access_token);
const onHand = async (size: string) =>
  (await api<Ledger>('GET', `/inventory/variants/${variant(size)}/ledger`)).reconciliation.find((row) => row.location_id === location.id)
    ?.level.on_hand ?? 0;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await createOwner({ business_name: 'Swap Shop Kicks' });
  business = owner.user.business.id;
  const locations = await api<Location[]>('GET', '/locations');
  location = locations.find((l) => l.is_default) as Location;
  product = await api<Product>('POST', '/products', {
    title: 'Samba OG Cloud White',
    brand: 'adidas',
    style_code: 'B75806',
    category: 'sneakers',
    size_format: 'us-men',
    variants: ['9', '10'].map((size) => ({ size, sku: `B75806-${size}`, price_cents: 12_000 })),
  });
  // Ours: one pair of 10s in stock at $120. Theirs: a pair of 9s they bring in.
  await api('POST', '/inventory/adjustments', {
    location_id: location.id,
    lines: [{ variant_id: variant('10'), quantity: 1, reason: 'found', unit_cost_cents: 7_000 }],
  });
  customerId = (await api<{ id: string }>('POST', '/customers', { name: 'Ann Lee' })).id;
});
afterAll(async () => browser?.close());

describe('trading at the counter', () => {
  it('records a trade the customer pays the difference of in cash, then marks a pending payout paid', async () => {
    const base = inject('baseUrl');
    const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 1000 } });
    await page.goto(`${base}/quick-actions#trade`);
    const trade = page.getByRole('region', { name: 'Trade', exact: true });
    await expect.poll(() => trade.getByLabel('Find their item', { exact: true }).isVisible()).toBe(true);

    // Their pair by its SKU (a scanner types the same and Enter), valued at $80; the price field takes the focus.
    await trade.getByLabel('Find their item', { exact: true }).fill('B75806-9');
    await trade.getByLabel('Find their item', { exact: true }).press('Enter');
    const theirPrice = trade.getByLabel('Agreed value per unit of Samba OG Cloud White US M 9', { exact: true });
    await expect.poll(() => theirPrice.evaluate((el) => el === document.activeElement)).toBe(true);
    await theirPrice.fill('80');
    // Ours at our price ($120): the customer owes $40.
    await trade.getByLabel('Find our item', { exact: true }).fill('B75806-10');
    await trade.getByLabel('Find our item', { exact: true }).press('Enter');
    await expect
      .poll(() => trade.getByLabel('Price per unit of Samba OG Cloud White US M 10', { exact: true }).inputValue())
      .toBe('120.00');
    await expect.poll(() => trade.getByTestId('trade-difference').textContent()).toBe('Customer pays $40.00');
    // A hardware scan with the focus on our price goes to our side (the page's search does not take it):
    // a second pair, then back to one by hand.
    const ourQuantity = trade.getByLabel('Quantity of Samba OG Cloud White US M 10', { exact: true });
    await ourQuantity.focus();
    await hardwareScan(page, 'B75806-10');
    await expect.poll(() => ourQuantity.inputValue()).toBe('2');
    await expect.poll(() => trade.getByTestId('trade-difference').textContent()).toBe('Customer pays $160.00');
    await ourQuantity.fill('1');
    await expect.poll(() => trade.getByTestId('trade-difference').textContent()).toBe('Customer pays $40.00');

    await trade.getByRole('combobox', { name: /^Customer/ }).pressSequentially('Ann');
    await page.getByRole('option', { name: /^Ann Lee/ }).click();
    await expect.poll(() => trade.getByText('Store credit $0.00').isVisible()).toBe(true);
    // Store credit they do not have is refused beside the choice before anything is sent.
    await trade.getByRole('radio', { name: 'Store credit' }).check();
    await expect.poll(() => trade.getByText('Ann Lee has $0.00 of store credit; this needs $40.00').isVisible()).toBe(true);
    await trade.getByRole('radio', { name: 'Cash' }).check();
    await trade.scrollIntoViewIfNeeded();
    await screenshot(page, 'trade-panel');

    await trade.getByRole('button', { name: 'Record trade' }).click();
    await expect.poll(() => trade.getByText('Trade TR-1001 recorded').isVisible()).toBe(true);
    const receipt = trade.getByRole('region', { name: 'Receipt: Trade TR-1001' });
    expect(await receipt.getByTestId('trade-receipt-difference').textContent()).toBe('$40.00');
    expect(await receipt.getByTestId('trade-receipt-settled').textContent()).toBe('Customer paid by cash');
    expect(await receipt.textContent()).toMatch(/Taken in · US M 9 · 1 × \$80\.00.*Given · US M 10 · 1 × \$120\.00/);
    await receipt.scrollIntoViewIfNeeded();
    await screenshot(page, 'trade-receipt');

    // Stock moved both ways, and the trade is on record with its settlement.
    const [recorded] = (await api<{ items: Trade[] }>('GET', '/trades')).items;
    expect(recorded).toMatchObject({ number: 1001, difference_cents: 4_000, settlement: 'customer_pays', payment_method: 'cash' });
    expect(await onHand('9')).toBe(1);
    expect(await onHand('10')).toBe(0);

    // A bank-transfer payout waits on Check payouts until it is marked paid with its reference.
    await api('POST', '/in-store-purchases', {
      customer_id: customerId,
      location_id: location.id,
      lines: [{ variant_id: variant('9'), unit_price_cents: 6_500 }],
      payout: { method: 'bank_transfer', details: { account_holder: 'Ann Lee', account_number: 'DE89370400440532013000' } },
    });
    await page.goto(`${base}/quick-actions#check-payouts`);
    const payouts = page.getByRole('region', { name: 'Check payouts', exact: true });
    await expect.poll(() => payouts.getByTestId('payouts-owed').textContent()).toBe('$65.00 owed in 1 payout');
    expect(await payouts.getByRole('row', { name: /Ann Lee/ }).textContent()).toMatch(
      /PO-\d+.*\$65\.00.*Bank transfer.*Account ••3000 \(Ann Lee\).*Today/,
    );
    await payouts.scrollIntoViewIfNeeded();
    await screenshot(page, 'check-payouts');
    await payouts.getByRole('button', { name: /^Mark paid/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await expect.poll(() => dialog.getByText('Reference is required').isVisible()).toBe(true);
    await dialog.getByLabel(/^Transfer reference/).fill('TRF-8841');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await expect.poll(() => payouts.getByText('No payouts waiting').isVisible()).toBe(true);
    const [paid] = (await api<{ items: Payout[] }>('GET', '/payouts?status=paid')).items.filter((p) => p.reference !== null);
    expect(paid).toMatchObject({ status: 'paid', reference: 'TRF-8841' });

    // The customer's store credit: an adjustment by hand, listed with its reason.
    await api('POST', `/customers/${customerId}/store-credit/adjustments`, { amount_cents: 2_500, note: 'Goodwill for a late payout' });
    await page.goto(`${base}/retail/customers?customer=${customerId}`);
    await expect.poll(() => page.getByTestId('store-credit-balance').textContent()).toBe('$25.00');
    expect(await page.getByRole('region', { name: 'Store credit of Ann Lee' }).textContent()).toMatch(
      /Adjusted by hand.*Goodwill for a late payout.*\+\$25\.00/,
    );
    await page.getByRole('heading', { name: 'Store credit', exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'customer-store-credit');
    await page.close();
  });
});
