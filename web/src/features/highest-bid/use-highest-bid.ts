import {
  keepPreviousData,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { purchasingKeys } from '@tradepost/shared/query/purchasing.ts';
import {
  type HighestBidQuery,
  type HighestBidReport,
  highestBidReportSchema,
  type PurchasingSettings,
  purchasingSettingsSchema,
} from '@tradepost/shared/schemas/highest-bid.ts';
import { api } from '../../app/api.ts';
import { saveFile, today } from '../catalog-io/save-file.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

// Saving the target publishes `purchasing.changed`, which refreshes every purchasing query (the
// report with it); sales, stock and price changes refresh the report too (shared/src/query/purchasing.ts).

const settingsPath = (scope: BusinessScope) => `${scope.basePath}/purchasing/settings`;
const reportPath = (scope: BusinessScope) => `${scope.basePath}/reports/highest-bid`;

const numberOrUndefined = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const textOrUndefined = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

const filterQuery = (query: HighestBidQuery) => ({
  q: textOrUndefined(query.q),
  brand: textOrUndefined(query.brand),
  margin: numberOrUndefined(query.margin),
});

/** The business's target margin (30 % until one is saved). */
export function usePurchasingSettings(scope: BusinessScope | undefined, enabled = true): UseQueryResult<PurchasingSettings> {
  return useQuery({
    queryKey: purchasingKeys.settings(scope?.businessId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(settingsPath(scope), { schema: purchasingSettingsSchema, signal });
    },
    enabled: enabled && scope !== undefined,
  });
}

/** Saves the target margin the report (and the in-store purchase guidance) starts from. */
export function useSaveTargetMargin(scope: BusinessScope | undefined): UseMutationResult<PurchasingSettings, Error, number> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (percent: number) => {
      if (scope === undefined) throw new Error('No business');
      return api.put(settingsPath(scope), { body: { target_margin_percent: percent }, schema: purchasingSettingsSchema });
    },
    // The panel shows the API's message beside the margin field.
    meta: { quietErrors: true },
    onSuccess: (settings) => {
      if (scope !== undefined) queryClient.setQueryData(purchasingKeys.settings(scope.businessId), settings);
    },
  });
}

/** A page of the report: per size, what to pay at the margin asked (the saved target when none). */
export function useHighestBid(scope: BusinessScope | undefined, query: HighestBidQuery, enabled = true): UseQueryResult<HighestBidReport> {
  return useQuery({
    queryKey: purchasingKeys.highestBid(scope?.businessId ?? '', query),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(reportPath(scope), {
        query: { ...filterQuery(query), offset: numberOrUndefined(query.offset), limit: numberOrUndefined(query.limit) },
        schema: highestBidReportSchema,
        signal,
      });
    },
    enabled: enabled && scope !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** GET /reports/highest-bid.csv through the API client (it carries the token), saved as a file. */
export async function downloadHighestBidCsv(scope: BusinessScope, query: HighestBidQuery): Promise<void> {
  const answer: unknown = await api.get(`${reportPath(scope)}.csv`, {
    query: filterQuery(query),
    fresh: true,
    headers: { Accept: 'text/csv' },
  });
  const text = typeof answer === 'string' ? answer.replace(/^\uFEFF/, '') : '';
  const blob = answer instanceof Blob ? answer : new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
  saveFile(blob, `highest-bid-${today()}.csv`);
}
