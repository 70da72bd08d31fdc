import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { STREAM_TICKET_LIFETIME_MS, type StreamTicket as StreamTicketAnswer } from '@tradepost/shared/schemas/realtime.ts';
import { hashToken, Session, User } from '../auth/public.ts';
import { Business } from '../businesses/public.ts';
import { StreamTicket } from './stream-ticket.entity.ts';

/**
 * Stream tickets. EventSource cannot send headers, so the stream takes its credential in the URL,
 * which browsers, proxies and access logs keep; the session token there would sign anyone who reads
 * one of them in for the rest of the session. A ticket instead opens one connection, within a minute,
 * for the session, user and business that asked for it, and nothing else. Tickets live in the
 * database (any API process may serve the stream) as SHA-256 hashes only.
 */

/** Who a redeemed ticket was issued to; the session is checked afresh by the caller. */
export type RedeemedTicket = { sessionId: string; userId: string; businessId: string };

/** A new ticket for this session: 256 random bits, shown once, stored hashed. */
export async function issueStreamTicket(
  em: EntityManager,
  owner: { sessionId: string; userId: string; businessId: string },
): Promise<StreamTicketAnswer> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + STREAM_TICKET_LIFETIME_MS);
  em.create(StreamTicket, {
    business: em.getReference(Business, owner.businessId),
    user: em.getReference(User, owner.userId),
    session: em.getReference(Session, owner.sessionId),
    tokenHash: hashToken(ticket),
    expiresAt,
  });
  await em.flush();
  return { ticket, expires_at: expiresAt.toISOString() };
}

/**
 * Uses a ticket up: the one statement that marks it used succeeds for one caller only, whichever API
 * process it reaches, and only while the ticket is unused and unexpired. Null for anything else (a
 * session token, a used, expired or unknown ticket). The ticket is the only key: the look-up crosses
 * businesses, like the session look-up of sign-in, and the ticket then names its business.
 */
export async function redeemStreamTicket(em: EntityManager, ticket: string): Promise<RedeemedTicket | null> {
  const tokenHash = hashToken(ticket);
  const now = new Date();
  const claimed = await em.nativeUpdate(
    StreamTicket,
    { tokenHash, usedAt: null, expiresAt: { $gt: now } },
    { usedAt: now },
    { filters: { tenant: false } },
  );
  if (claimed !== 1) return null;
  const row = await em.findOneOrFail(StreamTicket, { tokenHash }, { filters: { tenant: false } });
  return { sessionId: row.session.id, userId: row.user.id, businessId: row.business.id };
}
