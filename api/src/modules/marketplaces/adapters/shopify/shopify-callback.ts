import { createHmac } from 'node:crypto';
import { sameSignature } from '../http.ts';

// Shopify's OAuth callback is checked exactly as Shopify's own library checks it
// (Shopify/shopify-api-js, lib/utils/hmac-validator.ts and lib/utils/processed-query.ts):
//  - the message is the query without `hmac` and `signature`, keys sorted (localeCompare), written
//    back as a URL-encoded query string by URLSearchParams (a space is '+', '=' is %3D, ':' is %3A),
//    not the decoded values joined with '&';
//  - the signature is the hex HMAC-SHA256 of that message under the app's client secret, compared in
//    constant time;
//  - a callback whose `timestamp` is more than 90 seconds away from now is refused
//    (HMAC_TIMESTAMP_PERMITTED_CLOCK_TOLERANCE_SEC, 'HMAC timestamp is outside of the tolerance range').
// Unlike the library, a callback with no numeric timestamp is refused too (the library lets NaN through).

/** How far a callback's `timestamp` may be from now, either way, in seconds (Shopify's library: 90). */
export const SHOPIFY_CALLBACK_TOLERANCE_SECONDS = 90;

/** The string Shopify signs: the query minus `hmac` and `signature`, sorted by key, URL-encoded. */
export function shopifySignedMessage(query: URLSearchParams): string {
  const entries = [...query].filter(([key]) => key !== 'hmac' && key !== 'signature');
  // Array.prototype.sort is stable: repeated keys keep their order, as URLSearchParams.append would.
  entries.sort(([a], [b]) => a.localeCompare(b));
  return new URLSearchParams(entries).toString();
}

/** The hex signature Shopify puts in `hmac` for this query. */
export function shopifyCallbackHmac(query: URLSearchParams, clientSecret: string): string {
  return createHmac('sha256', clientSecret).update(shopifySignedMessage(query)).digest('hex');
}

export type ShopifyCallbackVerdict =
  /** Signed by Shopify for this app, recently, for the expected shop. */
  | 'valid'
  /** No `hmac` at all. */
  | 'unsigned'
  /** Signed, but the timestamp is missing or more than 90 seconds from now: an old callback replayed. */
  | 'expired'
  /** The signature does not match this app's secret, or the shop is not the one being connected. */
  | 'forged';

/**
 * Checks a Shopify OAuth callback query. `shopDomain` (the shop being connected) must be the query's
 * `shop` when given; any shop must at least be a *.myshopify.com name. The signature is checked
 * before the shop and the time, so a forged query learns nothing about either.
 */
export function checkShopifyCallback(
  query: URLSearchParams,
  options: { clientSecret: string; shopDomain?: string | null; now?: number },
): ShopifyCallbackVerdict {
  const given = query.get('hmac');
  if (given === null || given === '') return 'unsigned';
  if (!sameSignature(given.toLowerCase(), shopifyCallbackHmac(query, options.clientSecret))) return 'forged';
  const shop = query.get('shop') ?? '';
  const shopOk = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(shop) && (!options.shopDomain || shop === options.shopDomain);
  if (!shopOk) return 'forged';
  const timestamp = query.get('timestamp');
  const seconds = timestamp !== null && /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  const nowSeconds = Math.trunc((options.now ?? Date.now()) / 1_000);
  if (!(Math.abs(nowSeconds - seconds) <= SHOPIFY_CALLBACK_TOLERANCE_SECONDS)) return 'expired';
  return 'valid';
}
