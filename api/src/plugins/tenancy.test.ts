import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerAndLogin, type SignedIn, type TestApp } from '../../test/helper.ts';

let t: TestApp;
let a: SignedIn;
let b: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  a = await registerAndLogin(t.app, { business_name: 'Business A' });
  b = await registerAndLogin(t.app, { business_name: 'Business B' });
});
afterAll(async () => t.close());

describe('tenancy', () => {
  it('a member reads its own business', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/businesses/${a.businessId}`, headers: bearer(a.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().business_name).toBe('Business A');
  });

  it('a user of business A gets 404 on business B, the same as an unknown id', async () => {
    const foreign = await t.app.inject({ method: 'GET', url: `/api/v1/businesses/${b.businessId}`, headers: bearer(a.token) });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/businesses/01a20072-0000-7000-8000-000000000000',
      headers: bearer(a.token),
    });
    const malformed = await t.app.inject({ method: 'GET', url: '/api/v1/businesses/not-a-uuid', headers: bearer(a.token) });
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(malformed.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
  });

  it('cannot change another business, and the attempt writes nothing', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/businesses/${b.businessId}`,
      headers: bearer(a.token),
      payload: { business_name: 'Hijacked' },
    });
    expect(res.statusCode).toBe(404);
    const own = await t.app.inject({ method: 'GET', url: `/api/v1/businesses/${b.businessId}`, headers: bearer(b.token) });
    expect(own.json().business_name).toBe('Business B');
  });

  it('the owner updates the business profile', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/businesses/${a.businessId}`,
      headers: bearer(a.token),
      payload: { business_name: 'Business A Prime', currency: 'EUR', shopify_enabled: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ business_name: 'Business A Prime', currency: 'EUR', shopify_enabled: true });
  });

  it('signed-out requests answer 401 before anything else', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/businesses/${a.businessId}`, payload: { currency: 'nope' } });
    expect(res.statusCode).toBe(401);
  });
});
