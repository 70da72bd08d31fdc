import { timingSafeEqual } from 'node:crypto';
import type { AdapterConfig, Credentials, FetchFn, ItemError, ItemResult, TokenStore, WebhookRequest } from './types.ts';

// The one way all three adapters send requests, wait, retry, refresh tokens and split bulk work.

/** The account must be connected again; `TokenStore.reconnectNeeded` has been called. */
export class ReconnectNeeded extends Error {
  readonly code = 'RECONNECT_NEEDED';
  readonly reason: string;
  constructor(reason: string) {
    super(`Reconnect needed: ${reason}`);
    this.name = 'ReconnectNeeded';
    this.reason = reason;
  }
}

/** A platform refused or could not answer; `retryable` says whether sending it again may help. */
export class PlatformError extends Error {
  readonly status: number | null;
  readonly code: string;
  readonly retryable: boolean;
  readonly body: unknown;
  constructor(status: number | null, code: string, message: string, retryable: boolean, body: unknown = null) {
    super(message);
    this.name = 'PlatformError';
    this.status = status;
    this.code = code;
    this.retryable = retryable;
    this.body = body;
  }
}

export type Runtime = {
  fetch: FetchFn;
  sleep: (ms: number) => Promise<void>;
  now: () => Date;
  random: () => number;
};

export function runtimeOf(config: AdapterConfig): Runtime {
  return {
    fetch: config.fetch ?? ((input, init) => fetch(input, init)),
    sleep: config.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    now: config.now ?? (() => new Date()),
    random: config.random ?? Math.random,
  };
}

export type RawResponse = { status: number; headers: Headers; text: string; body: unknown };

/** What a platform's answer means for the retry loop. */
export type Verdict =
  | { kind: 'ok' }
  | { kind: 'expired' }
  | { kind: 'throttled'; waitMs: number | null }
  | { kind: 'retry'; error: PlatformError }
  | { kind: 'fail'; error: PlatformError };

export const RETRY = { maxRetries: 3, maxThrottleWaits: 8, baseMs: 500, capMs: 30_000 } as const;

/** Exponential backoff with jitter (half fixed, half random), capped. */
export function backoffMs(attempt: number, random: () => number, baseMs: number = RETRY.baseMs, capMs: number = RETRY.capMs): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** `Retry-After` as seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: Date): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1_000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

function parseBody(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export type CallOptions = {
  /** Builds the request for a token ('' when the call is not authenticated). */
  build: (token: string) => { url: string; init: RequestInit };
  classify: (response: RawResponse) => Verdict;
  /** Safe to send again after a lost answer (PUT by key, idempotency key, reads). */
  idempotent: boolean;
  auth?: TokenManager | null;
  /** The answer is not JSON (a storage bucket's reply to an upload): keep its text, do not parse it. */
  raw?: boolean;
};

/**
 * Sends one logical call: refreshes an expired token once and retries once, waits out rate limits
 * (Retry-After or bucket math, else backoff), retries 5xx, malformed answers and dropped
 * connections a bounded number of times, but only when the call is idempotent.
 */
export async function call(rt: Runtime, options: CallOptions): Promise<RawResponse> {
  let retries = 0;
  let throttles = 0;
  let refreshed = false;
  for (;;) {
    const token = options.auth ? await options.auth.token() : '';
    const { url, init } = options.build(token);
    let response: Response;
    try {
      response = await rt.fetch(url, init);
    } catch (cause) {
      const error = new PlatformError(null, 'NETWORK', `No answer from ${new URL(url).host}: ${String(cause)}`, true);
      if (!options.idempotent || retries >= RETRY.maxRetries) throw error;
      await rt.sleep(backoffMs(retries++, rt.random));
      continue;
    }
    const text = await response.text().catch(() => null);
    const parsed = text === null ? { ok: false as const } : options.raw ? { ok: true as const, value: null } : parseBody(text);
    if (!parsed.ok) {
      const error = new PlatformError(response.status, 'MALFORMED', `Unreadable answer (${response.status}) from ${url}`, true);
      if (!options.idempotent || retries >= RETRY.maxRetries) throw error;
      await rt.sleep(backoffMs(retries++, rt.random));
      continue;
    }
    const raw: RawResponse = { status: response.status, headers: response.headers, text: text ?? '', body: parsed.value };
    const verdict = options.classify(raw);
    switch (verdict.kind) {
      case 'ok':
        return raw;
      case 'expired': {
        if (!options.auth) throw new PlatformError(raw.status, 'UNAUTHORIZED', 'The platform refused the credentials', false, raw.body);
        if (refreshed) await options.auth.fail('the platform refused a freshly refreshed token');
        refreshed = true;
        await options.auth.refresh();
        continue;
      }
      case 'throttled': {
        if (throttles >= RETRY.maxThrottleWaits)
          throw new PlatformError(raw.status, 'RATE_LIMITED', 'Still rate limited after waiting', true, raw.body);
        await rt.sleep(verdict.waitMs ?? backoffMs(throttles, rt.random));
        throttles++;
        continue;
      }
      case 'retry': {
        if (!options.idempotent || retries >= RETRY.maxRetries) throw verdict.error;
        await rt.sleep(backoffMs(retries++, rt.random));
        continue;
      }
      case 'fail':
        throw verdict.error;
    }
  }
}

/**
 * Hands out a valid access token: refreshes a minute before expiry or when the platform says the
 * token expired; one refresh at a time; a refused refresh means the seller must reconnect.
 */
export class TokenManager {
  #pending: Promise<Credentials> | null = null;
  private readonly store: TokenStore;
  private readonly rt: Runtime;
  /** Null for platforms or tokens without a refresh grant. */
  private readonly refreshGrant: ((current: Credentials) => Promise<Credentials>) | null;

  constructor(store: TokenStore, rt: Runtime, refreshGrant: ((current: Credentials) => Promise<Credentials>) | null) {
    this.store = store;
    this.rt = rt;
    this.refreshGrant = refreshGrant;
  }

  async token(): Promise<string> {
    const creds = await this.store.current();
    const soon = this.rt.now().getTime() + 60_000;
    if (creds.expiresAt && creds.expiresAt.getTime() <= soon && creds.refreshToken && this.refreshGrant) {
      return (await this.refresh()).accessToken;
    }
    return creds.accessToken;
  }

  refresh(): Promise<Credentials> {
    this.#pending ??= this.#refresh().finally(() => {
      this.#pending = null;
    });
    return this.#pending;
  }

  /**
   * The proactive refresh: a refreshable token is refreshed now; a token without a refresh grant
   * is returned as it is while it is still valid (nothing to do), and means reconnect once expired.
   */
  async refreshNow(): Promise<Credentials> {
    const creds = await this.store.current();
    if (creds.refreshToken && this.refreshGrant) return this.refresh();
    if (creds.expiresAt && creds.expiresAt.getTime() <= this.rt.now().getTime())
      return this.fail('the access token expired and cannot be refreshed');
    return creds;
  }

  async fail(reason: string): Promise<never> {
    await this.store.reconnectNeeded(reason);
    throw new ReconnectNeeded(reason);
  }

  async #refresh(): Promise<Credentials> {
    const creds = await this.store.current();
    if (!creds.refreshToken || !this.refreshGrant) return this.fail('the access token expired and cannot be refreshed');
    const grant = this.refreshGrant;
    try {
      return await this.store.refreshOnce(creds, grant);
    } catch (error) {
      // A transient failure (no answer, 5xx) is not a reason to make the seller reconnect.
      if (error instanceof PlatformError && error.retryable) throw error;
      return this.fail(`refresh refused: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function itemFailure(sku: string, error: ItemError): ItemResult {
  return { sku, ok: false, error };
}

function errorOf(error: unknown): ItemError {
  if (error instanceof PlatformError) return { code: error.code, message: error.message, retryable: error.retryable };
  return { code: 'UNKNOWN', message: error instanceof Error ? error.message : String(error), retryable: false };
}

/**
 * Sends items in chunks, then sends again only the items that failed with a retryable error
 * (up to `rounds` times). A chunk that fails as a whole marks each of its items failed.
 * `ReconnectNeeded` stops everything.
 */
export async function inChunks<T extends { sku: string }>(
  items: T[],
  size: number,
  send: (chunk: T[]) => Promise<ItemResult[]>,
  rounds = 2,
): Promise<ItemResult[]> {
  const results = new Map<T, ItemResult>();
  let pending = items;
  for (let round = 0; round <= rounds && pending.length > 0; round++) {
    for (const part of chunk(pending, size)) {
      let answers: ItemResult[];
      try {
        answers = await send(part);
      } catch (error) {
        if (error instanceof ReconnectNeeded) throw error;
        answers = part.map((item) => itemFailure(item.sku, errorOf(error)));
      }
      for (const [i, item] of part.entries()) {
        results.set(item, answers[i] ?? itemFailure(item.sku, { code: 'NO_ANSWER', message: 'No result', retryable: true }));
      }
    }
    pending = pending.filter((item) => {
      const result = results.get(item);
      return result && !result.ok && result.error.retryable;
    });
  }
  return items.map((item) => results.get(item) ?? itemFailure(item.sku, { code: 'NO_ANSWER', message: 'No result', retryable: true }));
}

export function header(request: WebhookRequest, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(request.headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    return Array.isArray(value) ? (value[0] ?? null) : value;
  }
  return null;
}

export function rawText(request: WebhookRequest): string {
  return typeof request.rawBody === 'string' ? request.rawBody : request.rawBody.toString('utf8');
}

export function rawBytes(request: WebhookRequest): Buffer {
  return typeof request.rawBody === 'string' ? Buffer.from(request.rawBody, 'utf8') : request.rawBody;
}

/** Constant-time comparison of two signatures in the same encoding. */
export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function centsToDecimal(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function decimalToCents(value: string | number | null | undefined): number {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}

export function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function str(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

export function isoOf(value: Date): string {
  return value.toISOString();
}
