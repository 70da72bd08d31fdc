import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, registerAndLogin, STRONG_PASSWORD, type TestApp, uniqueEmail } from '../../../test/helper.ts';
import { Session } from './session.entity.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'boss@tradepost.app', LOGIN_RATE_LIMIT_PER_EMAIL: '5', LOGIN_RATE_LIMIT_PER_IP: '1000' });
});
afterAll(async () => t.close());

describe('register', () => {
  it('creates a business with its owner and a 14-day trial, then the user can sign in', async () => {
    const email = uniqueEmail('owner');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        email: email.toUpperCase(),
        password: STRONG_PASSWORD,
        business_name: 'Sole Supply',
        first_name: 'Ava',
        last_name: 'Stone',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: expect.any(String) });

    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/json', payload: { email, password: STRONG_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body.token_type).toBe('bearer');
    expect(body.user).toMatchObject({
      email,
      role: 'owner',
      first_name: 'Ava',
      last_name: 'Stone',
      demo_mode: false,
      is_super_admin: false,
    });
    expect(body.user.business.business_name).toBe('Sole Supply');
    const trialMs = new Date(body.user.business.trial_ends_at).getTime() - Date.now();
    expect(trialMs).toBeGreaterThan(13.9 * 86_400_000);
    expect(trialMs).toBeLessThanOrEqual(14 * 86_400_000);
    const sessionMs = new Date(body.expires_at).getTime() - Date.now();
    expect(sessionMs).toBeGreaterThan(719 * 60_000);
    expect(sessionMs).toBeLessThanOrEqual(720 * 60_000);
  });

  it('refuses a second account with the same e-mail, naming the field', async () => {
    const email = uniqueEmail('dup');
    await registerAndLogin(t.app, { email });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email, password: STRONG_PASSWORD, business_name: 'Again' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'EMAIL_TAKEN', details: [{ field: 'email' }] });
  });

  it('lists every validation message so the client can join them with commas', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { email: 'nope', password: 'weak' } });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    const fields = error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'password', 'business_name']));
    expect(error.details.find((d: { field: string }) => d.field === 'business_name').message).toBe('Required');
  });
});

describe('login', () => {
  it('answers the same for a wrong e-mail and a wrong password', async () => {
    const user = await registerAndLogin(t.app);
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/json',
      payload: { email: user.email, password: 'WrongPass123' },
    });
    const wrongEmail = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/json',
      payload: { email: uniqueEmail('ghost'), password: 'WrongPass123' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(wrongEmail.json());
    expect(wrongPassword.json().error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Incorrect email or password' });
  });

  it('is rate limited per account and address, even with the right password afterwards', async () => {
    const user = await registerAndLogin(t.app);
    for (let i = 0; i < 5; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login/json',
        payload: { email: user.email, password: 'Wrong1234' },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/json',
      payload: { email: user.email, password: STRONG_PASSWORD },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('RATE_LIMITED');
    // Another account from the same address is not affected by this e-mail's failures.
    const other = await registerAndLogin(t.app);
    expect(other.token).toBeTruthy();
  });
});

describe('me', () => {
  it('needs a bearer token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
    const forged = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer('not.a.token') });
    expect(forged.statusCode).toBe(401);
  });

  it('returns the user and updates the profile', async () => {
    const user = await registerAndLogin(t.app);
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/me',
      headers: bearer(user.token),
      payload: { first_name: 'Mia', last_name: 'Lane', timezone: 'Europe/London' },
    });
    expect(update.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(user.token) });
    expect(me.json()).toMatchObject({ first_name: 'Mia', last_name: 'Lane', timezone: 'Europe/London' });
  });

  it('marks super-admins by e-mail only', async () => {
    const admin = await registerAndLogin(t.app, { email: 'boss@tradepost.app' });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(admin.token) });
    expect(me.json().is_super_admin).toBe(true);
  });
});

describe('change password', () => {
  const change = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/change-password', headers: bearer(token), payload });

  it('answers each of the three failures with its own code', async () => {
    const user = await registerAndLogin(t.app);
    const wrong = await change(user.token, {
      current_password: 'Nope1234',
      new_password: 'Mossy-Harbor-Lantern-27',
      confirm_password: 'Mossy-Harbor-Lantern-27',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('CURRENT_PASSWORD_INCORRECT');

    const mismatch = await change(user.token, {
      current_password: STRONG_PASSWORD,
      new_password: 'Mossy-Harbor-Lantern-27',
      confirm_password: 'Mossy-Harbor-Lantern-28',
    });
    expect(mismatch.json().error.code).toBe('PASSWORDS_DO_NOT_MATCH');

    const weak = await change(user.token, { current_password: STRONG_PASSWORD, new_password: 'weakpass', confirm_password: 'weakpass' });
    expect(weak.json().error.code).toBe('PASSWORD_TOO_WEAK');
  });

  it('changes the password and signs out the other sessions', async () => {
    const user = await registerAndLogin(t.app);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/json',
      payload: { email: user.email, password: STRONG_PASSWORD },
    });
    const otherToken = other.json().access_token as string;
    const ok = await change(user.token, {
      current_password: STRONG_PASSWORD,
      new_password: 'Mossy-Harbor-Lantern-27',
      confirm_password: 'Mossy-Harbor-Lantern-27',
    });
    expect(ok.statusCode).toBe(200);

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(user.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(otherToken) })).statusCode).toBe(401);
    const newLogin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/json',
      payload: { email: user.email, password: 'Mossy-Harbor-Lantern-27' },
    });
    expect(newLogin.statusCode).toBe(200);
  });
});

describe('demo mode and trial', () => {
  it('toggles demo mode on and off', async () => {
    const user = await registerAndLogin(t.app);
    const on = await t.app.inject({ method: 'POST', url: '/api/v1/auth/me/toggle-demo-mode', headers: bearer(user.token) });
    expect(on.json().demo_mode).toBe(true);
    const off = await t.app.inject({ method: 'POST', url: '/api/v1/auth/me/toggle-demo-mode', headers: bearer(user.token) });
    expect(off.json().demo_mode).toBe(false);
  });

  it('reports 14 trial days for a new business and 0 once it has ended', async () => {
    const user = await registerAndLogin(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/subscriptions/trial/status', headers: bearer(user.token) });
    expect(res.json()).toMatchObject({ trial_days_remaining: 14, status: 'trialing' });

    // Changed directly in the database, as support would: the API hears of it through NOTIFY
    // (migration 0013), a moment after the commit.
    await t.orm.em
      .getConnection()
      .execute("UPDATE businesses SET trial_ends_at = now() - interval '1 day' WHERE id = ?", [user.businessId]);
    await vi.waitFor(async () => {
      const ended = await t.app.inject({ method: 'GET', url: '/api/v1/subscriptions/trial/status', headers: bearer(user.token) });
      expect(ended.json()).toMatchObject({ trial_days_remaining: 0, status: 'expired' });
    });
  });
});

describe('sessions', () => {
  it('logout revokes the session on the server', async () => {
    const user = await registerAndLogin(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(user.token) });
    expect(out.statusCode).toBe(204);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(user.token) });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe('SESSION_EXPIRED');
  });

  it('an expired session answers 401 everywhere', async () => {
    const user = await registerAndLogin(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(user.token) })).statusCode).toBe(200);
    const em = t.orm.em.fork();
    await em.nativeUpdate(Session, { user: user.userId }, { expiresAt: new Date(Date.now() - 1000) });
    // The session was just used (so remembered); the direct change reaches the API through NOTIFY.
    await vi.waitFor(async () =>
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(user.token) })).statusCode).toBe(401),
    );
    for (const url of [
      '/api/v1/auth/me',
      '/api/v1/subscriptions/trial/status',
      `/api/v1/businesses/${user.businessId}`,
      '/api/v1/auth/me/preferences',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(user.token) });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('login rate limit per IP', () => {
  it('refuses an address that tries too many accounts', async () => {
    const strict = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '3', LOGIN_RATE_LIMIT_PER_EMAIL: '100' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login/json',
          remoteAddress: '203.0.113.7',
          payload: { email: uniqueEmail('spray'), password: 'Guess12345' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
      const elsewhere = await strict.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login/json',
        remoteAddress: '198.51.100.9',
        payload: { email: uniqueEmail('spray'), password: 'Guess12345' },
      });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await strict.close();
    }
  });
});

describe('registration rate limit per IP', () => {
  it('refuses an address that registers too many businesses in an hour', async () => {
    const strict = await createTestApp({ REGISTER_RATE_LIMIT_PER_HOUR: '2' });
    try {
      const register = (remoteAddress: string) =>
        strict.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          remoteAddress,
          payload: { email: uniqueEmail('flood'), password: STRONG_PASSWORD, business_name: 'Flood Kicks' },
        });
      const codes = [];
      for (let i = 0; i < 3; i += 1) codes.push((await register('203.0.113.8')).statusCode);
      expect(codes).toEqual([201, 201, 429]);
      expect((await register('198.51.100.10')).statusCode).toBe(201);
    } finally {
      await strict.close();
    }
  });
});

describe('caching', () => {
  it('answers carrying a token or personal data are never stored by a browser or a proxy', async () => {
    const email = uniqueEmail('cache');
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email, password: STRONG_PASSWORD, business_name: 'Cache Kicks' },
    });
    expect(register.headers['cache-control']).toBe('no-store');
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/json', payload: { email, password: STRONG_PASSWORD } });
    const token = login.json().access_token as string;
    const failed = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/json', payload: { email, password: 'Wrong-guess-1' } });
    const answers = {
      login,
      failed,
      me: await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) }),
      'me unauthenticated': await t.app.inject({ method: 'GET', url: '/api/v1/auth/me' }),
      'me update': await t.app.inject({ method: 'PUT', url: '/api/v1/auth/me', headers: bearer(token), payload: { first_name: 'Cy' } }),
      demo: await t.app.inject({ method: 'POST', url: '/api/v1/auth/me/toggle-demo-mode', headers: bearer(token) }),
      'mobile code': await t.app.inject({ method: 'POST', url: '/api/v1/auth/mobile-login', headers: bearer(token) }),
    };
    const code = answers['mobile code'].json().code as string;
    const exchanged = await t.app.inject({ method: 'POST', url: '/api/v1/auth/mobile-login/exchange', payload: { code } });
    expect(exchanged.statusCode).toBe(200);
    for (const [name, res] of Object.entries({ ...answers, exchanged })) {
      expect(res.headers['cache-control'], name).toBe('no-store');
    }
  });
});

describe('cross-origin calls', () => {
  it('the extension may use every method the API has; an unknown web origin gets no CORS grant', async () => {
    const preflight = (origin: string, method: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/businesses/00000000-0000-0000-0000-000000000000/listings/00000000-0000-0000-0000-000000000000',
        headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization,content-type' },
      });
    // Our own extension (EXTENSION_IDS; by default this checkout's build, loaded unpacked).
    const extension = `chrome-extension://${t.config.EXTENSION_IDS[0]}`;
    for (const method of ['DELETE', 'PATCH', 'PUT', 'POST']) {
      const res = await preflight(extension, method);
      expect(res.headers['access-control-allow-origin']).toBe(extension);
      expect(String(res.headers['access-control-allow-methods'])).toContain(method);
    }
    const foreign = await preflight('https://evil.example', 'DELETE');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});
