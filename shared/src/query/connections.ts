import type { StaleAfter } from './query-key.ts';

/** Query keys of marketplace connections (one factory). */
export const connectionKeys = {
  all: ['connections'] as const,
  list: (businessId: string) => [...connectionKeys.all, 'list', businessId] as const,
};

/** A connection shows its channel's sync switch, buffer and selling locations, and its own state. */
export const connectionStaleAfter: StaleAfter = {
  'channel.changed': [connectionKeys.all],
  'connection.connected': [connectionKeys.all],
};
