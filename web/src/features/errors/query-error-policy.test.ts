import { ApiError, networkError } from '@tradepost/shared/client/api-error.ts';
import { describe, expect, it } from 'vitest';
import { mutationErrorToast, networkErrorToast, queryErrorToast, serverErrorToast, shouldLogQueryError } from './query-error-policy.ts';

const http = (status: number, code = 'X') => new ApiError({ status, code, message: `status ${status}` });
const chunk = new Error('Failed to fetch dynamically imported module: /assets/products-page-abc.js');

describe('queryErrorToast (spec §8)', () => {
  it('answers a 5xx with a red Server Error toast that closes after 5 s', () => {
    expect(queryErrorToast(http(500))).toBe(serverErrorToast);
    expect(queryErrorToast(http(503))).toBe(serverErrorToast);
    expect(serverErrorToast).toMatchObject({
      intent: 'error',
      title: 'Server Error',
      body: 'The server is having issues. Please try again in a moment.',
    });
    expect(serverErrorToast.timeout).toBeUndefined();
  });

  it('leaves 401/403 to the auth handler, ignores chunk errors, and leaves other failures to the screen', () => {
    expect(queryErrorToast(http(401))).toBeNull();
    expect(queryErrorToast(http(403))).toBeNull();
    expect(queryErrorToast(chunk)).toBeNull();
    expect(queryErrorToast(http(404))).toBeNull();
    expect(queryErrorToast(networkError())).toBeNull();
    expect(queryErrorToast(new ApiError({ status: 0, code: 'ABORTED', message: 'Request was cancelled' }))).toBeNull();
  });
});

describe('mutationErrorToast (spec §8)', () => {
  it('answers a failure while offline with an orange Network Error toast', () => {
    expect(mutationErrorToast(http(500), false)).toBe(networkErrorToast);
    expect(mutationErrorToast(networkError(), true)).toBe(networkErrorToast);
    expect(mutationErrorToast(new TypeError('Failed to fetch'), true)).toBe(networkErrorToast);
    expect(networkErrorToast).toMatchObject({
      intent: 'warning',
      title: 'Network Error',
      body: 'You appear to be offline. Please check your internet connection.',
    });
  });

  it('stays quiet for online failures (the screen says "Update failed") and for auth and chunk errors', () => {
    expect(mutationErrorToast(http(500), true)).toBeNull();
    expect(mutationErrorToast(http(422), true)).toBeNull();
    expect(mutationErrorToast(http(401), false)).toBeNull();
    expect(mutationErrorToast(chunk, false)).toBeNull();
  });
});

describe('shouldLogQueryError', () => {
  it('logs server and connection failures, not auth, chunk or 4xx ones', () => {
    expect(shouldLogQueryError(http(502))).toBe(true);
    expect(shouldLogQueryError(networkError())).toBe(true);
    expect(shouldLogQueryError(new Error('boom'))).toBe(true);
    expect(shouldLogQueryError(http(404))).toBe(false);
    expect(shouldLogQueryError(http(401))).toBe(false);
    expect(shouldLogQueryError(chunk)).toBe(false);
  });
});
