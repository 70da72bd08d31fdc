// Generated from the route list: every API route, called by every role, answers as the one role
// table in shared/ says. A route added tomorrow is covered the day it lands.
import { can, isPermission } from '@tradepost/shared/domain/permissions.ts';
import { roles } from '@tradepost/shared/schemas/auth.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeclaredRoute } from '../src/plugins/access.ts';
import { bearer, createTestApp, databaseSnapshot, joinAs, registerAndLogin, type SignedIn, type TestApp } from './helper.ts';

let t: TestApp;
let owner: SignedIn;
const members = new Map<string, SignedIn>();

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app, { business_name: 'Access Kicks' });
  members.set('owner', owner);
  for (const role of roles) if (role !== 'owner') members.set(role, await joinAs(t.app, owner, role));
});
afterAll(async () => t.close());

/** A concrete URL for a route: the member's own business, and a well-formed id for every other parameter. */
const urlFor = (route: DeclaredRoute, businessId: string) =>
  route.url.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    if (name === 'businessId') return businessId;
    if (name === 'platform') return 'shopify';
    if (name === 'viewKey') return 'products';
    if (name === 'token') return 'x'.repeat(43);
    if (name === 'seq') return '1';
    if (name === 'code') return '012345678905';
    return '0190a0a0-0000-7000-8000-000000000000';
  });

const call = (route: DeclaredRoute, who: SignedIn | null) =>
  t.app.inject({
    method: route.method as 'GET',
    // A stream takes its token in the query (EventSource sends no headers): a forged one there.
    url: urlFor(route, who?.businessId ?? owner.businessId) + (route.tokenInQuery ? `?token=${who?.token ?? 'forged'}` : ''),
    headers: who ? bearer(who.token) : {},
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });

const routes = () => t.app.routeAccess;

describe('access, generated from the route list', () => {
  it('every API route declares who may call it, and each declaration is a known permission or kind of access', () => {
    expect(routes().length).toBeGreaterThan(140);
    for (const route of routes()) {
      expect(
        isPermission(route.access) || ['public', 'signed-in', 'super-admin'].includes(route.access),
        `${route.method} ${route.url}`,
      ).toBe(true);
    }
  });

  it('without a valid token, every route that is not public answers 401 and writes nothing', async () => {
    const before = await databaseSnapshot(t.orm);
    const answers: string[] = [];
    for (const route of routes().filter((r) => r.access !== 'public')) {
      const res = await call(route, null);
      if (res.statusCode !== 401) answers.push(`${route.method} ${route.url} → ${res.statusCode}`);
    }
    expect(answers).toEqual([]);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  for (const role of roles) {
    it(`${role}: every route whose permission the role lacks answers 403 and writes nothing`, async () => {
      const who = members.get(role) as SignedIn;
      const refused = routes().filter((r) => r.access === 'super-admin' || (isPermission(r.access) && !can(role, r.access)));
      if (role === 'owner') expect(refused.every((r) => r.access === 'super-admin')).toBe(true);
      else expect(refused.length).toBeGreaterThan(role === 'fulfillment' ? 80 : 10);
      const before = await databaseSnapshot(t.orm);
      const answers: string[] = [];
      for (const route of refused) {
        const res = await call(route, who);
        if (res.statusCode !== 403) answers.push(`${route.method} ${route.url} → ${res.statusCode}`);
      }
      expect(answers).toEqual([]);
      expect(await databaseSnapshot(t.orm)).toEqual(before);
    });

    it(`${role}: no route the role may use answers 403`, async () => {
      const who = members.get(role) as SignedIn;
      const allowed = routes().filter((r) => r.access === 'signed-in' || (isPermission(r.access) && can(role, r.access)));
      const answers: string[] = [];
      // Logging out would end the session the rest of the calls use; a stream, once open, never
      // answers (realtime.test.ts opens it for a member).
      for (const route of allowed.filter((r) => r.url !== '/api/v1/auth/logout' && !r.tokenInQuery)) {
        const res = await call(route, who);
        if (res.statusCode === 403 || res.statusCode === 401) answers.push(`${route.method} ${route.url} → ${res.statusCode}`);
      }
      expect(answers).toEqual([]);
    });
  }
});
