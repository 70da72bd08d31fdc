import { type QueryClient, type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogKeys } from '@tradepost/shared/query/catalog.ts';
import {
  type AddBarcodeBody,
  type AddVariantBody,
  type Product,
  productSchema,
  type UpdateProductBody,
} from '@tradepost/shared/schemas/catalog.ts';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

const productPath = (scope: BusinessScope, productId: string) => `${scope.basePath}/products/${encodeURIComponent(productId)}`;

/**
 * Lists and facets after a product change that publishes no domain event: archiving, sizes and
 * barcodes change only the catalog, which no other area reacts to (yet), so the API announces nothing.
 */
function refreshProductLists(queryClient: QueryClient) {
  for (const queryKey of [catalogKeys.lists(), catalogKeys.facetSets()]) void queryClient.invalidateQueries({ queryKey });
}

/**
 * Every change to a product: its detail is the answer. `announced` changes publish
 * `product.changed`, whose stale keys (catalogStaleAfter) refresh lists and facets from the answer's
 * header (app/api.ts); the others refresh them here.
 */
function useProductMutation<Input>(
  scope: BusinessScope | undefined,
  productId: string,
  send: (scope: BusinessScope, path: string, input: Input) => Promise<Product>,
  announced = false,
): UseMutationResult<Product, Error, Input> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => {
      if (scope === undefined) throw new Error('No business');
      return send(scope, productPath(scope, productId), input);
    },
    // The configure screen shows every error beside its field or section.
    meta: { quietErrors: true },
    onSuccess: (product) => {
      if (scope === undefined) return;
      queryClient.setQueryData(catalogKeys.detail(scope.businessId, product.id), product);
      if (!announced) refreshProductLists(queryClient);
    },
  });
}

/** PATCH /products/:id — details, condition, photos and size prices, SKUs and weights in one save. */
export const useUpdateProduct = (scope: BusinessScope | undefined, productId: string) =>
  useProductMutation<UpdateProductBody>(scope, productId, (_, path, body) => api.patch(path, { body, schema: productSchema }), true);

export const useArchiveProduct = (scope: BusinessScope | undefined, productId: string) =>
  useProductMutation<'archive' | 'unarchive'>(scope, productId, (_, path, action) =>
    api.post(`${path}/${action}`, { schema: productSchema }),
  );

export const useAddVariant = (scope: BusinessScope | undefined, productId: string) =>
  useProductMutation<AddVariantBody>(scope, productId, (_, path, body) => api.post(`${path}/variants`, { body, schema: productSchema }));

export const useRemoveVariant = (scope: BusinessScope | undefined, productId: string) =>
  useProductMutation<string>(scope, productId, (_, path, variantId) =>
    api.delete(`${path}/variants/${encodeURIComponent(variantId)}`, { schema: productSchema }),
  );

export const useAddBarcode = (scope: BusinessScope | undefined, productId: string) =>
  useProductMutation<{ variantId: string; body: AddBarcodeBody }>(scope, productId, (_, path, { variantId, body }) =>
    api.post(`${path}/variants/${encodeURIComponent(variantId)}/barcodes`, { body, schema: productSchema }),
  );

export const useRemoveBarcode = (scope: BusinessScope | undefined, productId: string) =>
  useProductMutation<{ variantId: string; code: string }>(scope, productId, (_, path, { variantId, code }) =>
    api.delete(`${path}/variants/${encodeURIComponent(variantId)}/barcodes/${encodeURIComponent(code)}`, { schema: productSchema }),
  );

/** DELETE /products/:id — only a product that never held stock; the 409 tells to archive instead. */
export function useDeleteProduct(scope: BusinessScope | undefined, productId: string): UseMutationResult<void, Error, void> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (scope === undefined) throw new Error('No business');
      await api.delete(productPath(scope, productId));
    },
    meta: { quietErrors: true },
    onSuccess: () => {
      if (scope === undefined) return;
      queryClient.removeQueries({ queryKey: catalogKeys.detail(scope.businessId, productId) });
      refreshProductLists(queryClient);
    },
  });
}
