import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { inventoryKeys } from '@tradepost/shared/query/inventory.ts';
import { variantLedgerSchema } from '@tradepost/shared/schemas/inventory.ts';
import type { z } from 'zod';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

export type VariantLedger = z.infer<typeof variantLedgerSchema>;

/** A debugging view: always asks the server, never a cached answer. */
export function useVariantLedger(scope: BusinessScope | undefined, variantId: string | null): UseQueryResult<VariantLedger> {
  return useQuery({
    queryKey: inventoryKeys.ledger(scope?.businessId ?? '', variantId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined || variantId === null) throw new Error('No variant');
      return api.get(`${scope.basePath}/inventory/variants/${encodeURIComponent(variantId)}/ledger`, {
        schema: variantLedgerSchema,
        signal,
        fresh: true,
      });
    },
    enabled: scope !== undefined && variantId !== null && variantId !== '',
  });
}
