import type { ProductFilter, ProductListQuery, ProductSort } from '@tradepost/shared/schemas/catalog.ts';

/**
 * The SQL of the products page, built as text plus parameters. MikroORM inlines the parameters, so
 * PostgreSQL plans every literal pattern on its own statistics; the shapes below are chosen so that
 * each plan can be good:
 *
 * - A search is split into branches (title and other product text, SKU, exact barcode), each with
 *   its own ORDER BY … LIMIT. One OR across them would force a walk of the whole catalog whenever
 *   the text is rare (a typo), because no single index answers an OR with a subquery; separately,
 *   a common word walks the sort's index and stops after the page, and a rare one uses its trigram
 *   or unique index and finds nothing in a millisecond.
 * - Filters are plain conditions on `products p` inside every branch; the selective ones have an
 *   index that starts with the business (migration 0008).
 * - Counting is separate and only on request: counting ten thousand matches costs more than
 *   finding the first fifty, and search as you type waits for the page only.
 */

export type SqlStatement = { sql: string; params: unknown[] };

export const PRODUCT_COUNT_CAP = 10_000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const BARCODE_PATTERN = /^[A-Za-z0-9-]{4,64}$/;

type Condition = { sql: string; params: unknown[] };

/** The filter bar's conditions on `p`, the business first. */
function filterConditions(businessId: string, filter: ProductFilter): Condition[] {
  const conditions: Condition[] = [{ sql: 'p.business_id = ?', params: [businessId] }];
  if (filter.status !== 'all') conditions.push({ sql: 'p.status = ?', params: [filter.status] });
  if (filter.brand !== undefined) conditions.push({ sql: 'p.brand = ?', params: [filter.brand] });
  if (filter.category !== undefined) conditions.push({ sql: 'p.category = ?', params: [filter.category] });
  if (filter.condition !== undefined) conditions.push({ sql: 'p.condition = ?', params: [filter.condition] });
  if (filter.size !== undefined)
    conditions.push({ sql: 'EXISTS (SELECT 1 FROM variants fv WHERE fv.product_id = p.id AND fv.size = ?)', params: [filter.size] });
  const stockAt = (location: boolean) =>
    `EXISTS (SELECT 1 FROM variants sv JOIN stock_levels sl ON sl.business_id = sv.business_id AND sl.variant_id = sv.id
              WHERE sv.product_id = p.id AND sl.on_hand > 0${location ? ' AND sl.location_id = ?' : ''})`;
  if (filter.location_id !== undefined) conditions.push({ sql: stockAt(true), params: [filter.location_id] });
  if (filter.in_stock === true) conditions.push({ sql: stockAt(false), params: [] });
  if (filter.in_stock === false) conditions.push({ sql: `NOT ${stockAt(false)}`, params: [] });
  return conditions;
}

/**
 * The ways a product can match the typed text, each a condition on `p`. Under three characters only
 * the product text is searched (no trigram helps, and a code that short means nothing).
 */
function searchBranches(businessId: string, q: string): Condition[] {
  if (q === '') return [];
  const like = `%${escapeLike(q.toLowerCase())}%`;
  const text: Condition = { sql: 'p.search_text LIKE ?', params: [like] };
  if (q.length < 3) return [text];
  const branches: Condition[] = [
    text,
    { sql: 'p.id IN (SELECT v.product_id FROM variants v WHERE v.business_id = ? AND lower(v.sku) LIKE ?)', params: [businessId, like] },
  ];
  // Barcodes are matched exactly, and a code with no digit in it is a word, not a barcode.
  if (BARCODE_PATTERN.test(q) && /\d/.test(q))
    branches.push({
      sql: 'p.id IN (SELECT v.product_id FROM barcodes b JOIN variants v ON v.id = b.variant_id WHERE b.business_id = ? AND b.code = ?)',
      params: [businessId, q],
    });
  return branches;
}

/** Each branch's WHERE (filters and one way of matching); one branch when nothing was typed. */
function matchWheres(businessId: string, filter: ProductFilter): Condition[] {
  const filters = filterConditions(businessId, filter);
  const join = (conditions: Condition[]): Condition => ({
    sql: conditions.map((c) => c.sql).join(' AND '),
    params: conditions.flatMap((c) => c.params),
  });
  const branches = searchBranches(businessId, filter.q ?? '');
  if (branches.length === 0) return [join(filters)];
  return branches.map((branch) => join([...filters, branch]));
}

type SortSpec = { key: string; direction: 'ASC' | 'DESC'; nullsLast: boolean };

const naturalDirection: Record<ProductSort, 'asc' | 'desc'> = {
  updated_at: 'desc',
  created_at: 'desc',
  title: 'asc',
  price: 'desc',
  stock: 'desc',
};

function sortSpec(sort: ProductSort, dir: 'asc' | 'desc' | undefined): SortSpec {
  const direction = (dir ?? naturalDirection[sort]) === 'asc' ? 'ASC' : 'DESC';
  switch (sort) {
    case 'title':
      return { key: 'p.title', direction, nullsLast: false };
    case 'created_at':
      return { key: 'p.created_at', direction, nullsLast: false };
    case 'price':
      return { key: 'p.retail_price_cents', direction, nullsLast: true };
    case 'stock':
      // product_stock: the ledger's running sum of the product's levels (migration 0014).
      return { key: '(SELECT ps.on_hand FROM product_stock ps WHERE ps.product_id = p.id)', direction, nullsLast: false };
    default:
      return { key: 'p.updated_at', direction, nullsLast: false };
  }
}

const orderBy = (spec: SortSpec, key: string, id: string) =>
  `${key} ${spec.direction}${spec.nullsLast ? ' NULLS LAST' : ''}, ${id} ${spec.direction}`;

/**
 * The page of product ids, in the chosen order. With several ways to match, each branch returns its
 * own first `offset + limit` rows and the union is ordered and cut once more, which is exactly the
 * page a single query would give.
 */
export function productPageSql(businessId: string, query: ProductListQuery): SqlStatement {
  const spec = sortSpec(query.sort, query.dir);
  const wheres = matchWheres(businessId, query);
  const [only] = wheres;
  const narrowed = (query.q ?? '') !== '' || filterConditions(businessId, query).length > (query.status === 'all' ? 1 : 2);
  if (query.sort === 'stock' && !narrowed && only !== undefined) {
    // The whole catalog by stock: a walk of product_stock's (business, on hand, product) index,
    // stopping after the page; once a search or filter has narrowed the set, a lookup per match is better.
    return {
      sql: `SELECT p.id FROM product_stock ps JOIN products p ON p.id = ps.product_id
             WHERE ps.business_id = ? AND ${only.sql} ORDER BY ${orderBy(spec, 'ps.on_hand', 'ps.product_id')} LIMIT ? OFFSET ?`,
      params: [businessId, ...only.params, query.limit, query.offset],
    };
  }
  if (wheres.length === 1 && only !== undefined) {
    return {
      sql: `SELECT p.id FROM products p WHERE ${only.sql} ORDER BY ${orderBy(spec, spec.key, 'p.id')} LIMIT ? OFFSET ?`,
      params: [...only.params, query.limit, query.offset],
    };
  }
  const reach = query.offset + query.limit;
  const branches = wheres.map(
    (where) =>
      `(SELECT p.id, ${spec.key} AS sort_key FROM products p WHERE ${where.sql} ORDER BY ${orderBy(spec, spec.key, 'p.id')} LIMIT ?)`,
  );
  return {
    sql: `SELECT m.id FROM (${branches.join(' UNION ')}) m ORDER BY ${orderBy(spec, 'm.sort_key', 'm.id')} LIMIT ? OFFSET ?`,
    params: [...wheres.flatMap((where) => [...where.params, reach]), query.limit, query.offset],
  };
}

/** The ids of every match (the union of the branches); callers wrap it to count or sum. */
function matchedIdsSql(businessId: string, filter: ProductFilter): SqlStatement {
  const wheres = matchWheres(businessId, filter);
  return {
    sql: wheres.map((where) => `SELECT p.id FROM products p WHERE ${where.sql}`).join(' UNION '),
    params: wheres.flatMap((where) => where.params),
  };
}

/** Matches counted up to the cap: past it the screen says "10,000+". */
export function productCountSql(businessId: string, filter: ProductFilter): SqlStatement {
  const ids = matchedIdsSql(businessId, filter);
  return {
    sql: `SELECT count(*)::int AS total FROM (SELECT 1 FROM (${ids.sql}) ids LIMIT ${PRODUCT_COUNT_CAP}) capped`,
    params: ids.params,
  };
}

/**
 * The filtered set as a whole: how many products, units on hand, and their value at cost (the
 * remaining FIFO lots) and at price (each size's price, else the product's retail price). The match
 * is written out in each part rather than shared through a CTE, so each part is planned on the real
 * size of the set: ten products walk their variants by index, the whole catalog is hashed.
 */
export function productSetSummarySql(businessId: string, filter: ProductFilter): SqlStatement {
  const ids = matchedIdsSql(businessId, filter);
  return {
    sql: `SELECT (SELECT count(*) FROM (${ids.sql}) ids)::bigint AS products, units.on_hand, units.at_price, lots.units AS lot_units, lots.at_cost
            FROM (SELECT coalesce(sum(l.on_hand), 0)::bigint AS on_hand,
                         coalesce(sum(l.on_hand::bigint * coalesce(v.price_cents, p.retail_price_cents, 0)), 0)::bigint AS at_price
                    FROM stock_levels l
                    JOIN variants v ON v.business_id = l.business_id AND v.id = l.variant_id
                    JOIN products p ON p.id = v.product_id
                   WHERE l.business_id = ? AND l.on_hand > 0 AND v.product_id IN (${ids.sql})) units,
                 (SELECT coalesce(sum(c.quantity_remaining), 0)::bigint AS units,
                         coalesce(sum(c.quantity_remaining::bigint * c.unit_cost_cents), 0)::bigint AS at_cost
                    FROM cost_lots c
                    JOIN variants v ON v.business_id = c.business_id AND v.id = c.variant_id
                   WHERE c.business_id = ? AND c.quantity_remaining > 0 AND v.product_id IN (${ids.sql})) lots`,
    params: [...ids.params, businessId, ...ids.params, businessId, ...ids.params],
  };
}

/** The full shape (variants, barcodes, stock) of the given products, in one round trip. */
export function productDetailsSql(businessId: string, ids: string[]): SqlStatement {
  return {
    sql: `${productSelect} FROM products p WHERE p.business_id = ? AND p.id IN (${ids.map(() => '?').join(',')})`,
    params: [businessId, ...ids],
  };
}

/**
 * The products table's line of each given product: the row's fields, its first photo and, per size, the stock summed
 * over locations as a compact [size, on hand, available] array (one pass over the size's levels).
 */
export function productRowsSql(businessId: string, ids: string[]): SqlStatement {
  return {
    sql: `SELECT p.id, p.title, p.brand, p.style_code, p.colorway, p.category, p.size_format, p.condition, p.grade, p.status,
                 p.images -> 0 AS image,
                 (SELECT json_agg(json_build_array(v.size, s.on_hand, s.available))
                    FROM variants v
                    CROSS JOIN LATERAL (SELECT sum(l.on_hand) AS on_hand, sum(l.on_hand - l.reserved - l.committed) AS available
                                          FROM stock_levels l WHERE l.business_id = v.business_id AND l.variant_id = v.id) s
                   WHERE v.product_id = p.id) AS sizes
            FROM products p WHERE p.business_id = ? AND p.id IN (${ids.map(() => '?').join(',')})`,
    params: [businessId, ...ids],
  };
}

/**
 * Each variant travels as a compact array — id, size, sku, price_cents, weight_grams, barcodes
 * ('code kind' strings), on_hand, available — turned back into an object by the service: building a
 * JSON object per variant and per barcode cost PostgreSQL twice the time of the rest of the page.
 */
export const productSelect = `
  SELECT p.id, p.title, p.brand, p.style_code, p.colorway, p.category, p.size_format, p.condition, p.grade, p.condition_notes,
         p.retail_price_cents, to_char(p.release_date, 'YYYY-MM-DD') AS release_date, p.description, p.tags, p.images, p.status,
         p.archived_at, p.created_at, p.updated_at,
         (SELECT json_agg(json_build_array(
                   v.id, v.size, v.sku, v.price_cents, v.weight_grams,
                   (SELECT array_agg(b.code || ' ' || b.kind ORDER BY b.code) FROM barcodes b WHERE b.variant_id = v.id),
                   (SELECT sum(l.on_hand) FROM stock_levels l WHERE l.business_id = v.business_id AND l.variant_id = v.id),
                   (SELECT sum(l.on_hand - l.reserved - l.committed) FROM stock_levels l WHERE l.business_id = v.business_id AND l.variant_id = v.id)))
            FROM variants v WHERE v.product_id = p.id) AS variants`;

/** Brands with their product counts, most first (an index-only walk of the brand index). */
export function brandFacetSql(businessId: string, status: ProductFilter['status']): SqlStatement {
  return {
    sql: `SELECT brand, count(*)::int AS products FROM products p
           WHERE p.business_id = ?${status === 'all' ? '' : ' AND p.status = ?'} AND brand IS NOT NULL AND brand <> ''
           GROUP BY brand ORDER BY products DESC, brand LIMIT 300`,
    params: status === 'all' ? [businessId] : [businessId, status],
  };
}

/** Every distinct size in the catalog, jumping through the size index one value at a time. */
export function sizeFacetSql(businessId: string): SqlStatement {
  return {
    sql: `WITH RECURSIVE sizes(size) AS (
            (SELECT size FROM variants WHERE business_id = ? ORDER BY size LIMIT 1)
            UNION ALL
            SELECT (SELECT v.size FROM variants v WHERE v.business_id = ? AND v.size > sizes.size ORDER BY v.size LIMIT 1)
              FROM sizes WHERE sizes.size IS NOT NULL)
          SELECT size FROM sizes WHERE size IS NOT NULL LIMIT 500`,
    params: [businessId, businessId],
  };
}
