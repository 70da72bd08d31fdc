import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, apiCall, createOwner, signedInPage } from './support/accounts.ts';
import { launchBrowser } from './support/browser.ts';

// Issue #16: one session check per page load, and a screen's rows asked as soon as the business id
// is known, in parallel with what they do not depend on (locations, saved preferences).

let browser: Browser;
let owner: Account;
const PRODUCT = 'Session Check Runner';

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await createOwner({ business_name: 'Session Kicks' });
  await apiCall(
    'POST',
    `/businesses/${owner.user.business.id}/products`,
    { title: PRODUCT, brand: 'Tradepost', category: 'sneakers', size_format: 'us-men', variants: [{ size: '9', sku: 'SCR-9' }] },
    owner.access_token,
  );
});
afterAll(async () => browser?.close());

const baseUrl = () => inject('baseUrl');
const pathOf = (url: string) => new URL(url).pathname;
const isSessionCheck = (url: string) => pathOf(url) === '/api/v1/auth/me';
const isRows = (url: string) => /^\/api\/v1\/businesses\/[^/]+\/products\/rows$/.test(pathOf(url));

const visible = (page: Page, text: string) => () =>
  page
    .getByText(text, { exact: true })
    .first()
    .isVisible()
    .catch(() => false);

/** What each screen shows once its own data has come: until then a late guard or section could still ask. */
const loaded = {
  '/dashboard': (page: Page) => visible(page, `Signed in as ${owner.email}`),
  '/products': (page: Page) => visible(page, PRODUCT),
  '/sales': (page: Page) => visible(page, 'No sales yet'),
} satisfies Record<string, (page: Page) => () => Promise<boolean>>;

/**
 * Counts GET /auth/me over one full load of the page's current address. After the screen shows its
 * data the page is given a moment more, so a check asked by something mounting late is counted too.
 */
async function sessionChecksDuring(page: Page, load: () => Promise<unknown>, shown: () => Promise<boolean>): Promise<number> {
  let checks = 0;
  const count = (request: { url: () => string }) => {
    if (isSessionCheck(request.url())) checks += 1;
  };
  page.on('request', count);
  await load();
  await expect.poll(shown, { timeout: 30_000 }).toBe(true);
  await page.getByRole('navigation', { name: 'Main' }).first().waitFor();
  await page.waitForTimeout(1_500);
  page.off('request', count);
  return checks;
}

describe('session check (issue #16)', () => {
  // Each load waits for its screen's data; a busy machine can make that slow, so the tests get time.
  it.each(['/dashboard', '/products', '/sales'] as const)(
    'a full load of %s asks GET /auth/me exactly once, and so does a reload',
    { timeout: 180_000 },
    async (path) => {
      const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 800 } });
      const shown = loaded[path](page);
      expect(await sessionChecksDuring(page, () => page.goto(`${baseUrl()}${path}`), shown)).toBe(1);
      expect(await sessionChecksDuring(page, () => page.reload(), shown)).toBe(1);
      await page.close();
    },
  );

  it('the products rows are asked as soon as the session is known: not after the page code, the locations or the saved preferences', {
    timeout: 180_000,
  }, async () => {
    const page = await signedInPage(browser, owner, { viewport: { width: 1280, height: 800 } });

    /** Holds matching requests until `release` is called; `held` lists what it caught. */
    function holder() {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const held: string[] = [];
      const hold = async (route: Route) => {
        held.push(pathOf(route.request().url()));
        await released;
        await route.continue().catch(() => {});
      };
      return { hold, held, release: () => release() };
    }
    const code = holder();
    const others = holder();
    // The rows need the business id (from the session check) and the address, nothing else.
    await page.route('**/assets/products-page-*.js', code.hold);
    await page.route('**/api/v1/businesses/*/locations', others.hold);
    await page.route('**/api/v1/auth/me/preferences', others.hold);

    const rows: string[] = [];
    page.on('request', (request) => {
      if (isRows(request.url())) rows.push(new URL(request.url()).search);
    });
    const rowsAnswered = page.waitForResponse((response) => isRows(response.url()), { timeout: 30_000 });
    await page.goto(`${baseUrl()}/products?sort=title`);
    // Answered while the page's own code is still held back: the rows did not wait for it.
    expect((await rowsAnswered).status()).toBe(200);
    // (and the holds do catch what they are meant to: the page's code and the preferences are asked, and wait)
    await expect.poll(() => code.held.length, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => others.held, { timeout: 30_000 }).toContain('/api/v1/auth/me/preferences');

    // With the code let through, the rows show while the locations and the preferences are still held.
    code.release();
    await expect.poll(() => others.held.some((path) => path.endsWith('/locations')), { timeout: 30_000 }).toBe(true);
    await expect.poll(visible(page, PRODUCT), { timeout: 30_000 }).toBe(true);
    // The page found the rows asked for its address (same search, sort and filters): no second request.
    expect(rows).toEqual(['?limit=50&offset=0&sort=title&status=active']);
    others.release();
    await page.close();
  });
});
