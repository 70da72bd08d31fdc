import { SESSION_LIFETIME_MS, sessionState } from '@tradepost/shared/domain/session.ts';
import type { LoginResponse } from '@tradepost/shared/schemas/auth.ts';
import { z } from '@tradepost/shared/schemas/zod-mini.ts';

/** Bump the version when the stored shape changes; old values are then ignored, not misread. */
export const SESSION_STORAGE_KEY = 'tradepost.session.v1';

export const storedSessionSchema = z.object({
  token: z.string().check(z.minLength(1)),
  /** Epoch milliseconds. */
  expiresAt: z.number().check(z.int(), z.positive()),
});
export type StoredSession = z.infer<typeof storedSessionSchema>;

/** The server's expiry, but never more than the 12-hour life of spec §9 (a wrong server clock cannot stretch it). */
export function sessionFromLogin(response: Pick<LoginResponse, 'access_token' | 'expires_at'>, now: number): StoredSession {
  const serverExpiry = Date.parse(response.expires_at);
  const cap = now + SESSION_LIFETIME_MS;
  return {
    token: response.access_token,
    expiresAt: Number.isFinite(serverExpiry) ? Math.min(serverExpiry, cap) : cap,
  };
}

export function isSessionActive(session: StoredSession | null, now: number): session is StoredSession {
  return session !== null && sessionState(session.expiresAt, now) !== 'expired';
}

export function activeToken(session: StoredSession | null, now: number): string | null {
  return isSessionActive(session, now) ? session.token : null;
}
