import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, apiCall, createOwner, signedInPage } from './support/accounts.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { hardwareScan } from './support/scanner.ts';

type Location = { id: string; is_default: boolean };
type Product = { id: string; variants: { id: string; size: string }[] };
type Ledger = { reconciliation: { location_id: string; level: { on_hand: number } }[] };
type Order = {
  id: string;
  number: number;
  kind: string;
  seller_name: string;
  payout: { method: string; status: string; amount_cents: number } | null;
};

const BARCODE = '0196153199901';

let browser: Browser;
let owner: Account;
let business: string;
let here: Location;
let product: Product;
const variant = (size: string) => product.variants.find((v) => v.size === size)?.id ?? '';
const api = <T>(method: string, path: string, body?: unknown) =>
  apiCall<T>(method, `/businesses/${business}${path}`, body, owner.access_token);
const onHand = async (size: string) =>
  (await api<Ledger>('GET', `/inventory/variants/${variant(size)}/ledger`)).reconciliation.find((r) => r.location_id === here.id)?.level
    .on_hand ?? 0;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await createOwner({ business_name: 'Counter Buy Kicks' });
  business = owner.user.business.id;
  here = (await api<Location[]>('GET', '/locations')).find((l) => l.is_default) as Location;
  product = await api<Product>('POST', '/products', {
    title: 'Dunk Low Retro Panda',
    brand: 'Nike',
    style_code: 'DD1391-100',
    category: 'sneakers',
    size_format: 'us-men',
    variants: [
      { size: '9', sku: 'DD1391-100-9', price_cents: 11_000, barcodes: [{ code: BARCODE }] },
      { size: '10', sku: 'DD1391-100-10', price_cents: 11_000 },
    ],
  });
});
afterAll(async () => browser?.close());

describe('in-store purchase', () => {
  it('picks two sizes (one scanned) with guidance, agrees prices, buys from a new customer for cash, prints the receipt; stock goes up', async () => {
    const base = inject('baseUrl');
    const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 900 } });

    // The size picker: a hardware scan adds the size with the barcode; a search shows the rest with guidance.
    await page.goto(`${base}/in-store-purchase/select-variants`);
    await expect.poll(() => page.getByRole('heading', { name: 'Select Sizes' }).isVisible()).toBe(true);
    await hardwareScan(page, BARCODE);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Added' }).textContent())
      .toContain('Dunk Low Retro Panda, size US M 9');
    await page.getByRole('searchbox', { name: 'Search or scan' }).fill('retro panda');
    const sizes = page.getByRole('list', { name: 'Sizes of Dunk Low Retro Panda' });
    await expect.poll(() => sizes.textContent()).toContain('Offer up to $77.00 (keeps 30% margin)');
    const guidance = (await sizes.textContent()) ?? '';
    expect(guidance).toContain('Our price $110.00');
    expect(guidance).toContain('Last sale: none yet');
    expect(guidance).toContain('Market price: not connected');
    await page.getByRole('button', { name: 'Pick Dunk Low Retro Panda, size US M 10' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Picked sizes' }).getByRole('listitem').count()).toBe(2);
    await screenshot(page, 'in-store-select-variants');
    await page.getByRole('button', { name: 'Done (2 items)' }).click();
    await page.waitForURL(/\/quick-actions#in-store-purchase$/);

    // The panel: both sizes at their offers; one price agreed lower; a new customer sells for cash.
    const panel = page.locator('#in-store-purchase');
    await expect.poll(() => panel.getByRole('list', { name: 'Items bought' }).locator(':scope > li').count()).toBe(2);
    const price9 = panel.getByRole('textbox', { name: 'Agreed price of Dunk Low Retro Panda, size US M 9' });
    expect(await price9.inputValue()).toBe('77.00');
    await price9.fill('70');
    await panel.getByRole('textbox', { name: 'Name', exact: true }).fill('Sam Seller');
    await panel.getByRole('radio', { name: 'Cash', exact: true }).check();
    await expect.poll(() => panel.getByTestId('in-store-total').textContent()).toBe('$147.00');
    await screenshot(page, 'in-store-panel');
    await panel.getByRole('button', { name: 'Buy for $147.00' }).click();

    // The receipt: seller, items, total and the cash payout, paid.
    const receipt = panel.getByRole('region', { name: /^Receipt: In-store purchase PO-\d+$/ });
    await expect.poll(() => receipt.isVisible()).toBe(true);
    const printed = (await receipt.textContent()) ?? '';
    expect(printed).toContain('Seller: Sam Seller');
    expect(printed).toContain('Size US M 9 · 1 × $70.00');
    expect(printed).toContain('Size US M 10 · 1 × $77.00');
    expect(await receipt.getByTestId('receipt-total').textContent()).toBe('$147.00');
    expect(await receipt.getByTestId('receipt-payout').textContent()).toBe('Cash · Paid');
    await receipt.scrollIntoViewIfNeeded();
    await screenshot(page, 'in-store-receipt');

    // Recorded: a received in-store purchase from the new customer, paid in cash; one more of each size here.
    const list = await api<{ items: Order[] }>('GET', '/purchase-orders?kind=in_store');
    expect(list.items).toHaveLength(1);
    const order = await api<Order>('GET', `/purchase-orders/${list.items[0]?.id}`);
    expect(order).toMatchObject({
      kind: 'in_store',
      seller_name: 'Sam Seller',
      payout: { method: 'cash', status: 'paid', amount_cents: 14_700 },
    });
    expect(await onHand('9')).toBe(1);
    expect(await onHand('10')).toBe(1);

    // "New purchase" clears the counter.
    await panel.getByRole('button', { name: 'New purchase' }).click();
    await expect.poll(() => panel.getByText('Nothing on the counter yet.').isVisible()).toBe(true);

    // A bank transfer waits: its payout settings show the account in full and can still change.
    const pending = await api<{ purchase_order: { id: string } }>('POST', '/in-store-purchases', {
      customer: { name: 'Alex Transfer' },
      location_id: here.id,
      lines: [{ variant_id: variant('10'), quantity: 1, unit_price_cents: 6_000 }],
      payout: { method: 'bank_transfer', details: { account_holder: 'Alex Transfer', account_number: 'DE89370400440532013000' } },
    });
    await page.goto(`${base}/purchase-orders/${pending.purchase_order.id}/payout-settings`);
    await expect.poll(() => page.getByRole('button', { name: 'Save payout' }).isVisible()).toBe(true);
    expect(await page.getByText('DE89370400440532013000', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'in-store-payout-settings');

    // Its purchase order: the in-store badge, the seller and the payout; nothing to order or receive.
    await page.getByRole('link', { name: 'Back to the purchase' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'In-store purchase' }).isVisible()).toBe(true);
    expect(await page.getByRole('main').textContent()).toContain('$60.00 · Bank transfer to •••• 3000 · Pending');
    expect(await page.getByRole('button', { name: 'Receive', exact: true }).count()).toBe(0);
    await screenshot(page, 'in-store-purchase-order');
    await page.close();
  });
});
