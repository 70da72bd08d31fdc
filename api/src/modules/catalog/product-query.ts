import type {
  Product as ProductDto,
  ProductFilter,
  ProductImage,
  ProductListQuery,
  ProductSort,
} from '@tradepost/shared/schemas/catalog.ts';
import {
  type AliasableExpression,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type OrderByModifiers,
  type SqlBool,
  sql,
} from 'kysely';
import type { DB } from '../../db/schema.generated.ts';

/**
 * The queries of the products page, on the tenant-bound builder (`tenantDb`), which adds the
 * business to every table they read. pg sends each statement unnamed, so PostgreSQL plans it with
 * its parameters' values: every pattern is planned on its own statistics, and the shapes below are
 * chosen so that each plan can be good:
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

export const PRODUCT_COUNT_CAP = 10_000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const BARCODE_PATTERN = /^[A-Za-z0-9-]{4,64}$/;

type OnProducts = ExpressionBuilder<DB & { p: DB['products'] }, 'p'>;
/** A condition on `products p`. */
type Condition = (eb: OnProducts) => Expression<SqlBool>;

/** What EXISTS selects. */
const one = sql.lit(1).as('one');

/** Products with units on hand at one location: a level of one of its sizes there. */
const stockAt =
  (locationId: string): Condition =>
  (eb) =>
    eb.exists(
      eb
        .selectFrom('variants as sv')
        .innerJoin('stock_levels as sl', 'sl.variant_id', 'sv.id')
        .whereRef('sv.product_id', '=', 'p.id')
        .where('sl.on_hand', '>', sql.lit(0))
        .where('sl.location_id', '=', locationId)
        .select(one),
    );

/**
 * Products with units on hand anywhere, from the sum of the product's levels the ledger keeps in
 * `product_stock` in the same transaction (migration 0014): levels are never negative, so a product
 * has units somewhere exactly when the sum is above zero. One row per product instead of its sizes'
 * levels; a set of products in stock is a range of product_stock's (business, on hand) index.
 */
const inStockAnywhere: Condition = (eb) =>
  eb.exists(
    eb.selectFrom('product_stock as ips').whereRef('ips.product_id', '=', 'p.id').where('ips.on_hand', '>', sql.lit(0)).select(one),
  );

/**
 * Products with no units anywhere, as a set of product_stock's rows at zero rather than "no row above
 * zero": every product has exactly one row (a trigger adds it with the product), so the two are the
 * same set, and this one can start from the (business, on hand) index instead of walking the whole
 * catalog in the sort's order to find the few products that are out of stock (120 ms → under 1 ms
 * at 100,000 products).
 */
const outOfStock: Condition = (eb) =>
  eb('p.id', 'in', eb.selectFrom('product_stock as ops').where('ops.on_hand', '=', sql.lit(0)).select('ops.product_id'));

/** The filter bar's conditions on `p` (the builder adds the business). */
function filterConditions(filter: ProductFilter): Condition[] {
  const { status, brand, category, condition, size, location_id: locationId, in_stock: inStock, ids } = filter;
  const conditions: Condition[] = [];
  if (ids !== undefined) conditions.push((eb) => eb('p.id', 'in', ids));
  if (status !== 'all') conditions.push((eb) => eb('p.status', '=', status));
  if (brand !== undefined) conditions.push((eb) => eb('p.brand', '=', brand));
  if (category !== undefined) conditions.push((eb) => eb('p.category', '=', category));
  if (condition !== undefined) conditions.push((eb) => eb('p.condition', '=', condition));
  if (size !== undefined)
    conditions.push((eb) =>
      eb.exists(eb.selectFrom('variants as fv').whereRef('fv.product_id', '=', 'p.id').where('fv.size', '=', size).select(one)),
    );
  if (locationId !== undefined) conditions.push(stockAt(locationId));
  if (inStock === true) conditions.push(inStockAnywhere);
  if (inStock === false) conditions.push(outOfStock);
  return conditions;
}

/**
 * The ways a product can match the typed text, each a condition on `p`. Under three characters only
 * the product text is searched (no trigram helps, and a code that short means nothing).
 */
function searchBranches(q: string): Condition[] {
  if (q === '') return [];
  const like = `%${escapeLike(q.toLowerCase())}%`;
  const text: Condition = (eb) => eb('p.search_text', 'like', like);
  if (q.length < 3) return [text];
  const branches: Condition[] = [
    text,
    (eb) =>
      eb(
        'p.id',
        'in',
        eb
          .selectFrom('variants as v')
          .where((v) => v(v.fn('lower', ['v.sku']), 'like', like))
          .select('v.product_id'),
      ),
  ];
  // Barcodes are matched exactly, and a code with no digit in it is a word, not a barcode.
  if (BARCODE_PATTERN.test(q) && /\d/.test(q))
    branches.push((eb) =>
      eb(
        'p.id',
        'in',
        eb.selectFrom('barcodes as b').innerJoin('variants as v', 'v.id', 'b.variant_id').where('b.code', '=', q).select('v.product_id'),
      ),
    );
  return branches;
}

/** Whether a search or a filter other than the status narrows the set. */
const narrowed = (filter: ProductFilter) => (filter.q ?? '') !== '' || filterConditions(filter).length > (filter.status === 'all' ? 0 : 1);

/** Each branch's conditions (filters and one way of matching); one branch when nothing was typed. */
function matchWheres(filter: ProductFilter): Condition[][] {
  const filters = filterConditions(filter);
  const branches = searchBranches(filter.q ?? '');
  if (branches.length === 0) return [filters];
  return branches.map((branch) => [...filters, branch]);
}

/**
 * Where a statement's parts start: the tenant builder for the statement itself, the expression
 * builder of the statement for the parts nested in it. A part started from the tenant builder and
 * nested in another of its statements would get the business twice (once by each).
 */
type Source = Pick<ExpressionBuilder<DB, never>, 'selectFrom'>;

/** `products p` under these conditions. */
const productsWhere = (source: Source, conditions: Condition[]) =>
  conditions.reduce((query, condition) => query.where(condition), source.selectFrom('products as p'));

type SortSpec = { key: (eb: OnProducts) => AliasableExpression<unknown>; direction: 'asc' | 'desc'; nullsLast: boolean };

const naturalDirection: Record<ProductSort, 'asc' | 'desc'> = {
  updated_at: 'desc',
  created_at: 'desc',
  title: 'asc',
  price: 'desc',
  stock: 'desc',
};

function sortSpec(sort: ProductSort, dir: 'asc' | 'desc' | undefined): SortSpec {
  const direction = dir ?? naturalDirection[sort];
  switch (sort) {
    case 'title':
      return { key: (eb) => eb.ref('p.title'), direction, nullsLast: false };
    case 'created_at':
      return { key: (eb) => eb.ref('p.created_at'), direction, nullsLast: false };
    case 'price':
      return { key: (eb) => eb.ref('p.retail_price_cents'), direction, nullsLast: true };
    case 'stock':
      // product_stock: the ledger's running sum of the product's levels (migration 0014).
      return {
        key: (eb) => eb.selectFrom('product_stock as ps').whereRef('ps.product_id', '=', 'p.id').select('ps.on_hand'),
        direction,
        nullsLast: false,
      };
    default:
      return { key: (eb) => eb.ref('p.updated_at'), direction, nullsLast: false };
  }
}

/** The sort's direction, and NULLS LAST where the key has them. */
const ordered =
  (spec: SortSpec): OrderByModifiers =>
  (item) => {
    const directed = spec.direction === 'asc' ? item.asc() : item.desc();
    return spec.nullsLast ? directed.nullsLast() : directed;
  };

/**
 * The page of product ids, in the chosen order. With several ways to match, each branch returns its
 * own first `offset + limit` rows and the union is ordered and cut once more, which is exactly the
 * page a single query would give.
 */
export function productPageQuery(db: Kysely<DB>, query: ProductListQuery) {
  const spec = sortSpec(query.sort, query.dir);
  const wheres = matchWheres(query);
  const [only] = wheres;
  if (query.sort === 'stock' && wheres.length === 1 && only !== undefined) {
    // By stock and not searched: product_stock joined to the products, so PostgreSQL can walk its
    // (business, on hand, product) index and stop after the page when the filters keep many products
    // (brand, size, in stock: 80–630 ms → 1–2 ms at 100,000 products), or find the few matches first
    // and sort them when a filter keeps few (its statistics tell which; values are sent with the
    // statement, so each filter is planned on its own). A search keeps the branches below.
    return only
      .reduce(
        (page, condition) => page.where(condition),
        db.selectFrom('product_stock as ps').innerJoin('products as p', 'p.id', 'ps.product_id'),
      )
      .select('p.id')
      .orderBy('ps.on_hand', ordered(spec))
      .orderBy('ps.product_id', spec.direction)
      .limit(query.limit)
      .offset(query.offset);
  }
  if (wheres.length === 1 && only !== undefined) {
    return productsWhere(db, only)
      .select('p.id')
      .orderBy(spec.key, ordered(spec))
      .orderBy('p.id', spec.direction)
      .limit(query.limit)
      .offset(query.offset);
  }
  const reach = query.offset + query.limit;
  // Each branch in a sub-select of its own: a UNION's operands cannot carry their own ORDER BY … LIMIT.
  const branches = (eb: Source) =>
    wheres.map((where, i) =>
      eb
        .selectFrom(
          productsWhere(eb, where)
            .select((p) => ['p.id', spec.key(p).as('sort_key')])
            // By the selected key, so a sub-select key (stock) is computed once per row.
            .orderBy('sort_key', ordered(spec))
            .orderBy('p.id', spec.direction)
            .limit(reach)
            .as(`branch${i}`),
        )
        .selectAll(),
    );
  return db
    .selectFrom((eb) => unionOf(branches(eb)).as('m'))
    .select('m.id')
    .orderBy('m.sort_key', ordered(spec))
    .orderBy('m.id', spec.direction)
    .limit(query.limit)
    .offset(query.offset);
}

function unionOf<Query extends { union(other: Query): Query }>(queries: Query[]): Query {
  const [first, ...rest] = queries;
  if (first === undefined) throw new Error('A match has at least one branch');
  return rest.reduce((union, query) => union.union(query), first);
}

/** The ids of every match (the union of the branches); callers wrap it to count or sum. */
const matchedIds = (source: Source, filter: ProductFilter) =>
  unionOf(matchWheres(filter).map((where) => productsWhere(source, where).select('p.id')));

/** Matches counted up to the cap: past it the screen says "10,000+". */
export function productCountQuery(db: Kysely<DB>, filter: ProductFilter) {
  return db
    .selectFrom((eb) => eb.selectFrom(matchedIds(eb, filter).as('ids')).select(one).limit(sql.lit(PRODUCT_COUNT_CAP)).as('capped'))
    .select(sql<number>`count(*)::int`.as('total'));
}

/**
 * The filtered set as a whole: how many products, units on hand, and their value at cost (the
 * remaining FIFO lots) and at price (each size's price, else the product's retail price), summed over
 * the figures the ledger and the catalog's triggers keep per product in `product_stock` (migration
 * 0021) instead of over every level and lot of the set. A set narrowed by nothing but its status reads
 * the business's totals per status kept from those rows (`stock_totals`, migration 0038); one filter or
 * search joins the matches to `product_stock`; several ways of matching join their union. The sums are bigint, which pg returns as text.
 */
export function productSetSummaryQuery(db: Kysely<DB>, filter: ProductFilter) {
  const totals = [
    sql<string>`count(*)`.as('products'),
    sql<string>`coalesce(sum(ps.on_hand), 0)::bigint`.as('on_hand'),
    sql<string>`coalesce(sum(ps.value_at_price_cents), 0)::bigint`.as('at_price'),
    sql<string>`coalesce(sum(ps.lot_units), 0)::bigint`.as('lot_units'),
    sql<string>`coalesce(sum(ps.value_at_cost_cents), 0)::bigint`.as('at_cost'),
  ];
  if (!narrowed(filter)) {
    // Narrowed by nothing but the status: the business's totals per status (migration 0038), one row each.
    const kept = db
      .selectFrom('stock_totals as st')
      .select([
        sql<string>`coalesce(sum(st.products), 0)::bigint`.as('products'),
        sql<string>`coalesce(sum(st.on_hand), 0)::bigint`.as('on_hand'),
        sql<string>`coalesce(sum(st.value_at_price_cents), 0)::bigint`.as('at_price'),
        sql<string>`coalesce(sum(st.lot_units), 0)::bigint`.as('lot_units'),
        sql<string>`coalesce(sum(st.value_at_cost_cents), 0)::bigint`.as('at_cost'),
      ]);
    return filter.status === 'all' ? kept : kept.where('st.status', '=', filter.status);
  }
  // In stock or not and a status, nothing else: product_stock carries both, the products are not read.
  const { in_stock: inStock, ...rest } = filter;
  if (inStock !== undefined && !narrowed(rest)) {
    const stock = db
      .selectFrom('product_stock as ps')
      .select(totals)
      .where('ps.on_hand', inStock ? '>' : '=', sql.lit(0));
    return filter.status === 'all' ? stock : stock.where('ps.status', '=', filter.status);
  }
  const wheres = matchWheres(filter);
  const [only] = wheres;
  if (wheres.length === 1 && only !== undefined)
    return productsWhere(db, only).innerJoin('product_stock as ps', 'ps.product_id', 'p.id').select(totals);
  return db
    .selectFrom((eb) => matchedIds(eb, filter).as('ids'))
    .innerJoin('product_stock as ps', 'ps.product_id', 'ids.id')
    .select(totals);
}

/**
 * Each variant travels as a compact array — id, size, sku, price_cents, weight_grams, barcodes
 * ('code kind' strings), on_hand, available — turned back into an object by the service: building a
 * JSON object per variant and per barcode cost PostgreSQL twice the time of the rest of the page.
 */
export type VariantTuple = [
  id: string,
  size: string,
  sku: string,
  priceCents: number | null,
  weightGrams: number | null,
  barcodes: string[] | null,
  onHand: number | string | null,
  available: number | string | null,
];

/** The columns whose text the shared schemas narrow to their enums. */
type ProductEnums = {
  category: ProductDto['category'];
  condition: ProductDto['condition'];
  grade: ProductDto['grade'];
  status: ProductDto['status'];
};

/** What names a product and how it is sized and graded: the start of both its table line and its full shape. */
const productIdentity = [
  'p.id',
  'p.title',
  'p.brand',
  'p.style_code',
  'p.colorway',
  'p.category',
  'p.size_format',
  'p.condition',
  'p.grade',
] as const;

/** The full shape (variants, barcodes, stock) of the given products, in one round trip. */
export function productDetailsQuery(db: Kysely<DB>, ids: string[]) {
  return db
    .selectFrom('products as p')
    .where('p.id', '=', sql<string>`any(${ids}::uuid[])`)
    .select((eb) => {
      const variants = eb
        .selectFrom('variants as v')
        .whereRef('v.product_id', '=', 'p.id')
        .select((v) => {
          const levels = () => v.selectFrom('stock_levels as l').whereRef('l.variant_id', '=', 'v.id');
          const barcodes = v
            .selectFrom('barcodes as b')
            .whereRef('b.variant_id', '=', 'v.id')
            .select(sql`array_agg(b.code || ' ' || b.kind ORDER BY b.code)`.as('barcodes'));
          const onHand = levels().select(sql`sum(l.on_hand)`.as('on_hand'));
          const available = levels().select(sql`sum(l.on_hand - l.reserved - l.committed)`.as('available'));
          return sql<
            VariantTuple[] | null
          >`json_agg(json_build_array(v.id, v.size, v.sku, v.price_cents, v.weight_grams, ${barcodes}, ${onHand}, ${available}))`.as(
            'variants',
          );
        });
      return [
        ...productIdentity,
        'p.condition_notes',
        'p.retail_price_cents',
        sql<string | null>`to_char(p.release_date, 'YYYY-MM-DD')`.as('release_date'),
        'p.description',
        'p.tags',
        'p.images',
        'p.status',
        'p.archived_at',
        'p.created_at',
        'p.updated_at',
        variants.as('variants'),
      ];
    })
    .$narrowType<ProductEnums & { images: ProductImage[]; variants: VariantTuple[] | null }>();
}

/** Per size: [size, on hand, available], the stock summed over locations. */
export type SizeStockTuple = [size: string, onHand: number | string | null, available: number | string | null];

/**
 * The products table's line of each given product: the row's fields, its first photo and, per size, the stock summed
 * over locations as a compact [size, on hand, available] array (one pass over the size's levels).
 */
export function productRowsQuery(db: Kysely<DB>, ids: string[]) {
  return db
    .selectFrom('products as p')
    .where('p.id', '=', sql<string>`any(${ids}::uuid[])`)
    .select((eb) => {
      const sizes = eb
        .selectFrom('variants as v')
        .crossJoinLateral((v) =>
          v
            .selectFrom('stock_levels as l')
            .whereRef('l.variant_id', '=', 'v.id')
            .select([sql`sum(l.on_hand)`.as('on_hand'), sql`sum(l.on_hand - l.reserved - l.committed)`.as('available')])
            .as('s'),
        )
        .whereRef('v.product_id', '=', 'p.id')
        .select(sql<SizeStockTuple[] | null>`json_agg(json_build_array(v.size, s.on_hand, s.available))`.as('sizes'));
      return [...productIdentity, 'p.status', sql<ProductImage | null>`p.images -> 0`.as('image'), sizes.as('sizes')];
    })
    .$narrowType<ProductEnums>();
}

/** Brands with their product counts, most first (an index-only walk of the brand index). */
export function brandFacetQuery(db: Kysely<DB>, status: ProductFilter['status']) {
  const brands = db
    .selectFrom('products as p')
    .where('p.brand', 'is not', null)
    .where('p.brand', '<>', sql.lit(''))
    .select(['p.brand', sql<number>`count(*)::int`.as('products')])
    .groupBy('p.brand')
    .orderBy('products', 'desc')
    .orderBy('p.brand')
    .limit(sql.lit(300))
    .$narrowType<{ brand: string }>();
  return status === 'all' ? brands : brands.where('p.status', '=', status);
}

/** Every distinct size in the catalog, jumping through the size index one value at a time. */
export function sizeFacetQuery(db: Kysely<DB>) {
  return db
    .withRecursive('sizes(size)', (cte) =>
      cte
        .selectFrom(cte.selectFrom('variants').select('size').orderBy('size').limit(sql.lit(1)).as('smallest'))
        .select('smallest.size')
        // The step below ends the walk with a NULL.
        .$castTo<{ size: string | null }>()
        .unionAll(
          cte
            .selectFrom('sizes')
            .where('sizes.size', 'is not', null)
            .select((next) =>
              next
                .selectFrom('variants as v')
                .whereRef('v.size', '>', 'sizes.size')
                .select('v.size')
                .orderBy('v.size')
                .limit(sql.lit(1))
                .as('size'),
            ),
        ),
    )
    .selectFrom('sizes')
    .where('size', 'is not', null)
    .select('size')
    .limit(sql.lit(500))
    .$narrowType<{ size: string }>();
}
