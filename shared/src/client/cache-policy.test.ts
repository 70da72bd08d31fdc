import { describe, expect, it } from 'vitest';
import { cacheLifetimeFor, invalidationPrefixFor, pathHasPrefix, pathSegments } from './cache-policy.ts';

const business = '/businesses/0190f6a2-7c1e-7cc3-9b7e-2c1f3f1b7a10';

describe('cacheLifetimeFor', () => {
  it.each([
    [`${business}/inventory/summary`, 60_000],
    [`${business}/inventory/summary?location=main`, 60_000],
    [`${business}/inventory`, 30_000],
    [`${business}/inventory/counts/42`, 30_000],
    [`${business}/products?limit=50&sort=updated_at`, 300_000],
    [`${business}/products/123/variants`, 300_000],
    [`${business}/analytics/dashboard`, 120_000],
    [`${business}/users`, 300_000],
    [`${business}/sales?limit=20&sort=created_at`, 60_000],
    ['/businesses', 600_000],
    ['/businesses/', 600_000],
    [business, 600_000],
    ['/businesses?limit=10', 600_000],
    ['/users/me/sessions', 300_000],
    ['/subscriptions/trial/status', 300_000],
    [`${business}/vendors`, 120_000],
    ['/version.json', 120_000],
  ])('%s lives %i ms', (path, ms) => {
    expect(cacheLifetimeFor(path)).toBe(ms);
  });

  it('never caches auth, health or the stream', () => {
    expect(cacheLifetimeFor('/auth/me')).toBeNull();
    expect(cacheLifetimeFor('/auth/me?x=1')).toBeNull();
    expect(cacheLifetimeFor('/health')).toBeNull();
    expect(cacheLifetimeFor('/sse/batch-operations/stream?token=t')).toBeNull();
  });

  it('matches whole segments, not string prefixes', () => {
    expect(cacheLifetimeFor(`${business}/inventory-summary`)).toBe(120_000);
    expect(cacheLifetimeFor(`${business}/productsets`)).toBe(120_000);
    expect(cacheLifetimeFor('/authors')).toBe(120_000);
  });
});

describe('invalidationPrefixFor', () => {
  it('keeps the business and area of a business-scoped path', () => {
    expect(invalidationPrefixFor(`${business}/products/123/variants`)).toBe(`${business}/products`);
    expect(invalidationPrefixFor(`${business}/inventory/adjustments?x=1`)).toBe(`${business}/inventory`);
  });

  it('falls back to the first segment', () => {
    expect(invalidationPrefixFor(business)).toBe('/businesses');
    expect(invalidationPrefixFor('/auth/me')).toBe('/auth');
    expect(invalidationPrefixFor('/')).toBe('/');
  });
});

describe('pathHasPrefix', () => {
  it('compares segments and ignores the query', () => {
    expect(pathHasPrefix(`${business}/products?limit=50`, `${business}/products`)).toBe(true);
    expect(pathHasPrefix(`${business}/products/1`, `${business}/products/`)).toBe(true);
    expect(pathHasPrefix(`${business}/products-archive`, `${business}/products`)).toBe(false);
    expect(pathHasPrefix('/anything', '/')).toBe(true);
  });

  it('splits paths into segments', () => {
    expect(pathSegments('/a/b/?c=/d')).toEqual(['a', 'b']);
  });
});
