import { clientErrorCodes, isApiError, isAuthError, isNetworkError } from '@tradepost/shared/client/api-error.ts';
import { errorStatus, isChunkLoadError } from '@tradepost/shared/query/policy.ts';
import type { AppToast } from '../notifications/use-app-toast.tsx';

/** Spec §8: a data query answered 5xx. */
export const serverErrorToast: AppToast = {
  id: 'server-error',
  intent: 'error',
  title: 'Server Error',
  body: 'The server is having issues. Please try again in a moment.',
};

/** Spec §8: a mutation failed while offline. */
export const networkErrorToast: AppToast = {
  id: 'network-error',
  intent: 'warning',
  title: 'Network Error',
  body: 'You appear to be offline. Please check your internet connection.',
};

/** Errors nobody needs to hear about here: the auth handler owns 401/403, cancelled calls are intentional. */
function isLeftToOthers(error: unknown): boolean {
  return isChunkLoadError(error) || isAuthError(error) || (isApiError(error) && error.code === clientErrorCodes.aborted);
}

/** The fetch of a browser without a connection fails with a TypeError before any answer. */
function isFailedFetch(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

/**
 * Spec §8 for a failed data query: 5xx → the Server Error toast; 401/403 are left to the global auth
 * handler, chunk-loading errors are ignored, and every other failure belongs to the screen.
 */
export function queryErrorToast(error: unknown): AppToast | null {
  if (isLeftToOthers(error)) return null;
  const status = errorStatus(error);
  return status !== undefined && status >= 500 ? serverErrorToast : null;
}

/** Spec §8 for a failed mutation: offline (the browser says so, or no answer came) → the Network Error toast. */
export function mutationErrorToast(error: unknown, online: boolean): AppToast | null {
  if (isLeftToOthers(error)) return null;
  return !online || isNetworkError(error) || isFailedFetch(error) ? networkErrorToast : null;
}

/** Which failures go to the bug-report error log: not the ones handled elsewhere, nor a 4xx the form already shows. */
export function shouldLogQueryError(error: unknown): boolean {
  if (isLeftToOthers(error)) return false;
  const status = errorStatus(error);
  return status === undefined || status === 0 || status >= 500;
}
