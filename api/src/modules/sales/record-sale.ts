import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExternalOrder, RecordOutcome } from '@tradepost/shared/schemas/sales.ts';
import { sql } from 'kysely';
import { newId } from '../../db/ids.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { Conflict } from '../../errors.ts';
import { runWorkflow } from '../../platform/workflow.ts';
import { AllocationFailure } from './allocation.ts';
import type { ChannelRef } from './channels.service.ts';
import { findSaleByOrder } from './record-steps.ts';
import type { SaleInput, SaleLineInput, SaleOptions } from './sale-input.ts';
import { getSale } from './sales.service.ts';

type Context = { businessId: string; userId: string | null };

const UNIQUE_VIOLATION = '23505';
const isDuplicateOrder = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  (error as { code?: string }).code === UNIQUE_VIOLATION &&
  String((error as { constraint?: string; message?: string }).constraint ?? (error as { message?: string }).message).includes(
    'sales_business_id_channel_id_external_order_id',
  );

/**
 * The one way a sale is recorded, from any channel: the `sale.record` workflow
 * (api/src/workflows/record-sale.ts) in one transaction. Anything refused rolls the whole sale back;
 * the caller decides whether a shortfall is a 409 (typed in Tradepost) or a failed order (imported
 * from a channel).
 */
export async function recordSale(
  em: EntityManager,
  context: Context,
  channel: ChannelRef,
  input: SaleInput,
  options: SaleOptions,
): Promise<{ outcome: 'recorded' | 'duplicate'; saleId: string }> {
  try {
    return await runWorkflow(em, 'sale.record', context, { channel, sale: input, options });
  } catch (error) {
    // The same order recorded by a concurrent request between our look-up and our insert.
    if (isDuplicateOrder(error)) {
      const saleId = await findSaleByOrder(em, context.businessId, channel.id, input.externalOrderId);
      if (saleId) return { outcome: 'duplicate', saleId };
    }
    // Another sale took the units between our read and our write (postMovements re-checks).
    if (error instanceof Conflict && error.code === 'INSUFFICIENT_STOCK') {
      throw new AllocationFailure('no_stock', error.message, null, 0);
    }
    throw error;
  }
}

/** A channel's order by its SKUs: resolved through SKU mappings, our SKUs, then barcodes. */
export async function resolveOrderSkus(
  em: EntityManager,
  businessId: string,
  channelId: string,
  order: ExternalOrder,
): Promise<{ lines: SaleLineInput[]; unknown: string[] }> {
  const skus = [...new Set(order.lines.map((l) => l.sku.toLowerCase()))];
  const db = tenantDb(em, businessId);
  // A channel's own mapping wins over our SKU, which wins over a barcode.
  const rows = await db
    .selectFrom('sku_mappings')
    .select([sql<string>`lower(external_sku)`.as('sku'), 'variant_id', sql<number>`1`.as('rank')])
    .where('channel_id', '=', channelId)
    .where(sql`lower(external_sku)`, 'in', skus)
    .unionAll(
      db
        .selectFrom('variants')
        .select([sql<string>`lower(sku)`.as('sku'), 'id as variant_id', sql<number>`2`.as('rank')])
        .where(sql`lower(sku)`, 'in', skus),
    )
    .unionAll(
      db
        .selectFrom('barcodes')
        .select([sql<string>`lower(code)`.as('sku'), 'variant_id', sql<number>`3`.as('rank')])
        .where(sql`lower(code)`, 'in', skus),
    )
    .execute();
  const best = new Map<string, { variant_id: string; rank: number }>();
  for (const row of rows) {
    const seen = best.get(row.sku);
    if (!seen || row.rank < seen.rank) best.set(row.sku, row);
  }
  const unknown = order.lines.filter((l) => !best.has(l.sku.toLowerCase())).map((l) => l.sku);
  const lines = order.lines.flatMap((l) => {
    const match = best.get(l.sku.toLowerCase());
    return match
      ? [
          {
            variantId: match.variant_id,
            quantity: l.quantity,
            unitPriceCents: l.unit_price_cents,
            feesCents: l.fees_cents,
            taxCents: l.tax_cents,
            externalSku: l.sku,
          },
        ]
      : [];
  });
  return { lines, unknown };
}

async function recordFailure(
  em: EntityManager,
  businessId: string,
  channelId: string,
  order: ExternalOrder,
  reasonCode: 'unknown_sku' | 'no_stock' | 'split_not_allowed',
  reason: string,
): Promise<string> {
  const row = await tenantDb(em, businessId)
    .insertInto('failed_orders')
    .values({
      id: newId(),
      channel_id: channelId,
      external_order_id: order.external_order_id,
      payload: JSON.stringify(order),
      reason_code: reasonCode,
      reason,
    })
    .onConflict((conflict) =>
      conflict.columns(['business_id', 'channel_id', 'external_order_id']).doUpdateSet((eb) => ({
        payload: eb.ref('excluded.payload'),
        reason_code: eb.ref('excluded.reason_code'),
        reason: eb.ref('excluded.reason'),
        status: 'open',
        attempts: eb('failed_orders.attempts', '+', 1),
        updated_at: sql`now()`,
      })),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? '';
}

/**
 * The entry point for orders from a channel (marketplace webhooks and polls, imports): idempotent on
 * the channel's order id; an order that cannot be matched or allocated becomes a failed order with
 * its reason instead of an error, and nothing else is written.
 */
export async function importChannelOrder(
  em: EntityManager,
  context: Context,
  channel: ChannelRef,
  order: ExternalOrder,
  lineLocations?: Map<number, string>,
): Promise<RecordOutcome> {
  const before = await findSaleByOrder(em, context.businessId, channel.id, order.external_order_id);
  if (before) return { outcome: 'duplicate', sale: await getSale(em, context.businessId, before) };
  const { lines, unknown } = await resolveOrderSkus(em, context.businessId, channel.id, order);
  if (unknown.length) {
    const reason = `Unknown SKU${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`;
    const id = await recordFailure(em, context.businessId, channel.id, order, 'unknown_sku', reason);
    return { outcome: 'failed', failed_order_id: id, reason_code: 'unknown_sku', reason };
  }
  try {
    const result = await recordSale(
      em,
      context,
      channel,
      {
        externalOrderId: order.external_order_id,
        orderedAt: order.ordered_at,
        customer: order.customer,
        shippingCents: order.shipping_cents,
        shippingAddress: order.shipping_address,
        lines,
      },
      { immediate: false, ...(lineLocations ? { lineLocations } : {}) },
    );
    return { outcome: result.outcome, sale: await getSale(em, context.businessId, result.saleId) };
  } catch (error) {
    if (!(error instanceof AllocationFailure)) throw error;
    const id = await recordFailure(em, context.businessId, channel.id, order, error.code, error.message);
    return { outcome: 'failed', failed_order_id: id, reason_code: error.code, reason: error.message };
  }
}
