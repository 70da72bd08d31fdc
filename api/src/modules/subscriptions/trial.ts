import type { TrialStatus } from '@tradepost/shared/schemas/auth.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days left are rounded up: a trial ending later today still has 1 day. */
export function trialStatus(trialEndsAt: Date, now: Date): TrialStatus {
  const remainingMs = trialEndsAt.getTime() - now.getTime();
  const days = remainingMs > 0 ? Math.ceil(remainingMs / DAY_MS) : 0;
  return {
    trial_days_remaining: days,
    trial_ends_at: trialEndsAt.toISOString(),
    status: remainingMs > 0 ? 'trialing' : 'expired',
  };
}
