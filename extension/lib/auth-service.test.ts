import type { User } from '@tradepost/shared/schemas/auth.ts';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

// wxt's `browser` (and so its storage) binds to globalThis.chrome when first imported, so the
// fake goes in before the modules under test are loaded.
Object.defineProperty(globalThis, 'chrome', { value: fakeBrowser, configurable: true });
const { createAuthService } = await import('./auth-service.ts');
const { serverAddressItem, sessionItem } = await import('./storage.ts');

const server = 'http://tradepost.test';
const user: User = {
  id: '0190c9a4-7b1e-7cc0-8a5e-6a1d2f3b4c5d',
  email: 'jordan@example.com',
  username: 'jordan',
  first_name: 'Jordan',
  last_name: 'Reyes',
  role: 'owner',
  timezone: 'UTC',
  demo_mode: false,
  is_super_admin: false,
  is_system_sales: false,
  business: {
    id: '0190c9a4-7b1e-7cc0-8a5e-6a1d2f3b4c5e',
    business_name: 'Extension Test Kicks',
    currency: 'USD',
    timezone: 'UTC',
    shopify_enabled: false,
    trial_ends_at: '2030-01-01T00:00:00.000Z',
  },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Call = { url: string; method: string; authorization: string | null };

/** A tiny stand-in for the API: one password, and /auth/me answers what `meStatus` says. */
function fakeApi(options: { meStatus?: number } = {}) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    calls.push({ url, method: init?.method ?? 'GET', authorization: headers.get('authorization') });
    if (url === `${server}/api/v1/auth/login/json`) {
      const body = JSON.parse(String(init?.body)) as { email: string; password: string };
      if (body.password !== 'Sneakers2026!') {
        return json(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Incorrect email or password' } });
      }
      return json(200, { user, access_token: 'token-1', token_type: 'bearer', expires_at: '2099-01-01T00:00:00.000Z' });
    }
    if (url === `${server}/api/v1/auth/me`) {
      const status = options.meStatus ?? 200;
      return status === 200
        ? json(200, { ...user, first_name: 'Jo' })
        : json(status, { error: { code: 'UNAUTHORIZED', message: 'Session expired' } });
    }
    if (url === `${server}/api/v1/auth/logout`) return new Response(null, { status: 204 });
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  return { fetch, calls };
}

const silent = { warn: () => undefined };

describe('auth service', () => {
  beforeAll(() => {
    expect(fakeBrowser.runtime.id).toBeTruthy();
  });

  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('signs in, keeps the token to itself and remembers the server', async () => {
    const api = fakeApi();
    const auth = createAuthService({ fetch: api.fetch, logger: silent });
    const state = await auth.signIn({ server: `${server}/`, email: 'Jordan@Example.com', password: 'Sneakers2026!' });
    expect(state).toEqual({ status: 'signed-in', server, user, expires_at: '2099-01-01T00:00:00.000Z' });
    expect(JSON.stringify(state)).not.toContain('token-1');
    expect(await sessionItem.getValue()).toMatchObject({ server, token: 'token-1' });
    expect(await serverAddressItem.getValue()).toBe(server);
    expect(JSON.parse(String(api.fetch.mock.calls[0]?.[1]?.body))).toEqual({ email: 'jordan@example.com', password: 'Sneakers2026!' });
  });

  it("passes on the server's words for a wrong password and stores nothing", async () => {
    const auth = createAuthService({ fetch: fakeApi().fetch, logger: silent });
    await expect(auth.signIn({ server, email: 'jordan@example.com', password: 'nope' })).rejects.toThrow('Incorrect email or password');
    expect(await sessionItem.getValue()).toBeNull();
  });

  it('says Login Failed when the server gives no reason', async () => {
    const fetch = vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 418 }));
    const auth = createAuthService({ fetch, logger: silent });
    await expect(auth.signIn({ server, email: 'jordan@example.com', password: 'x' })).rejects.toThrow('Login Failed');
  });

  it('refuses an address that is not http(s) before calling anyone', async () => {
    const api = fakeApi();
    const auth = createAuthService({ fetch: api.fetch, logger: silent });
    await expect(auth.signIn({ server: 'ftp://x', email: 'jordan@example.com', password: 'Sneakers2026!' })).rejects.toThrow(
      'Enter the server address',
    );
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('refreshes the user in the background when asked for the session', async () => {
    const auth = createAuthService({ fetch: fakeApi().fetch, logger: silent });
    await auth.signIn({ server, email: 'jordan@example.com', password: 'Sneakers2026!' });
    expect(await auth.getSession()).toMatchObject({ status: 'signed-in' });
    await vi.waitFor(async () => expect((await sessionItem.getValue())?.user.first_name).toBe('Jo'));
  });

  it.each([401, 403])('ends the session when the server answers %i', async (status) => {
    const api = fakeApi({ meStatus: status });
    const auth = createAuthService({ fetch: api.fetch, logger: silent });
    await auth.signIn({ server, email: 'jordan@example.com', password: 'Sneakers2026!' });
    await auth.getSession();
    await vi.waitFor(async () => expect(await sessionItem.getValue()).toBeNull());
    expect(await auth.getSession()).toEqual({ status: 'signed-out', server });
    expect(api.calls.find((call) => call.url.endsWith('/auth/me'))?.authorization).toBe('Bearer token-1');
  });

  it('treats an expired session as signed out', async () => {
    const auth = createAuthService({ fetch: fakeApi().fetch, logger: silent, now: () => Date.parse('2100-01-01') });
    await sessionItem.setValue({ server, token: 'old', expires_at: '2099-01-01T00:00:00.000Z', user });
    expect(await auth.getSession()).toEqual({ status: 'signed-out', server: 'http://localhost:3000' });
    expect(await sessionItem.getValue()).toBeNull();
  });

  it('signs out locally at once and revokes the token on the server', async () => {
    const api = fakeApi();
    const auth = createAuthService({ fetch: api.fetch, logger: silent });
    await auth.signIn({ server, email: 'jordan@example.com', password: 'Sneakers2026!' });
    expect(await auth.signOut()).toEqual({ status: 'signed-out', server });
    expect(await sessionItem.getValue()).toBeNull();
    await vi.waitFor(() =>
      expect(api.calls).toContainEqual({ url: `${server}/api/v1/auth/logout`, method: 'POST', authorization: 'Bearer token-1' }),
    );
  });
});
