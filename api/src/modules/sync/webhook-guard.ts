// How many refused webhooks we write down (issue #15, defect 10). Each refusal used to write a row
// of `webhook_rejections` and a warning, so anyone who knows a connection's webhook address could
// fill the database and the log. Refusals are public noise; a few per minute say everything the
// seller and we need (that it happens, why, from where).

/**
 * Rows per connection per minute. Ten show what is going on; the rest of a flood is counted into
 * the next row's `suppressed`. The same number bounds the rows across API processes
 * (`recordRejection` counts the minute's rows first), up to the few that race that count.
 */
export const REJECTION_ROWS_PER_CONNECTION = 10;
/** Rows per source address per minute, over all connections: one prober cannot spread a flood over many. */
export const REJECTION_ROWS_PER_ADDRESS = 30;
/**
 * Refusals per source address per minute after which its requests are answered 429 at once, before
 * any database read. No platform sends that many deliveries we refuse (a real one is refused only
 * when misconfigured, and it retries later), so this stops only a flood; and its answers stay fast.
 */
export const REFUSALS_BEFORE_BLOCK = 120;
export const REJECTION_WINDOW_MS = 60_000;
/** Keys remembered at most (one per connection or address seen refusing this minute). */
const MAX_KEYS = 10_000;

type Window = { start: number; count: number; suppressed: number };

export type RejectionVerdict = { record: false } | { record: true; suppressedBefore: number };

/** Per-process counters of refused deliveries by connection and by source address, in one-minute windows. */
export class RejectionBudget {
  readonly #windows = new Map<string, Window>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** True when the address has been refused so often this minute that it gets 429 without a look-up. */
  blocked(address: string): boolean {
    return (this.#current(`refused:${address}`)?.count ?? 0) >= REFUSALS_BEFORE_BLOCK;
  }

  /** A refusal without a connection (unknown address): it only counts towards the block. */
  refused(address: string): void {
    this.#take(`refused:${address}`);
  }

  /** A refusal of a delivery to a connection: whether to write its row (and how many went unwritten before it). */
  take(connectionId: string, address: string): RejectionVerdict {
    this.#take(`refused:${address}`);
    const byAddress = this.#take(`rows:${address}`);
    const byConnection = this.#take(`connection:${connectionId}`);
    if (byAddress.count > REJECTION_ROWS_PER_ADDRESS || byConnection.count > REJECTION_ROWS_PER_CONNECTION) {
      byConnection.suppressed++;
      return { record: false };
    }
    const suppressedBefore = byConnection.suppressed;
    byConnection.suppressed = 0;
    return { record: true, suppressedBefore };
  }

  /** A row that could not be written (the database said the minute was full): count it with the next one. */
  unrecorded(connectionId: string, count: number): void {
    const window = this.#current(`connection:${connectionId}`);
    if (window) window.suppressed += count;
  }

  #current(key: string): Window | null {
    const window = this.#windows.get(key);
    if (!window) return null;
    return this.#now() - window.start < REJECTION_WINDOW_MS ? window : null;
  }

  #take(key: string): Window {
    const now = this.#now();
    let window = this.#windows.get(key);
    if (!window) {
      if (this.#windows.size >= MAX_KEYS) this.#prune(now);
      window = { start: now, count: 0, suppressed: 0 };
      this.#windows.set(key, window);
    } else if (now - window.start >= REJECTION_WINDOW_MS) {
      // A new minute; what went unwritten in the last one is still owed to the next row.
      window.start = now;
      window.count = 0;
    }
    window.count++;
    return window;
  }

  #prune(now: number): void {
    for (const [key, window] of this.#windows) {
      if (now - window.start >= REJECTION_WINDOW_MS && window.suppressed === 0) this.#windows.delete(key);
    }
    // Still full (a flood from very many addresses): forget the oldest half rather than grow.
    if (this.#windows.size >= MAX_KEYS) {
      let drop = Math.ceil(this.#windows.size / 2);
      for (const key of this.#windows.keys()) {
        if (drop-- <= 0) break;
        this.#windows.delete(key);
      }
    }
  }
}
