import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CATALOG_CSV_COLUMNS, type CatalogCsvColumn } from '@tradepost/shared/schemas/catalog-io.ts';
import { stringify } from 'csv-stringify';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { loadSizeFormat, type ResolvedSizeFormat } from '../sizes/public.ts';
import { formatMoneyCell, protectFormula } from './csv-values.ts';

/** Products per query: bounded memory however large the catalog. */
const PAGE = 200;

export type CsvLine = Record<CatalogCsvColumn, string>;

/** Where the export resumes: the last product's sort key (lower-case title, style code, id). */
type ExportCursor = [sortTitle: string, sortStyle: string, id: string];

const cursorOf = (product: { sort_title: string; sort_style: string; id: string }): ExportCursor => [
  product.sort_title,
  product.sort_style,
  product.id,
];

/** The next page of exported products, in the export's order, after the cursor. */
function productsAfter(db: Kysely<DB>, after: ExportCursor | null, only: readonly string[] | undefined) {
  const all = db.selectFrom('products as p').where('p.status', '<>', sql.lit('archived')).where('p.condition', '<>', sql.lit('pre_owned'));
  const products = only === undefined ? all : all.where('p.id', 'in', only);
  return (
    after === null
      ? products
      : products.where(sql<boolean>`(lower(p.title), coalesce(p.style_code, ''), p.id) > (${after[0]}, ${after[1]}, ${after[2]})`)
  )
    .select([
      'p.id',
      'p.title',
      'p.brand',
      'p.style_code',
      'p.colorway',
      'p.category',
      'p.size_format',
      'p.retail_price_cents',
      sql<string>`lower(p.title)`.as('sort_title'),
      sql<string>`coalesce(p.style_code, '')`.as('sort_style'),
    ])
    .orderBy(sql`lower(p.title)`)
    .orderBy(sql`coalesce(p.style_code, '')`)
    .orderBy('p.id')
    .limit(PAGE);
}

/** The products' variants with their barcodes ('|'-joined) and the average unit cost of their remaining lots. */
const variantsOf = (db: Kysely<DB>, productIds: string[]) =>
  db
    .selectFrom('variants as v')
    .where('v.product_id', 'in', productIds)
    .select((eb) => [
      'v.id',
      'v.product_id',
      'v.size',
      'v.sku',
      'v.price_cents',
      eb
        .selectFrom('barcodes as b')
        .whereRef('b.variant_id', '=', 'v.id')
        .select(sql<string | null>`string_agg(b.code, '|' ORDER BY b.code)`.as('codes'))
        .as('barcodes'),
      eb
        .selectFrom('cost_lots as c')
        .whereRef('c.variant_id', '=', 'v.id')
        .where('c.quantity_remaining', '>', sql.lit(0))
        .select(
          sql<number | null>`round(sum(c.quantity_remaining::numeric * c.unit_cost_cents) / sum(c.quantity_remaining))::int`.as('cost'),
        )
        .as('unit_cost_cents'),
    ]);

/** The products' stock levels that hold units, with their location's name, in location name order. */
const stockedLevelsOf = (db: Kysely<DB>, productIds: string[]) =>
  db
    .selectFrom('stock_levels as l')
    .innerJoin('variants as v', 'v.id', 'l.variant_id')
    .innerJoin('locations as loc', 'loc.id', 'l.location_id')
    .where('l.on_hand', '>', sql.lit(0))
    .where('v.product_id', 'in', productIds)
    .select(['l.variant_id', 'loc.name as location', 'l.on_hand'])
    .orderBy(sql`lower(loc.name)`)
    .orderBy('loc.name');

/**
 * The catalog as rows of the import shape, one page of products at a time: one row per variant and
 * location holding stock, a variant without stock once with empty location and quantity. Pre-owned
 * one-offs and archived products are left out: the shape has no condition or status, and importing
 * them would create active new products. The unit cost is the average of the variant's remaining
 * cost lots, so an export imported elsewhere keeps the value of the stock.
 */
export async function* catalogCsvLines(
  em: EntityManager,
  businessId: string,
  currency: string,
  /** Only these products (the rows chosen on the products table); all of them when absent. */
  only?: readonly string[],
): AsyncGenerator<CsvLine> {
  const formats = new Map<string, ResolvedSizeFormat | null>();
  let after: ExportCursor | null = null;
  const db = tenantDb(em, businessId);
  for (;;) {
    const products = await productsAfter(db, after, only).execute();
    if (products.length === 0) return;
    const ids = products.map((p) => p.id);
    const [variants, levels] = await Promise.all([variantsOf(db, ids).execute(), stockedLevelsOf(db, ids).execute()]);
    const variantsByProduct = new Map<string, typeof variants>();
    for (const v of variants) variantsByProduct.set(v.product_id, [...(variantsByProduct.get(v.product_id) ?? []), v]);
    const levelsByVariant = new Map<string, typeof levels>();
    for (const l of levels) levelsByVariant.set(l.variant_id, [...(levelsByVariant.get(l.variant_id) ?? []), l]);

    for (const product of products) {
      if (!formats.has(product.size_format)) formats.set(product.size_format, await loadSizeFormat(em, businessId, product.size_format));
      const format = formats.get(product.size_format) ?? null;
      const own = (variantsByProduct.get(product.id) ?? []).sort(
        (a, b) => (format ? format.compare(a.size, b.size) : a.size < b.size ? -1 : a.size > b.size ? 1 : 0) || (a.sku < b.sku ? -1 : 1),
      );
      const base = {
        style_code: product.style_code ?? '',
        title: protectFormula(product.title),
        brand: protectFormula(product.brand ?? ''),
        colorway: protectFormula(product.colorway ?? ''),
        category: product.category,
        size_format: product.size_format,
        retail_price: formatMoneyCell(product.retail_price_cents, currency),
      };
      for (const variant of own) {
        const line = {
          ...base,
          size: variant.size,
          sku: variant.sku,
          barcodes: variant.barcodes ?? '',
          price: formatMoneyCell(variant.price_cents, currency),
        };
        const stock = levelsByVariant.get(variant.id) ?? [];
        if (stock.length === 0) yield { ...line, location: '', quantity: '', unit_cost: '' };
        for (const level of stock) {
          yield {
            ...line,
            location: level.location,
            quantity: String(level.on_hand),
            unit_cost: formatMoneyCell(variant.unit_cost_cents, currency),
          };
        }
      }
    }
    const last = products[products.length - 1];
    if (last === undefined || products.length < PAGE) return;
    after = cursorOf(last);
  }
}

/** The export as a byte stream (UTF-8 with a BOM, so spreadsheet programs read accents right). */
export function catalogCsvStream(em: EntityManager, businessId: string, currency: string, only?: readonly string[]): Readable {
  const stringifier = stringify({ header: true, columns: [...CATALOG_CSV_COLUMNS], bom: true });
  const source = Readable.from(catalogCsvLines(em, businessId, currency, only));
  source.on('error', (error) => stringifier.destroy(error));
  return source.pipe(stringifier);
}
