import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { batchKeys } from '@tradepost/shared/query/batch-operations.ts';
import { type BatchOperation, batchOperationSchema, type CreateCatalogBatchBody } from '@tradepost/shared/schemas/batch-operations.ts';
import { api } from '../../../app/api.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';

/**
 * Starts a batch on the catalog itself (catalog prices, archiving). Its items run in a job: the
 * prices and statuses they change reach the table through the stream's domain events, and its
 * progress through the batch events, so only the batch lists are refreshed here.
 */
export function useCreateCatalogBatch(scope: BusinessScope | undefined): UseMutationResult<BatchOperation, Error, CreateCatalogBatchBody> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${scope.basePath}/batch-operations/catalog`, { body, schema: batchOperationSchema });
    },
    meta: { quietErrors: true },
    onSuccess: () => {
      if (scope === undefined) return;
      api.invalidate(`${scope.basePath}/batch-operations`);
      void queryClient.invalidateQueries({ queryKey: batchKeys.all });
    },
  });
}
