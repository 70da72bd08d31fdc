import type { FailedOrder, Fulfillment, RecordOutcome, Sale } from '@tradepost/shared/schemas/sales.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, apiCall, createMember, createOwner, signedInPage, signInBrowser } from './support/accounts.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { hardwareScan } from './support/scanner.ts';

let browser: Browser;
let owner: Account;
let business: string;
let mainId: string;
let backRoomId: string;
const patta = { sku: 'AM1-PATTA-10', barcode: '195243000104' };
const gel = { sku: 'GL3-KITH-9', barcode: '4550155000099' };
let pattaVariant: string;

const call = <T>(method: string, path: string, body?: unknown, who: Account = owner) =>
  apiCall<T>(method, `/businesses/${business}${path}`, body, who.access_token);

/** A hardware scanner: a burst of keys a few ms apart, then Enter. */
const scan = hardwareScan;

/** Waits for running animations (a drawer sliding in, a flash) so a screenshot shows the settled screen. */
async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
      // A spinner animates forever; never wait longer than a drawer takes to open.
      new Promise((resolve) => setTimeout(resolve, 1500)),
    ]),
  );
}

type ProductOut = { id: string; variants: { id: string }[] };

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await createOwner({ business_name: 'Pick Rule Kicks' });
  business = owner.user.business.id;
  const locations = await call<{ id: string; is_default: boolean }[]>('GET', '/locations');
  mainId = (locations.find((l) => l.is_default) ?? locations[0])?.id ?? '';
  backRoomId = (await call<{ id: string }>('POST', '/locations', { name: 'Back Room', kind: 'warehouse' })).id;

  const am1 = await call<ProductOut>('POST', '/products', {
    title: 'Air Max 1 Patta Waves',
    brand: 'Nike',
    style_code: 'DH1348-004',
    category: 'sneakers',
    size_format: 'us-men',
    variants: [{ size: '10', sku: patta.sku, price_cents: 24_000, barcodes: [{ code: patta.barcode }] }],
  });
  pattaVariant = am1.variants[0]?.id ?? '';
  const gl3 = await call<ProductOut>('POST', '/products', {
    title: 'Gel-Lyte III Kith Salmon Toe',
    brand: 'ASICS',
    style_code: 'H54FK-0606',
    category: 'sneakers',
    size_format: 'us-men',
    variants: [{ size: '9', sku: gel.sku, price_cents: 18_000, barcodes: [{ code: gel.barcode }] }],
  });
  for (const location of [mainId, backRoomId]) {
    await call('POST', '/inventory/adjustments', {
      location_id: location,
      lines: [
        { variant_id: pattaVariant, quantity: 2, reason: 'received', unit_cost_cents: 15_000 },
        { variant_id: gl3.variants[0]?.id, quantity: 1, reason: 'received', unit_cost_cents: 11_000 },
      ],
    });
  }
  // Every channel picks from the back room first.
  await call('POST', '/pick-rules', { name: 'Back room first', location_ids: [backRoomId, mainId] });
});
afterAll(async () => browser?.close());

describe('sales and fulfillment', () => {
  it('a manual order follows the pick rule, is picked by scanner (a wrong item refused), shipped, and shows its profit', async () => {
    const base = inject('baseUrl');
    const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 900 } });

    // The order, typed in the UI.
    await page.goto(`${base}/sales`);
    await page.getByRole('button', { name: 'New order' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New order' });
    await dialog.getByLabel('Search products').fill('Patta');
    await dialog.getByRole('button', { name: 'Add size: Air Max 1 Patta Waves' }).click();
    await page.getByRole('menuitem', { name: /Size US M 10/ }).click();
    await expect.poll(() => dialog.getByRole('textbox', { name: /^Price for Air Max 1 Patta Waves/ }).inputValue()).toBe('240.00');
    // More than the two locations hold: the server's shortfall lands beside the line, and nothing is recorded.
    await dialog.getByRole('spinbutton', { name: /^Quantity for Air Max 1 Patta Waves/ }).fill('9');
    await dialog.getByRole('button', { name: 'Create order' }).click();
    const line = dialog.getByRole('listitem', { name: /Air Max 1 Patta Waves/ });
    await expect.poll(() => line.getByText(/4 available, 9 ordered/).isVisible()).toBe(true);
    expect((await call<{ total: number }>('GET', '/sales')).total).toBe(0);
    await dialog.getByRole('spinbutton', { name: /^Quantity for Air Max 1 Patta Waves/ }).fill('1');
    await dialog.getByRole('textbox', { name: /^Fees for Air Max 1 Patta Waves/ }).fill('15');
    await dialog.getByRole('radio', { name: 'New customer' }).check();
    await dialog.getByLabel('Customer name').fill('Ana Ruiz');
    await dialog.getByLabel('Shipping charged').fill('12');
    await settled(page);
    await screenshot(page, 'sales-new-order');
    await dialog.getByRole('button', { name: 'Create order' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Sale #1001' }).isVisible()).toBe(true);

    // Allocated where the pick rule says, not at the default location.
    const sales = await call<{ items: Sale[] }>('GET', '/sales');
    const sale = sales.items[0] as Sale;
    expect(sale).toMatchObject({ number: 1001, status: 'open', customer: { name: 'Ana Ruiz' } });
    expect(sale.lines.map((l) => l.location_id)).toEqual([backRoomId]);
    expect(sale.fulfillments).toHaveLength(1);
    await settled(page);
    await screenshot(page, 'sales-drawer');

    // A second, later order (from eBay) waits behind it.
    const ebay = (await call<{ id: string; kind: string }[]>('GET', '/channels')).find((c) => c.kind === 'ebay');
    const second = await call<RecordOutcome>('POST', `/channels/${ebay?.id}/orders`, {
      external_order_id: 'EB-90210',
      customer: { name: 'Marco Polo' },
      lines: [{ sku: gel.sku, quantity: 1, unit_price_cents: 19_500, fees_cents: 2_500 }],
    });
    expect(second.outcome).toBe('recorded');

    await page.goto(`${base}/fulfillments?open=${sale.fulfillments[0]?.id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Order #1001' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Pending (2)' }).isVisible()).toBe(true);
    await screenshot(page, 'fulfillments');
    // The packing slip is fetched with the session's token and shown from a blob URL.
    const [slip] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Packing slip' }).click()]);
    await expect.poll(() => slip.url()).toMatch(/^blob:/);
    await slip.close();

    // Picked on a phone by the fulfillment role.
    const picker = await createMember(owner, 'fulfillment');
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInBrowser(phone, picker);
    await phone.goto(`${base}/scanning-mode`);
    await expect.poll(() => phone.getByRole('button', { name: 'Start next order #1001' }).isVisible()).toBe(true);
    await screenshot(phone, 'scanning-mode-choose-390');
    // The order number from the packing slip, scanned.
    await scan(phone, '#1001');
    await expect.poll(() => phone.getByRole('heading', { name: /Order #1001/ }).isVisible()).toBe(true);
    await expect.poll(() => phone.getByText('Scan the first item').isVisible()).toBe(true);
    await screenshot(phone, 'scanning-mode-390');

    await scan(phone, gel.barcode);
    const refused = phone.getByRole('alert').filter({ hasText: 'Wrong item' });
    await expect.poll(() => refused.isVisible()).toBe(true);
    expect(await refused.textContent()).toContain('Gel-Lyte III Kith Salmon Toe size 9 is not on this order');
    const untouched = await call<Fulfillment>('GET', `/fulfillments/${sale.fulfillments[0]?.id}`);
    expect(untouched.lines[0]?.quantity_picked).toBe(0);
    await settled(phone);
    await screenshot(phone, 'scanning-mode-refused-390');

    await scan(phone, patta.barcode);
    await expect.poll(() => phone.getByRole('heading', { name: 'Order packed' }).isVisible()).toBe(true);
    await expect.poll(() => refused.count()).toBe(0);
    await settled(phone);
    await screenshot(phone, 'scanning-mode-packed-390');

    await phone.getByRole('textbox', { name: /Tracking number/ }).fill('1Z999AA10123456784');
    await phone.getByRole('button', { name: 'Ship and next order' }).click();
    // The next open order opens by itself.
    await expect.poll(() => phone.getByRole('heading', { name: /Order #1002/ }).isVisible()).toBe(true);

    const shipped = await call<Sale>('GET', `/sales/${sale.id}`);
    expect(shipped.status).toBe('fulfilled');
    expect(shipped.lines[0]).toMatchObject({ quantity_shipped: 1, cost_cents: 15_000, cost_is_final: true });
    // 240 + 12 shipping − 15 fees − 150 cost.
    expect(shipped.totals.profit_cents).toBe(8_700);
    const delivered = await call<Fulfillment>('GET', `/fulfillments/${sale.fulfillments[0]?.id}`);
    expect(delivered).toMatchObject({ status: 'shipped', carrier: 'USPS', tracking_number: '1Z999AA10123456784' });

    await page.goto(`${base}/sales?sale=${sale.id}`);
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByText('Fulfilled', { exact: true }).first().isVisible()).toBe(true);
    await expect.poll(() => drawer.getByTestId('sale-profit').textContent()).toBe('$87.00');
    await settled(page);
    await screenshot(page, 'sales-drawer-fulfilled');

    // The dashboard's profit for today is the sum of today's sales, this one's $87.00 among them.
    const today = await call<{ items: Sale[] }>('GET', '/sales?limit=50&sort=created_at');
    const expected = today.items.filter((s) => s.status !== 'cancelled').reduce((total, s) => total + s.totals.profit_cents, 0);
    const figures = await call<{ today: { profit_cents: number } }>('GET', '/analytics/dashboard');
    expect(figures.today.profit_cents).toBe(expected);
    expect(today.items.find((s) => s.id === sale.id)?.totals.profit_cents).toBe(8_700);
    await page.goto(`${base}/dashboard`);
    const todayCard = page.locator('[data-period="Today"]');
    const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(expected / 100);
    await expect.poll(() => todayCard.textContent()).toContain(`${money} profit`);
    await phone.close();
    await page.close();
  });

  it('a channel order with an unknown SKU is fixed on /failed-orders by mapping the SKU and retrying', async () => {
    const base = inject('baseUrl');
    const shopify = (await call<{ id: string; kind: string }[]>('GET', '/channels')).find((c) => c.kind === 'shopify');
    const outcome = await call<RecordOutcome>('POST', `/channels/${shopify?.id}/orders`, {
      external_order_id: 'SH-5001',
      customer: { name: 'Shopify buyer', email: 'buyer@example.com' },
      lines: [
        { sku: 'SHOP-PATTA-10', title: 'Nike Air Max 1 Patta Waves Noise Aqua', quantity: 1, unit_price_cents: 25_000, fees_cents: 2_500 },
      ],
    });
    expect(outcome).toMatchObject({ outcome: 'failed', reason_code: 'unknown_sku' });

    const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/failed-orders`);
    const card = page.getByRole('article', { name: 'Failed order SH-5001' });
    await expect.poll(() => card.getByText('Unknown SKU: SHOP-PATTA-10').isVisible()).toBe(true);
    await screenshot(page, 'failed-orders');

    await card.getByRole('button', { name: 'Map SKU' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Search products').fill('Patta');
    await dialog.getByRole('button', { name: 'Choose size: Air Max 1 Patta Waves' }).click();
    await page.getByRole('menuitem', { name: /Size US M 10/ }).click();
    await dialog.getByRole('button', { name: 'Map SKU' }).click();
    await expect.poll(() => card.getByText(/Mapped to Air Max 1 Patta Waves/).isVisible()).toBe(true);

    await card.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => page.getByText('No failed orders — every channel order went through').isVisible()).toBe(true);

    const resolved = await call<FailedOrder[]>('GET', '/failed-orders?status=resolved');
    const fixed = resolved.find((f) => f.external_order_id === 'SH-5001');
    expect(fixed?.sale_id).toBeTruthy();
    const sale = await call<Sale>('GET', `/sales/${fixed?.sale_id}`);
    expect(sale).toMatchObject({ channel: { kind: 'shopify' }, status: 'open', lines: [{ variant_id: pattaVariant, quantity: 1 }] });
    await page.close();
  });
});
