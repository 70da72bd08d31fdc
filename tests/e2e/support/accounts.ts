import type { LoginResponse, Role } from '@tradepost/shared/schemas/auth.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { PASSWORD, registerUser, uniqueEmail } from './browser.ts';

const api = (path: string) => `${inject('baseUrl')}/api/v1${path}`;

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(api(path), {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

export type Account = LoginResponse & { email: string; password: string };

export async function login(email: string, password = PASSWORD): Promise<Account> {
  const session = await call<LoginResponse>('POST', '/auth/login/json', { email, password });
  return { ...session, email, password };
}

/** A new business and its owner, signed in through the API. */
export async function createOwner(overrides: Record<string, string> = {}): Promise<Account> {
  const { email, password } = await registerUser(overrides);
  return login(email, password);
}

/** A second user of the owner's business with the given role, through a real invitation. */
export async function createMember(owner: Account, role: Role): Promise<Account> {
  const email = uniqueEmail(role);
  const { accept_path } = await call<{ accept_path: string }>(
    'POST',
    `/businesses/${owner.user.business.id}/invitations`,
    { email, role },
    owner.access_token,
  );
  const token = accept_path.split('/').pop();
  const session = await call<LoginResponse>('POST', `/invitations/${token}/accept`, {
    password: PASSWORD,
    first_name: 'Fran',
    last_name: 'Picker',
  });
  return { ...session, email, password: PASSWORD };
}

export async function setShopifyEnabled(owner: Account, enabled: boolean): Promise<void> {
  await call('PUT', `/businesses/${owner.user.business.id}`, { shopify_enabled: enabled }, owner.access_token);
}

export const apiCall = call;

/**
 * Signs the browser in without the UI: the web app keeps its session under this key. The key is
 * written from the server's small health answer, a document of the app's origin, so the app is not
 * loaded (1.3 MB of script) only to be left at once for the page the test opens.
 */
export async function signInBrowser(page: Page, account: Account): Promise<void> {
  const baseUrl = inject('baseUrl');
  await page.goto(`${baseUrl}/health`);
  await page.evaluate(([token, expiresAt]) => localStorage.setItem('tradepost.session.v1', JSON.stringify({ token, expiresAt })), [
    account.access_token,
    Date.parse(account.expires_at),
  ] as const);
}

/**
 * The run's super-admin (ADMIN_EMAILS in the global setup): created on first use, then signed in.
 * Two files running at once may both find it missing: the one whose registration loses signs in.
 */
export async function adminAccount(): Promise<Account> {
  const email = 'admin@tradepost.test';
  try {
    return await login(email);
  } catch {
    try {
      return await createOwner({ email, business_name: 'Tradepost HQ' });
    } catch {
      return login(email);
    }
  }
}

/** The contexts `signedInPage` keeps, per browser and account. */
const signedInContexts = new WeakMap<Browser, Map<string, Promise<BrowserContext>>>();

/**
 * A new page signed in as the account, in a context the browser keeps for that account. The app's
 * code, cached by the first page, loads warm in every later one: a fresh context per page would
 * download and compile the whole app again (the slowest part of most tests). Viewport and colour
 * scheme are the page's own. Close the page, not its context (the browser closes that).
 */
export async function signedInPage(
  browser: Browser,
  account: Account,
  options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {},
): Promise<Page> {
  let contexts = signedInContexts.get(browser);
  if (contexts === undefined) {
    contexts = new Map();
    signedInContexts.set(browser, contexts);
  }
  let page: Page;
  const context = contexts.get(account.access_token);
  if (context === undefined) {
    const created = browser.newContext();
    contexts.set(account.access_token, created);
    page = await (await created).newPage();
    await signInBrowser(page, account);
  } else {
    page = await (await context).newPage();
  }
  // Playwright's defaults, as a page of a new context of its own would have them.
  await page.setViewportSize(options.viewport ?? { width: 1280, height: 720 });
  if (options.colorScheme) await page.emulateMedia({ colorScheme: options.colorScheme });
  return page;
}
