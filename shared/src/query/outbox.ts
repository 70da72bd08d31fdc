/**
 * Query keys of the outbox area: the mail the server could not send, per business. No domain event
 * names a mail kept there (an invitation publishes none), so the outbox is asked afresh each time
 * it is shown instead of being refreshed by events.
 */
export const outboxKeys = {
  all: ['outbox'] as const,
  list: (businessId: string) => [...outboxKeys.all, businessId] as const,
};
