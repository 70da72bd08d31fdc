import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  databaseSnapshot,
  errorFields,
  registerAndLogin,
  type SignedIn,
  STRONG_PASSWORD,
  type TestApp,
  uniqueEmail,
} from '../../../test/helper.ts';

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app, { business_name: 'Owner Kicks' });
  other = await registerAndLogin(t.app, { business_name: 'Other Kicks' });
});
afterAll(async () => t.close());

const invite = (who: SignedIn, email: string, role = 'staff') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/businesses/${who.businessId}/invitations`,
    headers: bearer(who.token),
    payload: { email, role },
  });

const tokenOf = (acceptPath: string) => acceptPath.split('/').pop() ?? '';

describe('invitations', () => {
  it('an owner invites, the invitee previews and accepts, and lands in the business with the role', async () => {
    const email = uniqueEmail('picker');
    const created = await invite(owner, email, 'fulfillment');
    expect(created.statusCode).toBe(201);
    const { invitation, accept_path } = created.json();
    expect(invitation).toMatchObject({ email, role: 'fulfillment', status: 'pending' });
    const days = (new Date(invitation.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const token = tokenOf(accept_path);
    const preview = await t.app.inject({ method: 'GET', url: `/api/v1/invitations/${token}` });
    expect(preview.json()).toMatchObject({ email, role: 'fulfillment', business_name: 'Owner Kicks' });

    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/v1/invitations/${token}/accept`,
      payload: { password: STRONG_PASSWORD, first_name: 'Pat', last_name: 'Picker' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user).toMatchObject({ email, role: 'fulfillment', business: { id: owner.businessId } });

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/invitations/${token}/accept`,
      payload: { password: STRONG_PASSWORD },
    });
    expect(again.statusCode).toBe(404);

    const members = await t.app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${owner.businessId}/users`,
      headers: bearer(owner.token),
    });
    expect(members.json().map((m: { email: string }) => m.email)).toContain(email);
  });

  it('a revoked or expired invitation answers 404 and writes nothing on accept', async () => {
    const created = (await invite(owner, uniqueEmail('late'))).json();
    const token = tokenOf(created.accept_path);
    await t.orm.em
      .getConnection()
      .execute("UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE id = ?", [created.invitation.id]);
    const before = await databaseSnapshot(t.orm);
    const expired = await t.app.inject({
      method: 'POST',
      url: `/api/v1/invitations/${token}/accept`,
      payload: { password: STRONG_PASSWORD },
    });
    expect(expired.statusCode).toBe(404);
    expect(await databaseSnapshot(t.orm)).toEqual(before);

    const second = (await invite(owner, uniqueEmail('revoked'))).json();
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/businesses/${owner.businessId}/invitations/${second.invitation.id}`,
      headers: bearer(owner.token),
    });
    expect(revoke.statusCode).toBe(204);
    const preview = await t.app.inject({ method: 'GET', url: `/api/v1/invitations/${tokenOf(second.accept_path)}` });
    expect(preview.statusCode).toBe(404);
  });

  it("another business's invitation is invisible: listing skips it, revoking it answers 404", async () => {
    const mine = (await invite(owner, uniqueEmail('mine'))).json();
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${other.businessId}/invitations`,
      headers: bearer(other.token),
    });
    expect(list.json().map((i: { id: string }) => i.id)).not.toContain(mine.invitation.id);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/businesses/${other.businessId}/invitations/${mine.invitation.id}`,
      headers: bearer(other.token),
    });
    expect(revoke.statusCode).toBe(404);
  });

  it('refuses an e-mail that already has an account, naming the field', async () => {
    const res = await invite(owner, other.email);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details[0].field).toBe('email');
  });

  it('only the owner manages users', async () => {
    const staffEmail = uniqueEmail('staff');
    const { accept_path } = (await invite(owner, staffEmail, 'staff')).json();
    const staff = (
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/invitations/${tokenOf(accept_path)}/accept`,
        payload: { password: STRONG_PASSWORD },
      })
    ).json();
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${owner.businessId}/users`,
      headers: bearer(staff.access_token),
    });
    expect(list.statusCode).toBe(403);
    const inviteAsStaff = await t.app.inject({
      method: 'POST',
      url: `/api/v1/businesses/${owner.businessId}/invitations`,
      headers: bearer(staff.access_token),
      payload: { email: uniqueEmail('x'), role: 'owner' },
    });
    expect(inviteAsStaff.statusCode).toBe(403);
  });

  it('bad input names the fields and writes nothing', async () => {
    const before = await databaseSnapshot(t.orm);
    const res = await invite(owner, 'not-an-email', 'king');
    expect(res.statusCode).toBe(400);
    expect(errorFields(res).sort()).toEqual(['email', 'role']);
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/v1/invitations/${'x'.repeat(43)}/accept`,
      payload: { password: 'weak' },
    });
    expect(accept.statusCode).toBe(400);
    expect(accept.json().error.details[0].field).toBe('password');
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });
});

describe('mobile login', () => {
  it('a code from a signed-in desktop signs a phone in once', async () => {
    const code = await t.app.inject({ method: 'POST', url: '/api/v1/auth/mobile-login', headers: bearer(owner.token) });
    expect(code.statusCode).toBe(200);
    const body = code.json();
    expect(body.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(body.path).toBe(`/mobile-login?code=${body.code}`);
    const left = new Date(body.expires_at).getTime() - Date.now();
    expect(left).toBeGreaterThan(110_000);
    expect(left).toBeLessThanOrEqual(120_000);

    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/mobile-login/exchange',
      payload: { code: body.code.toLowerCase() },
    });
    expect(phone.statusCode).toBe(200);
    expect(phone.json().user.id).toBe(owner.userId);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(phone.json().access_token) });
    expect(me.statusCode).toBe(200);

    const reuse = await t.app.inject({ method: 'POST', url: '/api/v1/auth/mobile-login/exchange', payload: { code: body.code } });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('INVALID_CODE');
  });

  it('an expired code is refused', async () => {
    const { code } = (await t.app.inject({ method: 'POST', url: '/api/v1/auth/mobile-login', headers: bearer(owner.token) })).json();
    await t.orm.em.getConnection().execute("UPDATE mobile_login_codes SET expires_at = now() - interval '1 second'");
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/mobile-login/exchange', payload: { code } });
    expect(res.statusCode).toBe(401);
  });

  it('needs a signed-in desktop to create a code', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/mobile-login' });
    expect(res.statusCode).toBe(401);
  });
});
