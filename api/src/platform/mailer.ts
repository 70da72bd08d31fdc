import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/**
 * One e-mail. `businessId` names the business the mail belongs to (an invitation to join it, an
 * alert to one of its members): when it cannot be sent, that business's owner can read it in the
 * app. Mail about an account alone (a password reset) leaves it out.
 */
export type Mail = { to: string; subject: string; text: string; businessId?: string };

/** Where mail that no server sends is kept: the outbox area (modules/outbox). */
export type Outbox = { keep(mail: Mail): Promise<void> };

export type Mailer = {
  send(mail: Mail): Promise<void>;
  /** From now on, mail that cannot be sent goes to `outbox`; the outbox area calls this at start-up. */
  keepUnsentIn(outbox: Outbox): void;
};

/**
 * SMTP when SMTP_URL is configured; otherwise each mail goes to the outbox, where the business owner
 * (in the app) and whoever runs the server (a file under DATA_DIR) can read it, so a local install
 * can still follow an invitation link. The log names the recipient and subject only: a mail's text
 * carries links whose tokens let anyone in, and logs are copied to places nobody guards.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string }, log: FastifyBaseLogger): Mailer {
  if (!options.smtpUrl) {
    let outbox: Outbox | undefined;
    return {
      async send(mail) {
        const about = { to: mail.to, subject: mail.subject };
        if (outbox === undefined) {
          log.warn(about, 'mail not sent (no SMTP_URL configured) and no outbox to keep it');
          return;
        }
        await outbox.keep(mail);
        log.info(about, 'mail not sent (no SMTP_URL configured): kept in the outbox');
      },
      keepUnsentIn(keeper) {
        outbox = keeper;
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    // Every mail leaves through the server: nothing is left to keep.
    keepUnsentIn() {},
  };
}
