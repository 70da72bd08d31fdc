/**
 * Client limits of spec §9 (and the trial-status lifetime of spec §7), in milliseconds and bytes.
 * Every timing rule of the API client and the event stream reads its number from here.
 */

/** Every call goes to the versioned API base (spec §7). */
export const API_BASE_PATH = '/api/v1';

export const REQUEST_TIMEOUT_MS = 15_000;

/** Retries after the first attempt, for network failures and 5xx only, never for 4xx. */
export const MAX_REQUEST_RETRIES = 3;
export const RETRY_INITIAL_DELAY_MS = 1_000;
export const RETRY_MAX_DELAY_MS = 10_000;

export const CACHE_MAX_ENTRIES = 1_000;
export const CACHE_SWEEP_INTERVAL_MS = 5 * 60_000;
/** Share of cache hits that also refresh the entry in the background ("about 10%"). */
export const CACHE_BACKGROUND_REFRESH_RATIO = 0.1;

/** How long a cached GET answer is served, by kind of data. */
export const CACHE_LIFETIMES_MS = {
  inventorySummary: 60_000,
  inventory: 30_000,
  products: 5 * 60_000,
  analytics: 2 * 60_000,
  businesses: 10 * 60_000,
  users: 5 * 60_000,
  sales: 60_000,
  /** GET /subscriptions/trial/status (spec §7). */
  trialStatus: 5 * 60_000,
  default: 2 * 60_000,
} as const;

/** 50 MB, counted in binary megabytes. */
export const MAX_RESPONSE_BYTES = 50 * 1024 * 1024;

/** Answers slower than this are logged and reported to onSlowResponse listeners. */
export const SLOW_RESPONSE_MS = 2_000;

/** Batch-operations stream: reconnects after an error, 1 s doubling, capped (spec §4, §9). */
export const STREAM_MAX_RECONNECT_ATTEMPTS = 5;
export const STREAM_RECONNECT_INITIAL_DELAY_MS = 1_000;
export const STREAM_RECONNECT_MAX_DELAY_MS = 30_000;
