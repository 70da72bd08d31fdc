import type { EntityManager } from '@mikro-orm/postgresql';
import type { CreateBatchBody } from '@tradepost/shared/schemas/batch-operations.ts';
import type { FieldError } from '@tradepost/shared/schemas/common.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { Invalid, NotFound } from '../../errors.ts';
import type { Platform } from '../marketplaces/public.ts';
import { channelPrices, platformNames } from '../sync/public.ts';

/** One row of batch_operation_items as it is inserted. */
export type NewBatchItem = {
  seq: number;
  product_id: string | null;
  variant_id: string | null;
  sku: string | null;
  input: Record<string, unknown>;
};

type Connection = { id: string; channel_id: string; platform: Platform };

export function firstDuplicate(ids: string[], field: string): FieldError | null {
  const seen = new Set<string>();
  for (const [i, id] of ids.entries()) {
    if (seen.has(id)) return { field: `items.${i}.${field}`, message: 'This item is in the batch twice' };
    seen.add(id);
  }
  return null;
}

export function refuse(errors: FieldError[]): never {
  const shown = errors.slice(0, 50);
  const more = errors.length > shown.length ? `; and ${errors.length - shown.length} more` : '';
  throw new Invalid(`${shown.map((e) => `${e.field}: ${e.message}`).join('; ')}${more}`, shown);
}

/**
 * Checks every item against the catalog and the connection's listings before anything is written:
 * unknown or foreign products and variants answer 404 (naming the first), items that cannot take
 * this operation answer 400 naming each one (`items.3.variant_id`).
 */
export async function resolveBatchItems(
  em: EntityManager,
  businessId: string,
  connection: Connection,
  body: CreateBatchBody,
): Promise<NewBatchItem[]> {
  const where = platformNames[connection.platform];
  if (body.operation_type === 'list' || body.operation_type === 'relist' || body.operation_type === 'end') {
    const ids = body.items.map((item) => item.product_id);
    const duplicate = firstDuplicate(ids, 'product_id');
    if (duplicate) refuse([duplicate]);
    const rows = await tenantDb(em, businessId)
      .selectFrom('products as p')
      .leftJoin('channel_listings as l', (join) => join.onRef('l.product_id', '=', 'p.id').on('l.connection_id', '=', connection.id))
      .select(['p.id', 'p.status', 'l.status as listing_status'])
      .where('p.id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const missing = ids.find((id) => !byId.has(id));
    if (missing) throw new NotFound(`Product ${missing} not found`);
    const errors: FieldError[] = [];
    for (const [i, id] of ids.entries()) {
      const row = byId.get(id);
      const field = `items.${i}.product_id`;
      if (!row) continue;
      if (body.operation_type === 'list' && row.status !== 'active')
        errors.push({ field, message: `Only active products can be listed (this one is ${row.status})` });
      if (body.operation_type === 'relist' && row.listing_status === null)
        errors.push({ field, message: `Not listed on ${where} yet: list it first` });
      if (body.operation_type === 'end' && (row.listing_status === null || row.listing_status === 'ended'))
        errors.push({ field, message: row.listing_status === null ? `Not listed on ${where}` : `Already ended on ${where}` });
    }
    if (errors.length) refuse(errors);
    return body.items.map((item, i) => ({ seq: i + 1, product_id: item.product_id, variant_id: null, sku: null, input: { ...item } }));
  }

  const ids = body.items.map((item) => item.variant_id);
  const duplicate = firstDuplicate(ids, 'variant_id');
  if (duplicate) refuse([duplicate]);
  const rows = await tenantDb(em, businessId)
    .selectFrom('variants as v')
    .leftJoin('channel_listing_variants as lv', (join) =>
      join.onRef('lv.variant_id', '=', 'v.id').on('lv.connection_id', '=', connection.id),
    )
    .leftJoin('channel_listings as l', 'l.id', 'lv.listing_id')
    .select(['v.id', 'v.product_id', 'lv.external_sku', 'l.status as listing_status', 'l.price_override_cents'])
    .where('v.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing) throw new NotFound(`Variant ${missing} not found`);
  const channelPriceOf = await backToChannelPrices(em, businessId, connection, body, byId);
  const errors: FieldError[] = [];
  for (const [i, item] of body.items.entries()) {
    const row = byId.get(item.variant_id);
    if (!row) continue;
    if (row.external_sku === null || row.listing_status === null) {
      errors.push({ field: `items.${i}.variant_id`, message: `This size is not listed on ${where}: list the product first` });
    } else if (row.listing_status === 'ended') {
      errors.push({ field: `items.${i}.variant_id`, message: `The ${where} listing has ended: relist it first` });
    } else if (channelPriceOf.get(item.variant_id) === null) {
      errors.push({ field: `items.${i}.price_cents`, message: 'This size has no price: give one' });
    }
  }
  if (errors.length) refuse(errors);
  return body.items.map((item, i) => {
    const row = byId.get(item.variant_id);
    return {
      seq: i + 1,
      product_id: row?.product_id ?? null,
      variant_id: item.variant_id,
      sku: row?.external_sku ?? null,
      input: { ...item },
    };
  });
}

/**
 * For price items without a price ("back to the channel's price", which also drops the size's own
 * price): what the channel's price would be without the size's own price; null: there is none.
 */
async function backToChannelPrices(
  em: EntityManager,
  businessId: string,
  connection: Connection,
  body: CreateBatchBody,
  rows: Map<string, { id: string; price_override_cents: number | null }>,
): Promise<Map<string, number | null>> {
  if (body.operation_type !== 'price') return new Map();
  const targets = body.items.flatMap((item) => {
    const row = rows.get(item.variant_id);
    if (!row || item.price_cents !== undefined) return [];
    return [
      { variantId: row.id, channelId: connection.channel_id, sizeOverrideCents: null, listingOverrideCents: row.price_override_cents },
    ];
  });
  const prices = await channelPrices(em, businessId, targets);
  return new Map(targets.map((target, i) => [target.variantId, prices[i]?.cents ?? null]));
}
