import type { SizeQueueStatus } from '@tradepost/shared/schemas/sizes.ts';

/** Query keys of size formats (per business) and the admin size-matching queue (one factory per area). */
export const sizeKeys = {
  all: ['sizes'] as const,
  formats: () => [...sizeKeys.all, 'formats'] as const,
  formatList: (businessId: string) => [...sizeKeys.formats(), 'list', businessId] as const,
  format: (businessId: string, formatId: string) => [...sizeKeys.formats(), 'detail', businessId, formatId] as const,
  matching: () => [...sizeKeys.all, 'matching'] as const,
  queues: () => [...sizeKeys.matching(), 'queue'] as const,
  queue: (status: SizeQueueStatus, q: string) => [...sizeKeys.queues(), { status, q }] as const,
  rules: () => [...sizeKeys.matching(), 'rules'] as const,
  ruleList: (q: string) => [...sizeKeys.rules(), { q }] as const,
};
