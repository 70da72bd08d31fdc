/** Query keys of the subscription area. */
export const subscriptionKeys = {
  all: ['subscription'] as const,
  trialStatus: () => [...subscriptionKeys.all, 'trial-status'] as const,
};
