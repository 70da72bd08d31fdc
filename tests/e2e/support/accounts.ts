import type { LoginResponse, Role } from '@tradepost/shared/schemas/auth.ts';
import type { Page } from 'playwright-core';
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

/** Signs the browser in without the UI: the web app keeps its session under this key. */
export async function signInBrowser(page: Page, account: Account): Promise<void> {
  const baseUrl = inject('baseUrl');
  await page.goto(`${baseUrl}/login`);
  await page.evaluate(([token, expiresAt]) => localStorage.setItem('tradepost.session.v1', JSON.stringify({ token, expiresAt })), [
    account.access_token,
    Date.parse(account.expires_at),
  ] as const);
}

/** The run's super-admin (ADMIN_EMAILS in the global setup): created on first use, then signed in. */
export async function adminAccount(): Promise<Account> {
  const email = 'admin@tradepost.test';
  try {
    return await login(email);
  } catch {
    return createOwner({ email, business_name: 'Tradepost HQ' });
  }
}
