import { CACHE_LIFETIMES_MS } from './constants.ts';

/**
 * Which GET answers the client caches, and for how long (spec §7, §9).
 *
 * Paths are relative to /api/v1 and may carry a query string. Matching works on path segments:
 * 1. `/auth/...` is never cached (the session must always be current), nor `/health` (a cached
 *    health check would hide an outage) nor `/sse/...` (a stream, not an answer).
 * 2. A business-scoped path `/businesses/{id}/<area>/...` is looked up by its area, so
 *    `/businesses/{id}/inventory/summary` is "inventory summary" and `/businesses/{id}/analytics/sales`
 *    is "analytics". Other paths are looked up by their own first segments (`/users/...`).
 * 3. `/businesses` and `/businesses/{id}` themselves are "businesses".
 * 4. Everything else gets the default lifetime.
 */

const neverCached = ['auth', 'health', 'sse'];

/** Longer prefixes first: the first match wins. */
const lifetimeByArea: ReadonlyArray<readonly [area: string, ms: number]> = [
  ['inventory/summary', CACHE_LIFETIMES_MS.inventorySummary],
  ['inventory', CACHE_LIFETIMES_MS.inventory],
  ['products', CACHE_LIFETIMES_MS.products],
  ['analytics', CACHE_LIFETIMES_MS.analytics],
  ['users', CACHE_LIFETIMES_MS.users],
  ['sales', CACHE_LIFETIMES_MS.sales],
  ['subscriptions/trial/status', CACHE_LIFETIMES_MS.trialStatus],
];

/** The path without query string or trailing slash, split into segments. */
export function pathSegments(path: string): string[] {
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? '';
  return withoutQuery.split('/').filter((segment) => segment !== '');
}

function startsWithSegments(segments: readonly string[], prefix: readonly string[]): boolean {
  return prefix.every((segment, index) => segments[index] === segment);
}

/** Lifetime in ms of a cached GET answer for this path, or null when it must not be cached. */
export function cacheLifetimeFor(path: string): number | null {
  const segments = pathSegments(path);
  const first = segments[0];
  if (first === undefined) return CACHE_LIFETIMES_MS.default;
  if (neverCached.includes(first)) return null;

  if (first === 'businesses' && segments.length <= 2) return CACHE_LIFETIMES_MS.businesses;
  const area = first === 'businesses' ? segments.slice(2) : segments;
  for (const [prefix, ms] of lifetimeByArea) {
    if (startsWithSegments(area, prefix.split('/'))) return ms;
  }
  return CACHE_LIFETIMES_MS.default;
}

/**
 * The cached GETs a mutation makes stale, as one path prefix: `/businesses/{id}/<area>` for a
 * business-scoped path, otherwise its first segment (`/businesses` for `/businesses/{id}` itself).
 * A change in one area can affect another (a sale changes inventory); the query layer's own
 * invalidation covers that by refetching with `fresh: true` or calling `invalidate` with a wider prefix.
 */
export function invalidationPrefixFor(path: string): string {
  const segments = pathSegments(path);
  if (segments[0] === 'businesses' && segments.length >= 3) return `/${segments.slice(0, 3).join('/')}`;
  return segments.length === 0 ? '/' : `/${segments[0]}`;
}

/** Whether a cached path falls under a prefix, segment by segment (`/products` does not cover `/products-archive`). */
export function pathHasPrefix(path: string, prefix: string): boolean {
  return startsWithSegments(pathSegments(path), pathSegments(prefix));
}
