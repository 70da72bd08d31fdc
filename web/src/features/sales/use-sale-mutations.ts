import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { salesKeys } from '@tradepost/shared/query/sales.ts';
import {
  type CreateSaleBody,
  type cancelSaleBodySchema,
  type refundBodySchema,
  type Sale,
  saleSchema,
} from '@tradepost/shared/schemas/sales.ts';
import type { z } from 'zod';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

export type CancelSaleBody = z.input<typeof cancelSaleBodySchema>;
export type RefundBody = z.input<typeof refundBodySchema>;

const salePath = (scope: BusinessScope, saleId: string) => `${scope.basePath}/sales/${encodeURIComponent(saleId)}`;

/**
 * The answer of a sale mutation goes straight into the drawer. Everything else it touched (lists,
 * fulfillments, customers, stock, the dashboard) is refreshed from the events its answer names
 * (`sale.recorded`, `sale.cancelled` or `sale.refunded`, and `stock.moved`; see app/api.ts).
 */
function useStoreSale(scope: BusinessScope | undefined) {
  const queryClient = useQueryClient();
  return (sale: Sale) => {
    if (scope === undefined) return;
    queryClient.setQueryData(salesKeys.detail(scope.businessId, sale.id), sale);
  };
}

/** POST /sales: a manual order. The body carries a fresh idempotency key per submit (see the dialog). */
export function useCreateSale(scope: BusinessScope | undefined): UseMutationResult<Sale, Error, CreateSaleBody> {
  const store = useStoreSale(scope);
  return useMutation({
    mutationFn: (body: CreateSaleBody) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${scope.basePath}/sales`, { body, schema: saleSchema });
    },
    // The dialog shows the API's messages beside the lines.
    meta: { quietErrors: true },
    onSuccess: store,
  });
}

export function useCancelSale(scope: BusinessScope | undefined, saleId: string): UseMutationResult<Sale, Error, CancelSaleBody> {
  const store = useStoreSale(scope);
  return useMutation({
    mutationFn: (body: CancelSaleBody) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${salePath(scope, saleId)}/cancel`, { body, schema: saleSchema });
    },
    meta: { quietErrors: true },
    onSuccess: store,
  });
}

export function useRefundSale(scope: BusinessScope | undefined, saleId: string): UseMutationResult<Sale, Error, RefundBody> {
  const store = useStoreSale(scope);
  return useMutation({
    mutationFn: (body: RefundBody) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${salePath(scope, saleId)}/refunds`, { body, schema: saleSchema });
    },
    meta: { quietErrors: true },
    onSuccess: store,
  });
}
