/** Query keys of marketplace connections (one factory). */
export const connectionKeys = {
  all: ['connections'] as const,
  list: (businessId: string) => [...connectionKeys.all, 'list', businessId] as const,
};
