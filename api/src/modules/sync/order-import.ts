import type { EntityManager } from '@mikro-orm/postgresql';
import { type ExternalOrder, externalOrderSchema, type RecordOutcome } from '@tradepost/shared/schemas/sales.ts';
import { channelById, importChannelOrder } from '../sales/public.ts';
import type { SyncConnection } from './sync-connection.ts';
import { writeSyncLog } from './sync-log.ts';

export type ImportResult = { outcome: RecordOutcome['outcome'] | 'invalid'; detail: string };

/**
 * A marketplace order into the sales entry point (idempotent on the channel's order id, so a
 * webhook and a poll of the same sale record it once). An order the platform sent malformed is
 * logged and not imported.
 */
export async function importMarketplaceOrder(
  em: EntityManager,
  connection: SyncConnection,
  order: ExternalOrder,
  source: 'webhook' | 'poll',
): Promise<ImportResult> {
  const parsed = externalOrderSchema.safeParse(order);
  const businessId = connection.business_id;
  if (!parsed.success) {
    const detail = `order ${order.external_order_id || '(no id)'} is not usable: ${parsed.error.issues[0]?.message ?? 'invalid'}`;
    await writeSyncLog(em, [
      { businessId, connectionId: connection.id, operation: 'order_import', ok: false, error: detail, request: { source, order } },
    ]);
    return { outcome: 'invalid', detail };
  }
  const channel = await channelById(em, businessId, connection.channel_id);
  const result = await importChannelOrder(em, { businessId, userId: null }, channel, parsed.data);
  // A duplicate is the normal end of a webhook and a poll meeting: not worth a log line each poll.
  if (result.outcome === 'duplicate' && source === 'poll')
    return { outcome: 'duplicate', detail: `sale ${result.sale.number} already recorded` };
  const detail =
    result.outcome === 'failed'
      ? `${result.reason_code}: ${result.reason}`
      : `${result.outcome === 'recorded' ? 'recorded' : 'already recorded as'} sale ${result.sale.number}`;
  // One line per size the order touched, so each size's sync history shows its sales.
  const variants = result.outcome === 'failed' ? [null] : [...new Set(result.sale.lines.map((line) => line.variant_id))];
  await writeSyncLog(
    em,
    variants.map((variantId) => ({
      businessId,
      connectionId: connection.id,
      variantId,
      operation: 'order_import' as const,
      quantity:
        result.outcome === 'failed'
          ? null
          : result.sale.lines.filter((line) => line.variant_id === variantId).reduce((n, line) => n + line.quantity, 0),
      // A failed order is a recorded outcome (it waits on the failed-orders screen), not a sync failure.
      ok: true,
      error: result.outcome === 'failed' ? detail : null,
      request: { source, external_order_id: parsed.data.external_order_id, lines: parsed.data.lines },
      response: { outcome: result.outcome, detail },
    })),
  );
  return { outcome: result.outcome, detail };
}
