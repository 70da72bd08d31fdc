import type { Fulfillment, RecordOutcome, Sale } from '@tradepost/shared/schemas/sales.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type EbaySimulator, startEbaySimulator } from '../simulators/ebay/ebay-simulator.ts';
import { type Account, apiCall, createMember, createOwner, signInBrowser } from './support/accounts.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { connectEbaySimulator } from './support/marketplaces.ts';
import { hardwareScan } from './support/scanner.ts';

// Spec §6 and §8: the web app never calls a route the signed-in role cannot use, because a 403 ends
// the session. Each role works through its screens in a real browser while every API answer the
// page receives is watched for 401 and 403.

let browser: Browser;
let ebay: EbaySimulator;
let owner: Account;
let business: string;
const shoe = { sku: 'SB-DUNK-CHUNKY-95', barcode: '196153000951', title: 'SB Dunk Low Chunky Dunky' };

/** What offering to connect a marketplace looks like: "Connect eBay", "Connect a marketplace", "Reconnect", "Disconnect". */
const connectAction = /^\s*(connect|reconnect|disconnect)\b/i;

const call = <T>(method: string, path: string, body?: unknown) =>
  apiCall<T>(method, `/businesses/${business}${path}`, body, owner.access_token);

type ApiWatch = {
  /** Every API answer of the page, as `status METHOD /path`. */
  answers: string[];
  /** The 401 and 403 answers among them: there must be none. */
  refused: () => string[];
  /** Resolves once no API request (the event stream aside) has been in flight for a moment. */
  idle: () => Promise<void>;
};

/** Listens to every API request and answer of the page for the whole visit. */
function watchApi(page: Page): ApiWatch {
  const answers: string[] = [];
  let inFlight = 0;
  const isApi = (url: string) => {
    const { pathname } = new URL(url);
    // The batch stream stays open for the whole visit; it is watched for its status like the rest.
    return pathname.startsWith('/api/') ? { pathname, streaming: pathname.includes('/sse/') } : null;
  };
  page.on('request', (request) => {
    const api = isApi(request.url());
    if (api && !api.streaming) inFlight++;
  });
  const settle = (url: string) => {
    const api = isApi(url);
    if (api && !api.streaming) inFlight--;
  };
  page.on('requestfinished', (request) => settle(request.url()));
  page.on('requestfailed', (request) => settle(request.url()));
  page.on('response', (response) => {
    const api = isApi(response.url());
    if (api) answers.push(`${response.status()} ${response.request().method()} ${api.pathname}`);
  });
  return {
    answers,
    refused: () => answers.filter((answer) => answer.startsWith('401 ') || answer.startsWith('403 ')),
    idle: async () => {
      for (let quiet = 0; quiet < 4; ) {
        await page.waitForTimeout(125);
        quiet = inFlight === 0 ? quiet + 1 : 0;
      }
    },
  };
}

/** Opens a path and waits for the app to land and its calls to settle; returns where it landed. */
async function visit(page: Page, watch: ApiWatch, path: string): Promise<string> {
  await page.goto(`${inject('baseUrl')}${path}`);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await watch.idle();
  // Checked on every screen, so a refusal names the screen that made it (it would end the session).
  expect(watch.refused(), path).toEqual([]);
  return new URL(page.url()).pathname;
}

/** An eBay order for two of the shoe, recorded through the channel: one fulfillment to pick. */
async function recordOrder(externalId: string): Promise<Sale> {
  const channel = (await call<{ id: string; kind: string }[]>('GET', '/channels')).find((c) => c.kind === 'ebay');
  const outcome = await call<RecordOutcome>('POST', `/channels/${channel?.id}/orders`, {
    external_order_id: externalId,
    customer: { name: 'Rae Runner' },
    lines: [{ sku: shoe.sku, quantity: 2, unit_price_cents: 21_000, fees_cents: 2_100 }],
  });
  if (outcome.outcome !== 'recorded') throw new Error(`order not recorded: ${JSON.stringify(outcome)}`);
  return outcome.sale;
}

beforeAll(async () => {
  const baseUrl = inject('baseUrl');
  ebay = await startEbaySimulator({ consent: 'auto', acceptUrl: `${baseUrl}/api/v1/channels/ebay/oauth/callback` });
  browser = await launchBrowser();
  owner = await createOwner({ business_name: 'Role Kicks' });
  business = owner.user.business.id;
  const product = await call<{ variants: { id: string }[] }>('POST', '/products', {
    title: shoe.title,
    brand: 'Nike',
    style_code: 'DB2040-100',
    category: 'sneakers',
    size_format: 'us-men',
    variants: [{ size: '9.5', sku: shoe.sku, price_cents: 21_000, barcodes: [{ code: shoe.barcode }] }],
  });
  const locations = await call<{ id: string; is_default: boolean }[]>('GET', '/locations');
  await call('POST', '/inventory/adjustments', {
    location_id: (locations.find((l) => l.is_default) ?? locations[0])?.id,
    lines: [{ variant_id: product.variants[0]?.id, quantity: 6, reason: 'received', unit_cost_cents: 12_000 }],
  });
});
afterAll(async () => {
  await browser?.close();
  await ebay?.close();
});

describe('roles in the browser (spec §6, §8)', () => {
  it('the fulfillment role picks, packs by scanner and ships an order, and reaches its screens, with no 401 or 403', async () => {
    const sale = await recordOrder('EB-ROLE-1');
    const fulfillmentId = sale.fulfillments[0]?.id ?? '';
    const picker = await createMember(owner, 'fulfillment');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const watch = watchApi(page);
    await signInBrowser(page, picker);

    // Signing in lands on the dashboard, which sends this role to its work.
    expect(await visit(page, watch, '/dashboard')).toBe('/fulfillments');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect((await nav.getByRole('link').allTextContents()).map((l) => l.trim())).toEqual(['Fulfillments', 'Settings']);
    await screenshot(page, 'roles-fulfillment-sidebar-1280');

    // Pick: the order from the list, then picking starts.
    await page.getByRole('button', { name: new RegExp(`^#${sale.number}`) }).click();
    const detail = page.getByRole('region', { name: `Order #${sale.number}` });
    await detail.getByRole('heading', { name: `Order #${sale.number}` }).waitFor();
    // Sales are not this role's: no way into one.
    expect(await detail.getByRole('link', { name: 'Open sale' }).count()).toBe(0);
    await detail.getByRole('button', { name: 'Start picking' }).click();
    await detail.getByRole('button', { name: 'Back to pending' }).waitFor();

    // Pack: every unit scanned in scanning mode.
    await detail.getByRole('link', { name: 'Pick by scanning' }).click();
    await page.waitForURL(/\/scanning-mode\?fulfillment=/);
    await page.getByText('Scan the first item').waitFor();
    await hardwareScan(page, shoe.barcode);
    await expect.poll(() => page.getByRole('progressbar', { name: '1 of 2 units picked' }).isVisible()).toBe(true);
    await hardwareScan(page, shoe.barcode);
    await page.getByRole('heading', { name: 'Order packed' }).waitFor();

    // Ship.
    await page.getByRole('textbox', { name: /Tracking number/ }).fill('9400111899223197428490');
    await page.getByRole('button', { name: 'Ship', exact: true }).click();
    await page.getByRole('heading', { name: 'Scanning mode' }).waitFor();
    await watch.idle();
    const shipped = await call<Fulfillment>('GET', `/fulfillments/${fulfillmentId}`);
    expect(shipped).toMatchObject({ status: 'shipped', tracking_number: '9400111899223197428490' });
    expect((await call<Sale>('GET', `/sales/${sale.id}`)).status).toBe('fulfilled');

    // Every screen the role reaches, and the packing slip of the shipped order.
    expect(await visit(page, watch, `/fulfillments?tab=shipped&open=${fulfillmentId}`)).toBe('/fulfillments');
    const [slip] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Packing slip' }).click()]);
    await expect.poll(() => slip.url()).toMatch(/^blob:/);
    await slip.close();
    expect(await visit(page, watch, '/retail/fulfillments')).toBe('/retail/fulfillments');
    expect(await visit(page, watch, '/scanning-mode')).toBe('/scanning-mode');
    expect(await visit(page, watch, '/settings')).toBe('/settings');
    await page.getByText('Only the owner of the business can change these.').waitFor();
    expect(await page.getByRole('button', { name: 'Save business profile' }).count()).toBe(0);
    // The profile, through the user menu.
    await page.getByRole('button', { name: /Fran Picker/ }).click();
    const menu = page.getByRole('dialog', { name: 'Fran Picker' });
    // By the keyboard (see web-auth.test.ts: a click on the settling popover can miss under load).
    await menu.getByRole('link', { name: 'View Profile' }).press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await watch.idle();
    // Screens of other roles send it home without a call.
    for (const path of ['/products', '/sales', '/users', '/sales-channels-management', '/admin']) {
      expect(await visit(page, watch, path), path).toBe('/fulfillments');
    }

    expect(watch.answers.length).toBeGreaterThan(10);
    expect(watch.refused()).toEqual([]);
    // Still signed in: a refused call would have ended the session and gone to the root page.
    expect(new URL(page.url()).pathname).toBe('/fulfillments');
    await page.close();
  });

  it('staff tour the main screens with no 401 or 403, and are offered no Users and no marketplace connecting', async () => {
    await connectEbaySimulator(owner, ebay);
    await recordOrder('EB-ROLE-2');
    const staff = await createMember(owner, 'staff');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const watch = watchApi(page);
    await signInBrowser(page, staff);

    const tour = [
      '/dashboard',
      '/products',
      '/inventory',
      '/sales',
      '/fulfillments',
      '/settings',
      '/sales-channels',
      '/sales-channels-management',
      '/sync-health',
    ];
    for (const path of tour) {
      expect(await visit(page, watch, path), path).toBe(path);
      // The screen's code may still be arriving once the API is idle: wait for its heading.
      await expect(page.getByRole('heading', { level: 1 }).first().waitFor(), path).resolves.toBeUndefined();
      // Users is the owner's: neither the sidebar nor any screen links to it.
      expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).count(), path).toBe(0);
      expect(await page.locator('a[href="/users"]').count(), path).toBe(0);
      // Connecting, reconnecting and disconnecting a marketplace are the owner's: no button or link offers them.
      const main = page.getByRole('main');
      expect(await main.getByRole('button', { name: connectAction }).allTextContents(), path).toEqual([]);
      expect(await main.getByRole('link', { name: connectAction }).allTextContents(), path).toEqual([]);
      if (path === '/dashboard') await screenshot(page, 'roles-staff-sidebar-1280');
    }

    // Where an action is missing, the screen says whose it is.
    expect(await visit(page, watch, '/sales-channels-management')).toBe('/sales-channels-management');
    const ebayAccount = page.getByRole('region', { name: 'eBay account' });
    await ebayAccount.getByText('Connected', { exact: true }).waitFor();
    await ebayAccount.getByText('Only the owner can change, reconnect or disconnect marketplaces.').waitFor();
    await page.getByRole('region', { name: 'Shopify account' }).getByText('Only the owner can connect marketplaces.').waitFor();
    // What the account sells from is shown as text, not as a control to change it.
    await ebayAccount.getByText('Sell stock from').waitFor();
    expect(await ebayAccount.getByRole('combobox').count()).toBe(0);
    await screenshot(page, 'roles-staff-channels-management-1280');
    await ebayAccount.scrollIntoViewIfNeeded();
    await screenshot(page, 'roles-staff-channels-management-ebay-1280');

    expect(await visit(page, watch, '/settings')).toBe('/settings');
    await page.getByText('Only the owner of the business can change these.').waitFor();
    expect(await page.getByRole('button', { name: 'Save business profile' }).count()).toBe(0);

    // Staff open sales from a fulfillment, which the fulfillment role cannot.
    const open = (await call<Fulfillment[]>('GET', '/fulfillments?status=open'))[0];
    expect(await visit(page, watch, `/fulfillments?open=${open?.id}`)).toBe('/fulfillments');
    await page.getByRole('link', { name: 'Open sale' }).waitFor();

    expect(await visit(page, watch, '/users')).toBe('/dashboard');
    expect(watch.answers.length).toBeGreaterThan(20);
    expect(watch.refused()).toEqual([]);
    await page.close();
  });
});
