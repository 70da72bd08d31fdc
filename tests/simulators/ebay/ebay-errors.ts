import { json, type SimResponse } from '../kit/http.ts';

// eBay's error envelope (reference §1.10): `{errors:[Error], warnings:[Error]}`; adapters branch on errorId.

export type EbayError = {
  errorId: number;
  domain: string;
  subdomain?: string;
  category: 'REQUEST' | 'APPLICATION' | 'SYSTEM';
  message: string;
  longMessage?: string;
  inputRefIds?: string[];
  outputRefIds?: string[];
  parameters?: { name: string; value: string }[];
};

export type EbayDomain =
  | 'API_INVENTORY'
  | 'API_FULFILLMENT'
  | 'API_ACCOUNT'
  | 'API_NOTIFICATION'
  | 'API_BROWSE'
  | 'API_MEDIA'
  | 'ACCESS'
  | 'OAuth';

export function ebayError(
  errorId: number,
  domain: EbayDomain,
  message: string,
  extra: Partial<Omit<EbayError, 'errorId' | 'domain' | 'message'>> = {},
): EbayError {
  const subdomain = domain === 'API_INVENTORY' ? 'Selling' : domain === 'API_FULFILLMENT' ? 'Selling' : undefined;
  return { errorId, domain, ...(subdomain ? { subdomain } : {}), category: extra.category ?? 'REQUEST', message, ...extra };
}

export function ebayErrors(status: number, errors: EbayError[], headers?: Record<string, string>): SimResponse {
  return json(status, { errors }, headers);
}

export function param(name: string, value: string): { name: string; value: string } {
  return { name, value };
}

// The bodies below are fixed by the reference; keep them byte-for-byte stable.

export function invalidTokenResponse(
  longMessage = 'Invalid access token. Check the value of the Authorization HTTP request header.',
): SimResponse {
  return ebayErrors(401, [ebayError(1001, 'OAuth', 'Invalid access token', { longMessage })], {
    'www-authenticate': 'Bearer realm="ebay"',
  });
}

export function accessDeniedResponse(longMessage = 'Insufficient permissions to fulfill the request.'): SimResponse {
  return ebayErrors(403, [ebayError(1100, 'ACCESS', 'Access denied', { longMessage })]);
}

export function quotaExceededResponse(): SimResponse {
  return ebayErrors(429, [
    ebayError(2001, 'ACCESS', 'Too many requests.', { longMessage: 'The request limit has been reached for the resource.' }),
  ]);
}

export function systemErrorResponse(status = 500): SimResponse {
  return ebayErrors(status, [
    ebayError(25001, 'API_INVENTORY', 'A system error has occurred. Please try again later.', { category: 'SYSTEM' }),
  ]);
}

export function invalidRequestResponse(longMessage = 'The request has errors. For help, see the documentation for this API.'): SimResponse {
  return ebayErrors(400, [ebayError(2004, 'ACCESS', 'Invalid request', { longMessage })]);
}

export function notFoundResponse(): SimResponse {
  return ebayErrors(404, [ebayError(2002, 'ACCESS', 'Resource not found', { longMessage: 'The requested resource does not exist.' })]);
}
