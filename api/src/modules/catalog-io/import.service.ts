import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type ImportPreview, type ImportResult, rowErrorField } from '@tradepost/shared/schemas/catalog-io.ts';
import { type InferResult, type Insertable, type Kysely, sql } from 'kysely';
import { newId } from '../../db/ids.ts';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
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

/** The catalog's products an import may add to (pre-owned one-offs are never matched). */
const importableProducts = (db: Kysely<DB>) =>
  db
    .selectFrom('products as p')
    .where('p.condition', '<>', sql.lit('pre_owned'))
    .select(['p.id', 'p.title', 'p.brand', 'p.style_code', 'p.colorway', 'p.category', 'p.size_format', 'p.retail_price_cents']);

/** Variants with their barcodes, in code order. */
const variantsWithBarcodes = (db: Kysely<DB>) =>
  db
    .selectFrom('variants as v')
    .select((eb) => [
      'v.id',
      'v.product_id',
      'v.sku',
      'v.size',
      'v.price_cents',
      eb
        .selectFrom('barcodes as b')
        .whereRef('b.variant_id', '=', 'v.id')
        .select(sql<string[] | null>`array_agg(b.code ORDER BY b.code)`.as('codes'))
        .as('barcodes'),
    ]);

type ProductRow = InferResult<ReturnType<typeof importableProducts>>[number];
type VariantRow = InferResult<ReturnType<typeof variantsWithBarcodes>>[number];

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

  const db = tenantDb(em, businessId);
  const products: ProductRow[] = [];
  for (const part of chunks(styles)) {
    products.push(
      ...(await importableProducts(db)
        .where((eb) => eb(eb.fn('lower', ['p.style_code']), 'in', part))
        .execute()),
    );
  }
  for (const part of chunks(titles)) {
    products.push(
      ...(await importableProducts(db)
        .where('p.style_code', 'is', null)
        .where((eb) => eb(eb.fn('lower', ['p.title']), 'in', part))
        .execute()),
    );
  }
  const variantsByProduct = new Map<string, ExistingVariant[]>();
  for (const part of chunks(products.map((p) => p.id))) {
    const rows = await variantsWithBarcodes(db).where('v.product_id', 'in', part).execute();
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
    const rows = await variantsWithBarcodes(db)
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .where((eb) => eb(eb.fn('lower', ['v.sku']), 'in', part))
      .select(['p.title', 'p.style_code'])
      .execute();
    for (const row of rows) {
      const productLabel = row.style_code ? `${row.title} (${row.style_code})` : row.title;
      variantsBySku.set(row.sku.toLowerCase(), { ...toVariant(row), productLabel });
    }
  }

  const barcodeOwners = new Map<string, { variantId: string; sku: string }>();
  for (const part of chunks(codes)) {
    const rows = await db
      .selectFrom('barcodes as b')
      .innerJoin('variants as v', 'v.id', 'b.variant_id')
      .where('b.code', 'in', part)
      .select(['b.code', 'b.variant_id', 'v.sku'])
      .execute();
    for (const row of rows) barcodeOwners.set(row.code, { variantId: row.variant_id, sku: row.sku });
  }

  const locationRows = await db
    .selectFrom('locations')
    .where('archived_at', 'is', null)
    .select(['id', 'name', 'is_default'])
    .orderBy('is_default', 'desc')
    .orderBy('name')
    .execute();
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

/** New rows in as few INSERTs as stay under the bind-parameter limit (the builder adds each row's business). */
async function insertRows<Table extends 'products' | 'variants' | 'barcodes'>(
  db: Kysely<DB>,
  table: Table,
  rows: Insertable<DB[Table]>[],
): Promise<void> {
  const [first] = rows;
  if (first === undefined) return;
  const perStatement = Math.floor((CHUNK * 10) / (Object.keys(first).length + 1));
  for (const part of chunks(rows, perStatement)) await db.insertInto(table).values(part).execute();
}

/** A unique index refused a row: the builder raises pg's error, MikroORM (the ledger's writes) its own exception. */
const isUniqueViolation = (error: unknown) =>
  error instanceof UniqueConstraintViolationException ||
  (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505');

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
      const db = tenantDb(tx, businessId);
      const done = await db
        .selectFrom('stock_movements')
        .where('reference_type', '=', sql.lit('catalog_import'))
        .where('reference_id', '=', importId)
        .select('id')
        .limit(1)
        .executeTakeFirst();
      if (done !== undefined) throw new Conflict('This file was already imported', 'IMPORT_ALREADY_COMMITTED');

      const plan = await planFor(tx, businessId, currency, csv);
      if (!plan.preview.can_commit) throw invalidImport(plan.preview);

      await insertRows(
        db,
        'products',
        plan.newProducts.map((p) => ({
          id: p.id,
          title: p.title,
          brand: p.brand,
          style_code: p.styleCode,
          colorway: p.colorway,
          category: p.category,
          size_format: p.sizeFormat,
          retail_price_cents: p.retailPriceCents,
        })),
      );
      await insertRows(
        db,
        'variants',
        plan.newVariants.map((v) => ({ id: v.id, product_id: v.productId, size: v.size, sku: v.sku, price_cents: v.priceCents })),
      );
      await insertRows(
        db,
        'barcodes',
        plan.newVariants.flatMap((v) => v.barcodes.map((code) => ({ id: newId(), variant_id: v.id, code, kind: barcodeKind(code) }))),
      );
      for (const part of chunks(plan.touchedProductIds)) {
        await db.updateTable('products').set({ updated_at: sql`now()` }).where('id', 'in', part).execute();
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
    if (isUniqueViolation(error)) {
      throw new Conflict(
        'Another change added the same style code, SKU or barcode while this file was importing. Nothing was imported; check the file again.',
        'IMPORT_CONFLICT',
      );
    }
    throw error;
  }
}
