/**
 * One `Idempotency-Key` per user action, reused by every retry of it, so the server records a write
 * once however often a slow answer makes us send it (api/src/plugins/idempotency.ts keeps the first
 * answer a day and replays it).
 *
 * The client's own retries reuse the prepared request, key included. The query layer's one retry of a
 * mutation (spec §9) sends the same request again from scratch: a write that failed on the way (a
 * network error, a timeout, a 5xx) leaves its key here for a minute, and the identical request takes
 * it again. A write that got an answer (2xx or 4xx) frees its key: the next one is a new action.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** How long an unanswered write's key waits for its retry. */
export const UNANSWERED_KEY_MS = 60_000;

export type IdempotencyKeys = {
  /** The key for this write: the key of an identical unanswered write, or a new one. */
  take(signature: string | null): string;
  /** The write got an answer (or the caller gave up for good): its key is done. */
  answered(signature: string | null): void;
  /** The write got no answer: keep its key for its retry. */
  unanswered(signature: string | null, key: string): void;
};

export function createIdempotencyKeys(options: { now: () => number; newKey?: () => string }): IdempotencyKeys {
  const newKey = options.newKey ?? (() => globalThis.crypto.randomUUID());
  const waiting = new Map<string, { key: string; until: number }>();
  const sweep = () => {
    for (const [signature, entry] of waiting) if (entry.until <= options.now()) waiting.delete(signature);
  };
  return {
    take(signature) {
      sweep();
      return (signature === null ? undefined : waiting.get(signature)?.key) ?? newKey();
    },
    answered(signature) {
      if (signature !== null) waiting.delete(signature);
    },
    unanswered(signature, key) {
      if (signature !== null) waiting.set(signature, { key, until: options.now() + UNANSWERED_KEY_MS });
    },
  };
}
