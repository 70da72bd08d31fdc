import type { StaleAfter } from './query-key.ts';

/** Query keys of the subscription area. */
export const subscriptionKeys = {
  all: ['subscription'] as const,
  trialStatus: () => [...subscriptionKeys.all, 'trial-status'] as const,
};

/** The trial runs out with time, not with a business fact. */
export const subscriptionStaleAfter: StaleAfter = {};
