import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  apiFilter,
  defaultPageState,
  filterQuery,
  pageStateFromSearch,
  pageStateToSearch,
  sortOf,
} from './product-filters.ts';

describe('products page state in the address bar', () => {
  it('a plain page has a plain URL, and every filter survives the round trip', () => {
    expect(pageStateToSearch(defaultPageState).toString()).toBe('');
    const state = {
      ...defaultPageState,
      q: 'dunk',
      brand: 'New Balance',
      category: 'sneakers' as const,
      size: '10.5',
      location: '0b6c3c1e-8d7c-4b8a-9a37-1f2e3d4c5b6a',
      stock: 'in' as const,
      condition: 'pre_owned' as const,
      status: 'archived' as const,
      sort: 'price-asc' as const,
    };
    const search = pageStateToSearch(state);
    expect(search.get('brand')).toBe('New Balance');
    expect(pageStateFromSearch(new URLSearchParams(search.toString()))).toEqual(state);
  });

  it('ignores what it does not understand instead of failing', () => {
    const state = pageStateFromSearch(new URLSearchParams('category=shoes&stock=maybe&status=gone&sort=colour&location=nope&brand=%20'));
    expect(state).toEqual(defaultPageState);
  });

  it('turns the state into API filters and counts the active ones', () => {
    const state = { ...defaultPageState, brand: 'Nike', stock: 'out' as const, status: 'all' as const };
    expect(apiFilter(state)).toEqual({ status: 'all', brand: 'Nike', in_stock: false });
    expect(filterQuery(apiFilter(state))).toMatchObject({ brand: 'Nike', in_stock: 'false', status: 'all', size: undefined });
    expect(activeFilterCount(state)).toBe(3);
    expect(activeFilterCount({ ...defaultPageState, q: 'samba', sort: 'title' })).toBe(0);
  });

  it('maps each sort choice to a sort and direction', () => {
    expect(sortOf('updated')).toEqual({ sort: 'updated_at' });
    expect(sortOf('stock-asc')).toEqual({ sort: 'stock', dir: 'asc' });
    expect(sortOf('title-desc')).toEqual({ sort: 'title', dir: 'desc' });
  });
});
