import { resolveBuiltInSizeFormat } from '@tradepost/shared/domain/sizes/resolved-size-format.ts';
import { SIZE_FORMATS } from '@tradepost/shared/domain/sizes/size-formats.ts';
import { describe, expect, it } from 'vitest';
import { readCatalogCsv } from './csv-read.ts';
import { formatMoneyCell, normaliseHeader, parseMoneyCell, parseQuantityCell, splitBarcodes } from './csv-values.ts';
import { type CatalogFacts, type ExistingProduct, type ImportSizeFormat, planImport } from './import-plan.ts';

const sizeFormats = new Map<string, ImportSizeFormat>();
for (const format of SIZE_FORMATS) {
  const resolved = resolveBuiltInSizeFormat(format.id);
  if (resolved) {
    sizeFormats.set(format.id, resolved);
    sizeFormats.set(format.name.toLowerCase(), resolved);
  }
}

const main = { id: 'loc-main', name: 'Main warehouse' };
function facts(products: ExistingProduct[] = []): CatalogFacts {
  return {
    currency: 'USD',
    productsByStyle: new Map(products.filter((p) => p.styleCode).map((p) => [p.styleCode?.toLowerCase() ?? '', p])),
    productsByTitle: new Map(products.filter((p) => !p.styleCode).map((p) => [p.title.toLowerCase(), [p]])),
    variantsBySku: new Map(products.flatMap((p) => p.variants.map((v) => [v.sku.toLowerCase(), { ...v, productLabel: p.title }] as const))),
    barcodeOwners: new Map(),
    locations: new Map([['main warehouse', main]]),
    defaultLocation: main,
    sizeFormats,
  };
}

let counter = 0;
const ids = () => `id-${++counter}`;
const plan = (text: string, known: CatalogFacts = facts()) => planImport(readCatalogCsv(text), known, ids);

describe('cell values', () => {
  it('reads money as minor units of the currency and refuses what is not an amount', () => {
    expect(parseMoneyCell('129.99', 'USD', 'Price')).toEqual({ ok: true, value: 12999 });
    expect(parseMoneyCell('$1,299', 'USD', 'Price')).toEqual({ ok: true, value: 129900 });
    expect(parseMoneyCell('', 'USD', 'Price')).toEqual({ ok: true, value: null });
    expect(parseMoneyCell('12800', 'JPY', 'Price')).toEqual({ ok: true, value: 12800 });
    expect(parseMoneyCell('1,5', 'USD', 'Price')).toMatchObject({ ok: false });
    expect(parseMoneyCell('12.999', 'USD', 'Price')).toEqual({ ok: false, message: 'Price "12.999" has more than 2 decimals' });
    expect(parseMoneyCell('-3', 'USD', 'Unit cost')).toEqual({ ok: false, message: 'Unit cost must not be negative' });
    expect(formatMoneyCell(12999, 'USD')).toBe('129.99');
    expect(formatMoneyCell(12800, 'JPY')).toBe('12800');
  });

  it('reads whole, non-negative quantities, barcodes split on | and loose header names', () => {
    expect(parseQuantityCell('3')).toEqual({ ok: true, value: 3 });
    expect(parseQuantityCell('-1')).toEqual({ ok: false, message: 'Quantity must not be negative' });
    expect(parseQuantityCell('1.5')).toMatchObject({ ok: false });
    expect(splitBarcodes(' 123456789012 | SHOP-1 ||')).toEqual(['123456789012', 'SHOP-1']);
    expect(normaliseHeader('\uFEFF Style Code ')).toBe('style_code');
    expect(normaliseHeader('unit-cost')).toBe('unit_cost');
  });
});

describe('reading the file', () => {
  it('matches headers in any order and case, and skips blank spreadsheet rows', () => {
    const file = readCatalogCsv('SKU,Size,Title,Category,Size Format\nA-1,9,Runner,sneakers,us-men\n,,,,\n');
    expect(file.fileErrors).toEqual([]);
    expect(file.records).toHaveLength(1);
    expect(file.records[0]?.cells).toMatchObject({ sku: 'A-1', size: '9', title: 'Runner', size_format: 'us-men', quantity: '' });
  });

  it('refuses broken quoting and files without rows as a whole', () => {
    expect(readCatalogCsv('title,category,size_format,size,sku\n"Runner,sneakers,us-men,9,A\n').fileErrors[0]?.message).toMatch(
      /not valid CSV/,
    );
    expect(readCatalogCsv('title,category,size_format,size,sku\n').fileErrors).toEqual([
      { field: 'file', message: 'The file has a header but no rows' },
    ]);
    expect(readCatalogCsv('').fileErrors[0]?.field).toBe('file');
  });
});

const HEADER = 'style_code,title,brand,category,size_format,size,sku,price,location,quantity,unit_cost';

describe('planning', () => {
  it('groups rows by style code; empty product cells take the other rows’ values; sizes get their canonical spelling', () => {
    const result = plan(`${HEADER}\nGS-1,Dunk Low GS,Nike,sneakers,GS,5y,DUNK-5Y,,,2,40\nGS-1,,,,,5.5Y,DUNK-55Y,,,,\n`);
    expect(result.preview.can_commit).toBe(true);
    expect(result.newProducts).toEqual([
      expect.objectContaining({ title: 'Dunk Low GS', brand: 'Nike', styleCode: 'GS-1', sizeFormat: 'gs' }),
    ]);
    expect(result.newVariants.map((v) => v.size)).toEqual(['5Y', '5.5Y']);
    expect(result.stock).toEqual([expect.objectContaining({ locationId: 'loc-main', quantity: 2, unitCostCents: 4000 })]);
  });

  it('reports conflicting product fields on the row that differs, naming the earlier row', () => {
    const result = plan(`${HEADER}\nC-1,Runner,Nike,sneakers,us-men,9,C-1-9,,,,\nC-1,Runner,Adidas,apparel,us-men,10,C-1-10,,,,\n`);
    expect(result.preview.rows[1]?.errors).toEqual([
      { field: 'brand', message: '"Adidas" differs from row 2 of the same product ("Nike")' },
      { field: 'category', message: '"apparel" differs from row 2 of the same product ("sneakers")' },
    ]);
  });

  it('says which required product field a new product lacks', () => {
    const result = plan(`${HEADER}\nN-1,Runner,,,us-men,9,N-1-9,,,,\n`);
    expect(result.preview.rows[0]?.errors).toEqual([{ field: 'category', message: 'Required for a new product' }]);
  });

  it('matches a product without style code by its title, and refuses a second SKU for one of its sizes', () => {
    const tee: ExistingProduct = {
      id: 'tee',
      title: 'Logo Tee',
      brand: null,
      styleCode: null,
      colorway: null,
      category: 'apparel',
      sizeFormat: 'apparel',
      retailPriceCents: null,
      variants: [{ id: 'tee-m', productId: 'tee', sku: 'TEE-M', size: 'M', barcodes: [], priceCents: null }],
    };
    const result = plan(`${HEADER}\n,logo tee,,,,M,TEE-M,,,3,\n,Logo Tee,,,,L,TEE-L,,,,\n,Logo Tee,,,,m,TEE-M2,,,,\n`, facts([tee]));
    expect(result.preview.rows.map((r) => r.outcome)).toEqual(['add_stock', 'add_size', null]);
    expect(result.preview.rows[2]?.errors).toEqual([{ field: 'size', message: 'Size M is already given SKU TEE-M in row 2' }]);
    expect(result.newProducts).toEqual([]);
  });
});
