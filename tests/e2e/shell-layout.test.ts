import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, adminAccount, apiCall, createMember, createOwner, login, signedInPage, signInBrowser } from './support/accounts.ts';
import { launchBrowser, screenshot } from './support/browser.ts';

let browser: Browser;
let owner: Account;
beforeAll(async () => {
  browser = await launchBrowser();
  owner = await createOwner({ business_name: 'Frame Kicks', first_name: 'Sam', last_name: 'Frame' });
});
afterAll(async () => browser?.close());

const baseUrl = () => inject('baseUrl');

async function openSignedIn(account: Account, path: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await signedInPage(browser, account, { viewport });
  await page.goto(`${baseUrl()}${path}`);
  await page.getByRole('navigation', { name: 'Main' }).first().waitFor();
  return page;
}

const sidebarWidth = (page: Page) =>
  page.getByRole('complementary', { name: 'Sidebar' }).evaluate((el) => Math.round(el.getBoundingClientRect().width));

describe('sidebar', () => {
  it('collapses to icons (220 → 60 px) and stays collapsed after a reload', async () => {
    const page = await openSignedIn(owner, '/dashboard');
    expect(await sidebarWidth(page)).toBe(220);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(() => sidebarWidth(page)).toBe(60);
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await sidebarWidth(page)).toBe(60);

    // Collapsed, a group opens as a floating panel 200 px wide.
    await page.getByRole('button', { name: 'Inventory' }).click();
    const panel = page.getByRole('link', { name: 'Products' }).locator('xpath=ancestor::*[@aria-labelledby][1]');
    await panel.waitFor();
    expect(Math.round((await panel.boundingBox())?.width ?? 0)).toBe(200);
    await screenshot(page, 'sidebar-collapsed-panel');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(() => sidebarWidth(page)).toBe(220);
    await page.close();
  });

  it('keeps the keyboard on the collapse toggle both ways', async () => {
    const page = await openSignedIn(owner, '/dashboard');
    const focusedName = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);
    await page.getByRole('button', { name: 'Collapse sidebar' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => sidebarWidth(page)).toBe(60);
    await expect.poll(focusedName).toBe('Expand sidebar');
    await page.keyboard.press('Enter');
    await expect.poll(() => sidebarWidth(page)).toBe(220);
    await expect.poll(focusedName).toBe('Collapse sidebar');
    await page.close();
  });

  it('is an overlay at phone width', async () => {
    const page = await signedInPage(browser, owner, { viewport: { width: 390, height: 844 } });
    await page.goto(`${baseUrl()}/dashboard`);
    const open = page.getByRole('button', { name: 'Open navigation' });
    await open.waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await open.click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await screenshot(page, 'sidebar-overlay-390');
    await page.getByRole('button', { name: 'Close navigation' }).click();
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.close();
  });
});

describe('preferences', () => {
  it('dark theme from settings is applied and kept after a reload', async () => {
    const account = await createOwner({ business_name: 'Dark Kicks' });
    const page = await openSignedIn(account, '/settings');
    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.close();
  });

  it('with no SMTP server, an invitation waits in the owner’s outbox under Settings, link and all', async () => {
    const account = await createOwner({ business_name: 'Outbox Kicks' });
    await createMember(account, 'staff');
    const page = await openSignedIn(account, '/settings');
    const outbox = page.getByRole('region', { name: 'Outbox' });
    await outbox.getByText(/no SMTP server is configured/).waitFor();
    await outbox.getByRole('button', { name: /invit/i }).first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toMatch(/\/accept-invitation\/[A-Za-z0-9_-]{20,}/);
    // The dialog fades in: a picture taken mid-animation shows the page through it.
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
    await screenshot(page, 'settings-outbox-message');
    await page.close();
  });

  it('the text-size slider scales the text app-wide, and is saved to the account', async () => {
    const account = await createOwner({ business_name: 'Big Text Kicks', first_name: 'Tia', last_name: 'Large' });
    const page = await openSignedIn(account, '/dashboard');
    // A CSS locator: while the user menu is open the page behind it is hidden from the accessibility tree.
    const heading = page.locator('main h1, h1').first();
    const before = await heading.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    await page.getByRole('button', { name: /Tia Large/ }).click();
    await page.getByRole('slider', { name: 'Text size' }).fill('1.3');
    await expect.poll(() => heading.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThan(before * 1.1);
    await expect
      .poll(
        async () =>
          (await apiCall<{ ui: { fontScale: number } }>('GET', '/auth/me/preferences', undefined, account.access_token)).ui.fontScale,
      )
      .toBe(1.3);
    await page.close();
  });
});

describe('session and version', () => {
  it('a 401 from the API shows Session Expired and lands on /', async () => {
    const account = await login(owner.email, owner.password);
    const page = await openSignedIn(account, '/dashboard');
    // Leave the app first: a dashboard query still in flight would meet the 401 itself and end the
    // session before the reload, and the reload would then find no session to expire.
    await page.goto('about:blank');
    await apiCall('POST', '/auth/logout', undefined, account.access_token);
    await page.goto(`${baseUrl()}/dashboard`);
    await expect.poll(() => page.getByText('Session Expired', { exact: true }).first().isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('tradepost.session.v1'))).toBeNull();
    await page.close();
  });

  it('a new build shows the new-version toast, and clicking it reloads the page', async () => {
    const page = await browser.newPage();
    await page.clock.install();
    let build = 'build-one';
    await page.route('**/version.json', (route) =>
      route.fulfill({ json: { version: '0.1.0', build, generatedAt: new Date().toISOString() }, headers: { 'cache-control': 'no-store' } }),
    );
    await signInBrowser(page, owner);
    await page.goto(`${baseUrl()}/dashboard`);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { beforeReload: boolean }).beforeReload = true;
    });
    build = 'build-two';
    await page.clock.fastForward('05:05');
    await page.getByText('A new version of Tradepost is available').first().waitFor({ timeout: 10_000 });
    await page.clock.resume();
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload).catch(() => true))
      .toBeUndefined();
    await page.close();
  });
});

describe('report a bug', () => {
  it('a report from the sidebar reaches the admin list', async () => {
    const page = await openSignedIn(owner, '/dashboard');
    await page.getByRole('button', { name: 'Report Bug' }).click();
    const text = `The dashboard froze after I changed the density ${Date.now()}`;
    await page.getByLabel('What happened?').fill(text);
    await page.getByRole('button', { name: /^(Send|Send report|Submit)/ }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.close();

    const admin = await adminAccount();
    const adminPage = await openSignedIn(admin, '/admin/bug-reports');
    await expect.poll(() => adminPage.getByText(text).first().isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(adminPage, 'admin-bug-reports');
    await adminPage.close();
  });
});
