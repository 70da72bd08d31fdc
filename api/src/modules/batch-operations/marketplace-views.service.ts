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
import { type InferResult, type Kysely, sql } from 'kysely';
import type { DB, JsonObject } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { Invalid, NotFound } from '../../errors.ts';
import { recentSalesByChannel } from '../sales/public.ts';
import { syncLogEntries } from '../sync/public.ts';
import { presentBatch, recentBatches } from './batch-operations.service.ts';

// Read models of the marketplace pages (ebay-listings, ebay/products/:id, shopify, shopify-sync,
// square-dashboard, square-sync): our listings on one platform, from channel_listings.

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The business's connection to this platform (one per platform), or null when it was never connected. */
export async function platformConnection(
  em: EntityManager,
  businessId: string,
  platform: MarketplacePlatform,
): Promise<MarketplaceConnection | null> {
  const row = await tenantDb(em, businessId)
    .selectFrom('channel_connections')
    .select(['id', 'status', 'environment', 'account_name', 'status_reason', 'last_sync_at', 'last_error'])
    .where('platform', '=', platform)
    .orderBy('created_at', 'desc')
    .limit(1)
    .$narrowType<Pick<MarketplaceConnection, 'status' | 'environment'>>()
    .executeTakeFirst();
  return row ? { ...row, last_sync_at: iso(row.last_sync_at) } : null;
}

/** Products with their listing on the connection, if any, as presentProduct reads them. */
const selectProducts = (db: Kysely<DB>, connectionId: string | null) =>
  db
    .selectFrom('products as p')
    .leftJoin('channel_listings as l', (join) => join.onRef('l.product_id', '=', 'p.id').on('l.connection_id', '=', connectionId))
    .select([
      'p.id as product_id',
      'p.title',
      'p.brand',
      'p.style_code',
      sql<string | null>`p.images->0->>'url'`.as('image_url'),
      'l.id as listing_id',
      'l.status as listing_status',
      'l.external_id',
      'l.external_url',
      'l.last_error',
      'l.listed_at',
      'l.ended_at',
      'l.updated_at as listing_updated_at',
      sql<string>`lower(p.title)`.as('sort_key'),
    ])
    .$narrowType<{ listing_status: NonNullable<MarketplaceProduct['listing']>['status'] | null }>();

type ProductRow = InferResult<ReturnType<typeof selectProducts>>[number];

/** Sizes with our available units and, when listed on the connection, its listing row, as presentVariant reads them. */
const selectVariants = (db: Kysely<DB>, connectionId: string) =>
  db
    .selectFrom('variants as v')
    .leftJoin('channel_listing_variants as lv', (join) =>
      join.onRef('lv.variant_id', '=', 'v.id').on('lv.connection_id', '=', connectionId),
    )
    .select((eb) => [
      'v.product_id',
      'v.id as variant_id',
      'v.size',
      'v.sku',
      'v.price_cents',
      sql<number>`coalesce(${eb
        .selectFrom('stock_levels as s')
        .whereRef('s.variant_id', '=', 'v.id')
        .select(sql`sum(s.on_hand - s.reserved - s.committed)`.as('units'))}, 0)::int`.as('available'),
      'lv.external_sku',
      'lv.external_ref',
      'lv.pushed_quantity',
      'lv.pushed_price_cents',
      'lv.pushed_at',
      'lv.channel_quantity',
      'lv.last_error as variant_error',
    ])
    .$narrowType<{ external_ref: JsonObject | null }>();

type VariantRow = InferResult<ReturnType<typeof selectVariants>>[number];

/** Every size of these products, by product. */
async function variantsOf(em: EntityManager, businessId: string, connectionId: string, productIds: string[]) {
  if (productIds.length === 0) return new Map<string, VariantRow[]>();
  const rows = await selectVariants(tenantDb(em, businessId), connectionId)
    .where('v.product_id', 'in', productIds)
    .orderBy('v.product_id')
    .orderBy('v.created_at')
    .orderBy('v.id')
    .execute();
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
  const rows = await tenantDb(em, businessId)
    .selectFrom('channel_listings')
    .select(['status', sql<number>`count(*)::int`.as('n')])
    .where('connection_id', '=', connectionId)
    .groupBy('status')
    .execute();
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
  let select = selectProducts(tenantDb(em, businessId), connection.id);
  // Listed only: the products the left join found a listing for (what an inner join keeps).
  if (listedOnly) select = select.where('l.id', 'is not', null);
  else select = select.where('p.status', '=', 'active');
  if (query.status === 'not_listed') select = select.where('l.id', 'is', null);
  else if (query.status) select = select.where('l.status', '=', query.status);
  if (query.product_ids) select = select.where('p.id', 'in', query.product_ids);
  if (query.search) {
    // Title, brand and style code, or any size's SKU.
    const like = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    select = select.where((eb) =>
      eb.or([
        eb('p.search_text', 'like', like),
        eb.exists(
          eb
            .selectFrom('variants as sv')
            .select(sql.lit(1).as('one'))
            .whereRef('sv.product_id', '=', 'p.id')
            .where((sv) => sv(sv.fn('lower', ['sv.sku']), 'like', like)),
        ),
      ]),
    );
  }
  if (query.cursor) {
    const [key, id] = decodeCursor(query.cursor);
    select = select.where(sql<boolean>`(lower(p.title), p.id) > (${key}, ${id}::uuid)`);
  }
  const rows = await select
    .orderBy(sql`lower(p.title)`)
    .orderBy('p.id')
    .limit(query.limit + 1)
    .execute();
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

/** One product on one platform: its listing, every size (listed or not) and the latest sync log lines of its sizes. */
export async function marketplaceProduct(
  em: EntityManager,
  businessId: string,
  platform: MarketplacePlatform,
  productId: string,
): Promise<MarketplaceProductDetail> {
  const connection = await platformConnection(em, businessId, platform);
  const db = tenantDb(em, businessId);
  const row = await selectProducts(db, connection?.id ?? null)
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!row) throw new NotFound('Product not found');
  const variants =
    (await variantsOf(em, businessId, connection?.id ?? '00000000-0000-0000-0000-000000000000', [productId])).get(productId) ?? [];
  const log = connection
    ? await syncLogEntries(db)
        .where('s.connection_id', '=', connection.id)
        .where('s.variant_id', 'in', (eb) => eb.selectFrom('variants').select('id').where('product_id', '=', productId))
        .orderBy('s.created_at', 'desc')
        .limit(20)
        .execute()
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
  const db = tenantDb(em, businessId);
  const listed = connection
    ? await db
        .selectFrom('channel_listing_variants as lv')
        .innerJoin('channel_listings as l', 'l.id', 'lv.listing_id')
        .select([
          sql<number>`count(*)::int`.as('variants'),
          sql<number>`coalesce(sum(lv.pushed_quantity) FILTER (WHERE l.status = 'active'), 0)::int`.as('units'),
          sql<number>`count(*) FILTER (WHERE lv.last_error IS NOT NULL)::int`.as('errors'),
        ])
        .where('lv.connection_id', '=', connection.id)
        .executeTakeFirst()
    : undefined;
  const sales = await db
    .selectFrom('sales_channels as ch')
    // The dashboard's window and definition of a sale's revenue (the sales area's sale-figures.ts).
    .leftJoin(recentSalesByChannel(db).as('r'), 'r.channel_id', 'ch.id')
    .where('ch.kind', '=', platform)
    .select(['r.sales as sales_30d', 'r.revenue_cents as revenue_30d_cents'])
    .select((eb) => [
      eb
        .selectFrom('failed_orders as f')
        .whereRef('f.channel_id', '=', 'ch.id')
        .where('f.status', '=', 'open')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('open_failed'),
    ])
    .executeTakeFirst();
  const orders = await db
    .selectFrom('sales as s')
    .innerJoin('sales_channels as ch', 'ch.id', 's.channel_id')
    .leftJoin('sale_lines as sl', 'sl.sale_id', 's.id')
    .select([
      's.id',
      's.number',
      's.external_order_id',
      's.ordered_at',
      's.status',
      sql<number>`(coalesce(sum(sl.quantity * sl.unit_price_cents), 0) + s.shipping_cents)::int`.as('total_cents'),
      sql<number>`coalesce(sum(sl.quantity), 0)::int`.as('units'),
    ])
    .where('ch.kind', '=', platform)
    .groupBy('s.id')
    .orderBy('s.ordered_at', 'desc')
    .limit(8)
    .execute();
  const batches = connection ? await recentBatches(em, businessId, connection.id, 5) : [];
  return {
    connection,
    counts: connection ? await listingCounts(em, businessId, connection.id) : emptyCounts,
    listed_variants: listed?.variants ?? 0,
    variant_errors: listed?.errors ?? 0,
    units_listed: listed?.units ?? 0,
    open_failed_orders: sales?.open_failed ?? 0,
    sales_30d: Number(sales?.sales_30d ?? 0),
    revenue_30d_cents: Number(sales?.revenue_30d_cents ?? 0),
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
