import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CATALOG_CSV_COLUMNS, type CatalogCsvColumn } from '@tradepost/shared/schemas/catalog-io.ts';
import { stringify } from 'csv-stringify';
import { loadSizeFormat, type ResolvedSizeFormat } from '../sizes/public.ts';
import { formatMoneyCell, protectFormula } from './csv-values.ts';

/** Products per query: bounded memory however large the catalog. */
const PAGE = 200;

type ProductRow = {
  id: string;
  title: string;
  brand: string | null;
  style_code: string | null;
  colorway: string | null;
  category: string;
  size_format: string;
  retail_price_cents: number | null;
  sort_title: string;
  sort_style: string;
};
type VariantRow = {
  id: string;
  product_id: string;
  size: string;
  sku: string;
  price_cents: number | null;
  barcodes: string | null;
  unit_cost_cents: number | null;
};
type LevelRow = { variant_id: string; location: string; on_hand: number };

export type CsvLine = Record<CatalogCsvColumn, string>;

/**
 * The catalog as rows of the import shape, one page of products at a time: one row per variant and
 * location holding stock, a variant without stock once with empty location and quantity. Pre-owned
 * one-offs and archived products are left out: the shape has no condition or status, and importing
 * them would create active new products. The unit cost is the average of the variant's remaining
 * cost lots, so an export imported elsewhere keeps the value of the stock.
 */
export async function* catalogCsvLines(em: EntityManager, businessId: string, currency: string): AsyncGenerator<CsvLine> {
  const formats = new Map<string, ResolvedSizeFormat | null>();
  let after: [string, string, string] | null = null;
  for (;;) {
    const products: ProductRow[] = await em.execute<ProductRow[]>(
      `SELECT p.id, p.title, p.brand, p.style_code, p.colorway, p.category, p.size_format, p.retail_price_cents,
              lower(p.title) AS sort_title, coalesce(p.style_code, '') AS sort_style
         FROM products p
        WHERE p.business_id = ? AND p.status <> 'archived' AND p.condition <> 'pre_owned'
          ${after === null ? '' : "AND (lower(p.title), coalesce(p.style_code, ''), p.id) > (?, ?, ?)"}
        ORDER BY lower(p.title), coalesce(p.style_code, ''), p.id
        LIMIT ${PAGE}`,
      after === null ? [businessId] : [businessId, ...after],
    );
    if (products.length === 0) return;
    const ids = products.map((p) => p.id);
    const marks = ids.map(() => '?').join(',');
    const [variants, levels] = await Promise.all([
      em.execute<VariantRow[]>(
        `SELECT v.id, v.product_id, v.size, v.sku, v.price_cents,
                (SELECT string_agg(b.code, '|' ORDER BY b.code) FROM barcodes b WHERE b.variant_id = v.id) AS barcodes,
                (SELECT round(sum(c.quantity_remaining::numeric * c.unit_cost_cents) / sum(c.quantity_remaining))::int
                   FROM cost_lots c WHERE c.business_id = v.business_id AND c.variant_id = v.id AND c.quantity_remaining > 0) AS unit_cost_cents
           FROM variants v WHERE v.business_id = ? AND v.product_id IN (${marks})`,
        [businessId, ...ids],
      ),
      em.execute<LevelRow[]>(
        `SELECT l.variant_id, loc.name AS location, l.on_hand
           FROM stock_levels l JOIN variants v ON v.id = l.variant_id JOIN locations loc ON loc.id = l.location_id
          WHERE l.business_id = ? AND l.on_hand > 0 AND v.product_id IN (${marks})
          ORDER BY lower(loc.name), loc.name`,
        [businessId, ...ids],
      ),
    ]);
    const variantsByProduct = new Map<string, VariantRow[]>();
    for (const v of variants) variantsByProduct.set(v.product_id, [...(variantsByProduct.get(v.product_id) ?? []), v]);
    const levelsByVariant = new Map<string, LevelRow[]>();
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
    after = [last.sort_title, last.sort_style, last.id];
  }
}

/** The export as a byte stream (UTF-8 with a BOM, so spreadsheet programs read accents right). */
export function catalogCsvStream(em: EntityManager, businessId: string, currency: string): Readable {
  const stringifier = stringify({ header: true, columns: [...CATALOG_CSV_COLUMNS], bom: true });
  const source = Readable.from(catalogCsvLines(em, businessId, currency));
  source.on('error', (error) => stringifier.destroy(error));
  return source.pipe(stringifier);
}
