import { spreadLandedCosts } from '@tradepost/shared/domain/landed-costs.ts';
import type { LandedCosts } from '@tradepost/shared/schemas/purchasing.ts';

/** What the landed-cost spread needs of a line: how many units, at what unit cost. */
export type CostLine = { quantity: number; unit_cost_cents: number };

export const noLandedCosts: LandedCosts = { shipping_cents: 0, duties_cents: 0, fees_cents: 0, spread: 'value' };

export const landedTotal = (costs: LandedCosts): number => costs.shipping_cents + costs.duties_cents + costs.fees_cents;

/** Each line's share of the landed costs, in whole cents adding up to their total (shared/src/domain/landed-costs.ts). */
export function landedShares(lines: readonly CostLine[], costs: LandedCosts): number[] {
  return spread(lines, costs).shareCents;
}

/** Each line's landed unit cost: its unit cost plus its share of the landed costs per unit (rounded to the cent). */
export function landedUnitCosts(lines: readonly CostLine[], costs: LandedCosts): number[] {
  return spread(lines, costs).landedUnitCostCents;
}

const spread = (lines: readonly CostLine[], costs: LandedCosts) =>
  spreadLandedCosts(
    lines.map((line) => ({ quantity: line.quantity, unitCostCents: line.unit_cost_cents })),
    landedTotal(costs),
    costs.spread,
  );

/** Units, subtotal (quantity × unit cost), landed costs and total, as the order's totals read. */
export function draftTotals(lines: readonly CostLine[], costs: LandedCosts) {
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unit_cost_cents, 0);
  const landed = landedTotal(costs);
  return { units, subtotal_cents: subtotal, landed_cents: landed, total_cents: subtotal + landed };
}
