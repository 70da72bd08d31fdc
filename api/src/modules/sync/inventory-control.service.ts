import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  InventoryControl,
  InventoryControlRow,
  inventoryControlQuerySchema,
  ListingConnection,
} from '@tradepost/shared/schemas/listings.ts';
import { sql } from 'kysely';
import type { z } from 'zod';
import { tenantDb } from '../../db/tenant-db.ts';
import { Invalid, NotFound } from '../../errors.ts';
import { findListings } from './listings.service.ts';

type Query = z.output<typeof inventoryControlQuerySchema>;

const encodeCursor = (title: string, id: string) => Buffer.from(JSON.stringify([title, id])).toString('base64url');

function decodeCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) return value as [string, string];
  } catch {
    // Falls through to the 400 below.
  }
  throw new Invalid('The cursor is not one this list gave out', [
    { field: 'cursor', message: 'Unknown cursor: start from the first page' },
  ]);
}

/** `%` and `_` typed by the user match themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** eBay, Shopify, Square: the order the matrix shows marketplaces in. */
const platformOrder = sql`array_position(ARRAY['ebay', 'shopify', 'square'], c.platform)`;

/** Marketplace connections shown as the matrix's columns (all but disconnected ones; the one asked for, whatever its status). */
export async function listingConnections(em: EntityManager, businessId: string, connectionId?: string): Promise<ListingConnection[]> {
  // CHECK constraints hold platform, environment and status to ListingConnection's values.
  return tenantDb(em, businessId)
    .selectFrom('channel_connections as c')
    .innerJoin('sales_channels as ch', 'ch.id', 'c.channel_id')
    .$call((query) => (connectionId ? query.where('c.id', '=', connectionId) : query.where('c.status', '<>', 'disconnected')))
    .select(['c.id', 'c.platform', 'c.account_name', 'c.environment', 'c.status', 'ch.sync_enabled', 'ch.quantity_buffer'])
    .$narrowType<Pick<ListingConnection, 'platform' | 'environment' | 'status'>>()
    .orderBy(platformOrder)
    .execute();
}

/**
 * The product × channel matrix: active products (searchable by title, style code or SKU), a page
 * at a time by title, each with its sizes' available stock and its listing on every connection
 * (status, listed quantity per size, overrides, last error).
 */
export async function inventoryControl(em: EntityManager, businessId: string, query: Query): Promise<InventoryControl> {
  const connections = await listingConnections(em, businessId, query.connection_id);
  if (query.connection_id && connections.length === 0) throw new NotFound('Connection not found');

  const db = tenantDb(em, businessId);
  const products = await db
    .selectFrom('products as p')
    .where('p.status', '=', 'active')
    .$if(Boolean(query.search), (filtered) => {
      const pattern = likePattern(query.search ?? '');
      return filtered.where((eb) =>
        eb.or([
          eb('p.title', 'ilike', pattern),
          eb('p.style_code', 'ilike', pattern),
          eb.exists(eb.selectFrom('variants as v').select('v.id').whereRef('v.product_id', '=', 'p.id').where('v.sku', 'ilike', pattern)),
        ]),
      );
    })
    .$if(Boolean(query.cursor), (after) => {
      const [title, id] = decodeCursor(query.cursor ?? '');
      return after.where((eb) => eb(eb.refTuple('p.title', 'p.id'), '>', eb.tuple(title, id)));
    })
    .select(['p.id', 'p.title', 'p.brand', 'p.style_code', 'p.size_format', sql<InventoryControlRow['image']>`p.images -> 0`.as('image')])
    .orderBy('p.title')
    .orderBy('p.id')
    .limit(query.limit + 1)
    .execute();
  const page = products.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor = products.length > query.limit && last ? encodeCursor(last.title, last.id) : null;
  if (page.length === 0) return { connections, rows: [], next_cursor: null };

  const productIds = page.map((p) => p.id);
  const variants = await db
    .selectFrom('variants as v')
    .leftJoin('stock_levels as l', 'l.variant_id', 'v.id')
    .where('v.product_id', 'in', productIds)
    .groupBy('v.id')
    .select([
      'v.id',
      'v.product_id',
      'v.size',
      'v.sku',
      'v.price_cents',
      sql<number>`coalesce(sum(l.on_hand - l.reserved - l.committed), 0)::int`.as('available'),
    ])
    // Numeric sizes in numeric order (9, 9.5, 10), the rest after them by name.
    .orderBy(sql`CASE WHEN v.size ~ '^[0-9]+([.][0-9]+){0,1}$' THEN v.size::numeric END NULLS LAST`)
    .orderBy('v.size')
    .execute();
  const listings = await findListings(em, businessId, { productIds, connectionId: query.connection_id });
  const shown = new Set(connections.map((c) => c.id));
  const rows: InventoryControlRow[] = page.map((product) => ({
    product_id: product.id,
    title: product.title,
    brand: product.brand,
    style_code: product.style_code,
    size_format: product.size_format,
    image: product.image && typeof product.image === 'object' ? product.image : null,
    variants: variants.filter((v) => v.product_id === product.id).map(({ product_id: _, ...v }) => v),
    listings: listings.filter((l) => l.product_id === product.id && shown.has(l.connection_id)),
  }));
  return { connections, rows, next_cursor: nextCursor };
}
