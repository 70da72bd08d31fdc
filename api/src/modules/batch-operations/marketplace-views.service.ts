import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  MarketplaceConnection,
  MarketplaceOverview,
  MarketplaceProduct,
  MarketplaceProductDetail,
  MarketplaceProducts,
  MarketplaceProductsQuery,
  MarketplaceVariant,
} from '@tradepost/shared/schemas/batch-operations.ts';
import type { MarketplacePlatform } from '@tradepost/shared/schemas/connections.ts';
import type { SyncLogEntry } from '@tradepost/shared/schemas/sync.ts';
import { Invalid, NotFound } from '../../errors.ts';
import { type BatchRow, presentBatch } from './batch-operations.service.ts';

// Read models of the marketplace pages (ebay-listings, ebay/products/:id, shopify, shopify-sync,
// square-dashboard, square-sync): our listings on one platform, from channel_listings.

type ConnectionRow = MarketplaceConnection & { last_sync_at: Date | null };

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The business's connection to this platform (one per platform), or null when it was never connected. */
export async function platformConnection(
  em: EntityManager,
  businessId: string,
  platform: MarketplacePlatform,
): Promise<MarketplaceConnection | null> {
  const [row] = await em.execute<ConnectionRow[]>(
    `SELECT id, status, environment, account_name, status_reason, last_sync_at, last_error
       FROM channel_connections WHERE business_id = ? AND platform = ? ORDER BY created_at DESC LIMIT 1`,
    [businessId, platform],
  );
  return row ? { ...row, last_sync_at: iso(row.last_sync_at) } : null;
}

type ProductRow = {
  product_id: string;
  title: string;
  brand: string | null;
  style_code: string | null;
  image_url: string | null;
  listing_id: string | null;
  listing_status: 'pending' | 'active' | 'ended' | 'error' | null;
  external_id: string | null;
  external_url: string | null;
  last_error: string | null;
  listed_at: Date | null;
  ended_at: Date | null;
  listing_updated_at: Date | null;
  sort_key: string;
};

type VariantRow = {
  product_id: string;
  variant_id: string;
  size: string;
  sku: string;
  available: number;
  price_cents: number | null;
  external_sku: string | null;
  external_ref: Record<string, unknown> | null;
  pushed_quantity: number | null;
  pushed_price_cents: number | null;
  pushed_at: Date | null;
  channel_quantity: number | null;
  variant_error: string | null;
};

const PRODUCT_COLUMNS = `p.id AS product_id, p.title, p.brand, p.style_code, p.images->0->>'url' AS image_url,
  l.id AS listing_id, l.status AS listing_status, l.external_id, l.external_url, l.last_error, l.listed_at, l.ended_at,
  l.updated_at AS listing_updated_at, lower(p.title) AS sort_key`;

/** Every size of these products with our available units and, when listed on the connection, its listing row. */
async function variantsOf(em: EntityManager, businessId: string, connectionId: string, productIds: string[]) {
  if (productIds.length === 0) return new Map<string, VariantRow[]>();
  const rows = await em.execute<VariantRow[]>(
    `SELECT v.product_id, v.id AS variant_id, v.size, v.sku, v.price_cents,
            coalesce((SELECT sum(s.on_hand - s.reserved - s.committed) FROM stock_levels s
                       WHERE s.business_id = v.business_id AND s.variant_id = v.id), 0)::int AS available,
            lv.external_sku, lv.external_ref, lv.pushed_quantity, lv.pushed_price_cents, lv.pushed_at, lv.channel_quantity,
            lv.last_error AS variant_error
       FROM variants v
       LEFT JOIN channel_listing_variants lv ON lv.variant_id = v.id AND lv.connection_id = ? AND lv.business_id = v.business_id
      WHERE v.business_id = ? AND v.product_id = ANY(?::uuid[])
      ORDER BY v.product_id, v.created_at, v.id`,
    [connectionId, businessId, `{${productIds.join(',')}}`],
  );
  const byProduct = new Map<string, VariantRow[]>();
  for (const row of rows) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row]);
  return byProduct;
}

function presentVariant(row: VariantRow): MarketplaceVariant {
  return {
    variant_id: row.variant_id,
    size: row.size,
    sku: row.sku,
    available: row.available,
    price_cents: row.price_cents,
    listed:
      row.external_sku === null
        ? null
        : {
            external_sku: row.external_sku,
            external_ref: row.external_ref ?? {},
            pushed_quantity: row.pushed_quantity,
            pushed_price_cents: row.pushed_price_cents,
            pushed_at: iso(row.pushed_at),
            channel_quantity: row.channel_quantity,
            last_error: row.variant_error,
          },
  };
}

function presentProduct(row: ProductRow, variants: VariantRow[]): MarketplaceProduct {
  const listed = variants.filter((v) => v.external_sku !== null);
  const pushes = listed.map((v) => (v.pushed_at ? new Date(v.pushed_at).getTime() : 0)).filter((t) => t > 0);
  return {
    product_id: row.product_id,
    title: row.title,
    brand: row.brand,
    style_code: row.style_code,
    image_url: row.image_url,
    listing:
      row.listing_id === null || row.listing_status === null
        ? null
        : {
            id: row.listing_id,
            status: row.listing_status,
            external_id: row.external_id,
            external_url: row.external_url,
            last_error: row.last_error,
            listed_at: iso(row.listed_at),
            ended_at: iso(row.ended_at),
            updated_at: iso(row.listing_updated_at) ?? new Date().toISOString(),
          },
    variants: variants.map(presentVariant),
    listed_sizes: listed.length,
    size_errors: listed.filter((v) => v.variant_error !== null).length,
    last_pushed_at: pushes.length ? new Date(Math.max(...pushes)).toISOString() : null,
  };
}

async function listingCounts(em: EntityManager, businessId: string, connectionId: string) {
  const rows = await em.execute<{ status: string; n: number }[]>(
    'SELECT status, count(*)::int AS n FROM channel_listings WHERE business_id = ? AND connection_id = ? GROUP BY status',
    [businessId, connectionId],
  );
  const count = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
  return { active: count('active'), pending: count('pending'), ended: count('ended'), error: count('error') };
}

function decodeCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string') return [value[0], value[1]];
  } catch {
    // fall through
  }
  throw new Invalid('Cursor is not one this list gave out', [{ field: 'cursor', message: 'Cursor is not one this list gave out' }]);
}

const emptyCounts = { active: 0, pending: 0, ended: 0, error: 0 };

/** Products on one platform by title: those with a listing (scope listed) or every active product (scope all). */
export async function marketplaceProducts(
  em: EntityManager,
  businessId: string,
  platform: MarketplacePlatform,
  query: MarketplaceProductsQuery,
): Promise<MarketplaceProducts> {
  const connection = await platformConnection(em, businessId, platform);
  if (!connection) return { connection: null, counts: emptyCounts, products: [], next_cursor: null };
  const listedOnly = query.scope === 'listed' || (query.status !== undefined && query.status !== 'not_listed');
  const where = ['p.business_id = ?'];
  const params: unknown[] = [connection.id, businessId];
  if (!listedOnly) where.push(`p.status = 'active'`);
  if (query.status === 'not_listed') where.push('l.id IS NULL');
  else if (query.status) {
    where.push('l.status = ?');
    params.push(query.status);
  }
  if (query.search) {
    // Title, brand and style code, or any size's SKU.
    where.push(
      `(p.search_text LIKE ? OR EXISTS (SELECT 1 FROM variants sv WHERE sv.product_id = p.id AND sv.business_id = p.business_id AND lower(sv.sku) LIKE ?))`,
    );
    const like = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    params.push(like, like);
  }
  if (query.cursor) {
    const [key, id] = decodeCursor(query.cursor);
    where.push('(lower(p.title), p.id) > (?, ?::uuid)');
    params.push(key, id);
  }
  const rows = await em.execute<ProductRow[]>(
    `SELECT ${PRODUCT_COLUMNS}
       FROM products p
       ${listedOnly ? 'JOIN' : 'LEFT JOIN'} channel_listings l ON l.product_id = p.id AND l.connection_id = ? AND l.business_id = p.business_id
      WHERE ${where.join(' AND ')}
      ORDER BY lower(p.title), p.id
      LIMIT ?`,
    [...params, query.limit + 1],
  );
  const page = rows.slice(0, query.limit);
  const variants = await variantsOf(
    em,
    businessId,
    connection.id,
    page.map((row) => row.product_id),
  );
  const last = page.at(-1);
  return {
    connection,
    counts: await listingCounts(em, businessId, connection.id),
    products: page.map((row) => presentProduct(row, variants.get(row.product_id) ?? [])),
    next_cursor:
      rows.length > query.limit && last ? Buffer.from(JSON.stringify([last.sort_key, last.product_id])).toString('base64url') : null,
  };
}

type LogRow = Omit<SyncLogEntry, 'created_at'> & { created_at: Date };

/** One product on one platform: its listing, every size (listed or not) and the latest sync log lines of its sizes. */
export async function marketplaceProduct(
  em: EntityManager,
  businessId: string,
  platform: MarketplacePlatform,
  productId: string,
): Promise<MarketplaceProductDetail> {
  const connection = await platformConnection(em, businessId, platform);
  const [row] = await em.execute<ProductRow[]>(
    `SELECT ${PRODUCT_COLUMNS}
       FROM products p
       LEFT JOIN channel_listings l ON l.product_id = p.id AND l.connection_id = ? AND l.business_id = p.business_id
      WHERE p.business_id = ? AND p.id = ?`,
    [connection?.id ?? null, businessId, productId],
  );
  if (!row) throw new NotFound('Product not found');
  const variants =
    (await variantsOf(em, businessId, connection?.id ?? '00000000-0000-0000-0000-000000000000', [productId])).get(productId) ?? [];
  const log = connection
    ? await em.execute<LogRow[]>(
        `SELECT s.id, s.connection_id, c.platform, s.variant_id, s.operation, s.ok, s.quantity, s.price_cents, s.error,
                s.request, s.response, s.duration_ms, s.created_at
           FROM sync_log s JOIN channel_connections c ON c.id = s.connection_id
          WHERE s.business_id = ? AND s.connection_id = ?
            AND s.variant_id IN (SELECT id FROM variants WHERE business_id = ? AND product_id = ?)
          ORDER BY s.created_at DESC LIMIT 20`,
        [businessId, connection.id, businessId, productId],
      )
    : [];
  return {
    connection,
    product: presentProduct(row, variants),
    recent_sync: log.map((entry) => ({ ...entry, created_at: new Date(entry.created_at).toISOString() })),
  };
}

/** The platform's dashboard: connection, listing counts, units offered, the channel's orders and recent batches. */
export async function marketplaceOverview(
  em: EntityManager,
  businessId: string,
  platform: MarketplacePlatform,
): Promise<MarketplaceOverview> {
  const connection = await platformConnection(em, businessId, platform);
  const [listed] = connection
    ? await em.execute<{ variants: number; units: number; errors: number }[]>(
        `SELECT count(*)::int AS variants, coalesce(sum(lv.pushed_quantity) FILTER (WHERE l.status = 'active'), 0)::int AS units,
                count(*) FILTER (WHERE lv.last_error IS NOT NULL)::int AS errors
           FROM channel_listing_variants lv JOIN channel_listings l ON l.id = lv.listing_id
          WHERE lv.business_id = ? AND lv.connection_id = ?`,
        [businessId, connection.id],
      )
    : [];
  const [sales] = await em.execute<{ sales_30d: number; revenue_30d_cents: number; open_failed: number }[]>(
    `SELECT
       (SELECT count(*)::int FROM sales s WHERE s.business_id = ch.business_id AND s.channel_id = ch.id
           AND s.ordered_at > now() - interval '30 days' AND s.status <> 'cancelled') AS sales_30d,
       (SELECT coalesce(sum(sl.quantity * sl.unit_price_cents), 0)::int FROM sale_lines sl JOIN sales s ON s.id = sl.sale_id
         WHERE s.business_id = ch.business_id AND s.channel_id = ch.id AND s.ordered_at > now() - interval '30 days'
           AND s.status <> 'cancelled') AS revenue_30d_cents,
       (SELECT count(*)::int FROM failed_orders f WHERE f.business_id = ch.business_id AND f.channel_id = ch.id AND f.status = 'open') AS open_failed
       FROM sales_channels ch WHERE ch.business_id = ? AND ch.kind = ?`,
    [businessId, platform],
  );
  const orders = await em.execute<
    { id: string; number: number; external_order_id: string; ordered_at: Date; status: string; total_cents: number; units: number }[]
  >(
    `SELECT s.id, s.number, s.external_order_id, s.ordered_at, s.status,
            (coalesce(sum(sl.quantity * sl.unit_price_cents), 0) + s.shipping_cents)::int AS total_cents,
            coalesce(sum(sl.quantity), 0)::int AS units
       FROM sales s JOIN sales_channels ch ON ch.id = s.channel_id
       LEFT JOIN sale_lines sl ON sl.sale_id = s.id
      WHERE s.business_id = ? AND ch.kind = ?
      GROUP BY s.id
      ORDER BY s.ordered_at DESC LIMIT 8`,
    [businessId, platform],
  );
  const batches = connection
    ? await em.execute<BatchRow[]>(
        `SELECT b.id, b.business_id, b.connection_id, b.platform, b.operation_type, b.status, b.total, b.succeeded, b.failed,
                b.created_by, u.first_name AS created_by_first, u.last_name AS created_by_last, u.username AS created_by_username,
                b.created_at, b.started_at, b.finished_at, '' AS cursor_key
           FROM batch_operations b LEFT JOIN users u ON u.id = b.created_by
          WHERE b.business_id = ? AND b.connection_id = ?
          ORDER BY b.created_at DESC LIMIT 5`,
        [businessId, connection.id],
      )
    : [];
  return {
    connection,
    counts: connection ? await listingCounts(em, businessId, connection.id) : emptyCounts,
    listed_variants: listed?.variants ?? 0,
    variant_errors: listed?.errors ?? 0,
    units_listed: listed?.units ?? 0,
    open_failed_orders: sales?.open_failed ?? 0,
    sales_30d: sales?.sales_30d ?? 0,
    revenue_30d_cents: sales?.revenue_30d_cents ?? 0,
    recent_orders: orders.map((order) => ({
      id: order.id,
      number: order.number,
      external_order_id: order.external_order_id,
      ordered_at: new Date(order.ordered_at).toISOString(),
      status: order.status,
      total_cents: order.total_cents,
      units: order.units,
    })),
    recent_batches: batches.map(presentBatch),
  };
}
