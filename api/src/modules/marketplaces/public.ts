// The marketplaces area's public interface: what other areas may import (the boundary check enforces it).
export { ebayChallengeResponse } from './adapters/ebay/ebay-account.ts';
export type { EbayAdapter } from './adapters/ebay/ebay-adapter.ts';
export { createEbayAdapter, EBAY_BULK_LIMIT } from './adapters/ebay/ebay-adapter.ts';
export { PlatformError, ReconnectNeeded, sameSignature } from './adapters/http.ts';
export type { ShopifyAdapter } from './adapters/shopify/shopify-adapter.ts';
export { createShopifyAdapter, SHOPIFY_INPUT_LIMIT } from './adapters/shopify/shopify-adapter.ts';
export { checkShopifyCallback, SHOPIFY_CALLBACK_TOLERANCE_SECONDS } from './adapters/shopify/shopify-callback.ts';
export { createSquareAdapter, SQUARE_CHANGES_LIMIT } from './adapters/square/square-adapter.ts';
export type {
  AccountInfo,
  AdapterConfig,
  Condition,
  Credentials,
  ExternalListing,
  FetchFn,
  ItemResult,
  ListingInput,
  ListingPhoto,
  ListingVariantInput,
  MarketplaceAdapter,
  PhotoFile,
  Platform,
  PlatformPhoto,
  QuantityReading,
  SquareRef,
  TokenStore,
  VariantRef,
  WebhookEvent,
} from './adapters/types.ts';
