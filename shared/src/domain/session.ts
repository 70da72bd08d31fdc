import type { User } from '../schemas/auth.ts';

/** Spec §4, §9: a session lives 720 minutes (12 hours), is checked every 60 s and warns 30 minutes ahead. */
export const SESSION_LIFETIME_MINUTES = 720;
export const SESSION_LIFETIME_MS = SESSION_LIFETIME_MINUTES * 60_000;
export const SESSION_CHECK_INTERVAL_MS = 60_000;
export const SESSION_WARNING_BEFORE_MS = 30 * 60_000;

export type SessionStatus = 'valid' | 'warning' | 'expired';

/** Epoch ms, an ISO timestamp (the login answer's `expires_at`) or a Date. */
export type ExpiryTime = number | string | Date;

function toEpochMs(time: ExpiryTime): number {
  if (typeof time === 'number') return time;
  if (typeof time === 'string') return Date.parse(time);
  return time.getTime();
}

/** When a session started at `startedAt` (epoch ms) ends, if the server did not say. */
export function sessionExpiresAt(startedAt: number): number {
  return startedAt + SESSION_LIFETIME_MS;
}

/** An unreadable expiry counts as expired: better to sign in again than to trust it. */
export function sessionState(expiresAt: ExpiryTime, now: number): SessionStatus {
  const end = toEpochMs(expiresAt);
  if (!Number.isFinite(end) || now >= end) return 'expired';
  return end - now <= SESSION_WARNING_BEFORE_MS ? 'warning' : 'valid';
}

/** Whole minutes left, rounded up so the warning never says 0 while the session still runs. */
export function minutesUntilExpiry(expiresAt: ExpiryTime, now: number): number {
  const end = toEpochMs(expiresAt);
  if (!Number.isFinite(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 60_000));
}

/** Spec §8's 'Your session will expire in N minute(s)...', with the plural written out. */
export function sessionWarningText(minutesLeft: number): string {
  const minutes = Math.max(0, Math.ceil(minutesLeft));
  return `Your session will expire in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}...`;
}

/** Spec §3: first and last name when both exist, else the username. */
export function displayName(user: Pick<User, 'first_name' | 'last_name' | 'username'>): string {
  const first = user.first_name?.trim() ?? '';
  const last = user.last_name?.trim() ?? '';
  return first !== '' && last !== '' ? `${first} ${last}` : user.username;
}
