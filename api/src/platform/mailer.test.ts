import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMailer, type Mail } from './mailer.ts';

const sendMail = vi.hoisted(() => vi.fn(async () => ({})));
const createTransport = vi.hoisted(() => vi.fn(() => ({ sendMail })));
vi.mock('nodemailer', () => ({ default: { createTransport } }));

const TOKEN = 'k3Jx9-secret-link-token-Qw7zT2mN4pL8vR1sY6uA0bC';
const invitation: Mail = {
  to: 'new-hire@example.com',
  businessId: '0190a0a0-0000-7000-8000-000000000001',
  subject: 'Ann invited you to Kicks on Tradepost',
  text: `You have been invited to join Kicks on Tradepost as staff.\n\nAccept within 7 days: https://app.example.com/accept-invitation/${TOKEN}\n`,
};

/** A logger like the app's, whose lines land in `lines` (as the JSON pino writes). */
function capturedLog() {
  const lines: string[] = [];
  const app = Fastify({ logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } } });
  return { log: app.log, lines };
}

afterEach(() => {
  sendMail.mockClear();
  createTransport.mockClear();
});

describe('mailer without SMTP_URL', () => {
  it('hands the mail to the outbox and logs only its recipient and subject, never its text or link', async () => {
    const { log, lines } = capturedLog();
    const kept: Mail[] = [];
    const mailer = createMailer({ smtpUrl: undefined, from: 'Tradepost <no-reply@tradepost.local>' }, log);
    mailer.keepUnsentIn({ keep: async (mail) => void kept.push(mail) });

    await mailer.send(invitation);

    expect(kept).toEqual([invitation]);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] as string) as Record<string, unknown>;
    expect(line).toMatchObject({
      to: invitation.to,
      subject: invitation.subject,
      msg: 'mail not sent (no SMTP_URL configured): kept in the outbox',
    });
    const all = lines.join('\n');
    expect(all).not.toContain(TOKEN);
    expect(all).not.toContain('accept-invitation');
    expect(all).not.toContain('Accept within');
    expect(createTransport).not.toHaveBeenCalled();
  });

  it('without an outbox to keep it, still logs nothing of the text', async () => {
    const { log, lines } = capturedLog();
    await createMailer({ smtpUrl: undefined, from: 'x@example.com' }, log).send(invitation);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ level: 40, to: invitation.to, subject: invitation.subject });
    expect(lines.join('\n')).not.toContain(TOKEN);
  });

  it('fails the send when the outbox cannot keep the mail, as a refused SMTP send would', async () => {
    const { log, lines } = capturedLog();
    const mailer = createMailer({ smtpUrl: undefined, from: 'x@example.com' }, log);
    mailer.keepUnsentIn({
      keep: async () => {
        throw new Error('disk full');
      },
    });
    await expect(mailer.send(invitation)).rejects.toThrow('disk full');
    expect(lines.join('\n')).not.toContain(TOKEN);
  });
});

describe('mailer with SMTP_URL', () => {
  it('sends through the SMTP server as before, from MAIL_FROM, keeps nothing and logs nothing', async () => {
    const { log, lines } = capturedLog();
    const kept: Mail[] = [];
    const mailer = createMailer({ smtpUrl: 'smtp://mail.example.test:2525', from: 'Tradepost <no-reply@example.test>' }, log);
    mailer.keepUnsentIn({ keep: async (mail) => void kept.push(mail) });

    await mailer.send(invitation);

    expect(createTransport).toHaveBeenCalledWith('smtp://mail.example.test:2525');
    expect(sendMail).toHaveBeenCalledExactlyOnceWith({
      from: 'Tradepost <no-reply@example.test>',
      to: invitation.to,
      subject: invitation.subject,
      text: invitation.text,
    });
    expect(kept).toEqual([]);
    expect(lines).toEqual([]);
  });
});
