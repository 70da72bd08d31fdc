import { createHash } from 'node:crypto';
import { asRecord, bearerToken, header, json, parseJson, type SimRequest, type SimResponse } from '../kit/http.ts';
import type { RouteHandler } from '../kit/router.ts';
import type { Json, SquareState } from './square-state.ts';

// Square's error envelope (reference §3.7) and the checks every API route shares.

export type SquareError = { category: string; code: string; detail: string; field?: string };

export function sqError(category: string, code: string, detail: string, field?: string): SquareError {
  return { category, code, detail, ...(field ? { field } : {}) };
}

export function sqErrors(status: number, errors: SquareError[]): SimResponse {
  return json(status, { errors });
}

export const invalid = (code: string, detail: string, field?: string) => sqError('INVALID_REQUEST_ERROR', code, detail, field);

export function rateLimitedResponse(detail = 'Rate limit exceeded. Please retry with exponential backoff and jitter.'): SimResponse {
  return sqErrors(429, [sqError('RATE_LIMIT_ERROR', 'RATE_LIMITED', detail)]);
}

export function serverErrorResponse(status: number): SimResponse {
  return sqErrors(status, [
    sqError(
      'API_ERROR',
      status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_SERVER_ERROR',
      'An internal error has occurred, and the API was unable to service your request.',
    ),
  ]);
}

export function notFoundResponse(): SimResponse {
  return sqErrors(404, [sqError('INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Resource not found.')]);
}

export type SquareRateLimit = { requests: number; windowMs: number } | null;

export type Guarded = (req: SimRequest, body: Json) => SimResponse | Promise<SimResponse>;

/** Bearer token, scopes, Square-Version, the optional rate limit, then a JSON body for POST/PUT. */
export function guard(state: SquareState, scopes: string[], rateLimit: () => SquareRateLimit, handler: Guarded): RouteHandler {
  return (req) => {
    const limit = rateLimit();
    if (limit) {
      const now = Date.now();
      state.requestTimes = state.requestTimes.filter((t) => t > now - limit.windowMs);
      if (state.requestTimes.length >= limit.requests) return rateLimitedResponse();
      state.requestTimes.push(now);
    }
    const token = bearerToken(req);
    if (!token) {
      return sqErrors(401, [
        sqError(
          'AUTHENTICATION_ERROR',
          'UNAUTHORIZED',
          'Your request did not include an `Authorization` http header with an access token. The header value is expected to be of the format "Bearer TOKEN".',
        ),
      ]);
    }
    const grant = state.tokens.get(token);
    if (!grant) return sqErrors(401, [sqError('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'This request could not be authorized.')]);
    if (grant.revoked)
      return sqErrors(401, [sqError('AUTHENTICATION_ERROR', 'ACCESS_TOKEN_REVOKED', 'The access token has been revoked.')]);
    if (grant.expiresAt !== null && grant.expiresAt <= state.clock.now()) {
      return sqErrors(401, [sqError('AUTHENTICATION_ERROR', 'ACCESS_TOKEN_EXPIRED', 'The access token has expired.')]);
    }
    const missing = scopes.filter((s) => !grant.scopes.includes(s));
    if (missing.length > 0) {
      return sqErrors(403, [
        sqError(
          'AUTHENTICATION_ERROR',
          'INSUFFICIENT_SCOPES',
          `The merchant has not given your application sufficient permissions to do that. The application must request the following permission(s): ${missing.join(', ')}.`,
        ),
      ]);
    }
    const version = header(req, 'square-version');
    if (version !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(version)) {
      return sqErrors(400, [invalid('INVALID_SQUARE_VERSION_FORMAT', `Invalid Square-Version format: ${version}. Expected YYYY-MM-DD.`)]);
    }
    let body: Json = {};
    // Multipart uploads (catalog images) are read by their route, part by part.
    const multipart = (header(req, 'content-type') ?? '').toLowerCase().startsWith('multipart/');
    if ((req.method === 'POST' || req.method === 'PUT') && !multipart) {
      const parsed = parseJson(req.text === '' ? '{}' : req.text);
      const record = parsed.ok ? asRecord(parsed.value) : null;
      if (!record) return sqErrors(400, [invalid('BAD_REQUEST', 'The request body is not valid JSON.')]);
      body = record;
    }
    return handler(req, body);
  };
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Json)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Idempotency keys (reference §3.7): the same key and body replays the stored answer; the same key
 * with another body is refused with IDEMPOTENCY_KEY_REUSED; a missing key is a missing parameter.
 */
export async function idempotent(
  state: SquareState,
  req: SimRequest,
  body: Json,
  run: () => SimResponse | Promise<SimResponse>,
  maxLength = 128,
): Promise<SimResponse> {
  const key = body.idempotency_key;
  if (typeof key !== 'string' || key.length === 0)
    return sqErrors(400, [invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'idempotency_key')]);
  if (key.length > maxLength)
    return sqErrors(400, [invalid('VALUE_TOO_LONG', `Field must not be greater than ${maxLength} length`, 'idempotency_key')]);
  const scope = `${req.method} ${req.path}|${key}`;
  const hash = createHash('sha256').update(canonical(body)).digest('hex');
  const stored = state.idempotency.get(scope);
  if (stored) {
    if (stored.hash !== hash) {
      return sqErrors(400, [
        invalid('IDEMPOTENCY_KEY_REUSED', 'The idempotency key can only be retried with the same request data.', 'idempotency_key'),
      ]);
    }
    return json(stored.status, structuredClone(stored.body));
  }
  const response = await run();
  // Only successes are kept: a refused request changed nothing and may be retried with the same key.
  if (response.status < 300) state.idempotency.set(scope, { hash, status: response.status, body: structuredClone(response.json) });
  return response;
}

export type Cursor = { offset: number; query: string };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(value: unknown, query: string): number | SquareError | null {
  if (value === undefined || value === null || value === '') return null;
  try {
    const parsed = JSON.parse(Buffer.from(String(value), 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof parsed.offset === 'number' && parsed.query === query) return parsed.offset;
  } catch {
    // fall through
  }
  return invalid('INVALID_CURSOR', 'The pagination cursor is invalid or was issued for a different query.', 'cursor');
}

export function queryFingerprint(value: unknown): string {
  return createHash('sha256').update(canonical(value)).digest('hex').slice(0, 16);
}
