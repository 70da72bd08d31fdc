import { RequestContext } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, createTestDatabase, registerAndLogin, STRONG_PASSWORD, type TestApp } from '../../../test/helper.ts';
import { Business } from '../businesses/business.entity.ts';
import { SessionCache } from './session-cache.ts';

type Row = { s: { id: string; revoked_at: string | null } };
const row = (id: string): Row => ({ s: { id, revoked_at: null } });

describe('the per-process memory of sessions', () => {
  const listening = (options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) => {
    const cache = new SessionCache<Row>({ ttlMs: options.ttlMs ?? 10_000, maxEntries: options.maxEntries ?? 100, now: options.now });
    cache.setListening(true);
    return cache;
  };

  it('remembers a row until it is cleared', () => {
    const cache = listening();
    cache.store('a', row('a'), cache.generation());
    expect(cache.get('a')).toEqual(row('a'));
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
  });

  it('refuses a row read before a clear: a lookup that raced a change cannot outlive it', () => {
    const cache = listening();
    const before = cache.generation();
    cache.clear(); // a commit or a NOTIFY lands while the lookup is on its way back
    cache.store('a', row('a'), before);
    expect(cache.get('a')).toBeUndefined();
  });

  it('remembers nothing while change notices could be missed', () => {
    const cache = new SessionCache<Row>({ ttlMs: 10_000, maxEntries: 100 });
    cache.store('a', row('a'), cache.generation());
    expect(cache.get('a')).toBeUndefined();
    cache.setListening(true);
    cache.store('a', row('a'), cache.generation());
    expect(cache.get('a')).toBeDefined();
    cache.setListening(false);
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets a row after its time and drops the oldest beyond its size', () => {
    let now = 0;
    const cache = listening({ ttlMs: 1_000, maxEntries: 2, now: () => now });
    cache.store('a', row('a'), cache.generation());
    now = 1_001;
    expect(cache.get('a')).toBeUndefined();
    for (const id of ['b', 'c', 'd']) cache.store(id, row(id), cache.generation());
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('d')).toBeDefined();
  });

  it('hands out frozen rows, so no request can change what the next one reads', () => {
    const cache = listening();
    cache.store('a', row('a'), cache.generation());
    const remembered = cache.get('a');
    expect(() => {
      if (remembered) remembered.s.revoked_at = 'now';
    }).toThrow(TypeError);
  });
});

describe('sessions remembered across two API processes on one database', () => {
  let database: { url: string; drop: () => Promise<void> };
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    first = await createTestApp({}, { database });
    second = await createTestApp({}, { database });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  });

  const me = (t: TestApp, token: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });

  it('a logout on one process ends the session on the other, which had it remembered', async () => {
    const user = await registerAndLogin(first.app);
    expect((await me(first, user.token)).statusCode).toBe(200);
    expect((await me(second, user.token)).statusCode).toBe(200);
    expect((await second.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(user.token) })).statusCode).toBe(204);
    // Its own commit: at once on the process that logged out.
    expect((await me(second, user.token)).statusCode).toBe(401);
    // The other hears the NOTIFY a moment after the commit.
    await vi.waitFor(async () => expect((await me(first, user.token)).statusCode).toBe(401));
  });

  it('a password change signs out the other devices at once, on the process that made it', async () => {
    const user = await registerAndLogin(first.app);
    const other = await first.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/json',
      payload: { email: user.email, password: STRONG_PASSWORD },
    });
    const otherToken = (other.json() as { access_token: string }).access_token;
    expect((await me(first, otherToken)).statusCode).toBe(200);
    const changed = await first.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: bearer(user.token),
      payload: { current_password: STRONG_PASSWORD, new_password: 'Mossy-Harbor-Lantern-27', confirm_password: 'Mossy-Harbor-Lantern-27' },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    expect((await me(first, otherToken)).statusCode).toBe(401);
    expect((await me(first, user.token)).statusCode).toBe(200);
  });

  it('maps the user only when asked, and never over an entity the request already loaded and changed', async () => {
    const user = await registerAndLogin(first.app);
    expect((await me(first, user.token)).statusCode).toBe(200); // remembered from here on
    await RequestContext.create(first.orm.em, async () => {
      const auth = await first.app.resolveToken(user.token);
      expect(auth.businessId).toBe(user.businessId);
      const em = first.orm.em;
      expect(em.getUnitOfWork().getById(Business, user.businessId)).toBeUndefined();
      const business = await em.findOneOrFail(Business, { id: user.businessId });
      business.name = 'Changed, not flushed';
      expect(auth.user.business).toBe(business);
      expect(auth.user.business.name).toBe('Changed, not flushed');
      expect(auth.session.user).toBe(auth.user);
    });
  });

  it('a business change on one process shows on the other', async () => {
    const user = await registerAndLogin(first.app);
    const business = `/api/v1/businesses/${user.businessId}`;
    expect((await first.app.inject({ method: 'GET', url: business, headers: bearer(user.token) })).json()).toMatchObject({
      business_name: 'Test Kicks',
    });
    const renamed = await second.app.inject({
      method: 'PUT',
      url: business,
      headers: bearer(user.token),
      payload: { business_name: 'Renamed Kicks' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await vi.waitFor(async () =>
      expect((await first.app.inject({ method: 'GET', url: business, headers: bearer(user.token) })).json()).toMatchObject({
        business_name: 'Renamed Kicks',
      }),
    );
  });
});
