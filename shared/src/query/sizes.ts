import type { SizeQueueStatus } from '../schemas/sizes.ts';
import type { StaleAfter } from './query-key.ts';

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

/** Size formats and the matching queue change only by their own screens' writes, which publish no event. */
export const sizeStaleAfter: StaleAfter = {};
