import { type DomainEventType, domainEventPayloadSchemas } from '../schemas/events.ts';
import { z } from '../schemas/zod-mini.ts';
import {
  type ApiError,
  abortedError,
  apiErrorFromResponse,
  clientErrorCodes,
  invalidResponseError,
  isApiError,
  networkError,
  responseTooLargeError,
  timeoutError,
} from './api-error.ts';
import { cacheLifetimeFor, invalidationPrefixFor, pathSegments } from './cache-policy.ts';
import {
  API_BASE_PATH,
  CACHE_BACKGROUND_REFRESH_RATIO,
  MAX_REQUEST_RETRIES,
  MAX_RESPONSE_BYTES,
  REQUEST_TIMEOUT_MS,
  RETRY_INITIAL_DELAY_MS,
  RETRY_MAX_DELAY_MS,
  SLOW_RESPONSE_MS,
} from './constants.ts';
import { createIdempotencyKeys, IDEMPOTENCY_KEY_HEADER } from './idempotency-keys.ts';
import { createListenerSet } from './listener-set.ts';
import { createResponseCache } from './response-cache.ts';
import type { ApiClient, ApiClientOptions, AuthErrorEvent, RequestOptions, SlowResponseEvent } from './types.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What one exchange produced; cached GETs keep the status so a later schema failure can name it. */
type Answer = { status: number; data: unknown; domainEvents: DomainEventType[] };

/** The header in which a write's answer names the domain event types it published (api/src/platform/domain-events.ts). */
export const DOMAIN_EVENTS_HEADER = 'x-domain-events';

const isDomainEventType = (type: string): type is DomainEventType => Object.hasOwn(domainEventPayloadSchemas, type);

/** `stock.moved,sale.recorded` → the known types, each once; a type this build does not know is left out. */
export function domainEventsOf(header: string | null): DomainEventType[] {
  if (header === null) return [];
  return [...new Set(header.split(',').map((type) => type.trim()))].filter(isDomainEventType);
}

type PreparedRequest = {
  method: HttpMethod;
  /** Relative to /api/v1, with query string: used for the URL and the cache. */
  pathWithQuery: string;
  /** Without query string: the only form that is logged or reported (queries can hold secrets). */
  logPath: string;
  headers: Record<string, string>;
  body: BodyInit | undefined;
  hasToken: boolean;
};

/** Delay before retry number `retry` (0-based): 1 s, 2 s, 4 s... capped at 10 s. */
export function retryDelayMs(retry: number): number {
  return Math.min(RETRY_INITIAL_DELAY_MS * 2 ** retry, RETRY_MAX_DELAY_MS);
}

/**
 * Network failures, timeouts and 5xx answers are retried; 4xx never. This applies to every method,
 * as spec §9 says, so a POST whose answer was lost may reach the server twice: every write carries an
 * Idempotency-Key (idempotency-keys.ts), and the server answers its repeats with the first answer.
 */
export function isRetryableError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.code === clientErrorCodes.network || error.code === clientErrorCodes.timeout) return true;
  return error.status >= 500 && error.code !== clientErrorCodes.responseTooLarge && error.code !== clientErrorCodes.invalidResponse;
}

/** Query values are sorted by name so the same query always gives the same URL and cache key. */
export function pathWithQuery(path: string, query: RequestOptions<unknown>['query']): string {
  const normalised = path.startsWith('/') ? path : `/${path}`;
  if (query === undefined) return normalised;
  const params = new URLSearchParams();
  const names = Object.keys(query).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const name of names) {
    const value = query[name];
    if (value !== undefined) params.append(name, String(value));
  }
  const search = params.toString();
  if (search === '') return normalised;
  return `${normalised}${normalised.includes('?') ? '&' : '?'}${search}`;
}

/** FormData, files and the like go out as they are (the browser sets their Content-Type); the rest as JSON. */
function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

function encodeBody(body: unknown): { init: BodyInit | undefined; isJson: boolean } {
  if (body === undefined) return { init: undefined, isJson: false };
  if (isRawBody(body)) return { init: body, isJson: false };
  return { init: JSON.stringify(body), isJson: true };
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Lets one caller stop waiting for a shared request without cancelling it for the others. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(abortedError(signal.reason));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Reads the body as text, refusing more than the limit whatever Content-Length claimed. */
async function readLimitedBytes(response: Response): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_RESPONSE_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw responseTooLargeError(response.status, MAX_RESPONSE_BYTES);
  }
  if (response.body === null) return new Uint8Array(0);
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw responseTooLargeError(response.status, MAX_RESPONSE_BYTES);
    }
    parts.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

/** Files (PDF labels and slips, raster images) come back as a Blob; everything else, SVG included, is text to decode. */
const isBinaryType = (contentType: string) => /^(application\/(pdf|octet-stream)|image\/(?!svg\+xml))/i.test(contentType);

/** JSON when the server says so or says nothing; other types (CSV, plain text) come back as text. */
function decodeBody(status: number, contentType: string, text: string): unknown {
  if (status === 204 || status === 205 || text === '') return undefined;
  const declaredJson = /[/+]json\b/i.test(contentType);
  if (!declaredJson && contentType !== '') return text;
  try {
    return JSON.parse(text);
  } catch (cause) {
    if (!declaredJson) return text;
    throw invalidResponseError(status, 'Response is not valid JSON', [], cause);
  }
}

function parseWithSchema<T>(answer: Answer, schema: z.core.$ZodType<T> | undefined, request: PreparedRequest): T {
  // 204 carries nothing to validate: the call resolves to undefined.
  if (schema === undefined || answer.data === undefined) return answer.data as T;
  const result = z.safeParse(schema, answer.data);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
  throw invalidResponseError(answer.status, `Unexpected response from ${request.method} ${request.logPath}`, details, result.error);
}

/**
 * The API client of spec §7 and §9. GETs are cached per cache-policy.ts; a mutation drops the cached
 * GETs of its area (see `invalidationPrefixFor`) when it finishes, whatever its outcome, because even
 * a failed call may have changed something on the server.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const apiBase = `${options.baseUrl.replace(/\/+$/, '')}${API_BASE_PATH}`;
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? defaultSleep;
  const logger = options.logger ?? console;

  const reportListenerError = (error: unknown) => logger.warn('[api] an event listener failed', error);
  const authErrorListeners = createListenerSet<AuthErrorEvent>(reportListenerError);
  const slowResponseListeners = createListenerSet<SlowResponseEvent>(reportListenerError);
  const cache = createResponseCache<Answer>({ now });
  const idempotencyKeys = createIdempotencyKeys({ now, ...(options.newIdempotencyKey ? { newKey: options.newIdempotencyKey } : {}) });

  function reportIfSlow(request: PreparedRequest, ms: number): void {
    if (ms <= SLOW_RESPONSE_MS) return;
    logger.warn(`[api] slow response: ${request.method} ${request.logPath} took ${ms} ms`);
    slowResponseListeners.emit({ path: request.logPath, method: request.method, ms });
  }

  async function sendOnce(request: PreparedRequest, callerSignal: AbortSignal | undefined): Promise<Answer> {
    if (callerSignal?.aborted) throw abortedError(callerSignal.reason);
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
    const signal = callerSignal === undefined ? timeout.signal : AbortSignal.any([callerSignal, timeout.signal]);
    const failure = (cause: unknown): ApiError => {
      if (isApiError(cause)) return cause;
      if (timeout.signal.aborted) return timeoutError(REQUEST_TIMEOUT_MS);
      if (callerSignal?.aborted) return abortedError(callerSignal.reason);
      return networkError(cause);
    };
    const started = now();
    try {
      let response: Response;
      let bytes: Uint8Array<ArrayBuffer>;
      try {
        response = await fetchImpl(`${apiBase}${request.pathWithQuery}`, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          signal,
        });
        bytes = await readLimitedBytes(response);
      } catch (cause) {
        throw failure(cause);
      }
      reportIfSlow(request, now() - started);

      const contentType = response.headers.get('content-type') ?? '';
      const domainEvents = domainEventsOf(response.headers.get(DOMAIN_EVENTS_HEADER));
      if (response.ok && isBinaryType(contentType))
        return { status: response.status, data: new Blob([bytes], { type: contentType }), domainEvents };
      const text = new TextDecoder().decode(bytes);
      if (!response.ok) {
        const error = apiErrorFromResponse(response.status, response.statusText, text);
        // Without a token there is no session to end: a wrong password at login is not "Session Expired".
        if ((response.status === 401 || response.status === 403) && request.hasToken) {
          authErrorListeners.emit({ status: response.status, path: request.logPath });
        }
        throw error;
      }
      return { status: response.status, data: decodeBody(response.status, contentType, text), domainEvents };
    } finally {
      clearTimeout(timer);
    }
  }

  async function sendWithRetries(request: PreparedRequest, signal: AbortSignal | undefined): Promise<Answer> {
    for (let retry = 0; ; retry += 1) {
      try {
        return await sendOnce(request, signal);
      } catch (error) {
        if (retry >= MAX_REQUEST_RETRIES || !isRetryableError(error)) throw error;
        await sleep(retryDelayMs(retry));
        if (signal?.aborted) throw abortedError(signal.reason);
      }
    }
  }

  function cachedGet(request: PreparedRequest, token: string | null, requestOptions: RequestOptions<unknown>): Promise<Answer> {
    const lifetimeMs = cacheLifetimeFor(request.pathWithQuery);
    if (lifetimeMs === null) return sendWithRetries(request, requestOptions.signal);

    // The token is part of the key so one user never sees another's answer; custom headers may change the answer too.
    const extraHeaders = requestOptions.headers === undefined ? '' : JSON.stringify(Object.entries(requestOptions.headers).sort());
    const key = `${token ?? ''}\n${request.pathWithQuery}\n${extraHeaders}`;
    // Shared by every caller, so it runs without any one caller's signal (see `abortable`).
    const loader = () => sendWithRetries(request, undefined);

    if (!requestOptions.fresh) {
      const hit = cache.get(key);
      if (hit !== undefined) {
        if (random() < CACHE_BACKGROUND_REFRESH_RATIO) {
          // Failures surface on the next real load; 401/403 still reach onAuthError inside sendOnce.
          cache.load(key, request.pathWithQuery, lifetimeMs, loader).catch(() => undefined);
        }
        return Promise.resolve(hit.value);
      }
    }
    return abortable(cache.load(key, request.pathWithQuery, lifetimeMs, loader, { force: requestOptions.fresh }), requestOptions.signal);
  }

  async function request<T>(method: HttpMethod, path: string, requestOptions: RequestOptions<T> = {}): Promise<T> {
    const token = await options.getToken();
    const body = encodeBody(requestOptions.body);
    const target = pathWithQuery(path, requestOptions.query);
    const prepared: PreparedRequest = {
      method,
      pathWithQuery: target,
      logPath: `/${pathSegments(target).join('/')}`,
      headers: {
        Accept: 'application/json',
        ...(body.isJson ? { 'Content-Type': 'application/json' } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...requestOptions.headers,
      },
      body: body.init,
      hasToken: Boolean(token),
    };

    if (method === 'GET') {
      const answer = await cachedGet(prepared, token, requestOptions);
      return parseWithSchema(answer, requestOptions.schema, prepared);
    }
    // Raw bodies (uploads) have no text to compare: each send is its own action.
    const signature = body.isJson || body.init === undefined ? `${method} ${target}\n${body.init ?? ''}` : null;
    const key = requestOptions.idempotencyKey ?? idempotencyKeys.take(signature);
    prepared.headers[IDEMPOTENCY_KEY_HEADER] = key;
    let answer: Answer;
    try {
      answer = await sendWithRetries(prepared, requestOptions.signal);
      idempotencyKeys.answered(signature);
    } catch (error) {
      if (isRetryableError(error)) idempotencyKeys.unanswered(signature, key);
      else idempotencyKeys.answered(signature);
      throw error;
    } finally {
      cache.invalidate(invalidationPrefixFor(target));
    }
    // Before the schema check: the write happened whether or not its answer has the expected shape.
    announceDomainEvents(answer.domainEvents);
    return parseWithSchema(answer, requestOptions.schema, prepared);
  }

  function announceDomainEvents(types: DomainEventType[]): void {
    if (types.length === 0 || options.onDomainEvents === undefined) return;
    try {
      options.onDomainEvents(types);
    } catch (error) {
      // The write succeeded; a failing refresh must not turn it into an error for the caller.
      reportListenerError(error);
    }
  }

  return {
    get: (path, requestOptions) => request('GET', path, requestOptions),
    post: (path, requestOptions) => request('POST', path, requestOptions),
    put: (path, requestOptions) => request('PUT', path, requestOptions),
    patch: (path, requestOptions) => request('PATCH', path, requestOptions),
    delete: (path, requestOptions) => request('DELETE', path, requestOptions),
    onAuthError: (listener) => authErrorListeners.add(listener),
    onSlowResponse: (listener) => slowResponseListeners.add(listener),
    invalidate: (pathPrefix) => cache.invalidate(pathPrefix),
    dispose: () => cache.dispose(),
  };
}
