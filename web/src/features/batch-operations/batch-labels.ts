import type { BadgeProps } from '@fluentui/react-components';
import type { BatchItemStatus, BatchOperationType, BatchStatus } from '@tradepost/shared/schemas/batch-operations.ts';
import type { ListingStatus } from '@tradepost/shared/schemas/listings.ts';

export const operationLabels: Record<BatchOperationType, string> = {
  list: 'List',
  relist: 'Relist',
  end: 'End listings',
  price: 'Change price',
  quantity: 'Set quantity',
  catalog_price: 'Change catalog prices',
  archive: 'Archive products',
};

export const batchStatusLabels: Record<BatchStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  partially_failed: 'Partly failed',
  failed: 'Failed',
};

export const batchStatusColours: Record<BatchStatus, BadgeProps['color']> = {
  queued: 'informative',
  running: 'brand',
  completed: 'success',
  partially_failed: 'warning',
  failed: 'danger',
};

export const itemStatusLabels: Record<BatchItemStatus, string> = {
  pending: 'Waiting',
  sending: 'Sending',
  succeeded: 'Done',
  failed: 'Failed',
};

export const itemStatusColours: Record<BatchItemStatus, BadgeProps['color']> = {
  pending: 'informative',
  sending: 'brand',
  succeeded: 'success',
  failed: 'danger',
};

export const listingStatusLabels: Record<ListingStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  ended: 'Ended',
  error: 'Error',
};

export const listingStatusColours: Record<ListingStatus, BadgeProps['color']> = {
  pending: 'informative',
  active: 'success',
  ended: 'subtle',
  error: 'danger',
};

/** A platform id as people read it: Shopify's `gid://shopify/Product/81…` shows as `81…`. */
export const shortExternalId = (id: string): string => id.split('/').pop() ?? id;

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 });
/** 0.957 → '96%'; null (nothing answered yet) → '—'. */
export const formatRate = (rate: number | null): string => (rate === null ? '—' : percent.format(rate));

/** 83_000 → '1 min 23 s'; 4_200 → '4.2 s'. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
