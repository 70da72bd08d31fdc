import { describe, expect, it } from 'vitest';
import {
  ApiError,
  abortedError,
  apiErrorFromResponse,
  isAbortedError,
  isApiError,
  isAuthError,
  isClientError,
  isNetworkError,
  isServerError,
  isTimeoutError,
  networkError,
  timeoutError,
  toApiError,
} from './api-error.ts';

const envelope = (code: string, message: string, details?: { field: string; message: string }[]) =>
  JSON.stringify({ error: { code, message, details } });

describe('apiErrorFromResponse', () => {
  it('takes code, message and details from the API envelope', () => {
    const error = apiErrorFromResponse(
      400,
      'Bad Request',
      envelope('VALIDATION_ERROR', 'Invalid body', [{ field: 'email', message: 'Enter a valid e-mail address' }]),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid body',
      fromServer: true,
      details: [{ field: 'email', message: 'Enter a valid e-mail address' }],
    });
  });

  it('gives an envelope without details an empty list', () => {
    expect(apiErrorFromResponse(404, '', envelope('NOT_FOUND', 'Product not found')).details).toEqual([]);
  });

  it('turns an HTML 502 from a proxy into a server error without echoing the page', () => {
    const error = apiErrorFromResponse(502, 'Bad Gateway', '<html><body>nginx secret page</body></html>');
    expect(error.status).toBe(502);
    expect(error.code).toBe('SERVER_ERROR');
    expect(error.message).toBe('Request failed with status 502 (Bad Gateway)');
    expect(error.fromServer).toBe(false);
  });

  it('names common statuses when the body is empty', () => {
    expect(apiErrorFromResponse(401, '', '').code).toBe('UNAUTHORIZED');
    expect(apiErrorFromResponse(403, '', '').code).toBe('FORBIDDEN');
    expect(apiErrorFromResponse(404, '', '').code).toBe('NOT_FOUND');
    expect(apiErrorFromResponse(418, '', '').code).toBe('HTTP_ERROR');
    expect(apiErrorFromResponse(404, '', '').message).toBe('Request failed with status 404');
  });

  it('reads a plain { detail } answer as the server message', () => {
    const error = apiErrorFromResponse(401, 'Unauthorized', JSON.stringify({ detail: 'Incorrect email or password' }));
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Incorrect email or password', fromServer: true });
  });

  it('does not mistake JSON of another shape for an envelope', () => {
    const error = apiErrorFromResponse(500, '', JSON.stringify({ error: 'boom' }));
    expect(error).toMatchObject({ code: 'SERVER_ERROR', fromServer: false });
  });
});

describe('client-side errors and guards', () => {
  it('builds network, timeout and abort errors with status 0', () => {
    const cause = new TypeError('fetch failed');
    const network = networkError(cause);
    expect(network).toMatchObject({ status: 0, code: 'NETWORK_ERROR', cause });
    expect(timeoutError(15_000)).toMatchObject({ status: 0, code: 'TIMEOUT', message: 'Request timed out after 15 s' });
    expect(abortedError()).toMatchObject({ status: 0, code: 'ABORTED' });
  });

  it('tells the kinds apart', () => {
    const network = networkError();
    const timeout = timeoutError(15_000);
    const aborted = abortedError();
    const unauthorized = apiErrorFromResponse(401, '', '');
    const forbidden = apiErrorFromResponse(403, '', '');
    const server = apiErrorFromResponse(503, '', '');
    const notFound = apiErrorFromResponse(404, '', '');

    expect([network, timeout, aborted].map(isNetworkError)).toEqual([true, false, false]);
    expect([network, timeout, aborted].map(isTimeoutError)).toEqual([false, true, false]);
    expect([network, timeout, aborted].map(isAbortedError)).toEqual([false, false, true]);
    expect([unauthorized, forbidden, notFound, server].map(isAuthError)).toEqual([true, true, false, false]);
    expect([notFound, server, network].map(isClientError)).toEqual([true, false, false]);
    expect([notFound, server, network].map(isServerError)).toEqual([false, true, false]);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ status: 500, code: 'X' })).toBe(false);
  });

  it('reads a bare envelope as an ApiError and ignores other values', () => {
    const error = toApiError({ error: { code: 'PASSWORD_TOO_WEAK', message: 'Too weak' } });
    expect(error).toMatchObject({ code: 'PASSWORD_TOO_WEAK', message: 'Too weak', fromServer: true });
    const original = networkError();
    expect(toApiError(original)).toBe(original);
    expect(toApiError('nope')).toBeUndefined();
    expect(toApiError(new Error('x'))).toBeUndefined();
  });
});
