import type { PurchaseOrder } from '@tradepost/shared/schemas/purchasing.ts';
import { parseMoney } from '../../features/catalog/money.ts';

// purchase-orders/select-variants: sizes picked from the catalog with quantity and unit cost, then
// added to a draft purchase order (its lines kept) or carried into a new one.

export type PickedSize = { variantId: string; title: string; size: string; quantity: number; unitCost: string };

export type PickedLine = { variant_id: string; quantity: number; unit_cost_cents: number };

/** One more unit of a size (added at the end with an empty cost when new). */
export function pickSize(picked: readonly PickedSize[], size: Omit<PickedSize, 'quantity' | 'unitCost'>): PickedSize[] {
  return picked.some((p) => p.variantId === size.variantId)
    ? picked.map((p) => (p.variantId === size.variantId ? { ...p, quantity: p.quantity + 1 } : p))
    : [...picked, { ...size, quantity: 1, unitCost: '' }];
}

/** The picked sizes as lines, or what to fix by row index (`0.unit_cost_cents`, `1.quantity`). */
export function readPicked(
  picked: readonly PickedSize[],
  currency: string,
): { ok: true; lines: PickedLine[] } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  if (picked.length === 0) fields.lines = 'Choose at least one size';
  const lines = picked.map((p, index) => {
    const cents = parseMoney(p.unitCost, currency);
    if (cents === undefined) fields[`${index}.unit_cost_cents`] = 'Unit cost is required';
    else if (cents === null) fields[`${index}.unit_cost_cents`] = 'Unit cost must be an amount such as 12.50';
    if (p.quantity < 1) fields[`${index}.quantity`] = 'Quantity must be at least 1';
    return { variant_id: p.variantId, quantity: p.quantity, unit_cost_cents: cents ?? 0 };
  });
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, lines };
}

/**
 * The draft's lines after adding these: every existing line kept as it is, a size already on the
 * order gets the added quantity (at its existing cost), new sizes go at the end.
 */
export function mergeIntoOrder(order: Pick<PurchaseOrder, 'lines'>, added: readonly PickedLine[]): PickedLine[] {
  const merged: PickedLine[] = order.lines.map((line) => ({
    variant_id: line.variant_id,
    quantity: line.quantity_ordered,
    unit_cost_cents: line.unit_cost_cents,
  }));
  for (const line of added) {
    const existing = merged.find((m) => m.variant_id === line.variant_id);
    if (existing !== undefined) existing.quantity += line.quantity;
    else merged.push({ ...line });
  }
  return merged;
}
