import { useQueries } from '@tanstack/react-query';
import { inventoryKeys } from '@tradepost/shared/query/inventory.ts';
import { type CountLine, variantLedgerSchema } from '@tradepost/shared/schemas/inventory.ts';
import { api } from '../../app/api.ts';
import { productQuery } from '../catalog/use-products.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { type UnitValues, varianceUnitCost } from './count-model.ts';

// A review names the lines that change; past this many the value is summed over the first ones only.
const MAX_VALUED_LINES = 100;

/**
 * Unit cost and price of the lines a count would change: price from the product, cost from the
 * size's cost lots in the ledger (FIFO for missing units, latest lot for found ones, as posted).
 */
export function useVarianceValues(
  scope: BusinessScope | undefined,
  lines: readonly CountLine[],
  { uncountedAsZero }: { uncountedAsZero: boolean },
): { values: Map<string, UnitValues>; pending: boolean; truncated: boolean } {
  const changing = lines.filter(
    (line) => line.expected !== null && (line.counted ?? (uncountedAsZero ? 0 : line.expected)) !== line.expected,
  );
  const valued = changing.slice(0, MAX_VALUED_LINES);
  const productIds = [...new Set(valued.map((line) => line.product_id))];

  const products = useQueries({
    queries: productIds.map((id) => ({
      ...productQuery(scope ?? { businessId: '', currency: 'USD', basePath: '' }, id),
      enabled: scope !== undefined,
    })),
  });
  const ledgers = useQueries({
    queries: valued.map((line) => ({
      queryKey: inventoryKeys.ledger(scope?.businessId ?? '', line.variant_id),
      queryFn: ({ signal }: { signal: AbortSignal }) => {
        if (scope === undefined) throw new Error('No business');
        return api.get(`${scope.basePath}/inventory/variants/${encodeURIComponent(line.variant_id)}/ledger`, {
          schema: variantLedgerSchema,
          signal,
        });
      },
      enabled: scope !== undefined,
      meta: { quietErrors: true },
    })),
  });

  const prices = new Map<string, number | null>();
  for (const product of products) {
    for (const variant of product.data?.variants ?? [])
      prices.set(variant.id, variant.price_cents ?? product.data?.retail_price_cents ?? null);
  }
  const values = new Map<string, UnitValues>();
  valued.forEach((line, index) => {
    const lots = ledgers[index]?.data?.lots ?? [];
    const direction = (line.counted ?? 0) > (line.expected ?? 0) ? 'gain' : 'loss';
    values.set(line.variant_id, { costCents: varianceUnitCost(lots, direction), priceCents: prices.get(line.variant_id) ?? null });
  });
  return {
    values,
    pending: products.some((q) => q.isPending) || ledgers.some((q) => q.isPending),
    truncated: changing.length > valued.length,
  };
}
