import type { StaleAfter } from './query-key.ts';

/** Query keys of sales channels (one factory): one channel of each kind, with its 30-day sales. */
export const channelKeys = {
  all: ['channels'] as const,
  list: (businessId: string) => [...channelKeys.all, 'list', businessId] as const,
};

/** A channel's settings and connection, and its 30-day sales, which every sale, cancel and refund moves. */
export const channelStaleAfter: StaleAfter = {
  'channel.changed': [channelKeys.all],
  'connection.connected': [channelKeys.all],
  'sale.recorded': [channelKeys.all],
  'sale.cancelled': [channelKeys.all],
  'sale.refunded': [channelKeys.all],
};
