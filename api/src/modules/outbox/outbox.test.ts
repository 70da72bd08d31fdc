import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Outbox } from '@tradepost/shared/schemas/outbox.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, joinAs, registerAndLogin, type SignedIn, STRONG_PASSWORD, type TestApp } from '../../../test/helper.ts';
import { createOutbox, outboxFile } from './outbox.service.ts';

const sendMail = vi.hoisted(() => vi.fn(async (_mail: { to: string; subject: string; text: string }) => ({})));
vi.mock('nodemailer', () => ({ default: { createTransport: () => ({ sendMail }) } }));

const PUBLIC_URL = 'https://tradepost.test';

const invite = (t: TestApp, owner: SignedIn, email: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/businesses/${owner.businessId}/invitations`,
    headers: bearer(owner.token),
    payload: { email, role: 'staff' },
  });

const readOutbox = (t: TestApp, who: SignedIn, businessId = who.businessId) =>
  t.app.inject({ method: 'GET', url: `/api/v1/businesses/${businessId}/outbox`, headers: bearer(who.token) });

describe('the outbox, with no SMTP server configured', () => {
  let t: TestApp;
  let owner: SignedIn;
  let dataDir: string;
  /** Every line the app logs: pino writes to process.stdout when its write has been replaced. */
  const logs: string[] = [];
  const stdout = vi.spyOn(process.stdout, 'write');

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tradepost-outbox-'));
    stdout.mockImplementation((chunk: string | Uint8Array) => {
      logs.push(String(chunk));
      return true;
    });
    t = await createTestApp({ LOG_LEVEL: 'info', DATA_DIR: dataDir, PUBLIC_URL });
    owner = await registerAndLogin(t.app, { business_name: 'Outbox Kicks' });
  });
  afterAll(async () => {
    await t.close();
    stdout.mockRestore();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps an invitation for the owner to read, link and all, and logs only who it was for', async () => {
    const email = 'outbox-new-hire@example.com';
    const invited = await invite(t, owner, email);
    expect(invited.statusCode, invited.body).toBe(201);
    const token = (invited.json() as { accept_path: string }).accept_path.split('/').pop() as string;
    const link = `${PUBLIC_URL}/accept-invitation/${token}`;

    const answer = await readOutbox(t, owner);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const outbox = answer.json() as Outbox;
    expect(outbox.smtp_configured).toBe(false);
    expect(outbox.items).toHaveLength(1);
    expect(outbox.items[0]).toMatchObject({ to: email, subject: expect.stringContaining('invited you to Outbox Kicks on Tradepost') });
    expect(outbox.items[0]?.text).toContain(link);
    expect(Date.now() - Date.parse(outbox.items[0]?.created_at ?? '')).toBeLessThan(60_000);

    // The log says a mail to whom went to the outbox, and nothing of what it says.
    const log = logs.join('');
    const lines = log
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((line) => line.to === email)).toEqual([
      expect.objectContaining({ subject: outbox.items[0]?.subject, msg: 'mail not sent (no SMTP_URL configured): kept in the outbox' }),
    ]);
    expect(log).not.toContain(token);
    expect(log).not.toContain('accept-invitation');
    expect(log).not.toContain('Accept within');

    // The link in the outbox is the one that works.
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/v1/invitations/${link.split('/').pop()}/accept`,
      payload: { password: STRONG_PASSWORD },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('appends every unsent mail to a file under the data folder that only the server can read', async () => {
    const email = 'outbox-file@example.com';
    const invited = await invite(t, owner, email);
    const acceptPath = (invited.json() as { accept_path: string }).accept_path;

    const file = outboxFile(dataDir);
    expect(file).toBe(join(dataDir, 'outbox', 'outbox.log'));
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(`To: ${email}\n`);
    expect(text).toContain(`${PUBLIC_URL}${acceptPath}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'outbox')).mode & 0o777).toBe(0o700);
  });

  it('lists the newest mail first', async () => {
    await invite(t, owner, 'outbox-first@example.com');
    await invite(t, owner, 'outbox-second@example.com');
    const items = ((await readOutbox(t, owner)).json() as Outbox).items;
    expect(items.slice(0, 2).map((item) => item.to)).toEqual(['outbox-second@example.com', 'outbox-first@example.com']);
  });

  it('keeps mail that belongs to no business (a password reset) in the file only', async () => {
    const outbox = createOutbox(t.orm, dataDir);
    const before = ((await readOutbox(t, owner)).json() as Outbox).items.length;
    await outbox.keep({
      to: owner.email,
      subject: 'Reset your Tradepost password',
      text: 'Reset it here: https://tradepost.test/reset/abc\n',
    });
    expect(readFileSync(outboxFile(dataDir), 'utf8')).toContain('Reset it here: https://tradepost.test/reset/abc');
    const [rows] = await t.orm.em
      .fork()
      .execute<{ n: number }[]>(`SELECT count(*)::int AS n FROM outbox_messages WHERE subject = ?`, ['Reset your Tradepost password']);
    expect(rows?.n).toBe(0);
    expect(((await readOutbox(t, owner)).json() as Outbox).items).toHaveLength(before);
  });

  it('is the owner’s alone: staff and fulfillment are refused, another business sees neither the mail nor the list', async () => {
    for (const role of ['staff', 'fulfillment'] as const) {
      const member = await joinAs(t.app, owner, role);
      const refused = await readOutbox(t, member);
      expect(refused.statusCode, role).toBe(403);
      expect(refused.body).not.toContain('accept-invitation');
    }
    const neighbour = await registerAndLogin(t.app, { business_name: 'Neighbour Kicks' });
    const foreign = await readOutbox(t, neighbour, owner.businessId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('accept-invitation');
    const own = (await readOutbox(t, neighbour)).json() as Outbox;
    expect(own.items).toEqual([]);
  });
});

describe('the outbox, with an SMTP server configured', () => {
  let t: TestApp;
  let owner: SignedIn;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tradepost-outbox-smtp-'));
    t = await createTestApp({ DATA_DIR: dataDir, PUBLIC_URL, SMTP_URL: 'smtp://mail.example.test:2525' });
    owner = await registerAndLogin(t.app, { business_name: 'Mailing Kicks' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the invitation as before and keeps nothing', async () => {
    const invited = await invite(t, owner, 'smtp-new-hire@example.com');
    expect(invited.statusCode, invited.body).toBe(201);
    const acceptPath = (invited.json() as { accept_path: string }).accept_path;
    expect(sendMail).toHaveBeenCalledOnce();
    expect(sendMail.mock.calls[0]?.[0]).toMatchObject({
      to: 'smtp-new-hire@example.com',
      text: expect.stringContaining(`${PUBLIC_URL}${acceptPath}`),
    });

    const outbox = (await readOutbox(t, owner)).json() as Outbox;
    expect(outbox).toEqual({ smtp_configured: true, items: [] });
    expect(existsSync(outboxFile(dataDir))).toBe(false);
  });
});
