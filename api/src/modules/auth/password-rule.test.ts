import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  registerAndLogin,
  type SignedIn,
  STRONG_PASSWORD,
  type TestApp,
  uniqueEmail,
} from '../../../test/helper.ts';

const COMMON = ['Password1', 'Qwerty123', 'Welcome1'];
const NOT_STRONG = /not strong enough/;
const PASSPHRASE = 'Velvet-Otter-Canyon-42';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app, { business_name: 'Zephyrine Kicks' });
});
afterAll(async () => t.close());

type Refusal = { code: string; details: { field: string; message: string }[] };
const refusal = (res: { statusCode: number; json: () => { error: Refusal } }) => {
  expect(res.statusCode).toBe(400);
  return res.json().error;
};

describe('register', () => {
  const register = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { business_name: 'Guess Kicks', ...payload } });

  it('refuses common passwords that meet the letter rule, naming the field', async () => {
    for (const password of COMMON) {
      const error = refusal(await register({ email: uniqueEmail('common'), password }));
      expect(error.code, password).toBe('VALIDATION_FAILED');
      expect(error.details, password).toEqual([{ field: 'password', message: expect.stringMatching(NOT_STRONG) }]);
    }
  });

  it("refuses the person's own e-mail or name as the password", async () => {
    const email = `zorbanek.quillfeather.${Date.now().toString(36)}@example.com`;
    const ownEmail = refusal(await register({ email, password: `${email[0]?.toUpperCase()}${email.slice(1)}1` }));
    expect(ownEmail.details).toEqual([{ field: 'password', message: expect.stringMatching(NOT_STRONG) }]);
    const ownName = refusal(
      await register({ email: uniqueEmail('named'), first_name: 'Zorbanek', last_name: 'Quillfeather', password: 'Quillfeather2031' }),
    );
    expect(ownName.details).toEqual([{ field: 'password', message: expect.stringMatching(NOT_STRONG) }]);
  });

  it('accepts a passphrase, and the test suites’ own password', async () => {
    for (const password of [PASSPHRASE, STRONG_PASSWORD]) {
      const res = await register({ email: uniqueEmail('strong'), password, first_name: 'Ava', last_name: 'Stone' });
      expect(res.statusCode, password).toBe(201);
    }
  });
});

describe('change password', () => {
  const change = (token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: bearer(token),
      payload: { current_password: STRONG_PASSWORD, new_password: password, confirm_password: password },
    });

  it("refuses common passwords and the user's own e-mail with spec §5's wording", async () => {
    const user = await registerAndLogin(t.app, { first_name: 'Zorbanek', last_name: 'Quillfeather' });
    const ownEmail = `${user.email[0]?.toUpperCase()}${user.email.slice(1)}1`;
    for (const password of [...COMMON, ownEmail, 'Quillfeather2031']) {
      const res = await change(user.token, password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error, password).toEqual({
        code: 'PASSWORD_TOO_WEAK',
        message: 'New password is not strong enough. Must contain uppercase, lowercase, number, and be at least 8 characters',
        details: [{ field: 'new_password', message: expect.stringMatching(NOT_STRONG) }],
      });
    }
    expect((await change(user.token, PASSPHRASE)).statusCode).toBe(200);
  });
});

describe('accepting an invitation', () => {
  const invite = async () => {
    const email = uniqueEmail('invitee');
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v1/businesses/${owner.businessId}/invitations`,
      headers: bearer(owner.token),
      payload: { email, role: 'staff' },
    });
    return { email, token: String(created.json().accept_path).split('/').pop() };
  };
  const accept = (token: string | undefined, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, payload });

  it("refuses common passwords, the invitee's e-mail and name, then accepts a passphrase", async () => {
    const { email, token } = await invite();
    const ownEmail = `${email[0]?.toUpperCase()}${email.slice(1)}1`;
    for (const password of [...COMMON, ownEmail]) {
      const error = refusal(await accept(token, { password }));
      expect(error.details, password).toEqual([{ field: 'password', message: expect.stringMatching(NOT_STRONG) }]);
    }
    const named = refusal(await accept(token, { password: 'Quillfeather2031', first_name: 'Zorbanek', last_name: 'Quillfeather' }));
    expect(named.details).toEqual([{ field: 'password', message: expect.stringMatching(NOT_STRONG) }]);
    // Business name too: a staff member's password should not be the shop's name.
    const shop = refusal(await accept(token, { password: 'Zephyrine2031' }));
    expect(shop.details).toEqual([{ field: 'password', message: expect.stringMatching(NOT_STRONG) }]);
    const accepted = await accept(token, { password: PASSPHRASE });
    expect(accepted.statusCode).toBe(200);
    // It carries a session token: no cache may keep it.
    expect(accepted.headers['cache-control']).toBe('no-store');
  });
});
