import type { DomainEventType } from '../schemas/events.ts';
import type { z } from '../schemas/zod-mini.ts';

/** What the API client needs from its host (web app, extension, tests). */
export type ApiClientOptions = {
  /** Origin of the API, e.g. '' for same origin or 'http://localhost:3000'. '/api/v1' is appended. */
  baseUrl: string;
  /** Current bearer token, or null when signed out. */
  getToken: () => string | null | Promise<string | null>;
  fetch?: typeof fetch;
  /** Injected clock and randomness so timing rules can be tested. */
  now?: () => number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  logger?: Pick<Console, 'warn'>;
  /**
   * The domain event types a successful write published, from its answer's `x-domain-events`
   * header (unknown types left out), so the writer refreshes what they made stale at once: the
   * stream tells every other tab, but a tab's own write should not wait for it or need a hand list.
   */
  onDomainEvents?: (types: DomainEventType[]) => void;
  /** Makes a write's Idempotency-Key (tests fix it; by default a random UUID). */
  newIdempotencyKey?: () => string;
};

export type RequestOptions<T> = {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Validates the answer; the parsed value is returned. A classic zod schema or a zod/mini one. */
  schema?: z.core.$ZodType<T>;
  signal?: AbortSignal;
  /** Skip the GET response cache for this call (it still refreshes the cache). */
  fresh?: boolean;
  headers?: Record<string, string>;
  /** A write's Idempotency-Key, when the caller keeps one per action itself; otherwise the client makes one. */
  idempotencyKey?: string;
};

export type AuthErrorEvent = { status: 401 | 403; path: string };
export type SlowResponseEvent = { path: string; method: string; ms: number };

export type ApiClient = {
  get<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  put<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  patch<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  /** 401/403 from any call: the host clears the session and shows spec §8's toast. Returns an unsubscribe. */
  onAuthError(listener: (event: AuthErrorEvent) => void): () => void;
  onSlowResponse(listener: (event: SlowResponseEvent) => void): () => void;
  /** Drops cached GETs whose path starts with the prefix (all when omitted). */
  invalidate(pathPrefix?: string): void;
  /** Stops the cache sweep timer. */
  dispose(): void;
};
