import type { Transfer } from '@tradepost/shared/schemas/inventory.ts';

/**
 * Where a transfer stands as people say it. The API keeps a transfer `in_transit` until every unit
 * has arrived; once some have, it is "partially received".
 */
export type TransferStage = 'draft' | 'in_transit' | 'partially_received' | 'received' | 'cancelled';

export const transferStages: readonly TransferStage[] = ['draft', 'in_transit', 'partially_received', 'received', 'cancelled'];

export const transferStageLabels: Record<TransferStage, string> = {
  draft: 'Draft',
  in_transit: 'In transit',
  partially_received: 'Partially received',
  received: 'Received',
  cancelled: 'Cancelled',
};

export function transferStage(transfer: Pick<Transfer, 'status' | 'lines'>): TransferStage {
  if (transfer.status === 'in_transit' && transfer.lines.some((line) => line.quantity_received > 0)) return 'partially_received';
  return transfer.status;
}

export type TransferTotals = { lines: number; units: number; received: number; open: number };

export function transferTotals(transfer: Pick<Transfer, 'lines'>): TransferTotals {
  const units = transfer.lines.reduce((sum, line) => sum + line.quantity, 0);
  const received = transfer.lines.reduce((sum, line) => sum + line.quantity_received, 0);
  return { lines: transfer.lines.length, units, received, open: units - received };
}

/** Units of a line still on the way. */
export const openQuantity = (line: Transfer['lines'][number]) => line.quantity - line.quantity_received;

/** Quantities about to be received, by variant id. */
export type ReceiptDraft = Readonly<Record<string, number>>;

export type ScanReceiptOutcome =
  | { ok: true; draft: ReceiptDraft; line: Transfer['lines'][number]; receiving: number }
  | { ok: false; reason: 'not_on_transfer' | 'all_received' };

/** One scan adds one unit of the matching line to the receipt, never more than is still open. */
export function scanIntoReceipt(transfer: Pick<Transfer, 'lines'>, draft: ReceiptDraft, variantId: string): ScanReceiptOutcome {
  const line = transfer.lines.find((l) => l.variant_id === variantId);
  if (line === undefined) return { ok: false, reason: 'not_on_transfer' };
  const next = (draft[variantId] ?? 0) + 1;
  if (next > openQuantity(line)) return { ok: false, reason: 'all_received' };
  return { ok: true, draft: { ...draft, [variantId]: next }, line, receiving: next };
}

/** Every open unit of every line: "receive everything that is left". */
export function receiveEverything(transfer: Pick<Transfer, 'lines'>): ReceiptDraft {
  return Object.fromEntries(transfer.lines.filter((line) => openQuantity(line) > 0).map((line) => [line.variant_id, openQuantity(line)]));
}

/** The receipt as the API takes it: positive whole quantities only, in the transfer's line order. */
export function receiptLines(transfer: Pick<Transfer, 'lines'>, draft: ReceiptDraft): { variant_id: string; quantity: number }[] {
  return transfer.lines.flatMap((line) => {
    const quantity = draft[line.variant_id] ?? 0;
    return Number.isInteger(quantity) && quantity > 0 ? [{ variant_id: line.variant_id, quantity }] : [];
  });
}

/** Lines of a draft transfer being built: one per size, quantities by variant id in the order added. */
export type TransferLineDraft = { variantId: string; quantity: number };

/** A scan or a click on a size adds one; a size already on the transfer goes up by one. */
export function addToTransferDraft(lines: readonly TransferLineDraft[], variantId: string, quantity = 1): TransferLineDraft[] {
  const existing = lines.find((line) => line.variantId === variantId);
  if (existing === undefined) return [...lines, { variantId, quantity }];
  return lines.map((line) => (line.variantId === variantId ? { ...line, quantity: line.quantity + quantity } : line));
}

// One receipt posts its lines within a few milliseconds of each other (each movement is stamped with
// the clock, not the transaction); two receipts of one transfer are seconds apart at the least.
const SAME_RECEIPT_MS = 1000;

export type ReceiptUnit = { variantId: string; quantity: number };
type ReceiptMovement = { variant_id: string; on_hand_delta: number; created_at: string };

/** The receipts of a transfer from its `transfer_in` movements: one group per receive action, oldest first. */
export function groupReceipts(movements: readonly ReceiptMovement[]): { at: string; units: ReceiptUnit[] }[] {
  const sorted = [...movements].sort((a, b) => a.created_at.localeCompare(b.created_at));
  const groups: { at: string; start: number; units: ReceiptUnit[] }[] = [];
  for (const movement of sorted) {
    const time = Date.parse(movement.created_at);
    const current = groups.at(-1);
    // A size appears once per receipt, so a repeat means a new receipt even within the window.
    if (current === undefined || time - current.start > SAME_RECEIPT_MS || current.units.some((u) => u.variantId === movement.variant_id)) {
      groups.push({ at: movement.created_at, start: time, units: [{ variantId: movement.variant_id, quantity: movement.on_hand_delta }] });
    } else {
      current.units.push({ variantId: movement.variant_id, quantity: movement.on_hand_delta });
    }
  }
  return groups.map(({ at, units }) => ({ at, units }));
}
