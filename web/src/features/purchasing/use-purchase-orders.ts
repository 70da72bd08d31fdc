import {
  keepPreviousData,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { purchasingKeys } from '@tradepost/shared/query/purchasing.ts';
import {
  type CreatePurchaseOrderBody,
  type PurchaseOrder,
  type PurchaseOrderList,
  type PurchaseOrderListQuery,
  type PurchaseOrderLot,
  purchaseOrderLabel,
  purchaseOrderListSchema,
  purchaseOrderLotsSchema,
  purchaseOrderSchema,
  type ReceiptResult,
  type ReceivePurchaseOrderBody,
  receiptResultSchema,
  type UpdatePurchaseOrderBody,
} from '@tradepost/shared/schemas/purchasing.ts';
import { api } from '../../app/api.ts';
import { saveFile } from '../catalog-io/save-file.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { numberOrUndefined } from './use-vendors.ts';

// Every purchase-order write publishes `purchasing.changed` (a receipt also `stock.moved`), which
// refreshes the purchasing and stock queries: the hooks only put their own answer in place.

const ordersPath = (scope: BusinessScope) => `${scope.basePath}/purchase-orders`;
const orderPath = (scope: BusinessScope, id: string) => `${ordersPath(scope)}/${encodeURIComponent(id)}`;

/** Purchase orders, newest first, by status (`open`: ordered or partially received), kind, vendor or customer, and number or seller name. */
export function usePurchaseOrders(scope: BusinessScope | undefined, query: PurchaseOrderListQuery = {}): UseQueryResult<PurchaseOrderList> {
  return useQuery({
    queryKey: purchasingKeys.orders(scope?.businessId ?? '', query),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      const q = query.q?.trim();
      return api.get(ordersPath(scope), {
        query: {
          status: query.status,
          kind: query.kind === 'all' ? undefined : query.kind,
          vendor_id: query.vendor_id,
          customer_id: query.customer_id,
          q: q === '' ? undefined : q,
          offset: numberOrUndefined(query.offset),
          limit: numberOrUndefined(query.limit),
        },
        schema: purchaseOrderListSchema,
        signal,
      });
    },
    enabled: scope !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function usePurchaseOrder(scope: BusinessScope | undefined, purchaseOrderId: string | null): UseQueryResult<PurchaseOrder> {
  return useQuery({
    queryKey: purchasingKeys.order(scope?.businessId ?? '', purchaseOrderId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined || purchaseOrderId === null) throw new Error('No purchase order');
      return api.get(orderPath(scope, purchaseOrderId), { schema: purchaseOrderSchema, signal });
    },
    enabled: scope !== undefined && purchaseOrderId !== null && purchaseOrderId !== '',
  });
}

/** The cost lots the order's receipts made (at the landed unit cost). */
export function usePurchaseOrderLots(
  scope: BusinessScope | undefined,
  purchaseOrderId: string | null,
  enabled = true,
): UseQueryResult<PurchaseOrderLot[]> {
  return useQuery({
    queryKey: [...purchasingKeys.order(scope?.businessId ?? '', purchaseOrderId ?? ''), 'lots'],
    queryFn: async ({ signal }) => {
      if (scope === undefined || purchaseOrderId === null) throw new Error('No purchase order');
      return (await api.get(`${orderPath(scope, purchaseOrderId)}/lots`, { schema: purchaseOrderLotsSchema, signal })).items;
    },
    enabled: enabled && scope !== undefined && purchaseOrderId !== null && purchaseOrderId !== '',
  });
}

function useStoreOrder(scope: BusinessScope | undefined) {
  const queryClient = useQueryClient();
  return (order: PurchaseOrder) => {
    if (scope !== undefined) queryClient.setQueryData(purchasingKeys.order(scope.businessId, order.id), order);
  };
}

/** A new draft. */
export function useCreatePurchaseOrder(scope: BusinessScope | undefined): UseMutationResult<PurchaseOrder, Error, CreatePurchaseOrderBody> {
  const store = useStoreOrder(scope);
  return useMutation({
    mutationFn: (body: CreatePurchaseOrderBody) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(ordersPath(scope), { body, schema: purchaseOrderSchema });
    },
    // The form shows the API's messages beside the fields.
    meta: { quietErrors: true },
    onSuccess: store,
  });
}

/** Lines, landed costs and vendor while a draft; expected date and note until it is closed or cancelled. */
export function useUpdatePurchaseOrder(
  scope: BusinessScope | undefined,
): UseMutationResult<PurchaseOrder, Error, { purchaseOrderId: string; body: UpdatePurchaseOrderBody }> {
  const store = useStoreOrder(scope);
  return useMutation({
    mutationFn: ({ purchaseOrderId, body }) => {
      if (scope === undefined) throw new Error('No business');
      return api.patch(orderPath(scope, purchaseOrderId), { body, schema: purchaseOrderSchema });
    },
    meta: { quietErrors: true },
    onSuccess: store,
  });
}

export type PurchaseOrderTransition = 'order' | 'cancel' | 'close';

/** Mark as ordered (draft), cancel (nothing received yet) or close (stop waiting for the rest). */
export function usePurchaseOrderTransition(
  scope: BusinessScope | undefined,
): UseMutationResult<PurchaseOrder, Error, { purchaseOrderId: string; to: PurchaseOrderTransition }> {
  const store = useStoreOrder(scope);
  return useMutation({
    mutationFn: ({ purchaseOrderId, to }) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${orderPath(scope, purchaseOrderId)}/${to}`, { schema: purchaseOrderSchema });
    },
    meta: { quietErrors: true },
    onSuccess: store,
  });
}

/** Receives units of some lines into a location; more than ordered needs `confirm_over_receipt`. */
export function useReceivePurchaseOrder(
  scope: BusinessScope | undefined,
): UseMutationResult<ReceiptResult, Error, { purchaseOrderId: string; body: ReceivePurchaseOrderBody }> {
  const store = useStoreOrder(scope);
  return useMutation({
    mutationFn: ({ purchaseOrderId, body }) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${orderPath(scope, purchaseOrderId)}/receive`, { body, schema: receiptResultSchema });
    },
    // The dialog shows the over-receipt question and the field messages itself.
    meta: { quietErrors: true },
    onSuccess: (result) => store(result.purchase_order),
  });
}

/** The order as a PDF to send to the vendor. */
export function useDownloadPurchaseOrderPdf(scope: BusinessScope | undefined): UseMutationResult<void, Error, PurchaseOrder> {
  return useMutation({
    mutationFn: async (order: PurchaseOrder) => {
      if (scope === undefined) throw new Error('No business');
      const answer: unknown = await api.get(`${orderPath(scope, order.id)}/pdf`, { fresh: true, headers: { Accept: 'application/pdf' } });
      if (!(answer instanceof Blob)) throw new Error('The PDF arrived in a form this browser cannot save');
      saveFile(answer, `${purchaseOrderLabel(order.number)}.pdf`);
    },
  });
}
