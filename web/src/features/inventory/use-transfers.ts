import { type UseMutationResult, type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inventoryKeys } from '@tradepost/shared/query/inventory.ts';
import { type CreateTransferBody, type Transfer, transferSchema } from '@tradepost/shared/schemas/inventory.ts';
import { z } from 'zod';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

const transfersPath = (scope: BusinessScope) => `${scope.basePath}/inventory/transfers`;
const transferPath = (scope: BusinessScope, id: string) => `${transfersPath(scope)}/${encodeURIComponent(id)}`;

/** The latest 100 transfers, newest first. */
export function useTransfers(scope: BusinessScope | undefined): UseQueryResult<Transfer[]> {
  return useQuery({
    queryKey: inventoryKeys.transferList(scope?.businessId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(transfersPath(scope), { schema: z.array(transferSchema), signal });
    },
    enabled: scope !== undefined,
  });
}

export function useTransfer(scope: BusinessScope | undefined, transferId: string | null): UseQueryResult<Transfer> {
  return useQuery({
    queryKey: inventoryKeys.transfer(scope?.businessId ?? '', transferId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined || transferId === null) throw new Error('No transfer');
      return api.get(transferPath(scope, transferId), { schema: transferSchema, signal });
    },
    enabled: scope !== undefined && transferId !== null && transferId !== '',
  });
}

/**
 * Puts the answer of a transfer mutation in place. Shipping and receiving move stock: their answer
 * names `stock.moved`, which refreshes the transfer list with the stock screens (app/api.ts). A new
 * draft, or a cancelled one, moves nothing and publishes no event, so its list refreshes here.
 */
function useStoreTransfer(scope: BusinessScope | undefined) {
  const queryClient = useQueryClient();
  return (transfer: Transfer, stockMoves: boolean) => {
    if (scope === undefined) return;
    queryClient.setQueryData(inventoryKeys.transfer(scope.businessId, transfer.id), transfer);
    if (!stockMoves) void queryClient.invalidateQueries({ queryKey: inventoryKeys.transferList(scope.businessId) });
  };
}

export function useCreateTransfer(scope: BusinessScope | undefined): UseMutationResult<Transfer, Error, CreateTransferBody> {
  const store = useStoreTransfer(scope);
  return useMutation({
    mutationFn: (body: CreateTransferBody) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(transfersPath(scope), { body, schema: transferSchema });
    },
    // The form shows the API's field messages beside the fields.
    meta: { quietErrors: true },
    onSuccess: (transfer) => store(transfer, false),
  });
}

/** Sends a draft: the stock leaves the origin and is in transit. */
export function useShipTransfer(scope: BusinessScope | undefined): UseMutationResult<Transfer, Error, string> {
  const store = useStoreTransfer(scope);
  return useMutation({
    mutationFn: (transferId: string) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${transferPath(scope, transferId)}/ship`, { schema: transferSchema });
    },
    meta: { quietErrors: true },
    onSuccess: (transfer) => store(transfer, true),
  });
}

/** Cancels a draft, or a transfer in transit (units not received go back to the origin). */
export function useCancelTransfer(scope: BusinessScope | undefined): UseMutationResult<Transfer, Error, string> {
  const store = useStoreTransfer(scope);
  return useMutation({
    mutationFn: (transferId: string) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${transferPath(scope, transferId)}/cancel`, { schema: transferSchema });
    },
    meta: { quietErrors: true },
    // Only a transfer in transit sends stock back; a draft's cancel publishes nothing.
    onSuccess: (transfer) => store(transfer, false),
  });
}

export type ReceiveTransferInput = { transferId: string; lines: { variant_id: string; quantity: number }[] };

/** Receives some or all of what is still in transit, into the destination. */
export function useReceiveTransfer(scope: BusinessScope | undefined): UseMutationResult<Transfer, Error, ReceiveTransferInput> {
  const store = useStoreTransfer(scope);
  return useMutation({
    mutationFn: ({ transferId, lines }: ReceiveTransferInput) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${transferPath(scope, transferId)}/receive`, { body: { lines }, schema: transferSchema });
    },
    meta: { quietErrors: true },
    onSuccess: (transfer) => store(transfer, true),
  });
}
