import { keepPreviousData, type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { purchaseImportKeys, purchasingKeys } from '@tradepost/shared/query/purchasing.ts';
import { type ImportPreview, type ImportRules, importPreviewSchema, importRulesSchema } from '@tradepost/shared/schemas/purchase-import.ts';
import { type VendorList, vendorListSchema } from '@tradepost/shared/schemas/purchasing.ts';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../../features/session/use-business-scope.ts';

const vendorQuery = { include_archived: false, offset: 0, limit: 200 } as const;

/** The vendors to import for (a business buys from a few dozen at most: the first 200 by name). */
export function useImportVendors(scope: BusinessScope | undefined): UseQueryResult<VendorList> {
  return useQuery({
    queryKey: purchasingKeys.vendors(scope?.businessId ?? '', vendorQuery),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/vendors`, { query: vendorQuery, schema: vendorListSchema, signal });
    },
    enabled: scope !== undefined,
  });
}

const rulesPath = (scope: BusinessScope, vendorId: string) => `${scope.basePath}/vendors/${encodeURIComponent(vendorId)}/import-rules`;

export function useImportRules(scope: BusinessScope | undefined, vendorId: string | null): UseQueryResult<ImportRules> {
  return useQuery({
    queryKey: purchaseImportKeys.rules(scope?.businessId ?? '', vendorId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined || vendorId === null) throw new Error('No vendor');
      return api.get(rulesPath(scope, vendorId), { schema: importRulesSchema, signal, fresh: true });
    },
    enabled: scope !== undefined && vendorId !== null,
  });
}

/**
 * The document read with the vendor's saved rules, or with `rules` to try (nothing saved). A POST
 * that writes nothing, so it is cached as a query by its inputs; the last answer stays on screen
 * while other rules are tried.
 */
export function useImportPreview(
  scope: BusinessScope | undefined,
  documentId: string | null,
  vendorId: string | null,
  rules: ImportRules | undefined,
): UseQueryResult<ImportPreview> {
  return useQuery({
    queryKey: purchaseImportKeys.preview(scope?.businessId ?? '', documentId ?? '', vendorId ?? '', rules ?? null),
    queryFn: () => {
      if (scope === undefined || documentId === null || vendorId === null) throw new Error('No document');
      return api.post(`${scope.basePath}/purchase-orders/pdf-import/documents/${encodeURIComponent(documentId)}/preview`, {
        body: rules === undefined ? { vendor_id: vendorId } : { vendor_id: vendorId, rules },
        schema: importPreviewSchema,
      });
    },
    enabled: scope !== undefined && documentId !== null && vendorId !== null,
    placeholderData: keepPreviousData,
    // A refused rule or a document past its day does not get better by asking again.
    retry: false,
    meta: { quietErrors: true },
  });
}

export function useSaveImportRules(scope: BusinessScope | undefined, vendorId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: ImportRules) => {
      if (scope === undefined || vendorId === null) throw new Error('No vendor');
      return api.put(rulesPath(scope, vendorId), { body: rules, schema: importRulesSchema });
    },
    meta: { quietErrors: true },
    onSuccess: (rules) => {
      if (scope === undefined || vendorId === null) return;
      queryClient.setQueryData(purchaseImportKeys.rules(scope.businessId, vendorId), rules);
      // Rules are not a purchasing fact with an event of their own: the previews made with the old ones go by hand.
      void queryClient.invalidateQueries({ queryKey: [...purchaseImportKeys.all, 'preview'] });
    },
  });
}
