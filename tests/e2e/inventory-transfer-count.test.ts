import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, apiCall, createOwner, signedInPage, signInBrowser } from './support/accounts.ts';
import { CHROMIUM_ARGS, launchBrowser, screenshot } from './support/browser.ts';
import { hardwareScan } from './support/scanner.ts';

type Location = { id: string; name: string; is_default: boolean };
type Product = { id: string; title: string; variants: { id: string; size: string; barcodes: { code: string }[] }[] };
type Ledger = {
  movements: { on_hand_delta: number; reason: string; reference_type: string | null; reference_id: string | null; location_id: string }[];
  reconciliation: { location_id: string; level: { on_hand: number }; matches: boolean }[];
};

const BARCODES = { '9': '0196153123409', '9.5': '0196153123416', '10': '0196153123423' } as const;
const UNKNOWN = '0000000009999';

let browser: Browser;
let owner: Account;
let business: string;
let warehouse: Location;
let store: Location;
let product: Product;
const variant = (size: keyof typeof BARCODES) => product.variants.find((v) => v.size === size)?.id ?? '';

const api = <T>(method: string, path: string, body?: unknown) =>
  apiCall<T>(method, `/businesses/${business}${path}`, body, owner.access_token);

/** On hand of one size at one location, from the ledger's level (and the ledger must agree with it). */
async function onHand(size: keyof typeof BARCODES, location: Location): Promise<number> {
  const ledger = await api<Ledger>('GET', `/inventory/variants/${variant(size)}/ledger`);
  expect(ledger.reconciliation.every((row) => row.matches)).toBe(true);
  return ledger.reconciliation.find((row) => row.location_id === location.id)?.level.on_hand ?? 0;
}

/** Clicks the page heading so no field has focus: a scanner fires wherever focus happens to be. */
const focusNothing = (page: Page) => page.locator('h1').first().click();

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await createOwner({ business_name: 'Two Doors Kicks' });
  business = owner.user.business.id;
  const locations = await api<Location[]>('GET', '/locations');
  warehouse = locations.find((location) => location.is_default) as Location;
  store = await api<Location>('POST', '/locations', { name: 'Downtown store', kind: 'store' });
  product = await api<Product>('POST', '/products', {
    title: 'Dunk Low Retro Panda',
    brand: 'Nike',
    style_code: 'DD1391-100',
    category: 'sneakers',
    size_format: 'us-men',
    variants: (['9', '9.5', '10'] as const).map((size) => ({
      size,
      sku: `DD1391-100-${size}`,
      price_cents: 11_000,
      barcodes: [{ code: BARCODES[size] }],
    })),
  });
  await api('POST', '/inventory/adjustments', {
    location_id: warehouse.id,
    lines: [
      { variant_id: variant('9'), quantity: 4, reason: 'received', unit_cost_cents: 8_000 },
      { variant_id: variant('9.5'), quantity: 3, reason: 'received', unit_cost_cents: 8_000 },
      { variant_id: variant('10'), quantity: 2, reason: 'received', unit_cost_cents: 8_000 },
    ],
  });
});
afterAll(async () => browser?.close());

describe('transfers and counts', () => {
  it('creates a transfer in the UI, sends it, receives part by scanning and then the rest', async () => {
    const base = inject('baseUrl');
    const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 900 } });

    await page.goto(`${base}/inventory`);
    await page.getByRole('link', { name: 'Transfers', exact: true }).first().click();
    await page.waitForURL(`${base}/inventory/transfer`);
    await page.getByRole('button', { name: 'New transfer' }).click();

    // Two scans of size 9 (a hardware scanner), then size 9.5 picked from the catalog.
    await expect.poll(() => page.getByLabel('From', { exact: true }).inputValue()).toBe(warehouse.id);
    await focusNothing(page);
    await hardwareScan(page, BARCODES['9']);
    await expect.poll(() => page.getByRole('status').filter({ hasText: '1 on this transfer' }).isVisible()).toBe(true);
    await hardwareScan(page, BARCODES['9']);
    await expect.poll(() => page.getByLabel('Quantity of Dunk Low Retro Panda US M 9', { exact: true }).inputValue()).toBe('2');
    await page.getByLabel('Find a product').fill('DD1391-100');
    await page.getByRole('button', { name: 'Choose sizes: Dunk Low Retro Panda' }).click();
    await page.getByRole('button', { name: /^US M 9\.5 · 3 in stock/ }).click();
    await page.getByLabel('Quantity of Dunk Low Retro Panda US M 9.5', { exact: true }).fill('3');
    // A note typed before a scan keeps its text: the burst is taken out of the field.
    await page.getByLabel('Note', { exact: true }).fill('Box 7');
    await hardwareScan(page, BARCODES['9']);
    await expect.poll(() => page.getByLabel('Quantity of Dunk Low Retro Panda US M 9', { exact: true }).inputValue()).toBe('3');
    expect(await page.getByLabel('Note', { exact: true }).inputValue()).toBe('Box 7');
    await page.getByLabel('Quantity of Dunk Low Retro Panda US M 9', { exact: true }).fill('2');
    await screenshot(page, 'transfer-new');

    // The same location on both ends is refused with the API's message beside "To".
    await page.getByLabel('To', { exact: true }).selectOption(warehouse.id);
    await page.getByRole('button', { name: 'Create transfer' }).click();
    await expect.poll(() => page.getByText('Choose a different location to transfer to').isVisible()).toBe(true);
    expect(await api<unknown[]>('GET', '/inventory/transfers')).toEqual([]);

    await page.getByLabel('To', { exact: true }).selectOption(store.id);
    await page.getByRole('button', { name: 'Create transfer' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Send transfer' }).isVisible()).toBe(true);
    const [created] = await api<{ id: string; status: string; lines: { variant_id: string; quantity: number }[] }[]>(
      'GET',
      '/inventory/transfers',
    );
    expect(created?.status).toBe('draft');
    expect(created?.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ variant_id: variant('9'), quantity: 2 }),
        expect.objectContaining({ variant_id: variant('9.5'), quantity: 3 }),
      ]),
    );

    await page.getByRole('button', { name: 'Send transfer' }).click();
    await expect.poll(() => page.getByText('In transit', { exact: true }).first().isVisible()).toBe(true);
    expect(await onHand('9', warehouse)).toBe(2);
    expect(await onHand('9.5', warehouse)).toBe(0);

    // Scan to receive: one unit of size 9; size 10 is not on the transfer and is refused loudly.
    await focusNothing(page);
    await hardwareScan(page, BARCODES['9']);
    await expect.poll(() => page.getByLabel('Receive now: Dunk Low Retro Panda, US M 9', { exact: true }).inputValue()).toBe('1');
    await hardwareScan(page, BARCODES['10']);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'is not on this transfer' }).isVisible()).toBe(true);
    await page.getByLabel('Receive now: Dunk Low Retro Panda, US M 9.5', { exact: true }).fill('1');
    await page.getByRole('button', { name: 'Receive 2 units' }).click();
    await expect.poll(() => page.getByText('Partially received', { exact: true }).first().isVisible()).toBe(true);
    expect(await onHand('9', store)).toBe(1);
    expect(await onHand('9.5', store)).toBe(1);
    expect(await onHand('10', store)).toBe(0);
    await screenshot(page, 'transfer-detail-partial');

    await page.getByRole('button', { name: 'Fill in everything left' }).click();
    await page.getByRole('button', { name: 'Receive 3 units' }).click();
    // The history reads the receipts back from the stock ledger.
    await expect.poll(() => page.getByText(/everything has arrived/).isVisible()).toBe(true);
    expect((await api<{ status: string }[]>('GET', '/inventory/transfers'))[0]?.status).toBe('received');
    expect(await onHand('9', store)).toBe(2);
    expect(await onHand('9.5', store)).toBe(3);
    expect(await onHand('9', warehouse)).toBe(2);
    expect(await onHand('9.5', warehouse)).toBe(0);
    expect(await onHand('10', warehouse)).toBe(2);
    expect(await page.getByText(/\(partial\)/).count()).toBe(1);
    await screenshot(page, 'transfer-detail-received');

    await page.getByRole('button', { name: 'All transfers' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Received (1)' }).isVisible()).toBe(true);
    await screenshot(page, 'transfer-list');
    await page.close();
  });

  it('counts a location with a hardware scanner, refuses an unknown code, and posts the shortfall', async () => {
    const base = inject('baseUrl');
    const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 900 } });

    await page.goto(`${base}/inventory/counts`);
    await page.getByLabel('Location', { exact: true }).selectOption(store.id);
    await page.getByRole('button', { name: 'Start count' }).click();
    await page.waitForURL(/\/inventory\/counts\/[0-9a-f-]{36}$/);
    const countId = page.url().split('/').pop() ?? '';

    await page.getByRole('link', { name: 'Open scanner' }).click();
    await page.waitForURL(`${base}/inventory/counts/${countId}/scanner`);
    await expect.poll(() => page.getByText('Scan an item to count it').isVisible()).toBe(true);
    // Size 9: 2 on the shelf (as expected); size 9.5: 2 found of 3 expected. Each scan counts one unit.
    const counted = async (size: keyof typeof BARCODES) =>
      (await api<{ lines: { variant_id: string; counted: number | null }[] }>('GET', `/inventory/counts/${countId}`)).lines.find(
        (line) => line.variant_id === variant(size),
      )?.counted ?? null;
    const scans: [keyof typeof BARCODES, number][] = [
      ['9', 1],
      ['9.5', 1],
      ['9', 2],
      ['9.5', 2],
    ];
    for (const [size, expected] of scans) {
      await hardwareScan(page, BARCODES[size]);
      await expect.poll(() => counted(size)).toBe(expected);
    }
    await expect.poll(() => page.getByRole('status', { name: 'Last scan' }).getByText('counted of 3').isVisible()).toBe(true);
    await hardwareScan(page, UNKNOWN);
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: `Unknown barcode ${UNKNOWN}` })
          .isVisible(),
      )
      .toBe(true);
    await screenshot(page, 'count-scanner');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'count-scanner-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('link', { name: 'Back to count' }).click();
    await page.waitForURL(`${base}/inventory/counts/${countId}`);
    await expect.poll(() => page.getByRole('region', { name: 'Lines with a variance' }).getByText('DD1391-100-9.5').isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Lines with a variance' }).getByText('DD1391-100-9', { exact: false }).count()).toBe(1);
    // The review values the shortfall: FIFO cost 80.00 and price 110.00 of the missing unit.
    await expect.poll(() => page.getByText('-$80.00').or(page.getByText('−$80.00')).first().isVisible()).toBe(true);
    await screenshot(page, 'count-page-review');
    await page.getByRole('button', { name: 'Complete count' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Posted to the stock ledger' }).isVisible()).toBe(true);
    await screenshot(page, 'count-page-completed');
    await page.getByRole('link', { name: 'All counts' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Completed (1)' }).isVisible()).toBe(true);
    await screenshot(page, 'counts-list');

    const ledger = await api<Ledger>('GET', `/inventory/variants/${variant('9.5')}/ledger`);
    const posted = ledger.movements.filter((m) => m.reason === 'count' && m.reference_type === 'count' && m.reference_id === countId);
    expect(posted).toEqual([expect.objectContaining({ on_hand_delta: -1, location_id: store.id })]);
    expect(await onHand('9.5', store)).toBe(2);
    // Size 9 matched: no count movement for it.
    const size9 = await api<Ledger>('GET', `/inventory/variants/${variant('9')}/ledger`);
    expect(size9.movements.filter((m) => m.reference_id === countId)).toEqual([]);
    await page.close();
  });

  it('a list that fails to load says so, and Try again loads it in place', async () => {
    const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 900 } });
    let failing = true;
    await page.route('**/api/v1/businesses/*/inventory/counts*', (route) =>
      failing && route.request().method() === 'GET'
        ? route.fulfill({
            status: 429,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Slow down' } }),
          })
        : route.fallback(),
    );
    await page.goto(`${inject('baseUrl')}/inventory/counts`);
    // A refusal (4xx) is asked once more after a second, then the screen gives up (a 5xx is retried
    // for half a minute first: by the client, then by the query).
    await expect.poll(() => page.getByText('The counts could not be loaded.').isVisible(), { timeout: 10_000 }).toBe(true);
    // Nothing is claimed about a list that did not load: the status tabs carry no tally.
    expect(await page.getByRole('tab', { name: 'All', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'load-failed-counts');
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.getByText('The counts could not be loaded.').isVisible()).toBe(false);
    await expect.poll(() => page.getByText('Loading counts…').isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('tab', { name: /^All \(\d+\)$/ }).isVisible()).toBe(true);
    await page.close();
  });

  it('scans with the camera through the reader bundled with the app, and explains a refused camera', async () => {
    const base = inject('baseUrl');
    // A fake camera: the browser answers getUserMedia with a test pattern when the page may use it.
    const camera = await chromium.launch({
      executablePath: inject('chromiumPath'),
      headless: true,
      args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream'],
    });
    try {
      const allowed = await camera.newContext({ viewport: { width: 390, height: 844 }, permissions: ['camera'] });
      const page = await allowed.newPage();
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await signInBrowser(page, owner);
      await page.goto(`${base}/add-product`);
      await page.getByRole('button', { name: 'Scan with camera' }).click();
      await expect.poll(() => page.getByLabel('Camera preview').isVisible()).toBe(true);
      // Without a native BarcodeDetector the polyfill reads frames with zxing-wasm, served from our own origin.
      await expect
        .poll(() => requests.some((url) => url.startsWith(base) && /zxing_reader.*\.wasm$/.test(url)), { timeout: 20_000 })
        .toBe(true);
      expect(requests.filter((url) => !url.startsWith(base))).toEqual([]);
      await expect.poll(() => page.getByText('Starting camera…').isVisible()).toBe(false);
      await screenshot(page, 'camera-scan-390');
      await page.getByRole('button', { name: 'Close' }).click();
      await allowed.close();

      const refused = await camera.newContext({ viewport: { width: 390, height: 844 } });
      const denied = await refused.newPage();
      await signInBrowser(denied, owner);
      await denied.goto(`${base}/add-product`);
      await denied.getByRole('button', { name: 'Scan with camera' }).click();
      await expect.poll(() => denied.getByText(/Camera access was refused/).isVisible()).toBe(true);
      await refused.close();
    } finally {
      await camera.close();
    }
  });
});
