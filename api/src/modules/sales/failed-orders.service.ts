import type { EntityManager } from '@mikro-orm/postgresql';
import type { FailedOrder, RecordOutcome } from '@tradepost/shared/schemas/sales.ts';
import { newId } from '../../db/ids.ts';
import { Conflict, NotFound } from '../../errors.ts';
import { assertOwned } from '../inventory/public.ts';
import { channelById } from './channels.service.ts';
import { importChannelOrder } from './record-sale.ts';

type Context = { businessId: string; userId: string | null };

type FailedOrderRow = Omit<FailedOrder, 'channel' | 'created_at' | 'updated_at'> & {
  channel_id: string;
  channel_kind: FailedOrder['channel']['kind'];
  channel_name: string;
  created_at: Date;
  updated_at: Date;
};

const SELECT = `
  SELECT f.id, f.channel_id, c.kind AS channel_kind, c.name AS channel_name, f.external_order_id, f.payload, f.reason_code, f.reason,
         f.status, f.attempts, f.sale_id, f.created_at, f.updated_at
    FROM failed_orders f JOIN sales_channels c ON c.id = f.channel_id`;

const present = ({ channel_id, channel_kind, channel_name, ...row }: FailedOrderRow): FailedOrder => ({
  ...row,
  channel: { id: channel_id, kind: channel_kind, name: channel_name },
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

export async function listFailedOrders(em: EntityManager, businessId: string, status: 'open' | 'resolved' | 'dismissed' | 'all') {
  const rows = await em.execute<FailedOrderRow[]>(
    `${SELECT} WHERE f.business_id = ? ${status === 'all' ? '' : 'AND f.status = ?'} ORDER BY f.created_at DESC LIMIT 200`,
    status === 'all' ? [businessId] : [businessId, status],
  );
  return rows.map(present);
}

export async function getFailedOrder(em: EntityManager, businessId: string, id: string): Promise<FailedOrder> {
  const [row] = await em.execute<FailedOrderRow[]>(`${SELECT} WHERE f.business_id = ? AND f.id = ?`, [businessId, id]);
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
  await em.execute(
    `INSERT INTO sku_mappings (id, business_id, channel_id, external_sku, variant_id) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (business_id, channel_id, lower(external_sku)) DO UPDATE SET variant_id = excluded.variant_id`,
    [newId(), businessId, failed.channel.id, input.external_sku, input.variant_id],
  );
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
  await em.execute("UPDATE failed_orders SET status = 'dismissed', updated_at = now() WHERE id = ?", [failedOrderId]);
  return getFailedOrder(em, businessId, failedOrderId);
}
