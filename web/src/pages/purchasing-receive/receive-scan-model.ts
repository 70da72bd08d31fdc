import {
  type PurchaseOrder,
  type PurchaseOrderLine,
  purchaseOrderLabel,
  type ReceiptResult,
} from '@tradepost/shared/schemas/purchasing.ts';
import { fieldErrors } from '../../features/catalog/field-errors.ts';

/**
 * What the receiving desk shows after a scan. Plain data (no functions), so the barcode-variants
 * screen can hand its outcome back to the scanner in the router's state.
 */
export type ReceiveScanEntry =
  | {
      kind: 'received';
      code: string;
      line_id: string;
      product_title: string;
      size_label: string;
      sku: string | null;
      received: number;
      ordered: number;
      /** This unit took the line past what was ordered (the user confirmed it). */
      over: boolean;
    }
  | { kind: 'over-receipt'; code: string; message: string }
  | { kind: 'refused'; code: string; message: string };

/** Router state the barcode-variants screen leaves for the scanner: what happened to the mapped scan. */
export type ScannerHandover = { entry: ReceiveScanEntry };

export function isHandover(state: unknown): state is ScannerHandover {
  if (typeof state !== 'object' || state === null || !('entry' in state)) return false;
  const entry = (state as { entry: unknown }).entry;
  return typeof entry === 'object' && entry !== null && 'kind' in entry && 'code' in entry;
}

/** What the scanner does with a refused scan. */
export type ScanRefusalAction =
  | { kind: 'map-barcode'; barcode: string }
  | { kind: 'confirm-over-receipt'; message: string }
  | { kind: 'refused'; message: string };

const fallback = 'The scan was not saved. Scan again.';

/** "3 of 6 received": the line's progress in the words of the desk. */
export function progressText(received: number, ordered: number): string {
  return `${received} of ${ordered} received`;
}

/** The one-line message (heard and read at a glance) of a received unit. */
export function receivedMessage(entry: Extract<ReceiveScanEntry, { kind: 'received' }>): string {
  const over = entry.over ? ` (${entry.received - entry.ordered} over the order)` : '';
  return `${entry.product_title}, size ${entry.size_label}: ${progressText(entry.received, entry.ordered)}${over}`;
}

/** The line a one-unit receipt touched, as the order stands after it. */
export function receivedEntry(result: ReceiptResult, code: string): Extract<ReceiveScanEntry, { kind: 'received' }> | null {
  const touched = result.received[0];
  const line: PurchaseOrderLine | undefined = result.purchase_order.lines.find((l) => l.id === touched?.line_id);
  if (line === undefined) return null;
  return {
    kind: 'received',
    code,
    line_id: line.id,
    product_title: line.product_title,
    size_label: line.size_label,
    sku: line.sku,
    received: line.quantity_received,
    ordered: line.quantity_ordered,
    over: line.quantity_received > line.quantity_ordered,
  };
}

/**
 * A refused scan, by the API's code: an unknown barcode is mapped to a size on the next screen; a
 * unit over the order asks before it is received; anything else is said in the API's words.
 */
export function scanRefusal(error: unknown, code: string, order: Pick<PurchaseOrder, 'number'>): ScanRefusalAction {
  const problem = fieldErrors(error, () => false, fallback);
  if (problem.code === 'UNKNOWN_BARCODE') return { kind: 'map-barcode', barcode: code };
  if (problem.code === 'OVER_RECEIPT')
    return {
      kind: 'confirm-over-receipt',
      message: problem.message ?? `This would receive more than ordered on ${purchaseOrderLabel(order.number)}.`,
    };
  if (problem.code === 'NOT_ON_ORDER')
    return { kind: 'refused', message: problem.message ?? `Barcode ${code} is not on ${purchaseOrderLabel(order.number)}.` };
  return { kind: 'refused', message: problem.message ?? problem.general ?? fallback };
}

/** Only an order that was placed and is still waiting for goods takes scans; otherwise why not. */
export function scanBlockedReason(order: Pick<PurchaseOrder, 'status' | 'number'>): string | null {
  const label = purchaseOrderLabel(order.number);
  switch (order.status) {
    case 'ordered':
    case 'partially_received':
      return null;
    case 'draft':
      return `${label} is a draft. Mark the order as ordered before receiving.`;
    case 'received':
      return `${label} is fully received; scans are not taken.`;
    case 'closed':
      return `${label} is closed; scans are not taken.`;
    case 'cancelled':
      return `${label} is cancelled; scans are not taken.`;
  }
}

/** Units received over units ordered, for the header. */
export function orderProgress(order: Pick<PurchaseOrder, 'lines'>): { received: number; ordered: number } {
  let received = 0;
  let ordered = 0;
  for (const line of order.lines) {
    received += line.quantity_received;
    ordered += line.quantity_ordered;
  }
  return { received, ordered };
}
