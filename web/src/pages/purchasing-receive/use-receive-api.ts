import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogKeys } from '@tradepost/shared/query/catalog.ts';
import { purchasingKeys } from '@tradepost/shared/query/purchasing.ts';
import {
  type BarcodeMappingBody,
  type PurchaseOrder,
  purchaseOrderSchema,
  type ReceiptResult,
  receiptResultSchema,
  type ScanReceiveBody,
} from '@tradepost/shared/schemas/purchasing.ts';
import { useCallback } from 'react';
import { z } from 'zod';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../../features/session/use-business-scope.ts';

const orderPath = (scope: BusinessScope, purchaseOrderId: string) =>
  `${scope.basePath}/purchase-orders/${encodeURIComponent(purchaseOrderId)}`;

/** One purchase order, read fresh: other people may be receiving it at the same desk. */
export function usePurchaseOrder(scope: BusinessScope | undefined, purchaseOrderId: string): UseQueryResult<PurchaseOrder> {
  return useQuery({
    queryKey: purchasingKeys.order(scope?.businessId ?? '', purchaseOrderId),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(orderPath(scope, purchaseOrderId), { schema: purchaseOrderSchema, signal, fresh: true });
    },
    enabled: scope !== undefined && purchaseOrderId !== '',
  });
}

const mappingSchema = z.object({ barcode: z.string(), variant_id: z.string() });

/**
 * The two writes of the receiving desk. Each answer replaces the order in the cache at once; the
 * `purchasing.changed` event the routes publish refreshes the other purchasing screens.
 */
export function useReceiveApi(scope: BusinessScope | undefined, purchaseOrderId: string) {
  const queryClient = useQueryClient();
  const scan = useCallback(
    async (body: ScanReceiveBody): Promise<ReceiptResult> => {
      if (scope === undefined) throw new Error('No business');
      const result = await api.post(`${orderPath(scope, purchaseOrderId)}/scan`, { body, schema: receiptResultSchema });
      queryClient.setQueryData(purchasingKeys.order(scope.businessId, purchaseOrderId), result.purchase_order);
      return result;
    },
    [scope, purchaseOrderId, queryClient],
  );
  const mapBarcode = useCallback(
    async (body: BarcodeMappingBody) => {
      if (scope === undefined) throw new Error('No business');
      const mapping = await api.post(`${orderPath(scope, purchaseOrderId)}/barcode-mappings`, { body, schema: mappingSchema });
      // The barcode joins the size in the catalog, which purchasing.changed does not cover: products refresh by hand.
      api.invalidate(`${scope.basePath}/products`);
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
      return mapping;
    },
    [scope, purchaseOrderId, queryClient],
  );
  return { scan, mapBarcode };
}
