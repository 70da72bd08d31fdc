import { isChunkLoadError } from '@tradepost/shared/query/policy.ts';

/**
 * How a lazy page's code is fetched (spec §9): 2 to 5 retries after the first try, each try with
 * its own timeout from 20 s up to 45 s; the chunk boundary around a page then retries 2 times more
 * before the user is offered a refresh (spec §4, §8).
 */
export const LAZY_LOAD_MIN_RETRIES = 2;
export const LAZY_LOAD_MAX_RETRIES = 5;
export const LAZY_LOAD_DEFAULT_RETRIES = 3;
export const LAZY_LOAD_BASE_TIMEOUT_MS = 20_000;
export const LAZY_LOAD_TIMEOUT_STEP_MS = 5_000;
export const LAZY_LOAD_RETRY_DELAY_MS = 500;
export const LAZY_LOAD_RETRY_DELAY_MAX_MS = 4_000;
export const CHUNK_BOUNDARY_RETRIES = 2;

/** Spec §8, word for word. */
export const LAZY_LOAD_REFRESH_PROMPT = 'A component failed to load due to a network issue. Would you like to refresh the page?';

/** A whole number of retries within 2..5; anything unreadable falls back to the default. */
export function clampRetries(retries: number): number {
  if (!Number.isFinite(retries)) return LAZY_LOAD_DEFAULT_RETRIES;
  return Math.min(LAZY_LOAD_MAX_RETRIES, Math.max(LAZY_LOAD_MIN_RETRIES, Math.round(retries)));
}

/** Try n (0 = the first try) waits 20 s + 5 s·n: 20, 25, 30, 35, 40, 45 s with 5 retries. */
export function attemptTimeoutMs(attempt: number): number {
  return LAZY_LOAD_BASE_TIMEOUT_MS + LAZY_LOAD_TIMEOUT_STEP_MS * Math.max(0, attempt);
}

/** Pause before retry r (1-based): 0.5 s, 1 s, 2 s, 4 s, 4 s, so a flaky network gets a moment to come back. */
export function retryDelayMs(retry: number): number {
  return Math.min(LAZY_LOAD_RETRY_DELAY_MS * 2 ** Math.max(0, retry - 1), LAZY_LOAD_RETRY_DELAY_MAX_MS);
}

/** A try that took longer than its timeout; named like a chunk error so every recovery path treats it as one. */
export class LazyLoadTimeoutError extends Error {
  override name = 'ChunkLoadError';
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super(`Loading a page timed out after ${Math.round(timeoutMs / 1000)} s`);
    this.timeoutMs = timeoutMs;
  }
}

/** Only network and chunk failures are worth another try; a page that throws while it evaluates would throw again. */
export function shouldRetryLoad(error: unknown): boolean {
  return isChunkLoadError(error);
}

/** Timer functions, injectable so tests can run without real time passing. */
export type LoadTimers = {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

const realTimers: LoadTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function withTimeout<T>(promise: Promise<T>, ms: number, timers: LoadTimers): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const handle = timers.setTimeout(() => reject(new LazyLoadTimeoutError(ms)), ms);
    promise.then(
      (value) => {
        timers.clearTimeout(handle);
        resolve(value);
      },
      (error: unknown) => {
        timers.clearTimeout(handle);
        reject(error);
      },
    );
  });
}

function pause(ms: number, timers: LoadTimers): Promise<void> {
  return new Promise((resolve) => {
    timers.setTimeout(resolve, ms);
  });
}

/**
 * Runs `load` (a dynamic import) with the retry policy above. A try that times out cannot be
 * cancelled; the next try asks again, and the browser hands back the same fetch if it is still
 * on its way, so a slow network simply gets more time.
 */
export async function loadWithRetry<T>(
  load: () => Promise<T>,
  retries: number = LAZY_LOAD_DEFAULT_RETRIES,
  timers: LoadTimers = realTimers,
): Promise<T> {
  const allowed = clampRetries(retries);
  for (let attempt = 0; ; attempt++) {
    try {
      return await withTimeout(load(), attemptTimeoutMs(attempt), timers);
    } catch (error) {
      if (attempt >= allowed || !shouldRetryLoad(error)) throw error;
      await pause(retryDelayMs(attempt + 1), timers);
    }
  }
}

/** What the chunk boundary does with an error thrown while a page renders. */
export type BoundaryDecision = 'retry' | 'offer-refresh' | 'rethrow';

export function boundaryDecision(error: unknown, retriesDone: number): BoundaryDecision {
  if (!isChunkLoadError(error)) return 'rethrow';
  return retriesDone < CHUNK_BOUNDARY_RETRIES ? 'retry' : 'offer-refresh';
}

/**
 * The refresh offer of spec §8. It asks once per page life: after a "no" the failed page's error
 * screen takes over, and other failures do not ask again. Returns true when the page is reloading.
 */
export function createRefreshOffer(confirm: (message: string) => boolean, reload: () => void): () => boolean {
  let asked = false;
  return () => {
    if (asked) return false;
    asked = true;
    if (!confirm(LAZY_LOAD_REFRESH_PROMPT)) return false;
    reload();
    return true;
  };
}
