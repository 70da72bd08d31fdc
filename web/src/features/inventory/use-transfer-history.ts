import { useQueries } from '@tanstack/react-query';
import { inventoryKeys } from '@tradepost/shared/query/inventory.ts';
import { type Transfer, variantLedgerSchema } from '@tradepost/shared/schemas/inventory.ts';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { groupReceipts } from './transfer-model.ts';

export type TransferEvent = {
  at: string;
  kind: 'created' | 'sent' | 'received_part' | 'received';
  /** Units moved by this event, per variant id (sent and receipts). */
  units: { variantId: string; quantity: number }[];
};

/**
 * A transfer's history: created, sent, and every receipt, read from the stock ledger (each receipt
 * is one set of `transfer_in` movements referencing the transfer, posted in one transaction).
 */
export function useTransferHistory(
  scope: BusinessScope | undefined,
  transfer: Transfer | undefined,
): { events: TransferEvent[]; pending: boolean; failed: boolean } {
  const variantIds = transfer?.status === 'draft' ? [] : (transfer?.lines.map((line) => line.variant_id) ?? []);
  const ledgers = useQueries({
    queries: variantIds.map((variantId) => ({
      queryKey: [...inventoryKeys.ledger(scope?.businessId ?? '', variantId), transfer?.received_at ?? '', transfer?.lines] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => {
        if (scope === undefined) throw new Error('No business');
        return api.get(`${scope.basePath}/inventory/variants/${encodeURIComponent(variantId)}/ledger`, {
          schema: variantLedgerSchema,
          signal,
          fresh: true,
        });
      },
      enabled: scope !== undefined,
      meta: { quietErrors: true },
    })),
  });
  if (transfer === undefined) return { events: [], pending: false, failed: false };

  const events: TransferEvent[] = [{ at: transfer.created_at, kind: 'created', units: [] }];
  if (transfer.shipped_at !== null) {
    events.push({
      at: transfer.shipped_at,
      kind: 'sent',
      units: transfer.lines.map((line) => ({ variantId: line.variant_id, quantity: line.quantity })),
    });
  }
  const movements = ledgers
    .flatMap((ledger) => ledger.data?.movements ?? [])
    .filter((m) => m.reference_type === 'transfer' && m.reference_id === transfer.id && m.reason === 'transfer_in');
  const receiptEvents = groupReceipts(movements).map(
    (units, index, all): TransferEvent => ({
      at: units.at,
      kind: index === all.length - 1 && transfer.status === 'received' ? 'received' : 'received_part',
      units: units.units,
    }),
  );
  events.push(...receiptEvents);
  return { events, pending: ledgers.some((ledger) => ledger.isPending), failed: ledgers.some((ledger) => ledger.isError) };
}
