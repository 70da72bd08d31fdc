import type { FailedOrder } from '@tradepost/shared/schemas/sales.ts';

export const failureReasonLabels: Record<FailedOrder['reason_code'], string> = {
  unknown_sku: 'Unknown SKU',
  no_stock: 'No stock',
  split_not_allowed: 'Split not allowed',
};

/**
 * The SKUs an `unknown_sku` order could not match, read from its lines against the server's reason
 * ('Unknown SKUs: A, B'); every line when the reason names none of them.
 */
export function unknownSkus(order: Pick<FailedOrder, 'reason_code' | 'reason' | 'payload'>): string[] {
  if (order.reason_code !== 'unknown_sku') return [];
  const listed = order.reason
    .replace(/^[^:]*:\s*/, '')
    .split(/,\s*/)
    .map((sku) => sku.trim().toLowerCase());
  const skus = [...new Set(order.payload.lines.map((line) => line.sku))];
  const named = skus.filter((sku) => listed.includes(sku.toLowerCase()));
  return named.length > 0 ? named : skus;
}
