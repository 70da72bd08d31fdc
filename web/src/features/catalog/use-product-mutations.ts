import { type QueryClient, type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AddBarcodeBody,
  type AddVariantBody,
  type Product,
  productSchema,
  type UpdateProductBody,
} from '@tradepost/shared/schemas/catalog.ts';
import { api } from '../../app/api.ts';
import { catalogKeys } from './catalog-keys.ts';
import type { BusinessScope } from './use-business-id.ts';

const productPath = (scope: BusinessScope, productId: string) => `${scope.basePath}/products/${encodeURIComponent(productId)}`;

/** Every change to a product: its detail is the answer, lists, figures and facets refetch. */
function settle(queryClient: QueryClient, scope: BusinessScope, product: Product) {
  queryClient.setQueryData(catalogKeys.detail(scope.businessId, product.id), product);
  void queryClient.invalidateQueries({ queryKey: catalogKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: [...catalogKeys.all, 'facets'] });
}

function useProductMutation<Input>(
  scope: BusinessScope | undefined,
  productId: string,
  send: (scope: BusinessScope, path: string, input: Input) => Promise<Product>,
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
      if (scope !== undefined) settle(queryClient, scope, product);
    },
  });
}

/** PATCH /products/:id — details, condition, photos and size prices, SKUs and weights in one save. */
export const useUpdateProduct = (scope: BusinessScope | undefined, productId: string) =>
  useProductMutation<UpdateProductBody>(scope, productId, (_, path, body) => api.patch(path, { body, schema: productSchema }));

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
      void queryClient.invalidateQueries({ queryKey: catalogKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: [...catalogKeys.all, 'facets'] });
    },
  });
}
