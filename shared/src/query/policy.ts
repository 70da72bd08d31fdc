/**
 * TanStack Query defaults of spec §8, §9, typed structurally so shared/ needs no React Query
 * dependency: `new QueryClient({ defaultOptions: queryClientDefaults })`.
 *
 * TanStack calls `retry(failureCount, error)` with the failures before this one (0 on the first
 * failure) and `retryDelay(failureCount)` with the same count, so "up to 3 times" is
 * `failureCount < 3` and the first delay is 1 s.
 */

export const QUERY_STALE_TIME_MS = 30_000;
export const QUERY_GC_TIME_MS = 5 * 60_000;
export const QUERY_MAX_RETRIES = 3;
/** Other 4xx answers are retried once (a 404 or 409 can be a moment's race). */
export const QUERY_CLIENT_ERROR_RETRIES = 1;
export const MUTATION_MAX_RETRIES = 1;
export const RETRY_DELAY_INITIAL_MS = 1_000;
export const RETRY_DELAY_MAX_MS = 30_000;

/** The HTTP status an error carries (the API client's ApiError, or any error with a numeric status), if any. */
export function errorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  return typeof error.status === 'number' ? error.status : undefined;
}

function isClientErrorStatus(status: number | undefined): boolean {
  return status !== undefined && status >= 400 && status < 500;
}

const chunkLoadPattern =
  /ChunkLoadError|Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** A lazy page's code failed to load: retrying the query cannot help; the chunk recovery screen handles it (spec §8). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || chunkLoadPattern.test(error.message);
}

/** Never on 401/403 (the global auth handler acts), other 4xx once, everything else up to 3 times. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isChunkLoadError(error)) return false;
  const status = errorStatus(error);
  if (status === 401 || status === 403) return false;
  if (isClientErrorStatus(status)) return failureCount < QUERY_CLIENT_ERROR_RETRIES;
  return failureCount < QUERY_MAX_RETRIES;
}

/** Once, unless the server refused the request (4xx): sending it again would be refused again. */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  if (isChunkLoadError(error) || isClientErrorStatus(errorStatus(error))) return false;
  return failureCount < MUTATION_MAX_RETRIES;
}

/** 1 s, 2 s, 4 s... capped at 30 s. */
export function retryDelay(failureCount: number): number {
  return Math.min(RETRY_DELAY_INITIAL_MS * 2 ** failureCount, RETRY_DELAY_MAX_MS);
}

export type QueryDefaults = {
  queries: {
    staleTime: number;
    gcTime: number;
    refetchOnWindowFocus: boolean;
    refetchOnReconnect: boolean;
    refetchOnMount: boolean;
    retry: (failureCount: number, error: unknown) => boolean;
    retryDelay: (failureCount: number) => number;
  };
  mutations: {
    retry: (failureCount: number, error: unknown) => boolean;
    retryDelay: (failureCount: number) => number;
  };
};

export const queryClientDefaults: QueryDefaults = {
  queries: {
    staleTime: QUERY_STALE_TIME_MS,
    gcTime: QUERY_GC_TIME_MS,
    refetchOnWindowFocus: false,
    refetchOnReconnect: true,
    refetchOnMount: true,
    retry: shouldRetryQuery,
    retryDelay,
  },
  mutations: {
    retry: shouldRetryMutation,
    retryDelay,
  },
};
