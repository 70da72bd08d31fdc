import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogKeys } from '@tradepost/shared/query/catalog.ts';
import { type CreateProductBody, type Product, productSchema } from '@tradepost/shared/schemas/catalog.ts';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

/** POST /products: the new product shows at the top of every product list at once. */
export function useCreateProduct(scope: BusinessScope | undefined): UseMutationResult<Product, Error, CreateProductBody> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProductBody) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${scope.basePath}/products`, { body, schema: productSchema });
    },
    // The form shows every error beside its field.
    meta: { quietErrors: true },
    onSuccess: (product) => {
      if (scope !== undefined) queryClient.setQueryData(catalogKeys.detail(scope.businessId, product.id), product);
      // A new product publishes no domain event (it has no stock, price history or listing yet).
      void queryClient.invalidateQueries({ queryKey: catalogKeys.lists() });
    },
  });
}
