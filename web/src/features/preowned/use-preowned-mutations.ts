import { type QueryClient, type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreatePreownedBody,
  type PreownedItem,
  preownedItemSchema,
  type UpdatePreownedBody,
} from '@tradepost/shared/schemas/preowned.ts';
import { api } from '../../app/api.ts';
import { catalogKeys } from '../catalog/catalog-keys.ts';
import type { BusinessScope } from '../catalog/use-business-id.ts';
import { inventoryKeys } from '../inventory/inventory-keys.ts';
import { preownedKeys } from './preowned-keys.ts';

/**
 * After any change: the item's lists and detail; publishing also changes stock, so the catalog and
 * inventory figures refresh too (the API client caches each area apart).
 */
function refresh(queryClient: QueryClient, scope: BusinessScope, productId?: string): void {
  api.invalidate(`${scope.basePath}/preowned`);
  api.invalidate(`${scope.basePath}/products`);
  api.invalidate(`${scope.basePath}/inventory`);
  void queryClient.invalidateQueries({ queryKey: preownedKeys.lists() });
  if (productId !== undefined) void queryClient.invalidateQueries({ queryKey: preownedKeys.detail(scope.businessId, productId) });
  void queryClient.invalidateQueries({ queryKey: catalogKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: inventoryKeys.summaries() });
  void queryClient.invalidateQueries({ queryKey: inventoryKeys.ledgers() });
}

const itemPath = (scope: BusinessScope, productId: string) => `${scope.basePath}/preowned/${encodeURIComponent(productId)}`;

function need(scope: BusinessScope | undefined): BusinessScope {
  if (scope === undefined) throw new Error('No business');
  return scope;
}

/** POST /preowned: a draft, or with `publish: true` an item for sale with its unit in stock. */
export function useCreatePreowned(scope: BusinessScope | undefined): UseMutationResult<PreownedItem, Error, CreatePreownedBody> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePreownedBody) => api.post(`${need(scope).basePath}/preowned`, { body, schema: preownedItemSchema }),
    // The editor shows what went wrong beside each field.
    meta: { quietErrors: true },
    onSuccess: (item) => {
      if (scope !== undefined) refresh(queryClient, scope, item.id);
    },
  });
}

export function useUpdatePreowned(
  scope: BusinessScope | undefined,
): UseMutationResult<PreownedItem, Error, { productId: string; body: UpdatePreownedBody }> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, body }) => api.patch(itemPath(need(scope), productId), { body, schema: preownedItemSchema }),
    meta: { quietErrors: true },
    onSuccess: (item) => {
      if (scope !== undefined) refresh(queryClient, scope, item.id);
    },
  });
}

/** Publishing posts the unit into stock; a 400 names what is still missing. */
export function usePublishPreowned(scope: BusinessScope | undefined): UseMutationResult<PreownedItem, Error, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => api.post(`${itemPath(need(scope), productId)}/publish`, { schema: preownedItemSchema }),
    meta: { quietErrors: true },
    onSettled: (_item, _error, productId) => {
      if (scope !== undefined) refresh(queryClient, scope, productId);
    },
  });
}

export function useArchivePreowned(scope: BusinessScope | undefined): UseMutationResult<PreownedItem, Error, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => api.post(`${itemPath(need(scope), productId)}/archive`, { schema: preownedItemSchema }),
    meta: { quietErrors: true },
    onSuccess: (item) => {
      if (scope !== undefined) refresh(queryClient, scope, item.id);
    },
  });
}

/** Drafts only: a published item answers 409 (it is archived instead). */
export function useDeletePreowned(scope: BusinessScope | undefined): UseMutationResult<void, Error, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (productId: string) => {
      await api.delete(itemPath(need(scope), productId));
    },
    meta: { quietErrors: true },
    onSuccess: (_result, productId) => {
      if (scope === undefined) return;
      queryClient.removeQueries({ queryKey: preownedKeys.detail(scope.businessId, productId) });
      refresh(queryClient, scope);
    },
  });
}
