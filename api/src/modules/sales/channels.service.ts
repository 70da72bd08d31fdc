import type { EntityManager } from '@mikro-orm/postgresql';
import { type Channel, type ChannelKind, channelKinds, type updateChannelBodySchema } from '@tradepost/shared/schemas/sales.ts';
import type { z } from 'zod';
import { newId } from '../../db/ids.ts';
import { NotFound } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';

export type ChannelRef = { id: string; kind: ChannelKind; name: string };

const channelNames: Record<ChannelKind, string> = {
  ebay: 'eBay',
  shopify: 'Shopify',
  square: 'Square',
  whatnot: 'Whatnot',
  in_store: 'In store',
  wholesale: 'Wholesale',
  network: 'Network',
  manual: 'Manual orders',
};

/** Channels Tradepost runs itself are on from the start; marketplaces switch on when connected. */
const enabledAtStart = new Set<ChannelKind>(['manual', 'in_store']);

/** Every business has one channel of each kind; rows appear the first time they are needed. */
export async function ensureChannels(em: EntityManager, businessId: string): Promise<void> {
  const values = channelKinds.map(() => '(?, ?, ?, ?, ?)').join(', ');
  await em.execute(
    `INSERT INTO sales_channels (id, business_id, kind, name, enabled) VALUES ${values} ON CONFLICT (business_id, kind) DO NOTHING`,
    channelKinds.flatMap((kind) => [newId(), businessId, kind, channelNames[kind], enabledAtStart.has(kind)]),
  );
}

export async function channelByKind(em: EntityManager, businessId: string, kind: ChannelKind): Promise<ChannelRef> {
  const find = () =>
    em.execute<ChannelRef[]>('SELECT id, kind, name FROM sales_channels WHERE business_id = ? AND kind = ?', [businessId, kind]);
  let [channel] = await find();
  if (!channel) {
    await ensureChannels(em, businessId);
    [channel] = await find();
  }
  if (!channel) throw new NotFound(`Channel ${kind} not found`);
  return channel;
}

export async function channelById(em: EntityManager, businessId: string, channelId: string): Promise<ChannelRef> {
  const [channel] = await em.execute<ChannelRef[]>('SELECT id, kind, name FROM sales_channels WHERE business_id = ? AND id = ?', [
    businessId,
    channelId,
  ]);
  if (!channel) throw new NotFound('Channel not found');
  return channel;
}

type ChannelRow = Omit<Channel, 'sales_30d' | 'revenue_30d_cents' | 'open_failed_orders'> & {
  sales_30d: string | number;
  revenue_30d_cents: string | number;
  open_failed_orders: string | number;
};

export async function listChannels(em: EntityManager, businessId: string): Promise<Channel[]> {
  await ensureChannels(em, businessId);
  const rows = await em.execute<ChannelRow[]>(
    `SELECT c.id, c.kind, c.name, c.enabled, c.sync_enabled, c.quantity_buffer,
            (SELECT count(*) FROM sales s WHERE s.channel_id = c.id AND s.ordered_at > now() - interval '30 days'
                AND s.status <> 'cancelled') AS sales_30d,
            (SELECT coalesce(sum((l.quantity - l.quantity_cancelled)::bigint * l.unit_price_cents), 0)
               FROM sales s JOIN sale_lines l ON l.sale_id = s.id
              WHERE s.channel_id = c.id AND s.ordered_at > now() - interval '30 days') AS revenue_30d_cents,
            (SELECT count(*) FROM failed_orders f WHERE f.channel_id = c.id AND f.status = 'open') AS open_failed_orders
       FROM sales_channels c WHERE c.business_id = ?
      ORDER BY array_position(ARRAY[${channelKinds.map(() => '?').join(',')}]::text[], c.kind)`,
    [businessId, ...channelKinds],
  );
  return rows.map((row) => ({
    ...row,
    sales_30d: Number(row.sales_30d),
    revenue_30d_cents: Number(row.revenue_30d_cents),
    open_failed_orders: Number(row.open_failed_orders),
  }));
}

export async function updateChannel(
  em: EntityManager,
  businessId: string,
  channelId: string,
  input: z.output<typeof updateChannelBodySchema>,
): Promise<Channel> {
  await channelById(em, businessId, channelId);
  const sets: string[] = [];
  const params: unknown[] = [];
  const set = (column: string, value: unknown) => {
    if (value === undefined) return;
    sets.push(`${column} = ?`);
    params.push(value);
  };
  set('name', input.name);
  set('enabled', input.enabled);
  set('sync_enabled', input.sync_enabled);
  set('quantity_buffer', input.quantity_buffer);
  if (sets.length)
    await em.execute(`UPDATE sales_channels SET ${sets.join(', ')} WHERE business_id = ? AND id = ?`, [...params, businessId, channelId]);
  if (input.quantity_buffer !== undefined || input.sync_enabled !== undefined)
    await emit(em, businessId, 'channel.changed', { channel_id: channelId });
  const channels = await listChannels(em, businessId);
  const channel = channels.find((c) => c.id === channelId);
  if (!channel) throw new NotFound('Channel not found');
  return channel;
}
