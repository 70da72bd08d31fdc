import { pathHasPrefix } from './cache-policy.ts';
import { CACHE_MAX_ENTRIES, CACHE_SWEEP_INTERVAL_MS } from './constants.ts';

export type ResponseCacheOptions = {
  maxEntries?: number;
  sweepIntervalMs?: number;
  now?: () => number;
};

export type LoadOptions = {
  /** Start a new request even if one is in flight; the older one's answer is then not stored. */
  force?: boolean;
};

export type ResponseCache<V> = {
  /** The live entry for a key, or undefined. Reading counts as a use for eviction. */
  get(key: string): { value: V } | undefined;
  /** Stores an answer; `path` (relative to /api/v1, query allowed) is what `invalidate` matches. */
  set(key: string, path: string, value: V, lifetimeMs: number): void;
  /**
   * Runs `loader` once for all concurrent callers of the same key and stores its answer, unless
   * `invalidate` or a forced load came in while it ran (the answer may predate a change).
   * Failures are shared with every caller and never stored.
   */
  load(key: string, path: string, lifetimeMs: number, loader: () => Promise<V>, options?: LoadOptions): Promise<V>;
  /** Drops entries (and forgets in-flight loads) whose path lies under the prefix; all when omitted. */
  invalidate(pathPrefix?: string): void;
  /** Removes expired entries; returns how many. Runs by itself every sweep interval. */
  sweep(): number;
  readonly size: number;
  /** Stops the sweep timer and empties the cache; later calls store nothing. */
  dispose(): void;
};

type Entry<V> = { path: string; value: V; expiresAt: number };
type InFlight<V> = { path: string; store: boolean; promise: Promise<V> };

/** Node would otherwise stay alive for the sweep timer; browsers have no unref. */
function unref(timer: unknown): void {
  if (typeof timer === 'object' && timer !== null && 'unref' in timer && typeof timer.unref === 'function') {
    timer.unref();
  }
}

/**
 * A bounded map of GET answers. A Map keeps insertion order, so re-inserting an entry on every read
 * keeps the least recently used one first, which is the one evicted when the cache is full.
 */
export function createResponseCache<V = unknown>(options: ResponseCacheOptions = {}): ResponseCache<V> {
  const maxEntries = options.maxEntries ?? CACHE_MAX_ENTRIES;
  const sweepIntervalMs = options.sweepIntervalMs ?? CACHE_SWEEP_INTERVAL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<V>>();
  const inFlight = new Map<string, InFlight<V>>();
  let sweepTimer: ReturnType<typeof setInterval> | undefined;
  let disposed = false;

  function sweep(): number {
    const time = now();
    let removed = 0;
    for (const [key, entry] of entries) {
      if (entry.expiresAt <= time) {
        entries.delete(key);
        removed += 1;
      }
    }
    return removed;
  }

  // Started by the first stored answer, so an idle client runs no timer.
  function startSweeping(): void {
    if (sweepTimer !== undefined) return;
    sweepTimer = setInterval(sweep, sweepIntervalMs);
    unref(sweepTimer);
  }

  function get(key: string): { value: V } | undefined {
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    entries.delete(key);
    if (entry.expiresAt <= now()) return undefined;
    entries.set(key, entry);
    return { value: entry.value };
  }

  function set(key: string, path: string, value: V, lifetimeMs: number): void {
    if (disposed) return;
    entries.delete(key);
    entries.set(key, { path, value, expiresAt: now() + lifetimeMs });
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next();
      if (oldest.done) break;
      entries.delete(oldest.value);
    }
    startSweeping();
  }

  function load(key: string, path: string, lifetimeMs: number, loader: () => Promise<V>, loadOptions: LoadOptions = {}): Promise<V> {
    const running = inFlight.get(key);
    if (running !== undefined) {
      if (!loadOptions.force) return running.promise;
      running.store = false;
    }
    const record: InFlight<V> = {
      path,
      store: true,
      promise: Promise.resolve()
        .then(loader)
        .then((value) => {
          if (record.store) set(key, path, value, lifetimeMs);
          return value;
        })
        .finally(() => {
          if (inFlight.get(key) === record) inFlight.delete(key);
        }),
    };
    inFlight.set(key, record);
    return record.promise;
  }

  function invalidate(pathPrefix?: string): void {
    for (const [key, entry] of entries) {
      if (pathPrefix === undefined || pathHasPrefix(entry.path, pathPrefix)) entries.delete(key);
    }
    for (const [key, record] of inFlight) {
      if (pathPrefix === undefined || pathHasPrefix(record.path, pathPrefix)) {
        record.store = false;
        inFlight.delete(key);
      }
    }
  }

  function dispose(): void {
    disposed = true;
    if (sweepTimer !== undefined) clearInterval(sweepTimer);
    sweepTimer = undefined;
    invalidate();
  }

  return {
    get,
    set,
    load,
    invalidate,
    sweep,
    get size() {
      return entries.size;
    },
    dispose,
  };
}
