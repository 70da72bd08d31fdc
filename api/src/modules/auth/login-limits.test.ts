import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, registerAndLogin, STRONG_PASSWORD, type TestApp, uniqueEmail } from '../../../test/helper.ts';
import type { Mail } from '../../platform/mailer.ts';

// Every mail the app sends, instead of the log.
const sent = vi.hoisted(() => [] as Mail[]);
vi.mock('../../platform/mailer.ts', () => ({
  createMailer: () => ({
    async send(mail: Mail) {
      sent.push(mail);
    },
    keepUnsentIn() {},
  }),
}));

const LIMITED = 'Too many sign-in attempts. Please wait 15 minutes and try again.';

const login = (t: TestApp, payload: { email: string; password: string }, options: { from?: string; forwardedFor?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/json',
    remoteAddress: options.from ?? '127.0.0.1',
    headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
    payload,
  });

/** Moves an account's recorded attempts into the past, as if the wait had been sat out. */
const age = (t: TestApp, email: string, seconds: number) =>
  t.orm.em
    .getConnection()
    .execute(`UPDATE login_attempts SET attempted_at = attempted_at - make_interval(secs => ?) WHERE email = ?`, [seconds, email]);

const mailsTo = (email: string) => sent.filter((mail) => mail.to === email);

describe('the address a limit counts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '30', LOGIN_RATE_LIMIT_PER_EMAIL: '100' });
  });
  afterAll(async () => t.close());

  it('by default, a made-up X-Forwarded-For per attempt does not escape the limit of the real address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const res = await login(
        t,
        { email: uniqueEmail('spray'), password: 'Guess12345' },
        { from: '203.0.113.40', forwardedFor: `198.51.100.${i + 1}` },
      );
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(codes.slice(30)).toEqual(Array(10).fill(429));
    // The limit is on the attacker's own address, not on whoever it named.
    expect((await login(t, { email: uniqueEmail('spray'), password: 'Guess12345' }, { from: '198.51.100.1' })).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1', LOGIN_RATE_LIMIT_PER_IP: '3', LOGIN_RATE_LIMIT_PER_EMAIL: '100' });
  });
  afterAll(async () => t.close());

  it('behind the configured proxy, the forwarded address is the one limited', async () => {
    const spray = (forwardedFor: string) =>
      login(t, { email: uniqueEmail('proxied'), password: 'Guess12345' }, { from: '127.0.0.1', forwardedFor });
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) codes.push((await spray('198.51.100.20')).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    // Another client behind the same proxy has its own count.
    expect((await spray('198.51.100.21')).statusCode).toBe(401);
  });

  it('a client that is not the proxy cannot name its own address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await login(
        t,
        { email: uniqueEmail('direct'), password: 'Guess12345' },
        { from: '203.0.113.41', forwardedFor: `198.51.100.${100 + i}` },
      );
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});

describe('IPv6 addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '3', LOGIN_RATE_LIMIT_PER_EMAIL: '100' });
  });
  afterAll(async () => t.close());

  it('count by their /64, which one subscriber holds whole', async () => {
    const spray = (from: string) => login(t, { email: uniqueEmail('v6'), password: 'Guess12345' }, { from });
    const codes: number[] = [];
    for (const from of ['2001:db8:1:2::a', '2001:db8:1:2:ffff::1', '2001:0db8:0001:0002:1:2:3:4', '2001:db8:1:2::b']) {
      codes.push((await spray(from)).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
    expect((await spray('2001:db8:1:3::a')).statusCode).toBe(401);
  });
});

describe('failed sign-ins of one account', () => {
  let t: TestApp;
  beforeAll(async () => {
    sent.length = 0;
    // The defaults: 10 failures per account and address, 30 attempts per address, in 15 minutes.
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("an attacker's wrong passwords do not lock the owner out", async () => {
    const owner = await registerAndLogin(t.app);
    for (let i = 0; i < 10; i += 1) {
      expect((await login(t, { email: owner.email, password: `Wrong-guess-${i}` }, { from: '203.0.113.50' })).statusCode).toBe(401);
    }
    // The owner, from an address never used before and from the usual one, signs in with the right password.
    expect((await login(t, { email: owner.email, password: STRONG_PASSWORD }, { from: '198.51.100.50' })).statusCode).toBe(200);
    expect((await login(t, { email: owner.email, password: STRONG_PASSWORD })).statusCode).toBe(200);
  });

  it("the attacker's address is limited for that account, even with the right password", async () => {
    const owner = await registerAndLogin(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      codes.push((await login(t, { email: owner.email, password: `Wrong-guess-${i}` }, { from: '203.0.113.51' })).statusCode);
    }
    expect(codes).toEqual([...Array(10).fill(401), 429, 429]);
    const right = await login(t, { email: owner.email, password: STRONG_PASSWORD }, { from: '203.0.113.51' });
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toEqual({ code: 'RATE_LIMITED', message: LIMITED });
    // The same address may still sign in to another account.
    const other = await registerAndLogin(t.app);
    expect((await login(t, { email: other.email, password: STRONG_PASSWORD }, { from: '203.0.113.51' })).statusCode).toBe(200);
  });

  it('tells the owner by e-mail once per window, without the guesses', async () => {
    const owner = await registerAndLogin(t.app);
    const wrong = (i: number, from: string) => login(t, { email: owner.email, password: `Wrong-guess-${i}` }, { from });
    for (let i = 0; i < 9; i += 1) await wrong(i, '203.0.113.52');
    expect(mailsTo(owner.email)).toEqual([]);
    await wrong(9, '203.0.113.52');
    await vi.waitFor(() => expect(mailsTo(owner.email)).toHaveLength(1));
    const [mail] = mailsTo(owner.email);
    expect(mail?.subject).toMatch(/sign-in/i);
    expect(mail?.text).toContain(owner.email);
    expect(mail?.text).not.toMatch(/Wrong-guess|Bearer|token/i);

    // More failures from more addresses in the same 15 minutes: no second mail.
    for (let i = 0; i < 10; i += 1) await wrong(i, '203.0.113.53');
    await age(t, owner.email, 61);
    for (let i = 0; i < 3; i += 1) await wrong(i, '203.0.113.54');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(owner.email)).toHaveLength(1);
    // Nobody to tell about an e-mail without an account.
    for (let i = 0; i < 10; i += 1) await login(t, { email: 'ghost@example.com', password: `Wrong-guess-${i}` }, { from: '203.0.113.55' });
    expect(mailsTo('ghost@example.com')).toEqual([]);
  });
});

describe('failed sign-ins of one account from many addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT_PER_EMAIL: '3' });
  });
  afterAll(async () => t.close());

  it('slow down sign-ins from new addresses, never beyond a minute, and never from an address the owner used', async () => {
    const owner = await registerAndLogin(t.app);
    const attempt = (password: string, from: string) => login(t, { email: owner.email, password }, { from });
    // Each address stays under its own limit of 3.
    for (let n = 0; n < 3; n += 1) expect((await attempt('Wrong-guess-a', '203.0.113.60')).statusCode).toBe(401);
    expect((await attempt('Wrong-guess-b', '203.0.113.61')).statusCode).toBe(401);
    // Past the limit in all, the account asks new addresses to wait between attempts.
    const slowed = await attempt('Wrong-guess-b', '203.0.113.61');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many sign-in attempts. Please wait 1 second and try again.',
    });
    expect(slowed.headers['retry-after']).toBe('1');
    // So does the owner's right password from a new address, for that second only...
    expect((await attempt(STRONG_PASSWORD, '198.51.100.60')).statusCode).toBe(429);
    // ...while the address the owner signed in from before is not slowed at all.
    expect((await attempt(STRONG_PASSWORD, '127.0.0.1')).statusCode).toBe(200);
    await age(t, owner.email, 2);
    expect((await attempt(STRONG_PASSWORD, '198.51.100.60')).statusCode).toBe(200);

    // A hundred more failures from a hundred addresses: the wait grows, but to a minute at most,
    // and the refused attempts do not stretch it.
    for (let i = 0; i < 100; i += 1) {
      await t.orm.em
        .getConnection()
        .execute('INSERT INTO login_attempts (id, email, ip, succeeded) VALUES (gen_random_uuid(), ?, ?, false)', [
          owner.email,
          `10.0.${i}.1`,
        ]);
    }
    const capped = await attempt(STRONG_PASSWORD, '198.51.100.61');
    expect(capped.statusCode).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(capped.headers['retry-after'])).toBeLessThanOrEqual(60);
    for (let i = 0; i < 5; i += 1) await attempt('Wrong-guess-c', `203.0.114.${i}`);
    await age(t, owner.email, 61);
    expect((await attempt(STRONG_PASSWORD, '198.51.100.61')).statusCode).toBe(200);
  });
});
