import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Sale } from '@tradepost/shared/schemas/sales.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, apiCall, createOwner, signedInPage } from './support/accounts.ts';
import { launchBrowser } from './support/browser.ts';
import { repoRoot } from './support/build.ts';
import { hardwareScan } from './support/scanner.ts';

let browser: Browser;
let owner: Account;
let business: string;
let store: string;
const DUNK_10_BARCODE = '194956623510';
const SAMBA_BARCODE = '4066748822338';

type Product = { id: string; title: string; variants: { id: string; size: string; on_hand: number }[] };

const api = <T>(method: string, path: string, body?: unknown) =>
  apiCall<T>(method, `/businesses/${business}${path}`, body, owner.access_token);

async function stocked(product: object, location: string, quantity: number, cost: number): Promise<Product> {
  const created = await api<Product>('POST', '/products', product);
  await api('POST', '/inventory/adjustments', {
    location_id: location,
    lines: created.variants.map((v) => ({ variant_id: v.id, quantity, reason: 'received', unit_cost_cents: cost })),
  });
  return created;
}

const onHand = async (productId: string) =>
  (await api<Product>('GET', `/products/${productId}`)).variants.map((v) => [v.size, v.on_hand] as const);

const text = (page: Page, selector: string) => page.locator(selector).textContent();

/** Whole-page screenshots (these screens scroll), in tests/artifacts/screenshots like the others. */
async function screenshot(page: Page, name: string): Promise<void> {
  const folder = resolve(repoRoot, 'tests/artifacts/screenshots');
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: resolve(folder, `${name}.png`), fullPage: true });
}

/** Serious or critical axe findings; Fluent's focus-trap sentinels are a known false positive. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).exclude('[data-tabster-dummy]').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join(', ')})`);
}

/** The charts load after the figures; wait until every one is drawn. */
const chartsDrawn = (page: Page) => expect.poll(() => page.getByLabel(/^Loading the chart/).count(), { timeout: 20_000 }).toBe(0);

let dunk: Product;
let samba: Product;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await createOwner({ business_name: 'Counter Kicks' });
  business = owner.user.business.id;
  store = (await api<{ id: string }>('POST', '/locations', { name: 'Store front', kind: 'store' })).id;
  dunk = await stocked(
    {
      title: 'Dunk Low Panda',
      brand: 'Nike',
      style_code: 'DD1391-100',
      category: 'sneakers',
      size_format: 'us-men',
      variants: [
        { size: '9', sku: 'DUNK-PANDA-9', price_cents: 15_000 },
        { size: '10', sku: 'DUNK-PANDA-10', price_cents: 15_000, barcodes: [{ code: DUNK_10_BARCODE }] },
      ],
    },
    store,
    2,
    9_000,
  );
  samba = await stocked(
    {
      title: 'Samba OG Cloud White',
      brand: 'adidas',
      style_code: 'B75806',
      category: 'sneakers',
      size_format: 'us-men',
      variants: [{ size: '9', sku: 'SAMBA-9', price_cents: 10_000, barcodes: [{ code: SAMBA_BARCODE }] }],
    },
    store,
    1,
    5_000,
  );
});
afterAll(async () => browser?.close());

describe('point of sale', () => {
  it('search and scan two items, charge, get a receipt; the sale is recorded and the stock is gone', async () => {
    const base = inject('baseUrl');
    const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/retail/sales`);

    // By search: the size buttons add one unit.
    await page.getByLabel('Find an item').fill('panda');
    await page.getByRole('button', { name: /^Add Dunk Low Panda, size 10 \$/ }).click();
    // By a hardware scanner: a burst of keys ending in Enter, typed into whatever has focus.
    await page.getByLabel('Find an item').focus();
    await hardwareScan(page, SAMBA_BARCODE);
    await expect.poll(() => page.getByRole('listitem', { name: 'Samba OG Cloud White, size US M 9' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Find an item').inputValue()).toBe('panda');

    // A customer added on the spot, and the tax rate of the counter.
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Ana Ruiz');
    await page.getByRole('dialog').getByLabel('E-mail').fill('ana.ruiz@example.com');
    await page.getByRole('button', { name: 'Add customer' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Remove customer Ana Ruiz' }).isVisible()).toBe(true);
    // Gone, not fading: axe reads the contrast of half-transparent text as too low.
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByLabel('Tax rate (%)').fill('10');
    // 150 + 100 = 250, plus 10% tax.
    await expect.poll(() => page.getByRole('button', { name: 'Charge $275.00' }).isVisible()).toBe(true);
    // The scan bar flashes a darker green for 1.2 s after a scan (its text is below 4.5:1 on it then); check the settled screen.
    await page.waitForTimeout(1_500);
    await screenshot(page, 'pos-cart-1280');
    expect(await seriousViolations(page)).toEqual([]);

    // Paid in cash: the change due shows as the cash is typed, and the receipt keeps it (issue #17).
    await page.getByRole('radio', { name: 'Cash' }).check();
    await page.getByLabel('Cash tendered').fill('300');
    await expect.poll(() => page.getByText('Change due $25.00').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Charge $275.00' }).click();
    await expect.poll(() => page.getByText(/Sale #\d+ recorded/).isVisible()).toBe(true);
    expect(await text(page, '[data-testid="receipt-total"]')).toBe('$275.00');
    expect(await page.getByRole('region', { name: /^Receipt: Sale #/ }).textContent()).toMatch(/Cash tendered\$300\.00Change\$25\.00/);
    await screenshot(page, 'pos-receipt-1280');

    const sales = await api<{ items: Sale[]; total: number }>('GET', '/sales?limit=20&sort=created_at');
    expect(sales.total).toBe(1);
    expect(sales.items[0]).toMatchObject({
      channel: { kind: 'in_store' },
      status: 'fulfilled',
      customer: { name: 'Ana Ruiz' },
      totals: { units: 2, subtotal_cents: 25_000, tax_cents: 2_500, total_cents: 27_500, profit_cents: 11_000 },
      payment: { method: 'cash', parts: [{ method: 'cash', amount_cents: 27_500 }], cash_tendered_cents: 30_000, change_cents: 2_500 },
    });
    expect(sales.items[0]?.lines.every((line) => line.location_id === store)).toBe(true);
    expect(await onHand(dunk.id)).toEqual([
      ['9', 2],
      ['10', 1],
    ]);
    expect(await onHand(samba.id)).toEqual([['9', 0]]);

    // The phone: the receipt, then a new sale whose only line is refused by the server (the last pair is gone).
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'pos-receipt-390');
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByLabel('Find an item').focus();
    await hardwareScan(page, SAMBA_BARCODE);
    await page.getByRole('button', { name: 'Charge $110.00' }).click();
    await expect.poll(() => page.getByText(/Samba OG Cloud White size 9 \(SAMBA-9\): 0 available/).isVisible()).toBe(true);
    await screenshot(page, 'pos-refused-390');
    expect((await api<{ total: number }>('GET', '/sales?limit=20&sort=created_at')).total).toBe(1);

    // + and − change the highlighted line from the keyboard.
    await page.getByLabel('Find an item').fill('');
    await page.getByLabel('Find an item').press('+');
    expect(await page.getByLabel('Quantity of Samba OG Cloud White, size US M 9').inputValue()).toBe('2');
    await page.close();
  });
});

describe('dashboard', () => {
  it("shows today's revenue and profit of the sale, with charts and their numbers, light and dark", async () => {
    const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    await page.goto(`${inject('baseUrl')}/dashboard`);
    const today = page.locator('[data-period="Today"]');
    await expect.poll(() => today.isVisible()).toBe(true);
    // Revenue is what was sold (tax passes through); profit takes off the FIFO cost of 90 + 50.
    expect(await today.textContent()).toContain('$250.00');
    expect(await today.textContent()).toContain('$110.00');
    await chartsDrawn(page);
    await screenshot(page, 'dashboard-light-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Numbers for revenue by channel, last 30 days' }).click();
    const channelTable = page.getByRole('region', { name: 'Revenue by channel, last 30 days, as a table' });
    expect(await channelTable.textContent()).toContain('In store');
    expect(await channelTable.textContent()).toContain('$250.00');
    const recent = page.getByRole('region', { name: 'Recent sales', exact: true });
    await recent.waitFor();
    await expect.poll(async () => (await recent.textContent())?.includes('Samba OG Cloud White (9) and 1 more')).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await chartsDrawn(page);
    await screenshot(page, 'dashboard-light-390');

    // The same screen in the dark theme (the app follows the system's choice as it changes): the
    // charts redraw in its colours, and the contrast and landmark checks hold there too.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await chartsDrawn(page);
    expect(await today.textContent()).toContain('$250.00');
    await screenshot(page, 'dashboard-dark-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('a new business', () => {
  it('sees its first steps instead of zeros, and empty charts that say what to do', async () => {
    const fresh = await createOwner({ business_name: 'Fresh Kicks' });
    const page = await signedInPage(browser, fresh, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${inject('baseUrl')}/dashboard`);
    await page.getByRole('heading', { name: 'Get your first numbers on this dashboard' }).waitFor();
    expect(await page.getByText('No sales in the last 30 days yet').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Set up your account' }).isVisible()).toBe(true);
    await screenshot(page, 'dashboard-new-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'dashboard-new-390');
    await page.close();
  });
});

describe('pricing, pick rules and channels', () => {
  it('a price rule previews the derived price before it is saved', async () => {
    const channels = await api<{ id: string; kind: string }[]>('GET', '/channels');
    const ebay = channels.find((c) => c.kind === 'ebay')?.id;
    const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${inject('baseUrl')}/retail/pricing?channel=${ebay}`);
    await page.getByRole('heading', { name: 'eBay price rule' }).waitFor();
    await page.getByLabel('Markup (%)').fill('10');
    await page.getByLabel('Rounding').selectOption('.99');
    const preview = page.getByRole('region', { name: 'Price preview' });
    // 150.00 + 10% = 165.00, up to .99.
    await expect.poll(async () => (await preview.textContent())?.includes('$165.99')).toBe(true);
    // A 50% margin over the 90.00 cost needs 180.00: the price is raised, and says so.
    await page.getByLabel('Minimum margin (%)').fill('50');
    await expect.poll(async () => (await preview.textContent())?.includes('$180.99')).toBe(true);
    expect(await preview.textContent()).toContain('Raised for margin');
    await screenshot(page, 'pricing-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save rule' }).click();
    await expect
      .poll(
        async () =>
          (await api<{ channel: { kind: string }; markup_percent: number }[]>('GET', '/price-rules')).find((r) => r.channel.kind === 'ebay')
            ?.markup_percent,
      )
      .toBe(10);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'pricing-390');
    await page.close();
  });

  it('pick rules: the empty state explains the default, a rule is added and ordered', async () => {
    const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${inject('baseUrl')}/pick-rules`);
    await page.getByText('No pick rules yet').waitFor();
    expect(
      await page
        .getByText(/picked from your default location/)
        .first()
        .isVisible(),
    ).toBe(true);
    await page.getByRole('button', { name: 'Add your first rule' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Counter stock first');
    await dialog.getByLabel('Location to add').selectOption({ label: 'Store front' });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await page.getByRole('heading', { name: 'Counter stock first' }).waitFor();
    await api('POST', '/pick-rules', { name: 'Everything else', location_ids: [store] });
    await page.reload();
    await page.getByRole('heading', { name: 'Everything else' }).waitFor();
    await page.getByRole('button', { name: 'Move Everything else up' }).click();
    await expect
      .poll(async () => (await api<{ name: string }[]>('GET', '/pick-rules')).map((r) => r.name))
      .toEqual(['Everything else', 'Counter stock first']);
    await screenshot(page, 'pick-rules-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'pick-rules-390');
    await page.close();
  });

  it('channels: cards with 30-day figures, settings with field errors', async () => {
    const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${inject('baseUrl')}/sales-channels`);
    const inStore = page.getByRole('listitem', { name: 'In store' });
    await inStore.waitFor();
    expect(await inStore.textContent()).toContain('$250.00');
    await expect
      .poll(() => page.getByRole('listitem', { name: 'eBay' }).textContent())
      .toContain('Not connected. Connect your eBay account');
    await screenshot(page, 'channels-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'channels-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${inject('baseUrl')}/sales-channels-management`);
    const ebay = page.getByRole('form', { name: 'eBay settings' });
    await ebay.getByLabel('Quantity buffer').fill('5000');
    await ebay.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => ebay.getByText('Quantity buffer must be at most 1,000').isVisible()).toBe(true);
    await ebay.getByLabel('Quantity buffer').fill('1');
    await ebay.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(
        async () =>
          (await api<{ kind: string; quantity_buffer: number }[]>('GET', '/channels')).find((c) => c.kind === 'ebay')?.quantity_buffer,
      )
      .toBe(1);
    await screenshot(page, 'channels-management-1280');
    await page.goto(`${inject('baseUrl')}/retail/customers`);
    await page.getByRole('button', { name: 'Open Ana Ruiz' }).click();
    await page.getByRole('heading', { name: 'Order history' }).waitFor();
    await expect
      .poll(async () => (await page.getByRole('region', { name: 'Orders of Ana Ruiz' }).textContent())?.includes('$275.00'))
      .toBe(true);
    await screenshot(page, 'customers-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
