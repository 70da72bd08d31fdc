/** Query keys of sales channels (one factory). */
export const channelKeys = {
  all: ['channels'] as const,
  list: (businessId: string) => [...channelKeys.all, 'list', businessId] as const,
};
