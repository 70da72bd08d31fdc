import { minutesUntilExpiry, sessionState } from '@tradepost/shared/domain/session.ts';
import type { StoredSession } from './session-model.ts';

/**
 * Spec §8, §9: whether this check should warn that the session ends soon, and with how many minutes.
 * A session is warned about once (`warnedFor` is the expiry already warned about), in its last 30
 * minutes, and not once it has expired (the expiry watch ends it then).
 */
export function sessionWarningDue(session: StoredSession | null, now: number, warnedFor: number | null): number | null {
  if (session === null || warnedFor === session.expiresAt) return null;
  if (sessionState(session.expiresAt, now) !== 'warning') return null;
  return minutesUntilExpiry(session.expiresAt, now);
}
