import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { compareSizeLabels } from '@tradepost/shared/domain/sizes/size-order.ts';
import type {
  StockGrid,
  StockGridCell,
  StockGridFilter,
  StockGridLocation,
  StockGridQuery,
  StockGridRow,
} from '@tradepost/shared/schemas/inventory-grid.ts';
import { stringify } from 'csv-stringify';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { NotFound } from '../../errors.ts';

/**
 * Stock by location: a page of products (their sizes beneath) × the business's locations, and the
 * columns' totals over the whole filter. Two statements whatever the page: the page with its sizes
 * and levels, and the columns with their sums and the number of matching products.
 *
 * - Products come from `products p` joined to `product_stock ps` (one row per product, kept by the
 *   ledger, migration 0021), ordered by title then id: without a search the page is a walk of
 *   `products_title_idx` (business, title, id) that stops after the page, as the products page's
 *   title sort does.
 * - Archived products show only while they hold units, so the grid's totals are the ledger's totals.
 * - A search is one set of ids, the union of its ways to match (product text by its trigram index,
 *   SKUs by theirs, an exact barcode), which a semi-join applies: no sub-query runs per product.
 */

type OnProducts = ExpressionBuilder<DB & { p: DB['products']; ps: DB['product_stock'] }, 'p' | 'ps'>;
type Condition = (eb: OnProducts) => Expression<SqlBool>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const BARCODE_PATTERN = /^[A-Za-z0-9-]{4,64}$/;

/** The products a typed text finds: title, brand, style code or colorway; a SKU from 3 characters; an exact barcode. */
function searchCondition(q: string): Condition {
  const like = `%${escapeLike(q.toLowerCase())}%`;
  return (eb) => {
    const byText = eb.selectFrom('products as sp').where('sp.search_text', 'like', like).select('sp.id as id');
    const bySku = eb
      .selectFrom('variants as sv')
      .where((v) => v(v.fn('lower', ['sv.sku']), 'like', like))
      .select('sv.product_id as id');
    const byBarcode = eb
      .selectFrom('barcodes as sb')
      .innerJoin('variants as bv', 'bv.id', 'sb.variant_id')
      .where('sb.code', '=', q)
      .select('bv.product_id as id');
    const ids =
      q.length < 3 ? byText : BARCODE_PATTERN.test(q) && /\d/.test(q) ? byText.union(bySku).union(byBarcode) : byText.union(bySku);
    return eb('p.id', 'in', ids);
  };
}

/** Products with units on hand: anywhere (the kept per-product figure), or at one location. */
const inStockCondition =
  (locationId: string | undefined): Condition =>
  (eb) =>
    locationId === undefined
      ? eb('ps.on_hand', '>', sql.lit(0))
      : eb(
          'p.id',
          'in',
          eb
            .selectFrom('stock_levels as sl')
            .innerJoin('variants as lv', 'lv.id', 'sl.variant_id')
            .where('sl.location_id', '=', locationId)
            .where('sl.on_hand', '>', sql.lit(0))
            .select('lv.product_id'),
        );

function conditions(filter: StockGridFilter): Condition[] {
  const list: Condition[] = [(eb) => eb.or([eb('p.status', '<>', sql.lit('archived')), eb('ps.on_hand', '>', sql.lit(0))])];
  const { brand, q, location_id: locationId, in_stock: inStock } = filter;
  if (brand !== undefined) list.push((eb) => eb('p.brand', '=', brand));
  if (q !== undefined && q !== '') list.push(searchCondition(q));
  if (inStock === true) list.push(inStockCondition(locationId));
  return list;
}

/** Whether the filter narrows the products beyond what holds units (search or brand). */
const narrows = (filter: StockGridFilter) => (filter.q ?? '') !== '' || filter.brand !== undefined;

type Source = Pick<Kysely<DB>, 'selectFrom'>;

/** `products p` with its kept figures `ps`, under the filter. */
const matchedProducts = (source: Source, filter: StockGridFilter) =>
  conditions(filter).reduce(
    (query, condition) => query.where(condition),
    source.selectFrom('products as p').innerJoin('product_stock as ps', 'ps.product_id', 'p.id'),
  );

/** Where a page starts: an offset (the screen), or after the last product of the previous page (the CSV). */
type PageStart = { offset: number } | { after: { title: string; id: string } };

/** One statement: the page's products in order, each size, and each size's level at the columns' locations. */
function pageQuery(db: Kysely<DB>, filter: StockGridFilter, limit: number, start: PageStart) {
  const locationId = filter.location_id;
  return db
    .with('page', (qc) => {
      const products = matchedProducts(qc, filter)
        .select(['p.id', 'p.title', 'p.brand', 'p.style_code', 'p.status'])
        .orderBy('p.title')
        .orderBy('p.id')
        .limit(limit);
      return 'offset' in start
        ? products.offset(start.offset)
        : products.where(sql<boolean>`(p.title, p.id) > (${start.after.title}, ${start.after.id}::uuid)`);
    })
    .selectFrom('page')
    .leftJoin('variants as v', 'v.product_id', 'page.id')
    .leftJoin('stock_levels as l', (join) => {
      const level = join.onRef('l.variant_id', '=', 'v.id');
      return locationId === undefined ? level : level.on('l.location_id', '=', locationId);
    })
    .select([
      'page.id as product_id',
      'page.title',
      'page.brand',
      'page.style_code',
      'page.status',
      'v.id as variant_id',
      'v.size',
      'v.sku',
      'l.location_id',
      'l.on_hand',
      sql<number | null>`l.on_hand - l.reserved - l.committed`.as('available'),
    ])
    .orderBy('page.title')
    .orderBy('page.id');
}

/**
 * One statement: the columns (every location; an archived one only while it holds units of the
 * filter; the chosen one alone), each with its units over the whole filter, and the number of
 * matching products. Without a search or brand the products left out hold no units, so the sums
 * are the levels' own sums per location, with no join to the products.
 */
function columnsQuery(db: Kysely<DB>, filter: StockGridFilter) {
  const locationId = filter.location_id;
  // Without a search, a brand or a location, the count needs no product row: `product_stock`
  // carries each product's status and units (a scan of one narrow row per product, not a join).
  const keptOnly = !narrows(filter) && locationId === undefined;
  return db
    .with('matched', (qc) => matchedProducts(qc, filter).select('p.id'))
    .with('counted', (qc) =>
      keptOnly
        ? qc
            .selectFrom('product_stock as ps')
            .where((eb) => eb.or([eb('ps.status', '<>', sql.lit('archived')), eb('ps.on_hand', '>', sql.lit(0))]))
            .where((eb) => (filter.in_stock === true ? eb('ps.on_hand', '>', sql.lit(0)) : sql<boolean>`true`))
            .select(sql<string>`count(*)`.as('n'))
        : qc.selectFrom('matched').select(sql<string>`count(*)`.as('n')),
    )
    .with('sums', (qc) => {
      const all = qc.selectFrom('stock_levels as l');
      const levels = narrows(filter)
        ? all.where('l.variant_id', 'in', qc.selectFrom('matched as m').innerJoin('variants as v', 'v.product_id', 'm.id').select('v.id'))
        : all;
      return (locationId === undefined ? levels : levels.where('l.location_id', '=', locationId))
        .groupBy('l.location_id')
        .select([
          'l.location_id',
          sql<string>`sum(l.on_hand)`.as('on_hand'),
          sql<string>`sum(l.on_hand - l.reserved - l.committed)`.as('available'),
        ]);
    })
    .selectFrom('locations as loc')
    .leftJoin('sums as s', 's.location_id', 'loc.id')
    .where((eb) =>
      locationId === undefined ? eb.or([eb('loc.archived_at', 'is', null), sql<boolean>`s.on_hand > 0`]) : eb('loc.id', '=', locationId),
    )
    .select((eb) => [
      'loc.id',
      'loc.name',
      'loc.kind',
      'loc.is_default',
      'loc.archived_at',
      's.on_hand',
      's.available',
      eb.selectFrom('counted').select('counted.n').as('products'),
    ])
    .orderBy('loc.is_default', 'desc')
    .orderBy('loc.name');
}

async function columns(db: Kysely<DB>, filter: StockGridFilter) {
  const locationId = filter.location_id;
  const rows = await columnsQuery(db, filter).execute();
  if (locationId !== undefined && rows.length === 0) throw new NotFound('Location not found');
  const locations: StockGridLocation[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind as StockGridLocation['kind'],
    is_default: row.is_default,
    archived: row.archived_at !== null,
    total: { on_hand: Number(row.on_hand ?? 0), available: Number(row.available ?? 0) },
  }));
  // Every business has a location (its default), so there is always a row to carry the count.
  return { locations, products: Number(rows[0]?.products ?? 0) };
}

type FlatRow = Awaited<ReturnType<ReturnType<typeof pageQuery>['execute']>>[number];

const zeroCells = (n: number): StockGridCell[] => Array.from({ length: n }, () => ({ on_hand: 0, available: 0 }));
const sumCells = (cells: StockGridCell[]): StockGridCell =>
  cells.reduce((sum, cell) => ({ on_hand: sum.on_hand + cell.on_hand, available: sum.available + cell.available }), {
    on_hand: 0,
    available: 0,
  });

/** The flat rows of a page as products with their sizes (in size order), one cell per column. */
function shapeRows(flat: FlatRow[], locations: StockGridLocation[], inStockOnly: boolean): StockGridRow[] {
  const column = new Map(locations.map((location, index) => [location.id, index]));
  const products = new Map<string, StockGridRow>();
  const sizes = new Map<string, StockGridRow['sizes'][number]>();
  for (const row of flat) {
    let product = products.get(row.product_id);
    if (product === undefined) {
      product = {
        product_id: row.product_id,
        title: row.title,
        brand: row.brand,
        style_code: row.style_code,
        status: row.status as StockGridRow['status'],
        cells: zeroCells(locations.length),
        total: { on_hand: 0, available: 0 },
        sizes: [],
      };
      products.set(row.product_id, product);
    }
    if (row.variant_id === null) continue;
    let size = sizes.get(row.variant_id);
    if (size === undefined) {
      size = {
        variant_id: row.variant_id,
        size: row.size ?? '',
        sku: row.sku ?? '',
        cells: zeroCells(locations.length),
        total: { on_hand: 0, available: 0 },
      };
      sizes.set(row.variant_id, size);
      product.sizes.push(size);
    }
    const index = row.location_id === null ? undefined : column.get(row.location_id);
    const cell = index === undefined ? undefined : size.cells[index];
    if (cell !== undefined) {
      cell.on_hand += row.on_hand ?? 0;
      cell.available += row.available ?? 0;
    }
  }
  for (const product of products.values()) {
    for (const size of product.sizes) size.total = sumCells(size.cells);
    if (inStockOnly) product.sizes = product.sizes.filter((size) => size.total.on_hand > 0);
    product.sizes.sort((a, b) => compareSizeLabels(a.size, b.size) || (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
    product.cells = product.cells.map((_, index) =>
      sumCells(product.sizes.map((size) => size.cells[index] ?? { on_hand: 0, available: 0 })),
    );
    product.total = sumCells(product.cells);
  }
  return [...products.values()];
}

export async function stockGrid(em: EntityManager, businessId: string, query: StockGridQuery): Promise<StockGrid> {
  const db = tenantDb(em, businessId);
  const [{ locations, products }, flat] = await Promise.all([
    columns(db, query),
    pageQuery(db, query, query.limit, { offset: query.offset }).execute(),
  ]);
  return {
    locations,
    rows: shapeRows(flat, locations, query.in_stock === true),
    totals: { products, ...sumCells(locations.map((location) => location.total)) },
    limit: query.limit,
    offset: query.offset,
  };
}

/** Products per statement of the CSV: bounded memory however large the catalog. */
const CSV_PAGE = 200;

/**
 * Spreadsheets run a cell that starts with =, +, - or @ as a formula, so free text (a title, a
 * location's name) goes out with a leading apostrophe, as the catalog export writes it.
 */
const asText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The CSV's lines: a header, then one line per size (a product without sizes once), every page of the filter. */
async function* csvLines(db: Kysely<DB>, filter: StockGridFilter, locations: StockGridLocation[]): AsyncGenerator<string[]> {
  yield ['Product', 'Brand', 'Style code', 'Size', 'SKU', ...locations.map((l) => asText(l.name)), 'Total on hand', 'Total available'];
  let start: PageStart = { offset: 0 };
  for (;;) {
    const rows = shapeRows(await pageQuery(db, filter, CSV_PAGE, start).execute(), locations, filter.in_stock === true);
    for (const row of rows) {
      const product = [asText(row.title), asText(row.brand ?? ''), asText(row.style_code ?? '')];
      if (row.sizes.length === 0) yield [...product, '', '', ...row.cells.map((c) => String(c.on_hand)), '0', '0'];
      for (const size of row.sizes) {
        yield [
          ...product,
          asText(size.size),
          asText(size.sku),
          ...size.cells.map((c) => String(c.on_hand)),
          String(size.total.on_hand),
          String(size.total.available),
        ];
      }
    }
    const last = rows[rows.length - 1];
    if (last === undefined || rows.length < CSV_PAGE) return;
    start = { after: { title: last.title, id: last.product_id } };
  }
}

/**
 * The grid's filter as CSV (UTF-8 with a BOM, so spreadsheet programs read accents right), streamed
 * a page of products at a time. The columns are read before the first byte, so an unknown location
 * answers 404 rather than a broken file. `em` must outlive the handler (a fork): the stream is read after it returns.
 */
export async function stockGridCsv(em: EntityManager, businessId: string, filter: StockGridFilter): Promise<Readable> {
  const db = tenantDb(em, businessId);
  const { locations } = await columns(db, filter);
  const stringifier = stringify({ bom: true });
  const source = Readable.from(csvLines(db, filter, locations));
  source.on('error', (error) => stringifier.destroy(error));
  return source.pipe(stringifier);
}
