import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type ImportPreview, type ImportResult, rowErrorField } from '@tradepost/shared/schemas/catalog-io.ts';
import { newId } from '../../db/ids.ts';
import { Conflict, Invalid } from '../../errors.ts';
import { barcodeKind } from '../catalog/public.ts';
import { type MovementLine, postMovements } from '../inventory/public.ts';
import { type CsvFile, readCatalogCsv } from './csv-read.ts';
import { type CatalogFacts, type ExistingProduct, type ExistingVariant, type ImportPlan, planImport } from './import-plan.ts';
import { loadImportSizeFormats } from './import-size-formats.ts';

/** IN lists stay well under PostgreSQL's 65,535 bind parameters. */
const CHUNK = 1000;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const bindMarks = (n: number) => Array.from({ length: n }, () => '?').join(',');

type ProductRow = {
  id: string;
  title: string;
  brand: string | null;
  style_code: string | null;
  colorway: string | null;
  category: string;
  size_format: string;
  retail_price_cents: number | null;
};
type VariantRow = { id: string; product_id: string; sku: string; size: string; price_cents: number | null; barcodes: string[] | null };

const productColumns = 'p.id, p.title, p.brand, p.style_code, p.colorway, p.category, p.size_format, p.retail_price_cents';
const variantColumns = `v.id, v.product_id, v.sku, v.size, v.price_cents,
  (SELECT array_agg(b.code ORDER BY b.code) FROM barcodes b WHERE b.variant_id = v.id) AS barcodes`;

const toVariant = (row: VariantRow): ExistingVariant => ({
  id: row.id,
  productId: row.product_id,
  sku: row.sku,
  size: row.size,
  priceCents: row.price_cents,
  barcodes: row.barcodes ?? [],
});

/** Loads, in a handful of set-based queries, everything in the catalog that the file's rows name. */
export async function loadCatalogFacts(em: EntityManager, businessId: string, currency: string, file: CsvFile): Promise<CatalogFacts> {
  const cells = file.records.map((record) => record.cells);
  const styles = [...new Set(cells.map((c) => c.style_code.toLowerCase()).filter(Boolean))];
  const titles = [...new Set(cells.filter((c) => c.style_code === '' && c.title !== '').map((c) => c.title.toLowerCase()))];
  const skus = [...new Set(cells.map((c) => c.sku.toLowerCase()).filter(Boolean))];
  const codes = [
    ...new Set(
      cells.flatMap((c) =>
        c.barcodes
          .split('|')
          .map((code) => code.trim())
          .filter(Boolean),
      ),
    ),
  ];

  const products: ProductRow[] = [];
  for (const part of chunks(styles)) {
    products.push(
      ...(await em.execute<ProductRow[]>(
        `SELECT ${productColumns} FROM products p
          WHERE p.business_id = ? AND p.condition <> 'pre_owned' AND lower(p.style_code) IN (${bindMarks(part.length)})`,
        [businessId, ...part],
      )),
    );
  }
  for (const part of chunks(titles)) {
    products.push(
      ...(await em.execute<ProductRow[]>(
        `SELECT ${productColumns} FROM products p
          WHERE p.business_id = ? AND p.condition <> 'pre_owned' AND p.style_code IS NULL AND lower(p.title) IN (${bindMarks(part.length)})`,
        [businessId, ...part],
      )),
    );
  }
  const variantsByProduct = new Map<string, ExistingVariant[]>();
  for (const part of chunks(products.map((p) => p.id))) {
    const rows = await em.execute<VariantRow[]>(
      `SELECT ${variantColumns} FROM variants v WHERE v.business_id = ? AND v.product_id IN (${bindMarks(part.length)})`,
      [businessId, ...part],
    );
    for (const row of rows) variantsByProduct.set(row.product_id, [...(variantsByProduct.get(row.product_id) ?? []), toVariant(row)]);
  }
  const toProduct = (row: ProductRow): ExistingProduct => ({
    id: row.id,
    title: row.title,
    brand: row.brand,
    styleCode: row.style_code,
    colorway: row.colorway,
    category: row.category,
    sizeFormat: row.size_format,
    retailPriceCents: row.retail_price_cents,
    variants: variantsByProduct.get(row.id) ?? [],
  });
  const productsByStyle = new Map<string, ExistingProduct>();
  const productsByTitle = new Map<string, ExistingProduct[]>();
  for (const row of products) {
    const product = toProduct(row);
    if (row.style_code !== null) productsByStyle.set(row.style_code.toLowerCase(), product);
    else productsByTitle.set(row.title.toLowerCase(), [...(productsByTitle.get(row.title.toLowerCase()) ?? []), product]);
  }

  const variantsBySku = new Map<string, ExistingVariant & { productLabel: string }>();
  for (const part of chunks(skus)) {
    const rows = await em.execute<(VariantRow & { title: string; style_code: string | null })[]>(
      `SELECT ${variantColumns}, p.title, p.style_code FROM variants v JOIN products p ON p.id = v.product_id
        WHERE v.business_id = ? AND lower(v.sku) IN (${bindMarks(part.length)})`,
      [businessId, ...part],
    );
    for (const row of rows) {
      const productLabel = row.style_code ? `${row.title} (${row.style_code})` : row.title;
      variantsBySku.set(row.sku.toLowerCase(), { ...toVariant(row), productLabel });
    }
  }

  const barcodeOwners = new Map<string, { variantId: string; sku: string }>();
  for (const part of chunks(codes)) {
    const rows = await em.execute<{ code: string; variant_id: string; sku: string }[]>(
      `SELECT b.code, b.variant_id, v.sku FROM barcodes b JOIN variants v ON v.id = b.variant_id
        WHERE b.business_id = ? AND b.code IN (${bindMarks(part.length)})`,
      [businessId, ...part],
    );
    for (const row of rows) barcodeOwners.set(row.code, { variantId: row.variant_id, sku: row.sku });
  }

  const locationRows = await em.execute<{ id: string; name: string; is_default: boolean }[]>(
    'SELECT id, name, is_default FROM locations WHERE business_id = ? AND archived_at IS NULL ORDER BY is_default DESC, name',
    [businessId],
  );
  const locations = new Map(locationRows.map((row) => [row.name.toLowerCase(), { id: row.id, name: row.name }]));
  const defaultRow = locationRows.find((row) => row.is_default) ?? locationRows[0];

  const sizeFormats = await loadImportSizeFormats(em, businessId, [
    ...cells.map((c) => c.size_format),
    ...products.map((p) => p.size_format),
  ]);

  return {
    currency,
    productsByStyle,
    productsByTitle,
    variantsBySku,
    barcodeOwners,
    locations,
    defaultLocation: defaultRow ? { id: defaultRow.id, name: defaultRow.name } : null,
    sizeFormats,
  };
}

async function planFor(em: EntityManager, businessId: string, currency: string, csv: string): Promise<ImportPlan> {
  const file = readCatalogCsv(csv);
  const facts = await loadCatalogFacts(em, businessId, currency, file);
  return planImport(file, facts, newId);
}

/** What the file would do, every bad row with its reasons. Writes nothing. */
export async function previewImport(em: EntityManager, businessId: string, currency: string, csv: string): Promise<ImportPreview> {
  return (await planFor(em, businessId, currency, csv)).preview;
}

/** The preview's problems as one 400: each row error named `rows.<row>.<column>`. */
function invalidImport(preview: ImportPreview): Invalid {
  const details = [
    ...preview.file_errors,
    ...preview.rows.flatMap((row) =>
      row.errors.map((error) => ({
        field: rowErrorField(row.row, error.field),
        message: `Row ${row.row}${error.field === 'row' ? '' : `, ${error.field}`}: ${error.message}`,
      })),
    ),
  ];
  const bad = preview.summary.bad_rows;
  const message =
    preview.file_errors.length > 0
      ? `The file cannot be imported: ${preview.file_errors.map((e) => e.message).join('; ')}. Nothing was imported.`
      : `${bad} row${bad === 1 ? ' has' : 's have'} errors. Nothing was imported.`;
  return new Invalid(message, details, 'IMPORT_INVALID');
}

async function insertRows(em: EntityManager, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  // Rows per statement so one INSERT stays under the bind-parameter limit.
  const perStatement = Math.floor((CHUNK * 10) / columns.length);
  for (const part of chunks(rows, perStatement)) {
    const values = part.map(() => `(${bindMarks(columns.length)})`).join(',');
    await em.execute(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values}`, part.flat());
  }
}

export type ImportContext = { businessId: string; userId: string; currency: string; importId: string };

/**
 * Validates again and commits in one transaction: products, sizes and barcodes, then stock through
 * the ledger with cost lots. Any bad row → 400 and nothing written; any failure rolls everything back.
 * Imports of one business run one at a time (an advisory lock), so the second of two identical
 * imports sees the first's products and does not create them again; the unique indexes catch a
 * product created at the same moment through the catalog.
 */
export async function commitImport(em: EntityManager, context: ImportContext, csv: string): Promise<ImportResult> {
  const { businessId, userId, currency, importId } = context;
  try {
    return await em.transactional(async (tx) => {
      await tx.execute('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [`catalog-import:${businessId}`]);
      const done = await tx.execute(
        "SELECT 1 FROM stock_movements WHERE business_id = ? AND reference_type = 'catalog_import' AND reference_id = ? LIMIT 1",
        [businessId, importId],
      );
      if (done.length > 0) throw new Conflict('This file was already imported', 'IMPORT_ALREADY_COMMITTED');

      const plan = await planFor(tx, businessId, currency, csv);
      if (!plan.preview.can_commit) throw invalidImport(plan.preview);

      await insertRows(
        tx,
        'products',
        ['id', 'business_id', 'title', 'brand', 'style_code', 'colorway', 'category', 'size_format', 'retail_price_cents'],
        plan.newProducts.map((p) => [
          p.id,
          businessId,
          p.title,
          p.brand,
          p.styleCode,
          p.colorway,
          p.category,
          p.sizeFormat,
          p.retailPriceCents,
        ]),
      );
      await insertRows(
        tx,
        'variants',
        ['id', 'business_id', 'product_id', 'size', 'sku', 'price_cents'],
        plan.newVariants.map((v) => [v.id, businessId, v.productId, v.size, v.sku, v.priceCents]),
      );
      await insertRows(
        tx,
        'barcodes',
        ['id', 'business_id', 'variant_id', 'code', 'kind'],
        plan.newVariants.flatMap((v) => v.barcodes.map((code) => [newId(), businessId, v.id, code, barcodeKind(code)])),
      );
      for (const part of chunks(plan.touchedProductIds)) {
        await tx.execute(`UPDATE products SET updated_at = now() WHERE business_id = ? AND id IN (${bindMarks(part.length)})`, [
          businessId,
          ...part,
        ]);
      }

      const lines: MovementLine[] = plan.stock.map((line) => ({
        variantId: line.variantId,
        locationId: line.locationId,
        onHand: line.quantity,
        reason: 'adjustment',
        reasonCode: 'csv_import',
        // Stock brought in from a previous system: its cost opens the FIFO lots.
        ...(line.unitCostCents === null ? {} : { lot: { unitCostCents: line.unitCostCents, source: 'opening' as const } }),
      }));
      if (lines.length > 0) {
        await postMovements(tx, { businessId, userId, reference: { type: 'catalog_import', id: importId }, note: 'CSV import' }, lines);
      }
      return { import_id: importId, summary: plan.preview.summary };
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw new Conflict(
        'Another change added the same style code, SKU or barcode while this file was importing. Nothing was imported; check the file again.',
        'IMPORT_CONFLICT',
      );
    }
    throw error;
  }
}
