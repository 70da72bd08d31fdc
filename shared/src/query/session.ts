import type { StaleAfter } from './query-key.ts';

/** Query keys of the session area (one factory per area). */
export const sessionKeys = {
  all: ['session'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
};

/** The signed-in user and business change by the user's own writes, which publish no event. */
export const sessionStaleAfter: StaleAfter = {};
