import { barcodeInputSchema, createProductBodySchema, productCategories, variantInputSchema } from '@tradepost/shared/schemas/catalog.ts';
import type { CatalogCsvColumn, ImportPreview, ImportRow, ImportRowOutcome } from '@tradepost/shared/schemas/catalog-io.ts';
import type { FieldError } from '@tradepost/shared/schemas/common.ts';
import type { CsvFile, CsvRecord } from './csv-read.ts';
import { parseMoneyCell, parseQuantityCell, splitBarcodes } from './csv-values.ts';

/** A size run as the import needs it: built-in or the business's own. */
export type ImportSizeFormat = { id: string; name: string; canonical: (raw: string) => string | null };

export type ExistingVariant = { id: string; productId: string; sku: string; size: string; barcodes: string[]; priceCents: number | null };

export type ExistingProduct = {
  id: string;
  title: string;
  brand: string | null;
  styleCode: string | null;
  colorway: string | null;
  category: string;
  sizeFormat: string;
  retailPriceCents: number | null;
  variants: ExistingVariant[];
};

export type Location = { id: string; name: string };

/** What the database holds for the keys the file names; loaded in bulk before planning. */
export type CatalogFacts = {
  currency: string;
  /** By lower-case style code; pre-owned one-offs are not matched (their style codes repeat). */
  productsByStyle: ReadonlyMap<string, ExistingProduct>;
  /** Products without a style code, by lower-case title. */
  productsByTitle: ReadonlyMap<string, ExistingProduct[]>;
  /** Every variant whose SKU the file names, by lower-case SKU, with the product it belongs to. */
  variantsBySku: ReadonlyMap<string, ExistingVariant & { productLabel: string }>;
  /** Owner of every barcode the file names. */
  barcodeOwners: ReadonlyMap<string, { variantId: string; sku: string }>;
  /** Active locations by lower-case name. */
  locations: ReadonlyMap<string, Location>;
  defaultLocation: Location | null;
  /** Size formats by lower-case id and name. */
  sizeFormats: ReadonlyMap<string, ImportSizeFormat>;
};

export type NewProduct = {
  id: string;
  title: string;
  brand: string | null;
  styleCode: string | null;
  colorway: string | null;
  category: string;
  sizeFormat: string;
  retailPriceCents: number | null;
};
export type NewVariant = { id: string; productId: string; size: string; sku: string; priceCents: number | null; barcodes: string[] };
export type StockLine = { variantId: string; locationId: string; quantity: number; unitCostCents: number | null; row: number };

export type ImportPlan = {
  preview: ImportPreview;
  newProducts: NewProduct[];
  newVariants: NewVariant[];
  /** Existing products that get sizes (their updated_at moves so they surface in "recently updated"). */
  touchedProductIds: string[];
  stock: StockLine[];
};

/** One row after its own cells were read: parsed values and the errors found in the row alone. */
type Draft = {
  record: CsvRecord;
  errors: FieldError[];
  notes: string[];
  styleCode: string;
  title: string;
  brand: string;
  colorway: string;
  category: string | null;
  format: ImportSizeFormat | null;
  retailPriceCents: number | null;
  size: string;
  sku: string;
  barcodes: string[];
  priceCents: number | null;
  location: Location | null;
  quantity: number | null;
  unitCostCents: number | null;
  outcome: ImportRowOutcome | null;
};

const styleCodeShape = createProductBodySchema.in.shape.style_code.unwrap();
const skuShape = variantInputSchema.shape.sku;
const barcodeShape = barcodeInputSchema.shape.code;

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message ?? 'Invalid';

function addError(draft: Draft, field: CatalogCsvColumn | 'row', message: string): void {
  if (!draft.errors.some((e) => e.field === field && e.message === message)) draft.errors.push({ field, message });
}

function addNote(draft: Draft, note: string): void {
  if (!draft.notes.includes(note)) draft.notes.push(note);
}

function readRow(record: CsvRecord, facts: CatalogFacts): Draft {
  const c = record.cells;
  const draft: Draft = {
    record,
    errors: [],
    notes: [],
    styleCode: c.style_code,
    title: c.title,
    brand: c.brand,
    colorway: c.colorway,
    category: null,
    format: null,
    retailPriceCents: null,
    size: c.size,
    sku: c.sku,
    barcodes: [],
    priceCents: null,
    location: null,
    quantity: null,
    unitCostCents: null,
    outcome: null,
  };
  if (record.extraCells > 0) {
    addError(
      draft,
      'row',
      `The row has ${record.extraCells} more cell${record.extraCells === 1 ? '' : 's'} than the header; check for a stray comma`,
    );
  }
  if (c.style_code !== '') {
    const result = styleCodeShape.safeParse(c.style_code);
    if (!result.success) addError(draft, 'style_code', firstIssue(result));
  }
  if (c.title.length > 200) addError(draft, 'title', 'Title must be at most 200 characters');
  if (c.brand.length > 80) addError(draft, 'brand', 'Brand must be at most 80 characters');
  if (c.colorway.length > 120) addError(draft, 'colorway', 'Colorway must be at most 120 characters');
  if (c.category !== '') {
    const category = c.category.toLowerCase();
    if ((productCategories as readonly string[]).includes(category)) draft.category = category;
    else addError(draft, 'category', `Unknown category "${c.category}". Use ${productCategories.join(', ')}`);
  }
  if (c.size_format !== '') {
    draft.format = facts.sizeFormats.get(c.size_format.toLowerCase()) ?? null;
    if (draft.format === null) addError(draft, 'size_format', `Unknown size format "${c.size_format}"`);
  }
  const retail = parseMoneyCell(c.retail_price, facts.currency, 'Retail price');
  if (retail.ok) draft.retailPriceCents = retail.value;
  else addError(draft, 'retail_price', retail.message);

  if (c.size === '') addError(draft, 'size', 'Size is required');
  else if (c.size.length > 20) addError(draft, 'size', 'Size must be at most 20 characters');
  if (c.sku === '') addError(draft, 'sku', 'SKU is required');
  else {
    const result = skuShape.safeParse(c.sku);
    if (!result.success) addError(draft, 'sku', firstIssue(result));
  }

  const codes = splitBarcodes(c.barcodes);
  const seen = new Set<string>();
  for (const code of codes) {
    const result = barcodeShape.safeParse(code);
    if (!result.success) addError(draft, 'barcodes', `Barcode "${code}": ${firstIssue(result)}`);
    else if (seen.has(code)) addError(draft, 'barcodes', `Barcode ${code} is listed twice`);
    seen.add(code);
  }
  if (codes.length > 10) addError(draft, 'barcodes', 'At most 10 barcodes per size');
  draft.barcodes = [...seen];

  const price = parseMoneyCell(c.price, facts.currency, 'Price');
  if (price.ok) draft.priceCents = price.value;
  else addError(draft, 'price', price.message);

  const quantity = parseQuantityCell(c.quantity);
  if (quantity.ok) draft.quantity = quantity.value === 0 ? null : quantity.value;
  else addError(draft, 'quantity', quantity.message);

  const cost = parseMoneyCell(c.unit_cost, facts.currency, 'Unit cost');
  if (cost.ok) draft.unitCostCents = cost.value;
  else addError(draft, 'unit_cost', cost.message);

  if (c.location !== '') {
    draft.location = facts.locations.get(c.location.toLowerCase()) ?? null;
    if (draft.location === null) {
      const names = [...facts.locations.values()].map((l) => l.name);
      addError(
        draft,
        'location',
        `Unknown location "${c.location}"${names.length ? `. Your locations are: ${names.join(', ')}` : '. Create the location first'}`,
      );
    }
  } else if (draft.quantity !== null) {
    draft.location = facts.defaultLocation;
    if (draft.location === null) addError(draft, 'location', 'You have no location to put stock in; create one first');
  }
  if (draft.unitCostCents !== null && draft.quantity === null && quantity.ok)
    addNote(draft, 'unit_cost is ignored on a row without a quantity');
  return draft;
}

/** Rows of one product: same style code, or same title when there is no style code. */
type Group = { key: string; drafts: Draft[] };

function groupKey(draft: Draft): string | null {
  if (draft.styleCode !== '') return `style:${draft.styleCode.toLowerCase()}`;
  if (draft.title !== '') return `title:${draft.title.toLowerCase()}`;
  return null;
}

type ProductField = 'title' | 'brand' | 'colorway' | 'category' | 'size_format' | 'retail_price';

/** The product-level value a row gives for a field, as a comparable string ('' = not given). */
function fieldValue(draft: Draft, field: ProductField): string {
  switch (field) {
    case 'title':
      return draft.title;
    case 'brand':
      return draft.brand;
    case 'colorway':
      return draft.colorway;
    case 'category':
      return draft.category ?? '';
    case 'size_format':
      return draft.format?.id ?? '';
    case 'retail_price':
      return draft.retailPriceCents === null ? '' : String(draft.retailPriceCents);
  }
}

const productFields: readonly ProductField[] = ['title', 'brand', 'colorway', 'category', 'size_format', 'retail_price'];

/** Within one product every row must agree; an empty cell means "same as the other rows". */
function mergeProductFields(group: Group): Record<ProductField, { value: string; draft: Draft } | null> {
  const merged = Object.fromEntries(productFields.map((f) => [f, null])) as Record<ProductField, { value: string; draft: Draft } | null>;
  for (const draft of group.drafts) {
    for (const field of productFields) {
      const value = fieldValue(draft, field);
      if (value === '') continue;
      const first = merged[field];
      if (first === null) merged[field] = { value, draft };
      // Titles group rows case-insensitively, so they compare that way too.
      else if (field === 'title' ? first.value.toLowerCase() !== value.toLowerCase() : first.value !== value) {
        addError(
          draft,
          field,
          `"${draft.record.cells[field]}" differs from row ${first.draft.record.row} of the same product ("${first.draft.record.cells[field]}")`,
        );
      }
    }
  }
  return merged;
}

function productLabelOf(product: { styleCode: string | null; title: string }): string {
  return product.styleCode ? `${product.title} (${product.styleCode})` : product.title;
}

/**
 * Decides, without touching the database, what a file would do: every bad row with each reason
 * naming its column, and for good rows the products, sizes and stock to create. The caller loads
 * `facts` for the file's keys and commits the plan only when no row is bad.
 */
export function planImport(file: CsvFile, facts: CatalogFacts, newId: () => string): ImportPlan {
  const drafts = file.records.map((record) => readRow(record, facts));

  const groups = new Map<string, Group>();
  for (const draft of drafts) {
    const key = groupKey(draft);
    if (key === null) {
      addError(draft, 'title', 'Title is required (or a style_code naming an existing product)');
      continue;
    }
    const group = groups.get(key) ?? { key, drafts: [] };
    group.drafts.push(draft);
    groups.set(key, group);
  }

  const newProducts: NewProduct[] = [];
  const newVariants: NewVariant[] = [];
  const touched = new Set<string>();
  // Across the whole file: which product a SKU belongs to and which SKU a barcode belongs to.
  const skuOwners = new Map<string, { groupKey: string; draft: Draft }>();
  const barcodeSkus = new Map<string, { sku: string; draft: Draft }>();
  type VariantTarget = { variantId: string; isNew: boolean };
  const targets = new Map<Draft, VariantTarget>();
  const variantRows = new Map<string, number>();

  for (const group of groups.values()) {
    const merged = mergeProductFields(group);
    const first = group.drafts[0];
    if (first === undefined) continue;
    const styleCode = first.styleCode;

    let existing: ExistingProduct | null = null;
    if (styleCode !== '') existing = facts.productsByStyle.get(styleCode.toLowerCase()) ?? null;
    else {
      const matches = facts.productsByTitle.get(first.title.toLowerCase()) ?? [];
      if (matches.length > 1) {
        for (const draft of group.drafts) {
          addError(
            draft,
            'title',
            `${matches.length} products in your catalog are titled "${first.title}" without a style code; add the style code`,
          );
        }
        continue;
      }
      existing = matches[0] ?? null;
    }

    let format: ImportSizeFormat | null;
    let productId: string;
    if (existing !== null) {
      productId = existing.id;
      format = facts.sizeFormats.get(existing.sizeFormat.toLowerCase()) ?? null;
      const given = merged.size_format;
      if (format === null) {
        for (const draft of group.drafts)
          addError(draft, 'size_format', `The size format of ${productLabelOf(existing)} could not be loaded`);
      } else if (given !== null && given.value !== format.id) {
        addError(given.draft, 'size_format', `${productLabelOf(existing)} uses the ${format.name} size run in your catalog`);
      }
      const differs =
        (merged.title !== null && merged.title.value !== existing.title) ||
        (merged.brand !== null && merged.brand.value !== (existing.brand ?? '')) ||
        (merged.colorway !== null && merged.colorway.value !== (existing.colorway ?? '')) ||
        (merged.category !== null && merged.category.value !== existing.category) ||
        (merged.retail_price !== null && merged.retail_price.value !== String(existing.retailPriceCents ?? ''));
      if (differs) addNote(first, 'This product is already in your catalog: its details are kept, only new sizes and stock are imported');
    } else {
      productId = newId();
      format = merged.size_format === null ? null : (facts.sizeFormats.get(merged.size_format.value.toLowerCase()) ?? null);
      const missing = (['title', 'category', 'size_format'] as const).filter((field) => merged[field] === null);
      for (const field of missing) {
        // A bad value was already reported on its own row; only a value given nowhere is "missing".
        if (group.drafts.some((d) => d.errors.some((e) => e.field === field))) continue;
        addError(first, field, 'Required for a new product');
      }
      if (missing.length === 0 && format !== null) {
        newProducts.push({
          id: productId,
          title: merged.title?.value ?? first.title,
          brand: merged.brand?.value ?? null,
          styleCode: styleCode === '' ? null : styleCode,
          colorway: merged.colorway?.value ?? null,
          category: merged.category?.value ?? 'other',
          sizeFormat: format.id,
          retailPriceCents: merged.retail_price === null ? null : Number(merged.retail_price.value),
        });
      }
    }

    // Variants of this product, by SKU; the first row of a SKU defines it, later rows add stock elsewhere.
    const bySku = new Map<string, { draft: Draft; size: string; target: VariantTarget | null }>();
    const bySize = new Map<string, Draft>();
    for (const draft of group.drafts) {
      if (draft.size === '' || draft.sku === '') continue;
      const size = format === null ? null : format.canonical(draft.size);
      if (format !== null && size === null) {
        addError(draft, 'size', `Size ${draft.size} is not in the ${format.name} size run`);
        continue;
      }
      const canonical = size ?? draft.size;
      draft.size = canonical;
      const skuKey = draft.sku.toLowerCase();

      const owner = skuOwners.get(skuKey);
      if (owner !== undefined && owner.groupKey !== group.key) {
        addError(draft, 'sku', `SKU ${draft.sku} is also used in row ${owner.draft.record.row} for another product`);
        continue;
      }
      skuOwners.set(skuKey, owner ?? { groupKey: group.key, draft });

      const seen = bySku.get(skuKey);
      if (seen !== undefined) {
        if (seen.size !== canonical) addError(draft, 'size', `SKU ${draft.sku} is size ${seen.size} in row ${seen.draft.record.row}`);
        if (draft.priceCents !== null && seen.draft.priceCents !== null && draft.priceCents !== seen.draft.priceCents) {
          addError(
            draft,
            'price',
            `"${draft.record.cells.price}" differs from row ${seen.draft.record.row} of the same SKU ("${seen.draft.record.cells.price}")`,
          );
        }
        if (draft.barcodes.length > 0 && seen.draft.barcodes.length > 0 && draft.barcodes.join('|') !== seen.draft.barcodes.join('|')) {
          addError(draft, 'barcodes', `Differ from row ${seen.draft.record.row} of the same SKU`);
        }
        if (seen.target !== null) targets.set(draft, seen.target);
        continue;
      }
      const sameSize = bySize.get(canonical);
      if (sameSize !== undefined) {
        addError(draft, 'size', `Size ${canonical} is already given SKU ${sameSize.sku} in row ${sameSize.record.row}`);
        continue;
      }
      bySize.set(canonical, draft);

      for (const code of draft.barcodes) {
        const used = barcodeSkus.get(code);
        if (used !== undefined && used.sku !== skuKey)
          addError(draft, 'barcodes', `Barcode ${code} is also used in row ${used.draft.record.row}`);
        else barcodeSkus.set(code, { sku: skuKey, draft });
      }

      const known = facts.variantsBySku.get(skuKey);
      let target: VariantTarget | null = null;
      if (known !== undefined) {
        if (existing === null || known.productId !== existing.id) {
          addError(draft, 'sku', `SKU ${draft.sku} is already used by ${known.productLabel} in your catalog`);
        } else if (known.size !== canonical) {
          addError(draft, 'size', `SKU ${draft.sku} is size ${known.size} in your catalog`);
        } else {
          target = { variantId: known.id, isNew: false };
          const priceDiffers = draft.priceCents !== null && draft.priceCents !== known.priceCents;
          const barcodesDiffer = draft.barcodes.some((code) => !known.barcodes.includes(code));
          if (priceDiffers || barcodesDiffer)
            addNote(draft, 'This size is already in your catalog: its price and barcodes are kept, only stock is added');
        }
      } else {
        const taken = existing?.variants.find((v) => v.size === canonical);
        if (taken !== undefined) addError(draft, 'size', `Size ${canonical} already exists with SKU ${taken.sku}`);
        else target = { variantId: newId(), isNew: true };
      }
      for (const code of draft.barcodes) {
        const holder = facts.barcodeOwners.get(code);
        if (holder !== undefined && holder.sku.toLowerCase() !== skuKey)
          addError(draft, 'barcodes', `Barcode ${code} is already on SKU ${holder.sku}`);
      }
      bySku.set(skuKey, { draft, size: canonical, target });
      if (target !== null) {
        targets.set(draft, target);
        if (target.isNew) {
          newVariants.push({
            id: target.variantId,
            productId,
            size: canonical,
            sku: draft.sku,
            priceCents: draft.priceCents,
            barcodes: draft.barcodes,
          });
          variantRows.set(target.variantId, draft.record.row);
          if (existing !== null) touched.add(existing.id);
        }
      }
    }

    // Outcomes: what each row does, in file order.
    const isNewProduct = existing === null;
    const defined = new Set<string>();
    group.drafts.forEach((draft, index) => {
      const target = targets.get(draft);
      const firstOfSku = target !== undefined && !defined.has(target.variantId);
      if (target !== undefined) defined.add(target.variantId);
      if (isNewProduct && index === 0) draft.outcome = 'create_product';
      else if (firstOfSku && target.isNew) draft.outcome = 'add_size';
      else if (draft.quantity !== null) draft.outcome = 'add_stock';
      else draft.outcome = 'unchanged';
    });
  }

  // Stock: one line per variant and location.
  const stock: StockLine[] = [];
  const stockAt = new Map<string, Draft>();
  for (const draft of drafts) {
    const target = targets.get(draft);
    if (draft.quantity === null || draft.location === null || target === undefined) continue;
    const key = `${target.variantId}:${draft.location.id}`;
    const earlier = stockAt.get(key);
    if (earlier !== undefined) {
      addError(draft, 'location', `SKU ${draft.sku} at ${draft.location.name} is already in row ${earlier.record.row}`);
      continue;
    }
    stockAt.set(key, draft);
    stock.push({
      variantId: target.variantId,
      locationId: draft.location.id,
      quantity: draft.quantity,
      unitCostCents: draft.unitCostCents,
      row: draft.record.row,
    });
  }

  const rows: ImportRow[] = drafts.map((draft) => ({
    row: draft.record.row,
    style_code: draft.styleCode,
    title: draft.title,
    size: draft.size,
    sku: draft.sku,
    location: draft.location?.name ?? (draft.record.cells.location || null),
    quantity: draft.quantity,
    outcome: draft.errors.length > 0 ? null : draft.outcome,
    errors: draft.errors,
    notes: draft.notes,
  }));
  const good = rows.filter((row) => row.errors.length === 0);
  const goodRows = new Set(good.map((row) => row.row));
  const goodStock = stock.filter((line) => goodRows.has(line.row));
  const preview: ImportPreview = {
    file_errors: file.fileErrors,
    rows,
    summary: {
      rows: rows.length,
      bad_rows: rows.length - good.length,
      new_products: good.filter((row) => row.outcome === 'create_product').length,
      new_sizes: newVariants.filter((variant) => goodRows.has(variantRows.get(variant.id) ?? -1)).length,
      stock_rows: goodStock.length,
      units: goodStock.reduce((sum, line) => sum + line.quantity, 0),
      unchanged: good.filter((row) => row.outcome === 'unchanged').length,
    },
    can_commit: file.fileErrors.length === 0 && rows.length > 0 && rows.length === good.length,
  };
  return { preview, newProducts, newVariants, touchedProductIds: [...touched], stock };
}
