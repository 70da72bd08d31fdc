import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import { adjustmentResultSchema, type CreateAdjustmentBody } from '@tradepost/shared/schemas/inventory.ts';
import type { z } from 'zod';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

export type AdjustmentResult = z.infer<typeof adjustmentResultSchema>;

/**
 * POST /inventory/adjustments. Stock changes, so product lists (on hand), the summary and ledgers
 * refresh: the answer names `stock.moved`, and app/api.ts refreshes what it makes stale.
 */
export function useCreateAdjustment(scope: BusinessScope | undefined): UseMutationResult<AdjustmentResult, Error, CreateAdjustmentBody> {
  return useMutation({
    mutationFn: (body: CreateAdjustmentBody) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${scope.basePath}/inventory/adjustments`, { body, schema: adjustmentResultSchema });
    },
    // The form says what went wrong beside the lines and the submit button.
    meta: { quietErrors: true },
  });
}
