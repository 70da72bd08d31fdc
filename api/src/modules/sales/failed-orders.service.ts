import type { EntityManager } from '@mikro-orm/postgresql';
import type { FailedOrder, RecordOutcome } from '@tradepost/shared/schemas/sales.ts';
import { type InferResult, sql } from 'kysely';
import { newId } from '../../db/ids.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { Conflict, NotFound } from '../../errors.ts';
import { assertOwned } from '../inventory/public.ts';
import { channelById } from './channels.service.ts';
import { importChannelOrder } from './record-sale.ts';

type Context = { businessId: string; userId: string | null };

const failedOrders = (em: EntityManager, businessId: string) =>
  tenantDb(em, businessId)
    .selectFrom('failed_orders as f')
    .innerJoin('sales_channels as c', 'c.id', 'f.channel_id')
    .select([
      'f.id',
      'f.channel_id',
      'c.kind as channel_kind',
      'c.name as channel_name',
      'f.external_order_id',
      'f.payload',
      'f.reason_code',
      'f.reason',
      'f.status',
      'f.attempts',
      'f.sale_id',
      'f.created_at',
      'f.updated_at',
    ])
    .$narrowType<{
      channel_kind: FailedOrder['channel']['kind'];
      payload: FailedOrder['payload'];
      reason_code: FailedOrder['reason_code'];
      status: FailedOrder['status'];
    }>();

const present = ({
  channel_id,
  channel_kind,
  channel_name,
  ...row
}: InferResult<ReturnType<typeof failedOrders>>[number]): FailedOrder => ({
  ...row,
  channel: { id: channel_id, kind: channel_kind, name: channel_name },
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

export async function listFailedOrders(em: EntityManager, businessId: string, status: 'open' | 'resolved' | 'dismissed' | 'all') {
  let rows = failedOrders(em, businessId);
  if (status !== 'all') rows = rows.where('f.status', '=', status);
  return (await rows.orderBy('f.created_at', 'desc').limit(200).execute()).map(present);
}

export async function getFailedOrder(em: EntityManager, businessId: string, id: string): Promise<FailedOrder> {
  const row = await failedOrders(em, businessId).where('f.id', '=', id).executeTakeFirst();
  if (!row) throw new NotFound('Failed order not found');
  return present(row);
}

/** Teaches Tradepost a channel SKU: from now on it means this variant (this order and every later one). */
export async function mapSku(
  em: EntityManager,
  businessId: string,
  failedOrderId: string,
  input: { external_sku: string; variant_id: string },
) {
  const failed = await getFailedOrder(em, businessId, failedOrderId);
  await assertOwned(em, businessId, [input.variant_id], []);
  await tenantDb(em, businessId)
    .insertInto('sku_mappings')
    .values({ id: newId(), channel_id: failed.channel.id, external_sku: input.external_sku, variant_id: input.variant_id })
    .onConflict((conflict) =>
      conflict
        .expression(sql`business_id, channel_id, lower(external_sku)`)
        .doUpdateSet((eb) => ({ variant_id: eb.ref('excluded.variant_id') })),
    )
    .execute();
  return failed;
}

/** Runs the order through the sales entry point again (after a mapping, a restock, or with locations chosen by hand). */
export async function retryFailedOrder(
  em: EntityManager,
  context: Context,
  failedOrderId: string,
  lineLocations?: Map<number, string>,
): Promise<RecordOutcome> {
  const failed = await getFailedOrder(em, context.businessId, failedOrderId);
  if (failed.status !== 'open') throw new Conflict(`This failed order is ${failed.status}`, 'NOT_OPEN');
  const channel = await channelById(em, context.businessId, failed.channel.id);
  return importChannelOrder(em, context, channel, failed.payload, lineLocations);
}

export async function dismissFailedOrder(em: EntityManager, businessId: string, failedOrderId: string): Promise<FailedOrder> {
  const failed = await getFailedOrder(em, businessId, failedOrderId);
  if (failed.status !== 'open') throw new Conflict(`This failed order is ${failed.status}`, 'NOT_OPEN');
  await tenantDb(em, businessId)
    .updateTable('failed_orders')
    .set({ status: 'dismissed', updated_at: sql`now()` })
    .where('id', '=', failedOrderId)
    .execute();
  return getFailedOrder(em, businessId, failedOrderId);
}
