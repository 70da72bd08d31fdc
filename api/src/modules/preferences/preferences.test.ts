import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerAndLogin, type SignedIn, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let user: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  user = await registerAndLogin(t.app);
});
afterAll(async () => t.close());

describe('preferences', () => {
  it('starts from the spec defaults', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me/preferences', headers: bearer(user.token) });
    expect(res.json()).toEqual({ ui: { fontScale: 0.95, densityScale: 1, theme: null }, views: {} });
  });

  it('saves ui preferences and view preferences per key', async () => {
    const ui = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/me/preferences',
      headers: bearer(user.token),
      payload: { fontScale: 1.1, theme: 'dark' },
    });
    expect(ui.json().ui).toEqual({ fontScale: 1.1, densityScale: 1, theme: 'dark' });

    const view = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/me/preferences/views/products.table',
      headers: bearer(user.token),
      payload: { columns: ['title', 'sku'], sort: { by: 'updated_at', dir: 'desc' } },
    });
    expect(view.statusCode).toBe(200);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me/preferences/views/products.table',
      headers: bearer(user.token),
    });
    expect(read.json()).toEqual({
      view_key: 'products.table',
      settings: { columns: ['title', 'sku'], sort: { by: 'updated_at', dir: 'desc' } },
    });
    const all = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me/preferences', headers: bearer(user.token) });
    expect(Object.keys(all.json().views)).toEqual(['products.table']);
  });

  it('keeps one user preferences away from another', async () => {
    const other = await registerAndLogin(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me/preferences', headers: bearer(other.token) });
    expect(res.json().views).toEqual({});
    expect(res.json().ui.theme).toBeNull();
  });
});
