// Generated from the route list: no route but the listed public ones answers anything but 401 to a
// caller without a valid token, whatever the token pretends to be.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicRoutes } from '../src/plugins/public-routes.ts';
import { bearer, createTestApp, databaseSnapshot, registerAndLogin, type SignedIn, TEST_SESSION_SECRET, type TestApp } from './helper.ts';

let t: TestApp;
let member: SignedIn;
/** Tokens that must not let anyone in, by what they try. */
const forged = new Map<string, string>();

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const jwt = (header: object, claims: object, secret: string | null) => {
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  return `${unsigned}.${secret === null ? '' : createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
};

beforeAll(async () => {
  t = await createTestApp();
  member = await registerAndLogin(t.app);
  const [, payload] = member.token.split('.');
  const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString()) as {
    sid: string;
    sub: string;
    iat: number;
    exp: number;
  };
  const now = Math.floor(Date.now() / 1000);
  forged.set('garbage', 'not-a-token');
  forged.set('unsigned (alg none)', jwt({ alg: 'none', typ: 'JWT' }, claims, null));
  forged.set('signed with another secret', jwt({ alg: 'HS256', typ: 'JWT' }, claims, 'a-guessed-secret-that-is-long-enough'));
  forged.set('expired', jwt({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat: now - 90_000, exp: now - 3_600 }, TEST_SESSION_SECRET));
  forged.set(
    'unknown session',
    jwt({ alg: 'HS256', typ: 'JWT' }, { ...claims, sid: '0190a0a0-0000-7000-8000-000000000000' }, TEST_SESSION_SECRET),
  );
  // A real token whose session was ended.
  const ended = await registerAndLogin(t.app);
  const logout = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(ended.token) });
  expect(logout.statusCode).toBeLessThan(300);
  forged.set('logged out', ended.token);
});
afterAll(async () => t.close());

const routes = () => t.app.routeAccess;
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

const urlFor = (url: string) =>
  url.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    if (name === 'businessId') return member.businessId;
    if (name === 'platform') return 'shopify';
    if (name === 'viewKey') return 'products';
    if (name === 'token') return 'x'.repeat(43);
    if (name === 'seq') return '1';
    if (name === 'code') return '012345678905';
    return '0190a0a0-0000-7000-8000-000000000000';
  });

describe('authentication, generated from the route list', () => {
  it('opens only the listed public routes, each with its reason, and lists none that is gone', () => {
    const open = routes()
      .filter((r) => r.access === 'public')
      .map(key)
      .sort();
    expect(open).toEqual(publicRoutes.map((p) => p.route).sort());
    for (const { reason } of publicRoutes) expect(reason.length).toBeGreaterThan(20);
  });

  it('answers 401 to every other route for each forged, expired or ended token, and writes nothing', async () => {
    const before = await databaseSnapshot(t.orm);
    const let_in: string[] = [];
    for (const route of routes().filter((r) => r.access !== 'public')) {
      for (const [what, token] of forged) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: urlFor(route.url) + (route.tokenInQuery ? `?token=${encodeURIComponent(token)}` : ''),
          headers: bearer(token),
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        if (res.statusCode !== 401) let_in.push(`${key(route)} with a token ${what} → ${res.statusCode}`);
      }
    }
    expect(let_in).toEqual([]);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });
});
