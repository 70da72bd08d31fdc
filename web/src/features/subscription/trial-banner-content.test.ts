import { describe, expect, it } from 'vitest';
import { trialBannerContent } from './trial-banner-content.ts';

const ends = '2026-12-05T12:00:00.000Z';

describe('trialBannerContent', () => {
  it('shows the days remaining while trialing', () => {
    expect(trialBannerContent({ status: 'trialing', trial_days_remaining: 9, trial_ends_at: ends })).toMatchObject({
      intent: 'info',
      title: 'Free trial: 9 days remaining',
    });
    expect(trialBannerContent({ status: 'trialing', trial_days_remaining: 1, trial_ends_at: ends })?.title).toBe(
      'Free trial: 1 day remaining',
    );
    expect(trialBannerContent({ status: 'trialing', trial_days_remaining: 0, trial_ends_at: ends })?.title).toBe('Free trial: ends today');
  });

  it('says the trial has ended once it expired', () => {
    const content = trialBannerContent({ status: 'expired', trial_days_remaining: 0, trial_ends_at: ends });
    expect(content).toMatchObject({ intent: 'warning', title: 'Your free trial has ended' });
    expect(content?.body).toMatch(/^It ended on /);
  });

  it('shows nothing without a trial status', () => {
    expect(trialBannerContent(undefined)).toBeNull();
  });
});
