import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Unauthorized } from '../../errors.ts';
import { openSession } from './auth.service.ts';
import { MobileLoginCode } from './mobile-login-code.entity.ts';
import { hashToken, newShortCode } from './secret-token.ts';
import type { Session } from './session.entity.ts';
import type { User } from './user.entity.ts';

export const MOBILE_CODE_LIFETIME_MS = 2 * 60 * 1000;

export async function createMobileLoginCode(em: EntityManager, user: User) {
  const code = newShortCode();
  const row = em.create(MobileLoginCode, { user, codeHash: hashToken(code), expiresAt: new Date(Date.now() + MOBILE_CODE_LIFETIME_MS) });
  await em.flush();
  return { code, expires_at: row.expiresAt.toISOString(), path: `/mobile-login?code=${code}` };
}

/** A code signs in one phone once, within its two minutes. */
export async function exchangeMobileLoginCode(em: EntityManager, code: string, userAgent: string | undefined): Promise<Session> {
  const normalised = code.replace(/[\s-]/g, '').toUpperCase();
  return em.transactional(async (tx) => {
    const row = await tx.findOne(
      MobileLoginCode,
      { codeHash: hashToken(normalised), usedAt: null, expiresAt: { $gt: new Date() } },
      { populate: ['user', 'user.business'], lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!row) throw new Unauthorized('This code is invalid or has expired. Show a new code on the desktop.', 'INVALID_CODE');
    row.usedAt = new Date();
    return openSession(tx, row.user, userAgent);
  });
}
