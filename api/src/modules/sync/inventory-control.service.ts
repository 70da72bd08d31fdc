import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  InventoryControl,
  InventoryControlRow,
  inventoryControlQuerySchema,
  ListingConnection,
} from '@tradepost/shared/schemas/listings.ts';
import type { z } from 'zod';
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

/** Marketplace connections shown as the matrix's columns (all but disconnected ones). */
export async function listingConnections(em: EntityManager, businessId: string, connectionId?: string): Promise<ListingConnection[]> {
  return em.execute<ListingConnection[]>(
    `SELECT c.id, c.platform, c.account_name, c.environment, c.status, ch.sync_enabled, ch.quantity_buffer
       FROM channel_connections c JOIN sales_channels ch ON ch.id = c.channel_id
      WHERE c.business_id = ? AND (c.status <> 'disconnected' OR c.id = ?::uuid)${connectionId ? ' AND c.id = ?::uuid' : ''}
      ORDER BY array_position(ARRAY['ebay', 'shopify', 'square'], c.platform)`,
    connectionId ? [businessId, connectionId, connectionId] : [businessId, null],
  );
}

/**
 * The product × channel matrix: active products (searchable by title, style code or SKU), a page
 * at a time by title, each with its sizes' available stock and its listing on every connection
 * (status, listed quantity per size, overrides, last error).
 */
export async function inventoryControl(em: EntityManager, businessId: string, query: Query): Promise<InventoryControl> {
  const connections = await listingConnections(em, businessId, query.connection_id);
  if (query.connection_id && connections.length === 0) throw new NotFound('Connection not found');

  const where = ['p.business_id = ?', "p.status = 'active'"];
  const params: unknown[] = [businessId];
  if (query.search) {
    const pattern = likePattern(query.search);
    where.push(
      `(p.title ILIKE ? OR p.style_code ILIKE ? OR EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.sku ILIKE ?))`,
    );
    params.push(pattern, pattern, pattern);
  }
  if (query.cursor) {
    const [title, id] = decodeCursor(query.cursor);
    where.push('(p.title, p.id) > (?, ?::uuid)');
    params.push(title, id);
  }
  const products = await em.execute<
    {
      id: string;
      title: string;
      brand: string | null;
      style_code: string | null;
      size_format: string;
      image: InventoryControlRow['image'];
    }[]
  >(
    `SELECT p.id, p.title, p.brand, p.style_code, p.size_format, p.images -> 0 AS image
       FROM products p WHERE ${where.join(' AND ')}
      ORDER BY p.title, p.id LIMIT ?`,
    [...params, query.limit + 1],
  );
  const page = products.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor = products.length > query.limit && last ? encodeCursor(last.title, last.id) : null;
  if (page.length === 0) return { connections, rows: [], next_cursor: null };

  const ids = `{${page.map((p) => p.id).join(',')}}`;
  const variants = await em.execute<(InventoryControlRow['variants'][number] & { product_id: string })[]>(
    `SELECT v.id, v.product_id, v.size, v.sku, v.price_cents,
            coalesce(sum(l.on_hand - l.reserved - l.committed), 0)::int AS available
       FROM variants v LEFT JOIN stock_levels l ON l.variant_id = v.id
      WHERE v.business_id = ? AND v.product_id = ANY(?::uuid[])
      GROUP BY v.id
      -- Numeric sizes in numeric order (9, 9.5, 10), the rest after them by name.
      ORDER BY CASE WHEN v.size ~ '^[0-9]+([.][0-9]+){0,1}$' THEN v.size::numeric END NULLS LAST, v.size`,
    [businessId, ids],
  );
  const listings = await findListings(
    em,
    businessId,
    query.connection_id ? 'l.product_id = ANY(?::uuid[]) AND l.connection_id = ?' : 'l.product_id = ANY(?::uuid[])',
    query.connection_id ? [ids, query.connection_id] : [ids],
  );
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
