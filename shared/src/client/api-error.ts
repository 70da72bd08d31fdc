import { errorEnvelopeSchema, type FieldError } from '../schemas/common-answers.ts';

/** Codes the client makes up itself; every other code comes from the API's error envelope. */
export const clientErrorCodes = {
  network: 'NETWORK_ERROR',
  timeout: 'TIMEOUT',
  aborted: 'ABORTED',
  responseTooLarge: 'RESPONSE_TOO_LARGE',
  invalidResponse: 'INVALID_RESPONSE',
} as const;
export type ClientErrorCode = (typeof clientErrorCodes)[keyof typeof clientErrorCodes];

export type ApiErrorInit = {
  /** HTTP status; 0 when no answer arrived (network failure, timeout, abort). */
  status: number;
  code: string;
  message: string;
  details?: readonly FieldError[];
  /** True when code, message and details are the API's own words (its error envelope). */
  fromServer?: boolean;
  cause?: unknown;
};

/** Every failure of the API client is one of these, so callers handle one shape. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details: readonly FieldError[];
  readonly fromServer: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.fromServer = init.fromServer ?? false;
  }
}

export function networkError(cause?: unknown): ApiError {
  return new ApiError({ status: 0, code: clientErrorCodes.network, message: 'Network request failed', cause });
}

export function timeoutError(timeoutMs: number): ApiError {
  return new ApiError({ status: 0, code: clientErrorCodes.timeout, message: `Request timed out after ${timeoutMs / 1000} s` });
}

export function abortedError(cause?: unknown): ApiError {
  return new ApiError({ status: 0, code: clientErrorCodes.aborted, message: 'Request was cancelled', cause });
}

export function responseTooLargeError(status: number, limitBytes: number): ApiError {
  const megabytes = Math.round(limitBytes / (1024 * 1024));
  return new ApiError({
    status,
    code: clientErrorCodes.responseTooLarge,
    message: `Response is larger than ${megabytes} MB`,
  });
}

export function invalidResponseError(status: number, message: string, details?: readonly FieldError[], cause?: unknown): ApiError {
  return new ApiError({ status, code: clientErrorCodes.invalidResponse, message, details, cause });
}

/** Fallback codes for answers without an envelope (a proxy's HTML 502, an empty 404...). */
function codeForStatus(status: number): string {
  if (status >= 500) return 'SERVER_ERROR';
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 422:
      return 'UNPROCESSABLE_ENTITY';
    case 429:
      return 'TOO_MANY_REQUESTS';
    default:
      return 'HTTP_ERROR';
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A FastAPI-style `{ detail: '...' }` answer, accepted in case a proxy or older server sends one. */
function plainDetail(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const detail = (body as { detail?: unknown }).detail;
  return typeof detail === 'string' && detail.trim() !== '' ? detail : undefined;
}

/**
 * Turns a non-2xx answer into an ApiError. The API's envelope `{ error: { code, message, details } }`
 * is used as is; any other body (HTML, text, nothing) still gives a status-based code and a message
 * that never echoes the body itself (it could be a large HTML page).
 */
export function apiErrorFromResponse(status: number, statusText: string, bodyText: string): ApiError {
  const body = parseJson(bodyText);
  const envelope = errorEnvelopeSchema.safeParse(body);
  if (envelope.success) {
    const { code, message, details } = envelope.data.error;
    return new ApiError({ status, code, message, details, fromServer: true });
  }
  const detail = plainDetail(body);
  if (detail !== undefined) {
    return new ApiError({ status, code: codeForStatus(status), message: detail, fromServer: true });
  }
  const reason = statusText.trim() === '' ? '' : ` (${statusText.trim()})`;
  return new ApiError({ status, code: codeForStatus(status), message: `Request failed with status ${status}${reason}` });
}

/**
 * Reads an error that may be an ApiError or a bare envelope (e.g. from a form library), so domain
 * message helpers accept either.
 */
export function toApiError(error: unknown): ApiError | undefined {
  if (isApiError(error)) return error;
  const envelope = errorEnvelopeSchema.safeParse(error);
  if (envelope.success) {
    const { code, message, details } = envelope.data.error;
    return new ApiError({ status: 0, code, message, details, fromServer: true });
  }
  return undefined;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** No answer arrived: the connection failed (status 0). */
export function isNetworkError(error: unknown): error is ApiError {
  return isApiError(error) && error.code === clientErrorCodes.network;
}

export function isTimeoutError(error: unknown): error is ApiError {
  return isApiError(error) && error.code === clientErrorCodes.timeout;
}

/** The caller cancelled the request through its AbortSignal. */
export function isAbortedError(error: unknown): error is ApiError {
  return isApiError(error) && error.code === clientErrorCodes.aborted;
}

/** 401 or 403: the host clears the session (spec §4, §8). */
export function isAuthError(error: unknown): error is ApiError & { status: 401 | 403 } {
  return isApiError(error) && (error.status === 401 || error.status === 403);
}

export function isClientError(error: unknown): error is ApiError {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}

export function isServerError(error: unknown): error is ApiError {
  return isApiError(error) && error.status >= 500;
}
