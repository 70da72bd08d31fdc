import type { PurchaseOrderLine, ReceivePurchaseOrderBody } from '@tradepost/shared/schemas/purchasing.ts';

/** What is still to come of a line (never below zero: a line received over its order has nothing left). */
export const remainingOf = (line: Pick<PurchaseOrderLine, 'quantity_ordered' | 'quantity_received'>): number =>
  Math.max(line.quantity_ordered - line.quantity_received, 0);

/** The receive dialog opens with what is left of each line. */
export function receivePrefill(lines: readonly PurchaseOrderLine[]): Record<string, number> {
  return Object.fromEntries(lines.map((line) => [line.id, remainingOf(line)]));
}

/** Lines this receipt takes over what was ordered, with how many units over. */
export function overReceipt(lines: readonly PurchaseOrderLine[], quantities: Readonly<Record<string, number>>) {
  return lines.flatMap((line) => {
    const over = line.quantity_received + (quantities[line.id] ?? 0) - line.quantity_ordered;
    return over > 0 && (quantities[line.id] ?? 0) > 0 ? [{ line, over }] : [];
  });
}

/** The receipt's body: every line with a quantity above zero. */
export function receiveBody(
  locationId: string,
  quantities: Readonly<Record<string, number>>,
  confirmOverReceipt: boolean,
): ReceivePurchaseOrderBody {
  return {
    location_id: locationId,
    lines: Object.entries(quantities)
      .filter(([, quantity]) => quantity > 0)
      .map(([line_id, quantity]) => ({ line_id, quantity })),
    confirm_over_receipt: confirmOverReceipt,
  };
}

/** A line's progress as a fraction from 0 to 1 (a line over its order is full). */
export const progressOf = (received: number, ordered: number): number => (ordered <= 0 ? 0 : Math.min(received / ordered, 1));
