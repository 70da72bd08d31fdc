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
  type UpdateVendorBody,
  type Vendor,
  type VendorImportResult,
  type VendorInput,
  type VendorList,
  type VendorListQuery,
  vendorImportResultSchema,
  vendorListSchema,
  vendorSchema,
} from '@tradepost/shared/schemas/purchasing.ts';
import { api } from '../../app/api.ts';
import { saveFile, today } from '../catalog-io/save-file.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

// Every vendor write publishes `purchasing.changed`, which refreshes every purchasing query
// (shared/src/query/purchasing.ts): the hooks only put their own answer in place.

const vendorsPath = (scope: BusinessScope) => `${scope.basePath}/vendors`;
const vendorPath = (scope: BusinessScope, id: string) => `${vendorsPath(scope)}/${encodeURIComponent(id)}`;

/** The list queries' numbers are typed as the schema's input (`z.coerce`: unknown). */
export const numberOrUndefined = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

const listQuery = (query: VendorListQuery) => ({
  q: query.q === undefined || query.q.trim() === '' ? undefined : query.q.trim(),
  include_archived: query.include_archived === true ? true : undefined,
  offset: numberOrUndefined(query.offset),
  limit: numberOrUndefined(query.limit),
});

/** Vendors by name, searched on name, contact and e-mail. */
export function useVendors(scope: BusinessScope | undefined, query: VendorListQuery = {}): UseQueryResult<VendorList> {
  return useQuery({
    queryKey: purchasingKeys.vendors(scope?.businessId ?? '', query),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(vendorsPath(scope), { query: listQuery(query), schema: vendorListSchema, signal });
    },
    enabled: scope !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useVendor(scope: BusinessScope | undefined, vendorId: string | null): UseQueryResult<Vendor> {
  return useQuery({
    queryKey: purchasingKeys.vendor(scope?.businessId ?? '', vendorId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined || vendorId === null) throw new Error('No vendor');
      return api.get(vendorPath(scope, vendorId), { schema: vendorSchema, signal });
    },
    enabled: scope !== undefined && vendorId !== null && vendorId !== '',
  });
}

function useStoreVendor(scope: BusinessScope | undefined) {
  const queryClient = useQueryClient();
  return (vendor: Vendor) => {
    if (scope !== undefined) queryClient.setQueryData(purchasingKeys.vendor(scope.businessId, vendor.id), vendor);
  };
}

export type SaveVendorInput = { vendorId?: string | undefined; body: VendorInput | UpdateVendorBody };

/** Creates a vendor, or changes one when `vendorId` is given. */
export function useSaveVendor(scope: BusinessScope | undefined): UseMutationResult<Vendor, Error, SaveVendorInput> {
  const store = useStoreVendor(scope);
  return useMutation({
    mutationFn: ({ vendorId, body }: SaveVendorInput) => {
      if (scope === undefined) throw new Error('No business');
      return vendorId === undefined
        ? api.post(vendorsPath(scope), { body, schema: vendorSchema })
        : api.patch(vendorPath(scope, vendorId), { body, schema: vendorSchema });
    },
    // The dialog shows the API's messages beside the fields.
    meta: { quietErrors: true },
    onSuccess: store,
  });
}

/** Archives a vendor (hidden from lists and choosers; its orders stay), or brings it back. */
export function useArchiveVendor(
  scope: BusinessScope | undefined,
): UseMutationResult<Vendor, Error, { vendorId: string; archived: boolean }> {
  const store = useStoreVendor(scope);
  return useMutation({
    mutationFn: ({ vendorId, archived }) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${vendorPath(scope, vendorId)}/${archived ? 'archive' : 'unarchive'}`, { schema: vendorSchema });
    },
    onSuccess: store,
  });
}

/** CSV import: rows with a known name (case-insensitive) are updated, the others created. */
export function useImportVendors(scope: BusinessScope | undefined): UseMutationResult<VendorImportResult, Error, string> {
  return useMutation({
    mutationFn: (csv: string) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${vendorsPath(scope)}/import`, { body: { csv }, schema: vendorImportResultSchema });
    },
    meta: { quietErrors: true },
  });
}

/** GET /vendors.csv through the API client (it carries the token), saved as a file. */
export async function downloadVendorsCsv(scope: BusinessScope, query: VendorListQuery = {}): Promise<void> {
  const { q, include_archived } = listQuery(query);
  const answer: unknown = await api.get(`${vendorsPath(scope)}.csv`, {
    query: { q, include_archived },
    fresh: true,
    headers: { Accept: 'text/csv' },
  });
  const text = typeof answer === 'string' ? answer.replace(/^\uFEFF/, '') : '';
  const blob = answer instanceof Blob ? answer : new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
  saveFile(blob, `vendors-${today()}.csv`);
}
