import { compareSizeLabels } from '@tradepost/shared/domain/sizes/size-order.ts';
import type { CountLine, CountSummary } from '@tradepost/shared/schemas/inventory.ts';

export const countStatusLabels: Record<CountSummary['status'], string> = {
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Unit values of one size: cost (what the ledger would move) and selling price, when known. */
export type UnitValues = { costCents: number | null; priceCents: number | null };

export type VarianceLine = { line: CountLine; variance: number; costCents: number | null; priceCents: number | null };

export type VarianceReview = {
  lines: VarianceLine[];
  unitsGained: number;
  unitsLost: number;
  netUnits: number;
  /** Net value at cost of the lines whose cost is known; `costMissing` counts the others. */
  netCostCents: number;
  costMissing: number;
  netPriceCents: number;
  priceMissing: number;
  uncounted: CountLine[];
};

/**
 * The variance a completion would post: counted − expected for every counted line (and − expected
 * for uncounted lines when they will be recorded as zero), with its value where a unit value is known.
 */
export function reviewVariance(
  lines: readonly CountLine[],
  values: ReadonlyMap<string, UnitValues>,
  { uncountedAsZero }: { uncountedAsZero: boolean },
): VarianceReview {
  const uncounted = lines.filter((line) => line.counted === null);
  const out: VarianceLine[] = [];
  for (const line of lines) {
    if (line.expected === null) continue;
    if (line.counted === null && !uncountedAsZero) continue;
    const variance = (line.counted ?? 0) - line.expected;
    if (variance === 0) continue;
    const value = values.get(line.variant_id);
    const costCents = value?.costCents ?? null;
    const priceCents = value?.priceCents ?? null;
    out.push({
      line,
      variance,
      costCents: costCents === null ? null : costCents * variance,
      priceCents: priceCents === null ? null : priceCents * variance,
    });
  }
  return {
    lines: out,
    unitsGained: out.reduce((sum, l) => sum + Math.max(l.variance, 0), 0),
    unitsLost: out.reduce((sum, l) => sum + Math.max(-l.variance, 0), 0),
    netUnits: out.reduce((sum, l) => sum + l.variance, 0),
    netCostCents: out.reduce((sum, l) => sum + (l.costCents ?? 0), 0),
    costMissing: out.filter((l) => l.costCents === null).length,
    netPriceCents: out.reduce((sum, l) => sum + (l.priceCents ?? 0), 0),
    priceMissing: out.filter((l) => l.priceCents === null).length,
    uncounted,
  };
}

/**
 * The unit cost a count's variance moves at, from a size's cost lots: missing units leave FIFO (the
 * oldest lot with units left), found units come back at the latest lot's cost, as the API posts them.
 */
export function varianceUnitCost(
  lots: readonly { quantity_remaining: number; unit_cost_cents: number; acquired_at: string }[],
  direction: 'gain' | 'loss',
): number | null {
  const byAge = [...lots].sort((a, b) => a.acquired_at.localeCompare(b.acquired_at));
  if (direction === 'loss') return byAge.find((lot) => lot.quantity_remaining > 0)?.unit_cost_cents ?? null;
  return byAge.at(-1)?.unit_cost_cents ?? null;
}

/**
 * Count lines in the order people count a shelf: by product, then by size as sizes go (9, 9.5, 10,
 * 10.5, 11; never the text order 10, 10.5, 11, 9, 9.5), then by SKU. The API sends them by title and SKU.
 */
export function orderCountLines<L extends Pick<CountLine, 'product_title' | 'size' | 'sku'>>(lines: readonly L[]): L[] {
  return [...lines].sort(
    (a, b) =>
      TITLE_ORDER.compare(a.product_title, b.product_title) || compareSizeLabels(a.size, b.size) || TITLE_ORDER.compare(a.sku, b.sku),
  );
}

const TITLE_ORDER = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
