import { clientErrorCodes, isApiError } from '@tradepost/shared/client/api-error.ts';
import { isChunkLoadError } from '@tradepost/shared/query/policy.ts';

/** Spec §8: three repeated errors within 60 seconds with suspected cache trouble. */
export const CACHE_TROUBLE_WINDOW_MS = 60_000;
export const CACHE_TROUBLE_THRESHOLD = 3;

const cacheTroublePattern =
  /JSON|Unexpected token|Unexpected end of input|is not valid JSON|parse|MIME type|Failed to fetch dynamically imported module|Importing a module script failed|Loading (CSS )?chunk/i;

/**
 * Failures that stale cached files or data tend to cause: a page chunk that no longer exists, an
 * HTML page where JSON was expected, an answer that no longer fits the app's schema.
 */
export function isSuspectedCacheError(error: unknown): boolean {
  if (isChunkLoadError(error)) return true;
  if (isApiError(error)) return error.code === clientErrorCodes.invalidResponse;
  if (error instanceof SyntaxError) return true;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return cacheTroublePattern.test(message);
}

export type CacheTroubleDetector = {
  /** Records one error; true when it makes three suspected ones within 60 s (the count then starts over). */
  record(error: unknown): boolean;
  reset(): void;
};

export function createCacheTroubleDetector(now: () => number = Date.now): CacheTroubleDetector {
  let times: number[] = [];
  return {
    record(error) {
      if (!isSuspectedCacheError(error)) return false;
      const at = now();
      times = [...times.filter((time) => at - time < CACHE_TROUBLE_WINDOW_MS), at];
      if (times.length < CACHE_TROUBLE_THRESHOLD) return false;
      times = [];
      return true;
    },
    reset() {
      times = [];
    },
  };
}

/** The app's one detector: query errors, mutation errors and uncaught chunk failures all feed it. */
export const cacheTroubleDetector = createCacheTroubleDetector();
