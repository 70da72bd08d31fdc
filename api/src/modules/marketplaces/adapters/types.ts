import type { ExternalOrder } from '@tradepost/shared/schemas/sales.ts';

// The contract every marketplace adapter fulfils (issue #6). Adapters are plain HTTP clients:
// no database; tokens come from and go back to a `TokenStore` the caller owns.

export type { ExternalOrder };

export type Platform = 'ebay' | 'shopify' | 'square';

export type Credentials = {
  accessToken: string;
  /** Null for tokens that cannot be refreshed (Shopify non-expiring offline tokens). */
  refreshToken: string | null;
  /** Null when the token never expires. */
  expiresAt: Date | null;
  scopes?: string[];
};

export type TokenStore = {
  current(): Promise<Credentials>;
  save(next: Credentials): Promise<void>;
  /**
   * Runs the refresh grant and saves its answer, unless the token the caller saw (`stale`) has been
   * replaced meanwhile, in which case the replacement is the answer. One refresh at a time per
   * account, across processes: platforms that rotate refresh tokens (Shopify) refuse the old one,
   * so two refreshes at once would lose the account.
   */
  refreshOnce(stale: Credentials, grant: (current: Credentials) => Promise<Credentials>): Promise<Credentials>;
  /** The account must be connected again (refresh refused, token revoked, app uninstalled). */
  reconnectNeeded(reason: string): Promise<void>;
};

export type FetchFn = (input: string | URL, init?: RequestInit) => Promise<Response>;

export type AdapterConfig = {
  /** API host, e.g. `https://api.ebay.com`, `https://{shop}.myshopify.com`, `https://connect.squareup.com`. */
  baseUrl: string;
  /** eBay's consent page host (`https://auth.ebay.com`); defaults to `baseUrl`. */
  authBaseUrl?: string;
  clientId: string;
  clientSecret: string;
  /** eBay: the RuName; Shopify and Square: the callback URL. */
  redirectUri: string;
  /** Shopify: `shop.myshopify.com` (the OAuth callback's `shop` must match it). */
  shopDomain?: string;
  /** Shopify `YYYY-MM`, Square `Square-Version` date. */
  apiVersion?: string;
  /** Square: the subscription's signature key and the notification URL exactly as registered. */
  webhookSignatureKey?: string;
  fetch?: FetchFn;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
  /** Random source for backoff jitter (tests pin it). */
  random?: () => number;
  /**
   * eBay: the Media API host photos are uploaded to (`https://apim.ebay.com`). Defaults to the API
   * host's `apim` twin; the sandbox's Media API host is UNCONFIRMED (reference §5b), so it can be set.
   */
  mediaBaseUrl?: string;
};

export type Condition = 'new' | 'new_other' | 'used_excellent' | 'used_very_good' | 'used_good' | 'used_acceptable';

export type ListingVariantInput = { sku: string; size: string; quantity: number; priceCents: number; barcode?: string };

/**
 * The platform's own copy of one of our photos (reference §5b): eBay's Picture Services image,
 * Shopify's MediaImage, Square's IMAGE catalog object.
 */
export type PlatformPhoto = {
  /** eBay image id, Shopify MediaImage gid, Square IMAGE object id. */
  platformId: string;
  /** Where the platform serves it (eBay's EPS address goes into listings); null while Shopify still processes it. */
  url: string | null;
  /** eBay: an image not on a listing expires (`expirationDate`); null when it does not. */
  expiresAt: Date | null;
};

export type PhotoFile = { bytes: Uint8Array; contentType: string; filename: string };

/**
 * One photo of a listing, cover first. Adapters upload the bytes themselves (no public address is
 * needed) unless the copy the platform already has still serves, and hand each new copy to
 * `remember` as soon as the platform has it, so a listing that fails later does not upload it again.
 */
export type ListingPhoto = {
  /** Our media id: what the platform's copy is remembered by. */
  mediaId: string;
  /** The copy this connection uploaded before, if any. */
  copy: PlatformPhoto | null;
  /** The bytes, read only when an upload is needed; converted when the stored type is not one of `accept`. */
  read(accept?: readonly string[]): Promise<PhotoFile>;
  remember(copy: PlatformPhoto): Promise<void>;
};

export type ListingInput = {
  /** Stable key of the product (eBay inventory item group key, Shopify handle, Square item reference). */
  groupKey: string;
  title: string;
  description: string;
  brand: string;
  /** The product's photos, cover first; each adapter uploads the bytes the platform's way. */
  photos: ListingPhoto[];
  condition: Condition;
  /** eBay leaf category id; Shopify product type. */
  category?: { ebayCategoryId?: string; productType?: string };
  variants: ListingVariantInput[];
  /** The option name sizes are listed under (`Size`, or eBay's `US Shoe Size`). */
  sizeLabel?: string;
  /** eBay item specifics the seller set (name → values); Brand and the size label are ours. */
  aspects?: Record<string, string[]>;
  /** eBay: business policies and inventory location; Shopify/Square: the location the stock sits at. */
  placement: {
    locationId?: string;
    ebay?: {
      marketplaceId?: string;
      merchantLocationKey: string;
      fulfillmentPolicyId: string;
      paymentPolicyId: string;
      returnPolicyId: string;
    };
  };
  currency?: string;
};

export type EbayRef = { platform: 'ebay'; sku: string; offerId: string; groupKey: string | null; listingId: string | null };
export type ShopifyRef = {
  platform: 'shopify';
  sku: string;
  productId: string;
  variantId: string;
  inventoryItemId: string;
  locationId: string;
};
export type SquareRef = { platform: 'square'; sku: string; itemId: string; variationId: string; locationId: string };
export type VariantRef = EbayRef | ShopifyRef | SquareRef;

export type ListingResult<Ref extends VariantRef> = { listingId: string; variants: Ref[] };

export type ItemError = { code: string; message: string; retryable: boolean };
export type ItemResult = { sku: string; ok: true } | { sku: string; ok: false; error: ItemError };

export type QuantityUpdate<Ref extends VariantRef> = { ref: Ref; sku: string; quantity: number };
export type PriceUpdate<Ref extends VariantRef> = { ref: Ref; sku: string; priceCents: number };

export type OrderPage = { orders: ExternalOrder[]; nextCursor: string | null };
export type FetchOrdersInput = { since: Date; cursor?: string | null; pageSize?: number };

export type ShipmentInput = { carrier: string; trackingNumber: string; lines?: { sku: string; quantity: number }[] };

export type WebhookRequest = { headers: Record<string, string | string[] | undefined>; rawBody: Buffer | string; url?: string };

export type WebhookEvent = {
  platform: Platform;
  /** The platform's dedupe id: eBay notificationId, Shopify X-Shopify-Webhook-Id, Square event_id. */
  eventId: string;
  topic: string;
  /** `uninstalled` covers every event that says our access is gone (uninstall, revoked authorization). */
  kind: 'order' | 'inventory' | 'product' | 'uninstalled' | 'other';
  /** The order to fetch when the payload does not carry it whole. */
  orderId?: string;
  order?: ExternalOrder;
  payload: unknown;
  /**
   * What the signed body says, as a key: topic + the object it names + that object's version
   * (`updated_at`), or a hash of the body when it names no version. The same news sent again under
   * another delivery id has the same key. Only where the delivery id is not itself signed (Shopify).
   */
  contentKey?: string | null;
  /** Shopify's X-Shopify-Event-Id with the topic and object: a second delivery of the same action (another subscription). */
  sourceEventKey?: string | null;
  /** When the platform says the event happened (Shopify X-Shopify-Triggered-At, Square created_at, eBay eventDate). */
  occurredAt?: Date | null;
};

/** What a webhook check needs to know about the connection the delivery was sent to. */
export type WebhookContext = {
  /** The connected account as the platform names it (Shopify shop domain, Square merchant id, eBay user name). */
  accountId: string | null;
  now: Date;
};

/** The platform's answer to "does our access still work?", asked before acting on an uninstall or a revocation. */
export type AccessCheck = { active: boolean; detail: string };

export type AccountInfo = {
  /** eBay seller username (or user id), Shopify shop domain, Square merchant id. */
  accountId: string;
  /** Shown in the UI. */
  accountName: string;
  /** Shopify location gids, Square location ids, eBay merchantLocationKeys. */
  locations: { id: string; name: string }[];
  /** eBay only: the business policies and inventory location listings will use (created when missing: the location). */
  ebay?: {
    marketplaceId: string;
    merchantLocationKey: string;
    fulfillmentPolicyId: string;
    paymentPolicyId: string;
    returnPolicyId: string;
    /** The policies' names as the seller gave them (Account API `name`), by policy id, for the screens. */
    policyNames?: Record<string, string>;
  };
  /** What the seller must still set up on the platform before listings can go live (shown as is). */
  setupNeeded?: string[];
};

export type PrepareAccountInput = {
  /** eBay marketplace the policies are read for (default EBAY_US). */
  marketplaceId?: string;
  /** eBay: the address stock ships from, used to create an inventory location when the seller has none. */
  shipFrom?: {
    name?: string;
    address: { addressLine1?: string; city?: string; stateOrProvince?: string; postalCode?: string; country: string };
  };
};

export type ExternalListingVariant<Ref extends VariantRef> = {
  sku: string;
  size: string | null;
  priceCents: number;
  quantity: number;
  barcode: string | null;
  ref: Ref;
};

export type ExternalListing<Ref extends VariantRef> = {
  externalId: string;
  title: string;
  brand: string | null;
  styleCode: string | null;
  description: string | null;
  images: string[];
  url: string | null;
  status: 'active' | 'ended' | 'draft';
  variants: ExternalListingVariant<Ref>[];
};

export type ListListingsInput = {
  cursor?: string | null;
  pageSize?: number;
  /** Shopify/Square: the location whose quantities are read and put in the refs (default: the first active one). */
  locationId?: string;
};
export type ListingPage<Ref extends VariantRef> = { listings: ExternalListing<Ref>[]; nextCursor: string | null };

export type QuantityReading = { sku: string; quantity: number | null };

export type RegisterWebhooksInput = {
  url: string;
  /** eBay: 32–80 characters of [A-Za-z0-9_-]; the endpoint must answer the challenge with it. */
  verificationToken?: string;
  /** eBay: the alert e-mail of the application's notification config, set when none exists yet. */
  alertEmail?: string;
};

export type MarketplaceAdapter<Ref extends VariantRef> = {
  platform: Platform;
  authorizeUrl(state: string, scopes?: string[]): string;
  exchangeCode(code: string): Promise<Credentials>;
  upsertListing(input: ListingInput): Promise<ListingResult<Ref>>;
  setQuantities(items: QuantityUpdate<Ref>[]): Promise<ItemResult[]>;
  setPrices(items: PriceUpdate<Ref>[]): Promise<ItemResult[]>;
  endListing(refs: Ref[]): Promise<void>;
  fetchOrders(input: FetchOrdersInput): Promise<OrderPage>;
  markShipped(orderId: string, shipment: ShipmentInput): Promise<void>;
  verifyWebhook(request: WebhookRequest): Promise<boolean>;
  parseWebhook(request: WebhookRequest): WebhookEvent[];
  /**
   * Why a delivery whose signature verified must still be refused, or null: a topic the connection
   * never subscribed to, a topic that does not fit the body, a body or header naming another account,
   * or an event older than the platform's retries (a replay).
   */
  checkWebhook(request: WebhookRequest, event: WebhookEvent, context: WebhookContext): string | null;
  /**
   * Asks the platform's API whether our token still works: `active: false` when it answers that the
   * token is refused (401 after a refresh, 403, 404). A platform that does not answer throws.
   */
  confirmAccess(): Promise<AccessCheck>;
  /** Who the connected account is and where its stock sits; eBay also settles policies and the location. */
  prepareAccount(input?: PrepareAccountInput): Promise<AccountInfo>;
  /** Force a token refresh now (the proactive refresh job); ReconnectNeeded when the platform refuses. */
  refreshCredentials(): Promise<Credentials>;
  /** For webhooks that carry only an id (eBay ORDER_CONFIRMATION, Square order.created); null when unknown. */
  fetchOrder(orderId: string): Promise<ExternalOrder | null>;
  /** Sellable quantity now on the platform, one reading per ref; null = not found there. */
  fetchQuantities(refs: Ref[]): Promise<QuantityReading[]>;
  listListings(input: ListListingsInput): Promise<ListingPage<Ref>>;
  /**
   * Subscribe the platform's order (and uninstall/inventory) notifications to `url`.
   * eBay: `verificationToken` answers the endpoint challenge. Square: returns the subscription's signature key.
   */
  registerWebhooks(input: RegisterWebhooksInput): Promise<{ signatureKey?: string }>;
};
