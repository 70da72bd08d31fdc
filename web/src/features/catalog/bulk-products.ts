import type { ProductListParams } from '@tradepost/shared/query/catalog.ts';
import { BATCH_ITEM_LIMIT, type MarketplaceProduct, marketplaceProductsSchema } from '@tradepost/shared/schemas/batch-operations.ts';
import {
  MAX_IDS_IN_QUERY,
  type Product,
  type ProductRow,
  productListSchema,
  productRowListSchema,
} from '@tradepost/shared/schemas/catalog.ts';
import type { MarketplacePlatform } from '@tradepost/shared/schemas/connections.ts';
import { isRowSelected, type RowSelection } from '@tradepost/shared/ui/row-selection.ts';
import { api } from '../../app/api.ts';
import { saveFile, today } from '../catalog-io/save-file.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { filterQuery } from './product-filters.ts';

/** Rows asked per request when the selection is "all matching the filter". */
const ROWS_PER_REQUEST = 200;

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/**
 * The rows a selection names. `some`: the loaded rows chosen (a row can only be ticked once shown).
 * `all`: every row matching the search and filters, read page by page in the table's order, less
 * the rows unticked, up to a batch's 10,000 items.
 */
export async function chosenRows(
  scope: BusinessScope,
  params: ProductListParams,
  selection: RowSelection,
  loaded: readonly ProductRow[],
): Promise<ProductRow[]> {
  if (selection.mode === 'some') return loaded.filter((row) => isRowSelected(selection, row.id));
  const q = params.q.trim();
  const rows: ProductRow[] = [];
  for (let offset = 0; rows.length < BATCH_ITEM_LIMIT; offset += ROWS_PER_REQUEST) {
    const page = await api.get(`${scope.basePath}/products/rows`, {
      query: {
        q: q === '' ? undefined : q,
        limit: ROWS_PER_REQUEST,
        offset,
        sort: params.sort,
        dir: params.dir,
        ...filterQuery(params.filter ?? {}),
      },
      schema: productRowListSchema,
      fresh: true,
    });
    rows.push(...page.items.filter((row) => isRowSelected(selection, row.id)));
    if (page.items.length < ROWS_PER_REQUEST) break;
  }
  return rows.slice(0, BATCH_ITEM_LIMIT);
}

/** The full products (sizes with their ids, SKUs and prices) of these ids, 200 per request. */
export async function productsByIds(scope: BusinessScope, ids: readonly string[]): Promise<Product[]> {
  const products: Product[] = [];
  for (const part of chunks(ids, MAX_IDS_IN_QUERY)) {
    const page = await api.get(`${scope.basePath}/products`, {
      query: { ids: part.join(','), status: 'all', limit: MAX_IDS_IN_QUERY },
      schema: productListSchema,
      fresh: true,
    });
    products.push(...page.items);
  }
  return products;
}

/** These products as one marketplace sees them (listing state, per-size listed price), 200 per request. */
export async function listingsOf(
  scope: BusinessScope,
  platform: MarketplacePlatform,
  ids: readonly string[],
): Promise<MarketplaceProduct[]> {
  const products: MarketplaceProduct[] = [];
  for (const part of chunks(ids, MAX_IDS_IN_QUERY)) {
    const page = await api.get(`${scope.basePath}/marketplaces/${platform}/products`, {
      query: { scope: 'listed', product_ids: part.join(','), limit: MAX_IDS_IN_QUERY },
      schema: marketplaceProductsSchema,
      fresh: true,
    });
    products.push(...page.products);
  }
  return products;
}

/** The chosen products as a CSV in the import shape (at most 200: the ids travel in the address). */
export async function downloadChosenCsv(scope: BusinessScope, ids: readonly string[]): Promise<void> {
  const answer: unknown = await api.get(`${scope.basePath}/catalog/export.csv`, {
    query: { ids: ids.join(',') },
    fresh: true,
    headers: { Accept: 'text/csv' },
  });
  const text = typeof answer === 'string' ? answer.replace(/^\uFEFF/, '') : '';
  const blob = answer instanceof Blob ? answer : new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
  saveFile(blob, `products-${today()}.csv`);
}
