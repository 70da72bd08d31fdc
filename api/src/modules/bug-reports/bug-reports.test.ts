import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  databaseSnapshot,
  errorFields,
  registerAndLogin,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'triage@tradepost.app' });
  admin = await registerAndLogin(t.app, { email: 'triage@tradepost.app', business_name: 'Tradepost HQ' });
  user = await registerAndLogin(t.app, { business_name: 'Reporter Kicks' });
});
afterAll(async () => t.close());

const report = (who: SignedIn, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/bug-reports', headers: bearer(who.token), payload });

describe('bug reports', () => {
  it('a user reports a bug with its context; the admin sees it across businesses and triages it', async () => {
    const created = await report(user, {
      description: 'The sizes column is empty after I import a CSV.',
      route: '/products?token=abc123#filters',
      app_version: '0.1.0+3f2a',
      user_agent: 'Mozilla/5.0',
      recent_errors: [{ message: 'TypeError: x is undefined at /sse?token=secret', at: new Date().toISOString(), route: '/products' }],
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ status: 'new', business_name: 'Reporter Kicks', reporter: { email: user.email } });
    expect(body.route).toBe('/products?token=[redacted]#filters');
    expect(body.recent_errors[0].message).not.toContain('secret');

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/bug-reports', headers: bearer(admin.token) });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((r: { id: string }) => r.id)).toContain(body.id);
    expect(list.json().counts.new).toBeGreaterThanOrEqual(1);

    const triaged = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/bug-reports/${body.id}`,
      headers: bearer(admin.token),
      payload: { status: 'triaged' },
    });
    expect(triaged.json().status).toBe('triaged');
    const filtered = await t.app.inject({ method: 'GET', url: '/api/v1/admin/bug-reports?status=new', headers: bearer(admin.token) });
    expect(filtered.json().items.map((r: { id: string }) => r.id)).not.toContain(body.id);
  });

  it('only super-admins read or triage reports', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/bug-reports', headers: bearer(user.token) });
    expect(list.statusCode).toBe(403);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/bug-reports/01a20072-0000-7000-8000-000000000000',
      headers: bearer(user.token),
      payload: { status: 'resolved' },
    });
    expect(patch.statusCode).toBe(403);
  });

  it('bad input names the fields and writes nothing', async () => {
    const before = await databaseSnapshot(t.orm);
    const res = await report(user, { description: 'short', recent_errors: 'nope' });
    expect(res.statusCode).toBe(400);
    const fields = errorFields(res);
    expect(fields).toEqual(expect.arrayContaining(['description', 'route', 'app_version', 'recent_errors']));
    const badStatus = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/bug-reports/01a20072-0000-7000-8000-000000000000',
      headers: bearer(admin.token),
      payload: { status: 'closed' },
    });
    expect(badStatus.statusCode).toBe(400);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('an unknown report answers 404', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/bug-reports/01a20072-0000-7000-8000-000000000000',
      headers: bearer(admin.token),
      payload: { status: 'resolved' },
    });
    expect(res.statusCode).toBe(404);
  });
});
