import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SYSTEM_SALES_EMAIL } from './global-setup.ts';
import { type Account, adminAccount, createMember, createOwner, setShopifyEnabled, signedInPage } from './support/accounts.ts';
import { launchBrowser } from './support/browser.ts';

let browser: Browser;
let owner: Account;
beforeAll(async () => {
  browser = await launchBrowser();
  owner = await createOwner({ business_name: 'Route Kicks' });
});
afterAll(async () => browser?.close());

const baseUrl = () => inject('baseUrl');

/** Requests in flight per page (the event stream aside: it stays open) and when the last one started or ended. */
const network = new WeakMap<Page, { inFlight: number; lastActivity: number }>();

function watchNetwork(page: Page): void {
  const state = { inFlight: 0, lastActivity: performance.now() };
  const counted = (url: string) => !new URL(url).pathname.includes('/sse/');
  page.on('request', (request) => {
    if (!counted(request.url())) return;
    state.inFlight += 1;
    state.lastActivity = performance.now();
  });
  const settled = (request: { url: () => string }) => {
    if (!counted(request.url())) return;
    state.inFlight -= 1;
    state.lastActivity = performance.now();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  network.set(page, state);
}

/**
 * Opens a path and waits until the app has loaded and client-side redirects settle; returns the final
 * path and hash. Settled, three looks in a row: the address is the same as at the last look, no
 * request has been in flight for a moment (the session check and the page's code have come), the
 * page's main thread is idle (what came has run: a busy machine makes that slow, not a timer), the
 * app has drawn something, and nothing says Loading.
 */
async function land(page: Page, path: string): Promise<string> {
  const state = network.get(page);
  if (state === undefined) throw new Error('land() needs a page from pageFor()');
  await page.goto(`${baseUrl()}${path}`);
  const current = () => {
    const url = new URL(page.url());
    return `${url.pathname}${url.hash}`;
  };
  let last = current();
  for (let stable = 0; stable < 3; ) {
    await page.waitForTimeout(100);
    const drawn = await page
      .evaluate(
        () =>
          new Promise<boolean>((resolve) =>
            requestIdleCallback(() => resolve((document.getElementById('root')?.childElementCount ?? 0) > 0), { timeout: 5_000 }),
          ),
      )
      // A full navigation under way takes the document away: not drawn yet.
      .catch(() => false);
    const quiet = state.inFlight === 0 && performance.now() - state.lastActivity >= 200;
    const loading = await page
      .getByText(/^Loading/)
      .first()
      .isVisible();
    const now = current();
    stable = now === last && quiet && drawn && !loading ? stable + 1 : 0;
    last = now;
  }
  return last;
}

/** The visitors' pages share one context, as each account's do: the app's code loads warm after the first page. */
let visitors: Promise<BrowserContext> | undefined;

async function pageFor(account?: Account): Promise<Page> {
  let page: Page;
  if (account) {
    page = await signedInPage(browser, account);
  } else {
    visitors ??= browser.newContext();
    page = await (await visitors).newPage();
  }
  watchNetwork(page);
  return page;
}

describe('redirects of spec §2', () => {
  const signedInRedirects: [string, string][] = [
    ['/quick-actions/in-store-purchase', '/quick-actions#in-store-purchase'],
    ['/trade', '/quick-actions#trade'],
    ['/highest-bid-report', '/quick-actions#highest-bid'],
    ['/check-payouts', '/quick-actions#check-payouts'],
    ['/inventory-search', '/quick-actions#inventory-search'],
    ['/single-product-intake', '/quick-actions#single-product-intake'],
    ['/buyer/inventory', '/available-inventory'],
    ['/buyer/purchases', '/purchase-history'],
    ['/buyer/offers', '/offers'],
    ['/no/such/page', '/dashboard'],
    ['/', '/dashboard'],
  ];

  it('signed in: every redirect lands where the spec says', async () => {
    const page = await pageFor(owner);
    for (const [from, to] of signedInRedirects) expect(await land(page, from), from).toBe(to);
    await page.close();
  });

  it('signed out: /seller and /buyer go to /login, unknown paths and signed-in pages to /', async () => {
    const page = await pageFor();
    expect(await land(page, '/seller')).toBe('/login');
    expect(await land(page, '/buyer')).toBe('/login');
    expect(await land(page, '/no/such/page')).toBe('/');
    for (const path of ['/dashboard', '/products', '/mobile', '/settings', '/quick-actions'])
      expect(await land(page, path), path).toBe('/');
    await page.close();
  });

  it('public pages open for visitors', async () => {
    const page = await pageFor();
    for (const path of ['/features', '/pricing', '/testimonials', '/about', '/kiosk', '/mobile-login', '/login', '/register']) {
      expect(await land(page, path), path).toBe(path);
    }
    await page.close();
  });
});

describe('guards', () => {
  it('admin: not signed in goes to /auth (and on to /login); a non-admin sees Access Denied with their e-mail', async () => {
    const visitor = await pageFor();
    const seen: string[] = [];
    visitor.on('framenavigated', (frame) => {
      if (frame === visitor.mainFrame()) seen.push(new URL(frame.url()).pathname);
    });
    expect(await land(visitor, '/admin')).toBe('/login');
    expect(seen).toContain('/auth');
    await visitor.close();

    const page = await pageFor(owner);
    await land(page, '/admin/bug-reports');
    await expect
      .poll(() =>
        page
          .getByText(
            "Access Denied: You don't have permission to access the Admin area. Admin access is restricted to authorized personnel only.",
          )
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => page.getByText(owner.email).first().isVisible()).toBe(true);
    await page.close();
  });

  it('admin: a super-admin reaches the admin area', async () => {
    const admin = await adminAccount();
    const page = await pageFor(admin);
    expect(await land(page, '/admin')).toBe('/admin');
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: /Bug Reports/i })
          .first()
          .isVisible(),
      )
      .toBe(true);
    await page.close();
  });

  it('fulfillment role: the dashboard and other screens go to /fulfillments; the menu shows only Fulfillments and Settings', async () => {
    const picker = await createMember(owner, 'fulfillment');
    const page = await pageFor(picker);
    expect(await land(page, '/dashboard')).toBe('/fulfillments');
    expect(await land(page, '/products')).toBe('/fulfillments');
    expect(await land(page, '/settings')).toBe('/settings');
    const links = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
    expect(links.map((l) => l.trim()).filter(Boolean)).toEqual(['Fulfillments', 'Settings']);
    await page.close();
  });

  it('Shopify screens need the business to have Shopify enabled', async () => {
    const shop = await createOwner({ business_name: 'Shopify Kicks' });
    const page = await pageFor(shop);
    expect(await land(page, '/shopify')).toBe('/dashboard');
    expect(await land(page, '/shopify-sync')).toBe('/dashboard');
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shopify', exact: true }).count())
      .toBe(0);

    await setShopifyEnabled(shop, true);
    await page.reload();
    expect(await land(page, '/shopify')).toBe('/shopify');
    await page.close();
  });

  it('Users is for the owner only', async () => {
    const staff = await createMember(owner, 'staff');
    const staffPage = await pageFor(staff);
    expect(await land(staffPage, '/users')).toBe('/dashboard');
    await staffPage.close();
    const ownerPage = await pageFor(owner);
    expect(await land(ownerPage, '/users')).toBe('/users');
    await ownerPage.close();
  });

  it('System Sales is for the system-sales account only, which sees a reduced menu', async () => {
    const page = await pageFor(owner);
    const seen: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
    });
    // Others are sent to `/`, which takes a signed-in user on to the dashboard.
    expect(await land(page, '/system-sales')).toBe('/dashboard');
    expect(seen).toContain('/');
    await page.close();

    const sales = await createOwner({ email: SYSTEM_SALES_EMAIL, business_name: 'System Sales' });
    const salesPage = await pageFor(sales);
    expect(await land(salesPage, '/system-sales')).toBe('/system-sales');
    const nav = salesPage.getByRole('navigation', { name: 'Main' });
    for (const hidden of ['Inventory', 'Marketplaces', 'Wholesale', 'Network', 'Finances', 'Analytics']) {
      expect(await nav.getByText(hidden, { exact: true }).count(), hidden).toBe(0);
    }
    await salesPage.close();
  });
});
