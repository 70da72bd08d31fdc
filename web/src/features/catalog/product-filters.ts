import type { ProductApiFilter, ProductListParams, ProductStatusFilter } from '@tradepost/shared/query/catalog.ts';
import {
  type ProductCategory,
  type ProductCondition,
  type ProductSort,
  productCategories,
  productConditions,
} from '@tradepost/shared/schemas/catalog.ts';

/** The sort menu: one choice is a sort and its direction. */
export const sortChoices = [
  { id: 'updated', label: 'Recently updated', sort: 'updated_at', dir: undefined },
  { id: 'created', label: 'Newest first', sort: 'created_at', dir: undefined },
  { id: 'title', label: 'Title A–Z', sort: 'title', dir: undefined },
  { id: 'title-desc', label: 'Title Z–A', sort: 'title', dir: 'desc' },
  { id: 'price', label: 'Retail price: high to low', sort: 'price', dir: undefined },
  { id: 'price-asc', label: 'Retail price: low to high', sort: 'price', dir: 'asc' },
  { id: 'stock', label: 'Most stock first', sort: 'stock', dir: undefined },
  { id: 'stock-asc', label: 'Least stock first', sort: 'stock', dir: 'asc' },
] as const satisfies readonly { id: string; label: string; sort: ProductSort; dir: 'asc' | 'desc' | undefined }[];

export type SortChoice = (typeof sortChoices)[number]['id'];
export type StockFilter = 'in' | 'out';

/** Everything the products page's URL says: what was typed, the filters, the sort. */
export type ProductPageState = {
  q: string;
  brand: string | undefined;
  category: ProductCategory | undefined;
  size: string | undefined;
  location: string | undefined;
  stock: StockFilter | undefined;
  condition: ProductCondition | undefined;
  status: ProductStatusFilter;
  sort: SortChoice;
};

export const defaultPageState: ProductPageState = {
  q: '',
  brand: undefined,
  category: undefined,
  size: undefined,
  location: undefined,
  stock: undefined,
  condition: undefined,
  status: 'active',
  sort: 'updated',
};

const statuses: readonly ProductStatusFilter[] = ['active', 'archived', 'draft', 'all'];
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
const text = (value: string | null, max: number): string | undefined => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? undefined : trimmed.slice(0, max);
};

/** Reads the page state from the address bar; anything unknown or malformed is ignored, never an error. */
export function pageStateFromSearch(search: URLSearchParams): ProductPageState {
  const location = search.get('location');
  return {
    q: (search.get('q') ?? '').slice(0, 100),
    brand: text(search.get('brand'), 80),
    category: oneOf(productCategories, search.get('category')),
    size: text(search.get('size'), 20),
    location: location !== null && uuid.test(location) ? location : undefined,
    stock: oneOf(['in', 'out'] as const, search.get('stock')),
    condition: oneOf(productConditions, search.get('condition')),
    status: oneOf(statuses, search.get('status')) ?? 'active',
    sort:
      oneOf(
        sortChoices.map((choice) => choice.id),
        search.get('sort'),
      ) ?? 'updated',
  };
}

/** The state as address-bar parameters, leaving out every default so a plain page has a plain URL. */
export function pageStateToSearch(state: ProductPageState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.q.trim() !== '') search.set('q', state.q.trim());
  if (state.brand !== undefined) search.set('brand', state.brand);
  if (state.category !== undefined) search.set('category', state.category);
  if (state.size !== undefined) search.set('size', state.size);
  if (state.location !== undefined) search.set('location', state.location);
  if (state.stock !== undefined) search.set('stock', state.stock);
  if (state.condition !== undefined) search.set('condition', state.condition);
  if (state.status !== 'active') search.set('status', state.status);
  if (state.sort !== 'updated') search.set('sort', state.sort);
  return search;
}

/** The filters as the API takes them (no undefined keys, so equal filters make equal query keys). */
export function apiFilter(state: ProductPageState): ProductApiFilter {
  const filter: ProductApiFilter = { status: state.status };
  if (state.brand !== undefined) filter.brand = state.brand;
  if (state.category !== undefined) filter.category = state.category;
  if (state.size !== undefined) filter.size = state.size;
  if (state.location !== undefined) filter.location_id = state.location;
  if (state.stock !== undefined) filter.in_stock = state.stock === 'in';
  if (state.condition !== undefined) filter.condition = state.condition;
  return filter;
}

/**
 * What the products table asks for when the page opens on this state: the search as typed (trimmed),
 * the sort and the filters. The page builds the same from its state, which is what lets the start-up
 * warm-up (`prefetchProductRows`) and the page share one request.
 */
export function rowsParamsFrom(state: ProductPageState): ProductListParams {
  return { q: state.q.trim(), ...sortOf(state.sort), filter: apiFilter(state) };
}

export function sortOf(choice: SortChoice): { sort: ProductSort; dir?: 'asc' | 'desc' } {
  const found = sortChoices.find((option) => option.id === choice) ?? sortChoices[0];
  return found.dir === undefined ? { sort: found.sort } : { sort: found.sort, dir: found.dir };
}

/** How many filters narrow the list (search text and sort are not filters; a status other than active is). */
export function activeFilterCount(state: ProductPageState): number {
  const set = [state.brand, state.category, state.size, state.location, state.stock, state.condition].filter(
    (value) => value !== undefined,
  ).length;
  return set + (state.status === 'active' ? 0 : 1);
}

/** The API's query string values for a filter ('true' and 'false' for the stock flag). */
export function filterQuery(filter: ProductApiFilter): Record<string, string | undefined> {
  return {
    status: filter.status,
    brand: filter.brand,
    category: filter.category,
    size: filter.size,
    location_id: filter.location_id,
    in_stock: filter.in_stock === undefined ? undefined : String(filter.in_stock),
    condition: filter.condition,
  };
}
