import { createHash } from 'node:crypto';
import { PlatformError, ReconnectNeeded, rawBytes } from './http.ts';
import type { AccessCheck, WebhookRequest } from './types.ts';

// Checks shared by the adapters' webhook handling (issue #15, defect 4): a verified signature says
// who wrote the body, not that the delivery is fresh, unique or sent under the topic it claims.

/** A delivery id short and stable enough to keep: sha256 of the exact bytes. */
export function bodyHash(request: WebhookRequest): string {
  return createHash('sha256').update(rawBytes(request)).digest('hex');
}

/** Null when `at` lies within `maxAgeMs` of `now` (or in the future: clocks differ); otherwise why not. */
export function staleness(at: Date | null | undefined, now: Date, maxAgeMs: number, what: string): string | null {
  if (!at || Number.isNaN(at.getTime())) return `${what} is missing or unreadable`;
  const age = now.getTime() - at.getTime();
  if (age > maxAgeMs) return `${what} is ${Math.round(age / 60_000)} minutes old, older than the platform retries (a replay)`;
  return null;
}

export function dateOf(value: string | null | undefined): Date | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * The answer of an access probe that failed: the platform refused the token (after the one refresh
 * the adapters try), or says the account or app is not there. Anything else (no answer, 5xx, a rate
 * limit) is not an answer about the token and is thrown again, so the caller asks later.
 */
export function refusedAccess(error: unknown, platform: string): AccessCheck {
  if (error instanceof ReconnectNeeded) return { active: false, detail: `${platform} refused our access token (${error.reason})` };
  if (error instanceof PlatformError && (error.status === 401 || error.status === 403 || error.status === 404))
    return { active: false, detail: `${platform} answered ${error.status} to the access check` };
  throw error;
}
