/**
 * The rows behind a bearer token (session, user, business), remembered per process so that a
 * request does not pay a database round trip to learn who is asking (half the API's own time on a
 * search-as-you-type request).
 *
 * Correctness comes from forgetting, not from expiry:
 * - every change to those tables, from any process or made directly in SQL, clears the memory
 *   through a NOTIFY (migration 0013), and a commit in this process clears it before the request
 *   that made it answers;
 * - while the NOTIFY connection is down the memory is off, because notices may be missed;
 * - a lookup that started before a clear may not store what it read (the generation check), so a
 *   row read just before a change cannot outlive it.
 * The expiry and revocation checks still run on every request against the remembered row.
 */
export class SessionCache<Row extends object> {
  #entries = new Map<string, { row: Row; storedAt: number }>();
  #generation = 0;
  #live = false;

  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? Date.now;
  }

  /** Read before the lookup; hand it back to `store` so a clear in between wins. */
  generation(): number {
    return this.#generation;
  }

  get(sessionId: string): Row | undefined {
    if (!this.#live) return undefined;
    const entry = this.#entries.get(sessionId);
    if (!entry) return undefined;
    if (this.#now() - entry.storedAt > this.#ttlMs) {
      this.#entries.delete(sessionId);
      return undefined;
    }
    return entry.row;
  }

  store(sessionId: string, row: Row, generationAtLookup: number): void {
    if (!this.#live || generationAtLookup !== this.#generation) return;
    if (this.#entries.size >= this.#maxEntries) {
      // Maps keep insertion order: the first key is the oldest entry.
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    // Frozen, so nothing downstream can change what the next request will read.
    this.#entries.set(sessionId, { row: deepFreeze(row), storedAt: this.#now() });
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  /** Off while change notices could be missed; on again once they are heard. */
  setListening(live: boolean): void {
    this.clear();
    this.#live = live;
  }

  get size(): number {
    return this.#entries.size;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
