import { isIP } from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { TooManyRequests } from '../../errors.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { LoginAttempt } from './login-attempt.entity.ts';
import type { User } from './user.entity.ts';

/** The window every sign-in limit counts over. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** An address the account signed in from this recently is taken for its owner's. */
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;
/** The longest wait between attempts an account's failures can ask of a new address. */
export const MAX_SLOWDOWN_MS = 60_000;

const LIMITED_MESSAGE = 'Too many sign-in attempts. Please wait 15 minutes and try again.';

export type LoginLimits = {
  /** Failed sign-ins to one account in the window, from one address and (for the slow-down and the mail) from all. */
  perAccount: number;
  /** Attempts from one address in the window, whatever the account. */
  perAddress: number;
};

/** A 429 that says how long to wait; the route passes it on as Retry-After. */
export class SignInLimited extends TooManyRequests {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * The address a limit counts: IPv4 as is (an IPv4-mapped IPv6 address as its IPv4), IPv6 by its
 * /64, which one subscriber usually holds whole and can walk through for free.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const bare = ip.toLowerCase().replace(/%.*$/, '');
  if (isIP(bare) !== 6) return ip;
  const [head = '', tail] = bare.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  // A dotted IPv4 tail stands for two groups.
  const tailLength = tailGroups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array(8 - headGroups.length - tailLength).fill('0'), ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * The wait an account's failures ask between attempts from addresses it has not signed in from:
 * none up to the limit (one address alone is stopped by its own limit first), then 1 s, doubling
 * with each further failure, to a minute at most.
 */
export function slowdownMs(accountFailures: number, limit: number): number {
  if (accountFailures <= limit) return 0;
  return Math.min(1000 * 2 ** Math.min(accountFailures - limit - 1, 16), MAX_SLOWDOWN_MS);
}

const secondsText = (seconds: number) => (seconds === 1 ? '1 second' : `${seconds} seconds`);

/**
 * Refuses a sign-in before the password is looked at:
 * - an address past its attempts in the window, whatever the account;
 * - an address past its failures for this account (the attacker's address; the owner elsewhere is
 *   not affected);
 * - an address the account has not signed in from, while the account's failures from everywhere
 *   ask for a wait since the last one. Refused attempts are not recorded, so they cannot stretch
 *   the wait, and the addresses the owner uses are never slowed: slowed down, never locked out.
 */
export async function assertMaySignIn(em: EntityManager, email: string, address: string, limits: LoginLimits): Promise<void> {
  const now = Date.now();
  const since = new Date(now - LOGIN_WINDOW_MS);
  const [fromAddress, pairFailures, accountFailures, lastFailure] = await Promise.all([
    em.count(LoginAttempt, { ip: address, attemptedAt: { $gte: since } }),
    em.count(LoginAttempt, { email, ip: address, succeeded: false, attemptedAt: { $gte: since } }),
    em.count(LoginAttempt, { email, succeeded: false, attemptedAt: { $gte: since } }),
    em.findOne(LoginAttempt, { email, succeeded: false }, { orderBy: { attemptedAt: 'desc' }, fields: ['attemptedAt'] }),
  ]);
  if (fromAddress >= limits.perAddress || pairFailures >= limits.perAccount) {
    throw new SignInLimited(LIMITED_MESSAGE, LOGIN_WINDOW_MS / 1000);
  }
  const wait = slowdownMs(accountFailures, limits.perAccount);
  const remaining = lastFailure ? lastFailure.attemptedAt.getTime() + wait - now : 0;
  if (remaining <= 0) return;
  const known = await em.count(LoginAttempt, {
    email,
    ip: address,
    succeeded: true,
    attemptedAt: { $gte: new Date(now - KNOWN_ADDRESS_MS) },
  });
  if (known > 0) return;
  const seconds = Math.ceil(remaining / 1000);
  throw new SignInLimited(`Too many sign-in attempts. Please wait ${secondsText(seconds)} and try again.`, seconds);
}

/**
 * Tells the owner once a window that their account's failed sign-ins reached the limit. The claim
 * on `login_alerts` is one statement, so several processes send one mail between them. The mail
 * names no password, address or link: nothing in it is worth stealing or can be phished with.
 */
export async function alertOwnerOnRepeatedFailures(
  em: EntityManager,
  email: string,
  owner: User | null,
  limits: LoginLimits,
  notify: { mailer: Mailer; log: FastifyBaseLogger },
): Promise<void> {
  // Counted for unknown e-mails too: a failure takes the same work whether the account exists.
  const since = new Date(Date.now() - LOGIN_WINDOW_MS);
  const failures = await em.count(LoginAttempt, { email, succeeded: false, attemptedAt: { $gte: since } });
  if (!owner || failures < limits.perAccount) return;
  const claimed = await em.execute(
    `INSERT INTO login_alerts (email, sent_at) VALUES (?, now())
     ON CONFLICT (email) DO UPDATE SET sent_at = now() WHERE login_alerts.sent_at <= now() - make_interval(secs => ?)
     RETURNING email`,
    [owner.email, LOGIN_WINDOW_MS / 1000],
  );
  if (claimed.length === 0) return;
  const minutes = LOGIN_WINDOW_MS / 60_000;
  // Not awaited: the answer's timing must not depend on the mail server.
  notify.mailer
    .send({
      to: owner.email,
      businessId: owner.business.id,
      subject: 'Repeated failed sign-ins to your Tradepost account',
      text:
        `Someone tried to sign in to your Tradepost account (${owner.email}) with a wrong password ${failures} times in the last ${minutes} minutes.\n\n` +
        'If that was you, there is nothing to do. If not, the password kept them out: you can sign in as usual, ' +
        'and if you use the same password anywhere else, change it under Profile. ' +
        'While this goes on, sign-ins from devices that have not signed in to your account before may have to wait a little; yours do not.\n',
    })
    .catch((error: unknown) =>
      notify.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'sign-in alert mail not sent'),
    );
}
