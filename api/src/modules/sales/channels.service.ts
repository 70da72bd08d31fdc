import type { EntityManager } from '@mikro-orm/postgresql';
import { type Channel, type ChannelKind, channelKinds, type updateChannelBodySchema } from '@tradepost/shared/schemas/sales.ts';
import { sql } from 'kysely';
import type { z } from 'zod';
import { newId } from '../../db/ids.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { NotFound } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';
import { recentSalesByChannel } from './sale-figures.ts';

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
  await tenantDb(em, businessId)
    .insertInto('sales_channels')
    .values(channelKinds.map((kind) => ({ id: newId(), kind, name: channelNames[kind], enabled: enabledAtStart.has(kind) })))
    .onConflict((conflict) => conflict.columns(['business_id', 'kind']).doNothing())
    .execute();
}

const channelRefs = (em: EntityManager, businessId: string) =>
  tenantDb(em, businessId).selectFrom('sales_channels').select(['id', 'kind', 'name']).$narrowType<{ kind: ChannelKind }>();

export async function channelByKind(em: EntityManager, businessId: string, kind: ChannelKind): Promise<ChannelRef> {
  const find = () => channelRefs(em, businessId).where('kind', '=', kind).executeTakeFirst();
  let channel = await find();
  if (!channel) {
    await ensureChannels(em, businessId);
    channel = await find();
  }
  if (!channel) throw new NotFound(`Channel ${kind} not found`);
  return channel;
}

export async function channelById(em: EntityManager, businessId: string, channelId: string): Promise<ChannelRef> {
  const channel = await channelRefs(em, businessId).where('id', '=', channelId).executeTakeFirst();
  if (!channel) throw new NotFound('Channel not found');
  return channel;
}

export async function listChannels(em: EntityManager, businessId: string): Promise<Channel[]> {
  await ensureChannels(em, businessId);
  const db = tenantDb(em, businessId);
  const rows = await db
    .selectFrom('sales_channels as c')
    // The dashboard's window and definition (sale-figures.ts), so the two screens agree.
    .leftJoin(recentSalesByChannel(db).as('r'), 'r.channel_id', 'c.id')
    .select([
      'c.id',
      'c.kind',
      'c.name',
      'c.enabled',
      'c.sync_enabled',
      'c.quantity_buffer',
      'r.sales as sales_30d',
      'r.revenue_cents as revenue_30d_cents',
    ])
    .select((eb) => [
      eb
        .selectFrom('failed_orders as f')
        .whereRef('f.channel_id', '=', 'c.id')
        .where('f.status', '=', 'open')
        .select(eb.fn.countAll().as('count'))
        .as('open_failed_orders'),
    ])
    .orderBy(sql`array_position(ARRAY[${sql.join(channelKinds)}]::text[], c.kind)`)
    .$narrowType<{ kind: ChannelKind }>()
    .execute();
  return rows.map((row) => ({
    ...row,
    sales_30d: Number(row.sales_30d ?? 0),
    revenue_30d_cents: Number(row.revenue_30d_cents ?? 0),
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
  // Only what the body names changes; the builder leaves out the undefined ones.
  const changes = { name: input.name, enabled: input.enabled, sync_enabled: input.sync_enabled, quantity_buffer: input.quantity_buffer };
  if (Object.values(changes).some((value) => value !== undefined))
    await tenantDb(em, businessId).updateTable('sales_channels').set(changes).where('id', '=', channelId).execute();
  if (input.quantity_buffer !== undefined || input.sync_enabled !== undefined)
    await emit(em, businessId, 'channel.changed', { channel_id: channelId });
  const channels = await listChannels(em, businessId);
  const channel = channels.find((c) => c.id === channelId);
  if (!channel) throw new NotFound('Channel not found');
  return channel;
}
