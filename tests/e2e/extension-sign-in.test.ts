import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { displayName } from '@tradepost/shared/domain/session.ts';
import type { User } from '@tradepost/shared/schemas/auth.ts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PASSWORD, registerUser } from './support/browser.ts';
import { type LaunchedExtension, launchExtension } from './support/extension.ts';

/** What the extension keeps under chrome.storage.local 'session' (see extension/lib/storage.ts). */
type StoredSession = { server: string; token: string; expires_at: string; user: User };

type ChromeInWorker = {
  chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown>> } } };
  tradepostCaptureMenuClick?: (info: { menuItemId: string; pageUrl?: string }) => unknown;
};

/** Beside the other e2e screenshots unless SCREENSHOT_DIR says otherwise. */
const shotsDir = process.env.SCREENSHOT_DIR ?? join(import.meta.dirname, '..', 'artifacts', 'screenshots');
const businessName = 'Extension Test Kicks';

describe('extension sign-in', () => {
  const baseUrl = inject('baseUrl');
  let email: string;
  let extension: LaunchedExtension;
  let popup: Page;

  const storedSession = () =>
    extension.serviceWorker.evaluate(async () => {
      const { chrome } = globalThis as unknown as ChromeInWorker;
      const stored = await chrome.storage.local.get('session');
      return (stored.session ?? null) as StoredSession | null;
    });

  /**
   * Light and dark. A popup is as tall as its content, so the body is what a user sees; a side
   * panel fills the browser's height. Transitions are finished first (Fluent animates colours).
   */
  const shoot = async (page: Page, name: string, area: 'content' | 'viewport') => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const path = join(shotsDir, `ext-${name}-${colorScheme}.png`);
      if (area === 'content') await page.locator('body').screenshot({ path, animations: 'disabled' });
      else await page.screenshot({ path, animations: 'disabled' });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  };

  beforeAll(async () => {
    ({ email } = await registerUser({ business_name: businessName, first_name: 'Jordan', last_name: 'Reyes' }));

    await mkdir(shotsDir, { recursive: true });
    extension = await launchExtension({ chromiumPath: inject('chromiumPath'), extensionDir: inject('extensionDir') });
    popup = await extension.context.newPage();
    // The popup's own width (340 px) with room below, like Chrome's popup frame.
    await popup.setViewportSize({ width: 340, height: 460 });
    await popup.goto(extension.url('popup.html'));
  });

  afterAll(async () => {
    await extension?.close();
  });

  it('shows the sign-in form when signed out', async () => {
    await expect.poll(() => popup.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(await popup.getByLabel('Server address').inputValue()).toBe('http://localhost:3000');
    await expect.poll(() => popup.getByLabel('Email').isVisible()).toBe(true);
    await expect.poll(() => popup.getByLabel('Password').isVisible()).toBe(true);
    await shoot(popup, 'popup-signed-out', 'content');
  });

  it("shows the server's message for a wrong password", async () => {
    await popup.getByLabel('Server address').fill(baseUrl);
    await popup.getByLabel('Email').fill(email);
    await popup.getByLabel('Password').fill('Wrong-password-1');
    await popup.getByRole('button', { name: 'Sign in' }).click();
    await popup.getByRole('alert').filter({ hasText: 'Incorrect email or password' }).waitFor();
    expect(await storedSession()).toBeNull();
    await shoot(popup, 'popup-sign-in-error', 'content');
  });

  it('signs in and shows who is signed in, in the popup and the side panel', async () => {
    await popup.getByLabel('Password').fill(PASSWORD);
    await popup.getByRole('button', { name: 'Sign in' }).click();
    await popup.getByRole('button', { name: 'Sign out' }).waitFor();

    const session = await storedSession();
    if (session === null) throw new Error('no session stored after signing in');
    expect(session.server).toBe(baseUrl);
    expect(session.user.email).toBe(email);
    const name = displayName(session.user);
    expect(name).toContain('Jordan');
    await popup.getByText(name, { exact: true }).waitFor();
    await popup.getByText(businessName, { exact: true }).waitFor();
    expect(await popup.getByRole('form', { name: 'Sign in to Tradepost' }).count()).toBe(0);
    await shoot(popup, 'popup-signed-in', 'content');

    // The session belongs to the background worker, so the side panel shares it.
    const sidePanel = await extension.context.newPage();
    await sidePanel.setViewportSize({ width: 400, height: 640 });
    await sidePanel.goto(extension.url('sidepanel.html'));
    await sidePanel.getByText(businessName, { exact: true }).waitFor();
    await shoot(sidePanel, 'sidepanel-signed-in', 'viewport');
    await sidePanel.close();
  });

  it('signs out back to the form and revokes the token on the server', async () => {
    const token = (await storedSession())?.token;
    expect(token).toBeTruthy();
    await popup.getByRole('button', { name: 'Sign out' }).click();
    await popup.getByRole('button', { name: 'Sign in' }).waitFor();
    // The address the user signed in to is kept for next time.
    expect(await popup.getByLabel('Server address').inputValue()).toBe(baseUrl);
    expect(await storedSession()).toBeNull();
    await expect
      .poll(async () => (await fetch(`${baseUrl}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status)
      .toBe(401);
  });

  it('exposes the Capture listing menu handler on the service worker', async () => {
    const outcome = await extension.serviceWorker.evaluate(() => {
      const hook = (globalThis as unknown as ChromeInWorker).tradepostCaptureMenuClick;
      if (hook === undefined) return 'missing';
      return hook({ menuItemId: 'tradepost-capture-listing', pageUrl: 'https://www.ebay.com/itm/1234567890' });
    });
    expect(outcome).toMatchObject({ handled: true, pageUrl: 'https://www.ebay.com/itm/1234567890' });
    expect(outcome).toMatchObject({ ok: false, message: expect.stringContaining('Open a listing') });
  });
});
