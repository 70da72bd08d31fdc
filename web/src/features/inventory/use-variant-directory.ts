import { useQuery } from '@tanstack/react-query';
import { isSizeFormatId, sizeLabel } from '@tradepost/shared/domain/sizes/size-formats.ts';
import { inventoryKeys } from '@tradepost/shared/query/inventory.ts';
import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import { type VariantSummary, variantSummarySchema } from '@tradepost/shared/schemas/inventory.ts';
import { z } from 'zod';
import { api } from '../../app/api.ts';
import { type VariantInfo, variantInfos } from '../catalog/variant-info.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

// Sizes seen anywhere in this tab (searches, scans, lookups), by variant id.
const known = new Map<string, VariantInfo>();

export function rememberProducts(products: readonly Product[]): void {
  for (const product of products) for (const info of variantInfos(product)) known.set(info.variantId, info);
}

const infoOf = (summary: VariantSummary): VariantInfo => ({
  variantId: summary.variant_id,
  productId: summary.product_id,
  title: summary.title,
  size: isSizeFormatId(summary.size_format) ? sizeLabel(summary.size_format, summary.size) : summary.size,
  sku: summary.sku,
  barcodes: summary.barcodes,
  priceCents: summary.price_cents,
  onHand: summary.levels.reduce((total, level) => total + level.on_hand, 0),
  available: summary.levels.reduce((total, level) => total + level.available, 0),
});

// The lookup takes at most this many ids per request.
const BATCH = 200;

async function resolve(scope: BusinessScope, ids: readonly string[], signal: AbortSignal): Promise<Map<string, VariantInfo>> {
  const missing = ids.filter((id) => !known.has(id));
  for (let start = 0; start < missing.length; start += BATCH) {
    const summaries = await api.get(`${scope.basePath}/inventory/variants`, {
      query: { ids: missing.slice(start, start + BATCH).join(',') },
      schema: z.array(variantSummarySchema),
      signal,
    });
    for (const summary of summaries) known.set(summary.variant_id, infoOf(summary));
  }
  return new Map(ids.flatMap((id) => (known.has(id) ? [[id, known.get(id) as VariantInfo] as const] : [])));
}

/** Product, size and SKU for each variant id; ids not found stay out of the map. */
export function useVariantDirectory(scope: BusinessScope | undefined, variantIds: readonly string[]) {
  const ids = [...new Set(variantIds)].sort();
  return useQuery({
    queryKey: inventoryKeys.variantDirectory(scope?.businessId ?? '', ids),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return resolve(scope, ids, signal);
    },
    enabled: scope !== undefined && ids.length > 0,
    staleTime: 60_000,
  });
}
