import { type QueryClient, type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogKeys } from '@tradepost/shared/query/catalog.ts';
import { preownedKeys } from '@tradepost/shared/query/preowned.ts';
import {
  type CreatePreownedBody,
  type PreownedItem,
  preownedItemSchema,
  type UpdatePreownedBody,
} from '@tradepost/shared/schemas/preowned.ts';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

/**
 * After a change that publishes no domain event (a draft created, an item archived or a draft
 * deleted: no stock, price or product detail other areas read moves): the item's lists and the
 * catalog's, whose status filters show it. Saving (`product.changed`) and publishing
 * (`stock.moved`) are refreshed from their answer's events instead (app/api.ts).
 */
function refreshUnannounced(queryClient: QueryClient, scope: BusinessScope): void {
  api.invalidate(`${scope.basePath}/products`);
  for (const queryKey of [preownedKeys.lists(), catalogKeys.lists()]) void queryClient.invalidateQueries({ queryKey });
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
      if (scope === undefined) return;
      queryClient.setQueryData(preownedKeys.detail(scope.businessId, item.id), item);
      // Created as a draft it publishes nothing; created published, its `stock.moved` covers this too.
      refreshUnannounced(queryClient, scope);
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
    // Every save publishes `product.changed` (and `price.changed` with a new price), which refresh the
    // pre-owned and catalog lists from the answer's header (app/api.ts).
    onSuccess: (item) => {
      if (scope !== undefined) queryClient.setQueryData(preownedKeys.detail(scope.businessId, item.id), item);
    },
  });
}

/**
 * Publishing posts the unit into stock; a 400 names what is still missing. Its `stock.moved`
 * refreshes the pre-owned, catalog and stock screens from the answer's header (app/api.ts).
 */
export function usePublishPreowned(scope: BusinessScope | undefined): UseMutationResult<PreownedItem, Error, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => api.post(`${itemPath(need(scope), productId)}/publish`, { schema: preownedItemSchema }),
    meta: { quietErrors: true },
    onSuccess: (item) => {
      if (scope !== undefined) queryClient.setQueryData(preownedKeys.detail(scope.businessId, item.id), item);
    },
  });
}

export function useArchivePreowned(scope: BusinessScope | undefined): UseMutationResult<PreownedItem, Error, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => api.post(`${itemPath(need(scope), productId)}/archive`, { schema: preownedItemSchema }),
    meta: { quietErrors: true },
    onSuccess: (item) => {
      if (scope === undefined) return;
      queryClient.setQueryData(preownedKeys.detail(scope.businessId, item.id), item);
      refreshUnannounced(queryClient, scope);
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
      refreshUnannounced(queryClient, scope);
    },
  });
}
