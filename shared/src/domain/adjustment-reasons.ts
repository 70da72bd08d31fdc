// Adjustment reasons in words, for the web app and the extension alike.
import { adjustmentReasonCodes } from '../schemas/inventory.ts';

export type AdjustmentReason = (typeof adjustmentReasonCodes)[number];

export const adjustmentReasonLabels: Record<AdjustmentReason, string> = {
  received: 'Received',
  damaged: 'Damaged',
  lost: 'Lost',
  found: 'Found',
  correction: 'Correction',
  return_to_vendor: 'Return to vendor',
  other: 'Other',
};

export const adjustmentReasons: readonly AdjustmentReason[] = adjustmentReasonCodes;

/** The reason a line starts with: stock in is usually received, stock out usually a correction. */
export function defaultReason(quantity: number): AdjustmentReason {
  return quantity < 0 ? 'correction' : 'received';
}

/** A movement's reason code in words ('return_to_vendor' → 'Return to vendor'); unknown codes as they are. */
export function reasonLabel(code: string | null): string {
  if (code === null) return '—';
  return (adjustmentReasonLabels as Record<string, string>)[code] ?? code.replace(/_/g, ' ');
}
