import type { TrialStatus } from '@tradepost/shared/schemas/auth.ts';

export type TrialBannerContent = { intent: 'info' | 'warning'; title: string; body: string };

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** Spec §1: a trial shows with its days remaining, an ended one says so; anything else shows nothing. */
export function trialBannerContent(status: TrialStatus | undefined): TrialBannerContent | null {
  if (status === undefined) return null;
  if (status.status === 'expired') {
    return { intent: 'warning', title: 'Your free trial has ended', body: `It ended on ${formatDate(status.trial_ends_at)}.` };
  }
  if (status.status !== 'trialing') return null;
  const days = status.trial_days_remaining;
  const title = days === 0 ? 'Free trial: ends today' : `Free trial: ${days} ${days === 1 ? 'day' : 'days'} remaining`;
  return { intent: 'info', title, body: `Your trial ends on ${formatDate(status.trial_ends_at)}.` };
}
