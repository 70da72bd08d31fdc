import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { purchasingKeys } from '@tradepost/shared/query/purchasing.ts';
import { type HighestBidReport, type HighestBidRow, highestBidReportSchema } from '@tradepost/shared/schemas/highest-bid.ts';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../../features/session/use-business-scope.ts';

/** The most sizes one guidance request asks about (the API's limit). */
const MAX_SIZES = 200;

/**
 * The highest-bid report for these sizes only (`?variant_ids=`): per size our last sale, our price
 * and the offer that keeps the target margin. Sorted ids make one cache entry per set of sizes.
 */
export function useCounterGuidance(scope: BusinessScope | undefined, variantIds: readonly string[]): UseQueryResult<HighestBidReport> {
  const ids = [...new Set(variantIds)].sort().slice(0, MAX_SIZES);
  const query = { variant_ids: ids.join(','), limit: MAX_SIZES };
  return useQuery({
    queryKey: purchasingKeys.highestBid(scope?.businessId ?? '', query),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/reports/highest-bid`, { query, schema: highestBidReportSchema, signal });
    },
    enabled: scope !== undefined && ids.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** The report's rows by variant id. */
export function guidanceByVariant(report: HighestBidReport | undefined): Map<string, HighestBidRow> {
  return new Map((report?.items ?? []).map((row) => [row.variant_id, row]));
}
