import {
  type LandedCostSpread,
  type LandedCosts,
  type PurchaseOrder,
  purchaseOrderLineInputSchema,
} from '@tradepost/shared/schemas/purchasing.ts';
import { moneyInputText, parseMoney } from '@tradepost/shared/ui/money.ts';
import { z } from 'zod';
import type { CostLine } from './landed-costs.ts';

// The lines and landed costs of a purchase order as typed (create screen, and a draft being edited):
// amounts stay text until saved, so a half-typed "12." is not thrown away.

export type DraftLine = { variantId: string; quantity: number; unitCost: string };
export type LandedCostsDraft = { shipping: string; duties: string; fees: string; spread: LandedCostSpread };

export const emptyLandedCosts: LandedCostsDraft = { shipping: '', duties: '', fees: '', spread: 'value' };

/** Adds a size to the order (one more unit when it is already there), at the unit cost given. */
export function addDraftLine(lines: readonly DraftLine[], variantId: string, unitCost = ''): DraftLine[] {
  return lines.some((line) => line.variantId === variantId)
    ? lines.map((line) => (line.variantId === variantId ? { ...line, quantity: line.quantity + 1 } : line))
    : [...lines, { variantId, quantity: 1, unitCost }];
}

/** Amounts as typed, read for the live preview: what cannot be read counts as zero there. */
export const previewCents = (text: string, currency: string): number => parseMoney(text, currency) ?? 0;

export const previewLines = (lines: readonly DraftLine[], currency: string): CostLine[] =>
  lines.map((line) => ({ quantity: line.quantity, unit_cost_cents: previewCents(line.unitCost, currency) }));

export const previewLandedCosts = (costs: LandedCostsDraft, currency: string): LandedCosts => ({
  shipping_cents: previewCents(costs.shipping, currency),
  duties_cents: previewCents(costs.duties, currency),
  fees_cents: previewCents(costs.fees, currency),
  spread: costs.spread,
});

type Read =
  | { ok: true; lines: { variant_id: string; quantity: number; unit_cost_cents: number }[]; landed_costs: LandedCosts }
  | { ok: false; fields: Record<string, string> };

/**
 * The typed lines and landed costs as the API's body, or the messages by the API's own field paths
 * (`lines.0.unit_cost_cents`, `landed_costs.shipping_cents`) for what cannot be read as an amount.
 */
export function readDraft(lines: readonly DraftLine[], costs: LandedCostsDraft, currency: string): Read {
  const fields: Record<string, string> = {};
  const amount = (text: string, path: string, label: string, required: boolean): number => {
    const cents = parseMoney(text, currency);
    if (cents === null) fields[path] = `${label} must be an amount such as 12.50`;
    else if (cents === undefined && required) fields[path] = `${label} is required`;
    return cents ?? 0;
  };
  const body = lines.map((line, index) => ({
    variant_id: line.variantId,
    quantity: line.quantity,
    unit_cost_cents: amount(line.unitCost, `lines.${index}.unit_cost_cents`, 'Unit cost', true),
  }));
  lines.forEach((line, index) => {
    if (line.quantity < 1) fields[`lines.${index}.quantity`] = 'Quantity must be at least 1';
  });
  const landed: LandedCosts = {
    shipping_cents: amount(costs.shipping, 'landed_costs.shipping_cents', 'Shipping', false),
    duties_cents: amount(costs.duties, 'landed_costs.duties_cents', 'Duties', false),
    fees_cents: amount(costs.fees, 'landed_costs.fees_cents', 'Fees', false),
    spread: costs.spread,
  };
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, lines: body, landed_costs: landed };
}

/** A saved draft back into the editor's text. */
export function draftFrom(order: PurchaseOrder, currency: string): { lines: DraftLine[]; costs: LandedCostsDraft } {
  const text = (cents: number) => (cents === 0 ? '' : moneyInputText(cents, currency));
  return {
    lines: order.lines.map((line) => ({
      variantId: line.variant_id,
      quantity: line.quantity_ordered,
      unitCost: moneyInputText(line.unit_cost_cents, currency),
    })),
    costs: {
      shipping: text(order.landed_costs.shipping_cents),
      duties: text(order.landed_costs.duties_cents),
      fees: text(order.landed_costs.fees_cents),
      spread: order.landed_costs.spread,
    },
  };
}

const prefillLineSchema = purchaseOrderLineInputSchema;

/**
 * The create screen's prefill from its address: `?vendor=<id>&lines=<json>`, where `lines` is a JSON
 * array of `{ variant_id, quantity, unit_cost_cents }` (the PDF import's review sends its matched
 * lines this way). Entries that do not read are left out, and a size named twice is added up.
 */
export function readPrefill(params: URLSearchParams, currency: string): { vendorId: string | null; lines: DraftLine[] } {
  const vendor = params.get('vendor');
  const vendorId = vendor !== null && z.uuid().safeParse(vendor).success ? vendor : null;
  let raw: unknown = [];
  try {
    raw = JSON.parse(params.get('lines') ?? '[]');
  } catch {
    raw = [];
  }
  const lines: DraftLine[] = [];
  for (const entry of Array.isArray(raw) ? raw : []) {
    const parsed = prefillLineSchema.safeParse(entry);
    if (!parsed.success) continue;
    const { variant_id, quantity, unit_cost_cents } = parsed.data;
    const existing = lines.find((line) => line.variantId === variant_id);
    if (existing !== undefined) existing.quantity += quantity;
    else lines.push({ variantId: variant_id, quantity, unitCost: moneyInputText(unit_cost_cents, currency) });
  }
  return { vendorId, lines };
}

/** The create screen's address for these lines (what the PDF import's review links to). */
export function createPurchaseOrderHref(
  vendorId: string | null,
  lines: readonly { variant_id: string; quantity: number; unit_cost_cents: number }[],
) {
  const params = new URLSearchParams();
  if (vendorId !== null) params.set('vendor', vendorId);
  if (lines.length > 0) params.set('lines', JSON.stringify(lines));
  const query = params.toString();
  return query === '' ? '/purchase-orders/create' : `/purchase-orders/create?${query}`;
}
