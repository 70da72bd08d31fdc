import type { EntityManager } from '@mikro-orm/postgresql';
import { shownSizeLabel } from '@tradepost/shared/domain/sizes/size-formats.ts';
import { productCategories } from '@tradepost/shared/schemas/catalog.ts';
import type { ImportedLine } from '@tradepost/shared/schemas/purchase-import.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { normaliseSizeString } from '../sizes/public.ts';
import type { FoundLine } from './line-finding.ts';

// Each found line becomes one of our sizes: by the size's own SKU (which names the size), else by the
// product's style code and the line's size read in the product's size run by the sizes area's
// normaliser (US 10.5, M 10.5, 10½ → 10.5). What does not match says why, in words.

type SizeRow = {
  variant_id: string;
  product_id: string;
  title: string;
  size_format: string;
  category: string;
  size: string;
  sku: string;
  style_code: string | null;
};

const asMatch = (row: SizeRow): NonNullable<ImportedLine['match']> => ({
  variant_id: row.variant_id,
  product_id: row.product_id,
  product_title: row.title,
  size_label: shownSizeLabel(row.size_format, row.size),
  sku: row.sku,
});
const isCategory = (value: string): value is (typeof productCategories)[number] => (productCategories as readonly string[]).includes(value);

/** Every line matched to a size or given its problem; two reads for the whole document, plus the normaliser per distinct size. */
export async function matchLines(em: EntityManager, businessId: string, lines: readonly FoundLine[]): Promise<ImportedLine[]> {
  const codes = [...new Set(lines.flatMap((line) => (line.sku ? [line.sku.toUpperCase()] : [])))];
  const db = tenantDb(em, businessId);
  const columns = [
    'v.id as variant_id',
    'v.product_id',
    'p.title',
    'p.size_format',
    'p.category',
    'v.size',
    'v.sku',
    'p.style_code',
  ] as const;
  // Archived products last: a style code sold again is usually the product still on sale.
  const [bySku, byStyle] =
    codes.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .selectFrom('variants as v')
            .innerJoin('products as p', 'p.id', 'v.product_id')
            .select(columns)
            .where((eb) => eb(eb.fn('upper', ['v.sku']), 'in', codes))
            .orderBy('p.archived_at', (order) => order.nullsFirst())
            .orderBy('p.created_at')
            .execute(),
          db
            .selectFrom('products as p')
            .innerJoin('variants as v', 'v.product_id', 'p.id')
            .select(columns)
            .where((eb) => eb(eb.fn('upper', ['p.style_code']), 'in', codes))
            .orderBy('p.archived_at', (order) => order.nullsFirst())
            .orderBy('p.created_at')
            .execute(),
        ]);
  const sizeBySku = new Map<string, SizeRow>();
  for (const row of bySku) if (!sizeBySku.has(row.sku.toUpperCase())) sizeBySku.set(row.sku.toUpperCase(), row);
  const sizesByStyle = new Map<string, SizeRow[]>();
  for (const row of byStyle) {
    const key = (row.style_code ?? '').toUpperCase();
    sizesByStyle.set(key, [...(sizesByStyle.get(key) ?? []), row]);
  }
  // One reading per size string and size run, however many lines repeat it.
  const readings = new Map<string, Promise<string | null>>();
  const read = (raw: string, product: SizeRow) => {
    const key = `${product.size_format}\u0000${raw}`;
    let reading = readings.get(key);
    if (!reading) {
      reading = normaliseSizeString(em, {
        businessId,
        raw,
        formatHint: product.size_format,
        category: isCategory(product.category) ? product.category : undefined,
        source: 'manual',
      }).then((match) => match?.size ?? null);
      readings.set(key, reading);
    }
    return reading;
  };

  const result: ImportedLine[] = [];
  for (const line of lines) {
    const base = {
      text: line.text,
      page: line.page,
      sku: line.sku,
      size: line.size,
      quantity: line.quantity,
      unit_cost_cents: line.unitCostCents,
    };
    const quantityProblem = line.quantity === null ? 'No quantity' : null;
    if (!line.sku) {
      result.push({ ...base, match: null, problem: 'No style code or SKU on this line' });
      continue;
    }
    const exact = sizeBySku.get(line.sku.toUpperCase());
    if (exact) {
      result.push({ ...base, match: asMatch(exact), problem: quantityProblem });
      continue;
    }
    const sizes = sizesByStyle.get(line.sku.toUpperCase()) ?? [];
    const products = [...new Set(sizes.map((row) => row.product_id))].map((id) => sizes.filter((row) => row.product_id === id));
    const first = products[0]?.[0];
    if (!first) {
      result.push({ ...base, match: null, problem: `No product with style code ${line.sku}` });
      continue;
    }
    const lineSize = line.size;
    if (!lineSize) {
      result.push({ ...base, match: null, problem: `No size on this line for ${first.title}` });
      continue;
    }
    // Several products may share a style code (one archived, one on sale): the first that has the size.
    const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
    let found: SizeRow | undefined;
    let readable = false;
    for (const productSizes of products) {
      const product = productSizes[0] as SizeRow;
      const canonical = productSizes.some((row) => same(row.size, lineSize)) ? lineSize : await read(lineSize, product);
      if (canonical === null) continue;
      readable = true;
      found = productSizes.find((row) => same(row.size, canonical));
      if (found) break;
    }
    if (found) result.push({ ...base, match: asMatch(found), problem: quantityProblem });
    else if (!readable) result.push({ ...base, match: null, problem: `Size ${lineSize} is not a size Tradepost can read` });
    else result.push({ ...base, match: null, problem: `Size ${lineSize} not found on ${first.title}` });
  }
  return result;
}
