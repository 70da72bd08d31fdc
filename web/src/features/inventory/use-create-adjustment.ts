import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { adjustmentResultSchema, type CreateAdjustmentBody } from '@tradepost/shared/schemas/inventory.ts';
import type { z } from 'zod';
import { api } from '../../app/api.ts';
import { catalogKeys } from '../catalog/catalog-keys.ts';
import type { BusinessScope } from '../catalog/use-business-id.ts';
import { inventoryKeys } from './inventory-keys.ts';

export type AdjustmentResult = z.infer<typeof adjustmentResultSchema>;

/** POST /inventory/adjustments: stock changes, so product lists (on hand), the summary and ledgers refresh. */
export function useCreateAdjustment(scope: BusinessScope | undefined): UseMutationResult<AdjustmentResult, Error, CreateAdjustmentBody> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAdjustmentBody) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${scope.basePath}/inventory/adjustments`, { body, schema: adjustmentResultSchema });
    },
    // The form says what went wrong beside the lines and the submit button.
    meta: { quietErrors: true },
    onSuccess: () => {
      if (scope === undefined) return;
      // The API client's own cache drops /inventory by itself; product stock lives under /products.
      api.invalidate(`${scope.basePath}/products`);
      void queryClient.invalidateQueries({ queryKey: catalogKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.details() });
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.summaries() });
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.ledgers() });
    },
  });
}
