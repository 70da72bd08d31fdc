import { createPublicKey, verify } from 'node:crypto';
import { compactAddress } from '@tradepost/shared/schemas/address.ts';
import {
  asList,
  asObject,
  call,
  centsToDecimal,
  decimalToCents,
  header,
  inChunks,
  itemFailure,
  PlatformError,
  type RawResponse,
  type Runtime,
  rawText,
  retryAfterMs,
  runtimeOf,
  str,
  TokenManager,
  type Verdict,
} from '../http.ts';
import { ensureCopies, filePart } from '../photos.ts';
import type {
  AdapterConfig,
  Condition,
  Credentials,
  EbayRef,
  ExternalOrder,
  FetchOrdersInput,
  ItemResult,
  ListingInput,
  MarketplaceAdapter,
  OrderPage,
  PhotoFile,
  PlatformPhoto,
  ShipmentInput,
  TokenStore,
  WebhookEvent,
} from '../types.ts';
import { dateOf, refusedAccess, staleness } from '../webhook-checks.ts';
import {
  EBAY_WEBHOOK_TOPICS,
  type EbayCallOptions,
  identityBaseUrl,
  mediaApiBaseUrl,
  prepareEbayAccount,
  registerEbayWebhooks,
} from './ebay-account.ts';
import { fetchEbayQuantities, listEbayListings } from './ebay-catalog.ts';

export { EBAY_DEFAULT_LOCATION_KEY, ebayChallengeResponse } from './ebay-account.ts';

// eBay Sell APIs (reference §1): Inventory items + item group + offers for listings, bulk price and
// quantity, Fulfillment orders, Notification API signatures.

const SCOPE = 'https://api.ebay.com/oauth/api_scope';
export const EBAY_SCOPES = [
  `${SCOPE}/sell.inventory`,
  `${SCOPE}/sell.fulfillment`,
  `${SCOPE}/sell.account`,
  // ORDER_CONFIRMATION subscriptions and the seller's user name (reference §1.3, §1.7).
  `${SCOPE}/commerce.notification.subscription`,
  `${SCOPE}/commerce.identity.readonly`,
];
const INVENTORY = '/sell/inventory/v1';
const FULFILLMENT = '/sell/fulfillment/v1';
const MEDIA = '/commerce/media/v1_beta';
/**
 * How old a notification may be, by its signed `eventDate`. eBay's retry schedule is UNCONFIRMED
 * (reference §1.7); 72 hours matches the longest any platform here retries. The notificationId is
 * signed too, so a replay inside the window is already a duplicate of the stored one.
 */
export const EBAY_WEBHOOK_MAX_AGE_MS = 72 * 3_600_000;
/** Bulk routes take at most 25 elements (reference §1.4). */
export const EBAY_BULK_LIMIT = 25;

const CONDITIONS: Record<Condition, string> = {
  new: 'NEW',
  new_other: 'NEW_OTHER',
  used_excellent: 'USED_EXCELLENT',
  used_very_good: 'USED_VERY_GOOD',
  used_good: 'USED_GOOD',
  used_acceptable: 'USED_ACCEPTABLE',
};

type EbayErrorBody = { errorId?: number; message?: string; category?: string; parameters?: { name: string; value: string }[] };

function firstError(body: unknown): EbayErrorBody {
  return asObject(asList(asObject(body).errors)[0]) as EbayErrorBody;
}

function ebayError(raw: RawResponse): PlatformError {
  const first = firstError(raw.body);
  const retryable = raw.status >= 500 || first.category === 'SYSTEM' || first.errorId === 25025;
  return new PlatformError(
    raw.status,
    String(first.errorId ?? raw.status),
    first.message ?? `eBay answered ${raw.status}`,
    retryable,
    raw.body,
  );
}

/** eBay's answer → retry decision (reference §1.3 401/1001, §1.9 429/2001, §1.10 SYSTEM). */
function classify(ok: (status: number) => boolean) {
  return (raw: RawResponse): Verdict => {
    if (ok(raw.status)) return { kind: 'ok' };
    if (raw.status === 401) return { kind: 'expired' };
    if (raw.status === 429) return { kind: 'throttled', waitMs: retryAfterMs(raw.headers.get('retry-after'), new Date()) };
    const error = ebayError(raw);
    return error.retryable ? { kind: 'retry', error } : { kind: 'fail', error };
  };
}

const success = (status: number) => status >= 200 && status < 300;

export type EbayAdapter = MarketplaceAdapter<EbayRef> & {
  /** The application token (client credentials) for the public-key and Browse calls. */
  applicationToken(): Promise<string>;
};

export function createEbayAdapter(config: AdapterConfig, store: TokenStore): EbayAdapter {
  const rt: Runtime = runtimeOf(config);
  const authBase = config.authBaseUrl ?? config.baseUrl;
  const basic = `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`;
  const publicKeys = new Map<string, { pem: string; digest: string }>();
  let appToken: { token: string; expiresAt: number } | null = null;

  async function tokenGrant(form: Record<string, string>): Promise<Record<string, unknown>> {
    const raw = await call(rt, {
      idempotent: true,
      build: () => ({
        url: `${config.baseUrl}/identity/v1/oauth2/token`,
        init: {
          method: 'POST',
          headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
        },
      }),
      classify: (r) => {
        if (r.status === 200) return { kind: 'ok' };
        if (r.status === 429) return { kind: 'throttled', waitMs: null };
        const body = asObject(r.body);
        const error = new PlatformError(
          r.status,
          str(body.error) || String(r.status),
          str(body.error_description) || 'token request refused',
          r.status >= 500,
          r.body,
        );
        return r.status >= 500 ? { kind: 'retry', error } : { kind: 'fail', error };
      },
    });
    return asObject(raw.body);
  }

  const credentialsOf = (body: Record<string, unknown>, previous: Credentials | null, scopes?: string[]): Credentials => ({
    accessToken: str(body.access_token),
    // The refresh grant returns no new refresh token: keep the one we have.
    refreshToken: str(body.refresh_token) || previous?.refreshToken || null,
    expiresAt: new Date(rt.now().getTime() + Number(body.expires_in ?? 7200) * 1_000),
    scopes: scopes ?? previous?.scopes,
  });

  const auth = new TokenManager(store, rt, async (current) => {
    const form: Record<string, string> = { grant_type: 'refresh_token', refresh_token: current.refreshToken ?? '' };
    if (current.scopes?.length) form.scope = current.scopes.join(' ');
    return credentialsOf(await tokenGrant(form), current);
  });

  async function api(method: string, path: string, body?: unknown, options: EbayCallOptions = {}): Promise<RawResponse> {
    return call(rt, {
      auth,
      idempotent: options.idempotent ?? method !== 'POST',
      classify: classify(options.ok ?? success),
      build: (token) => ({
        url: `${options.base ?? config.baseUrl}${path}`,
        init: {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(options.contentLanguage ? { 'content-language': 'en-US' } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        },
      }),
    });
  }

  async function applicationToken(): Promise<string> {
    if (appToken && appToken.expiresAt > rt.now().getTime() + 60_000) return appToken.token;
    const body = await tokenGrant({ grant_type: 'client_credentials', scope: SCOPE });
    appToken = { token: str(body.access_token), expiresAt: rt.now().getTime() + Number(body.expires_in ?? 7200) * 1_000 };
    return appToken.token;
  }

  /** Creates the offer, or adopts the existing one for this sku+marketplace+format (25002). */
  async function putOffer(offer: Record<string, unknown>): Promise<string> {
    const sku = str(offer.sku);
    const existing = await api(
      'GET',
      `${INVENTORY}/offer?sku=${encodeURIComponent(sku)}&marketplace_id=${str(offer.marketplaceId)}`,
      undefined,
      {
        ok: (s) => success(s) || s === 404,
      },
    );
    const found = asList(asObject(existing.body).offers)
      .map(asObject)
      .find((o) => o.format === 'FIXED_PRICE');
    let offerId = found ? str(found.offerId) : '';
    if (!offerId) {
      // POST is not idempotent; a lost answer is recovered through 25002's offerId below.
      const created = await api('POST', `${INVENTORY}/offer`, offer, { contentLanguage: true, ok: (s) => success(s) || s === 400 });
      if (created.status === 400) {
        const first = firstError(created.body);
        const adopted = first.errorId === 25002 ? first.parameters?.find((p) => p.name === 'offerId')?.value : undefined;
        if (!adopted) throw ebayError(created);
        offerId = adopted;
      } else offerId = str(asObject(created.body).offerId);
    }
    // Full replace: every field sent every time (reference §5.5.7).
    await api('PUT', `${INVENTORY}/offer/${offerId}`, offer, { contentLanguage: true });
    return offerId;
  }

  /**
   * Media API `create_image_from_file` (reference §5b): the bytes in part `image`; 201 with the EPS
   * address and its expiry in the body (else read from the `Location` the answer names). Sending it
   * again after a lost answer only leaves an unused image, which eBay lets expire: safe to retry.
   */
  async function uploadPhoto(file: PhotoFile): Promise<PlatformPhoto> {
    const mediaBase = config.mediaBaseUrl ?? mediaApiBaseUrl(config.baseUrl);
    const created = await call(rt, {
      auth,
      idempotent: true,
      classify: classify(success),
      build: (token) => {
        const form = new FormData();
        form.append('image', filePart(file), file.filename);
        return {
          url: `${mediaBase}${MEDIA}/image/create_image_from_file`,
          init: { method: 'POST', headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, body: form },
        };
      },
    });
    let body = asObject(created.body);
    const location = created.headers.get('location') ?? '';
    const imageId = location.split('/').pop() ?? '';
    if (!str(body.imageUrl) && location)
      body = asObject((await api('GET', new URL(location, mediaBase).pathname, undefined, { base: mediaBase })).body);
    const url = str(body.imageUrl);
    if (!url)
      throw new PlatformError(created.status, 'NO_IMAGE_URL', 'eBay stored the photo but named no address for it', true, created.body);
    const expires = str(body.expirationDate);
    return { platformId: imageId || url, url, expiresAt: expires ? new Date(expires) : null };
  }

  async function upsertListing(input: ListingInput): Promise<{ listingId: string; variants: EbayRef[] }> {
    const ebay = input.placement.ebay;
    if (!ebay) throw new PlatformError(null, 'INVALID_INPUT', 'eBay listings need policies and a merchant location', false);
    // Every photo on eBay's own servers first: nothing is written to the listing until they all are.
    const images = (await ensureCopies(input.photos, rt.now, uploadPhoto)).map((copy) => copy.url ?? '');
    const marketplaceId = ebay.marketplaceId ?? 'EBAY_US';
    const sizeLabel = input.sizeLabel ?? 'Size';
    const currency = input.currency ?? 'USD';
    for (const variant of input.variants) {
      await api(
        'PUT',
        `${INVENTORY}/inventory_item/${encodeURIComponent(variant.sku)}`,
        {
          availability: { shipToLocationAvailability: { quantity: variant.quantity } },
          condition: CONDITIONS[input.condition],
          product: {
            title: input.title,
            description: input.description,
            brand: input.brand,
            imageUrls: images,
            aspects: { ...input.aspects, Brand: [input.brand], [sizeLabel]: [variant.size] },
            ...(variant.barcode ? { upc: [variant.barcode] } : {}),
          },
        },
        { contentLanguage: true },
      );
    }
    await api(
      'PUT',
      `${INVENTORY}/inventory_item_group/${encodeURIComponent(input.groupKey)}`,
      {
        title: input.title,
        description: input.description,
        imageUrls: images,
        aspects: { ...input.aspects, Brand: [input.brand] },
        variantSKUs: input.variants.map((v) => v.sku),
        variesBy: { aspectsImageVariesBy: [], specifications: [{ name: sizeLabel, values: input.variants.map((v) => v.size) }] },
      },
      { contentLanguage: true },
    );
    const refs: EbayRef[] = [];
    for (const variant of input.variants) {
      const offerId = await putOffer({
        sku: variant.sku,
        marketplaceId,
        format: 'FIXED_PRICE',
        availableQuantity: variant.quantity,
        pricingSummary: { price: { value: centsToDecimal(variant.priceCents), currency } },
        categoryId: input.category?.ebayCategoryId ?? '',
        listingDescription: input.description,
        listingDuration: 'GTC',
        merchantLocationKey: ebay.merchantLocationKey,
        listingPolicies: {
          fulfillmentPolicyId: ebay.fulfillmentPolicyId,
          paymentPolicyId: ebay.paymentPolicyId,
          returnPolicyId: ebay.returnPolicyId,
        },
      });
      refs.push({ platform: 'ebay', sku: variant.sku, offerId, groupKey: input.groupKey, listingId: null });
    }
    // Publishing a published group again is a revision: safe to repeat.
    const published = await api(
      'POST',
      `${INVENTORY}/offer/publish_by_inventory_item_group`,
      { inventoryItemGroupKey: input.groupKey, marketplaceId },
      { idempotent: true },
    );
    const listingId = str(asObject(published.body).listingId);
    return { listingId, variants: refs.map((r) => ({ ...r, listingId })) };
  }

  /** One bulk_update_price_quantity call; each SKU is ok only when all its elements are. */
  async function bulkUpdate(requests: { sku: string; body: Record<string, unknown> }[]): Promise<ItemResult[]> {
    // Absolute values: sending the same chunk twice changes nothing more (retry-safe).
    const raw = await api(
      'POST',
      `${INVENTORY}/bulk_update_price_quantity`,
      { requests: requests.map((r) => r.body) },
      { idempotent: true },
    );
    const responses = asList(asObject(raw.body).responses).map(asObject);
    return requests.map(({ sku }) => {
      const mine = responses.filter((r) => r.sku === sku);
      const bad = mine.find((r) => Number(r.statusCode) >= 300);
      if (mine.length === 0)
        return itemFailure(sku, { code: 'NO_ANSWER', message: 'eBay returned no result for this SKU', retryable: true });
      if (!bad) return { sku, ok: true };
      const first = asObject(asList(bad.errors)[0]);
      return itemFailure(sku, {
        code: String(first.errorId ?? bad.statusCode),
        message: str(first.message) || `status ${str(bad.statusCode)}`,
        retryable: Number(bad.statusCode) >= 500 || first.category === 'SYSTEM',
      });
    });
  }

  async function fetchOrders(input: FetchOrdersInput): Promise<OrderPage> {
    const limit = Math.min(input.pageSize ?? 50, 200);
    const offset = Number(input.cursor ?? 0);
    const query = new URLSearchParams({
      filter: `lastmodifieddate:[${input.since.toISOString()}..]`,
      limit: String(limit),
      offset: String(offset),
    });
    const raw = await api('GET', `${FULFILLMENT}/order?${query.toString()}`);
    const body = asObject(raw.body);
    const orders = asList(body.orders).map((o) => mapEbayOrder(asObject(o)));
    const more = typeof body.next === 'string' && orders.length > 0;
    return { orders, nextCursor: more ? String(offset + limit) : null };
  }

  async function markShipped(orderId: string, shipment: ShipmentInput): Promise<void> {
    const order = asObject((await api('GET', `${FULFILLMENT}/order/${encodeURIComponent(orderId)}`)).body);
    const lineItems = asList(order.lineItems)
      .map(asObject)
      .filter((l) => !shipment.lines || shipment.lines.some((s) => s.sku === l.sku))
      .map((l) => ({
        lineItemId: str(l.lineItemId),
        quantity: shipment.lines?.find((s) => s.sku === l.sku)?.quantity ?? Number(l.quantity),
      }));
    await api('POST', `${FULFILLMENT}/order/${encodeURIComponent(orderId)}/shipping_fulfillment`, {
      lineItems,
      shippedDate: rt.now().toISOString(),
      shippingCarrierCode: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
    });
  }

  async function publicKey(kid: string): Promise<{ pem: string; digest: string } | null> {
    const cached = publicKeys.get(kid);
    if (cached) return cached;
    const token = await applicationToken();
    const raw = await call(rt, {
      idempotent: true,
      classify: classify((s) => success(s) || s === 404),
      build: () => ({
        url: `${config.baseUrl}/commerce/notification/v1/public_key/${encodeURIComponent(kid)}`,
        init: { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
      }),
    });
    if (raw.status === 404) return null;
    const body = asObject(raw.body);
    const key = { pem: pemLines(str(body.key)), digest: str(body.digest) || 'SHA1' };
    publicKeys.set(kid, key);
    return key;
  }

  return {
    platform: 'ebay',
    applicationToken,
    authorizeUrl(state, scopes = EBAY_SCOPES) {
      const url = new URL('/oauth2/authorize', authBase);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: config.redirectUri,
        response_type: 'code',
        scope: scopes.join(' '),
        state,
      }).toString();
      return url.toString();
    },
    async exchangeCode(code) {
      const body = await tokenGrant({ grant_type: 'authorization_code', code, redirect_uri: config.redirectUri });
      const creds = credentialsOf(body, null, EBAY_SCOPES);
      await store.save(creds);
      return creds;
    },
    upsertListing,
    setQuantities: (items) =>
      inChunks(items, EBAY_BULK_LIMIT, (part) =>
        bulkUpdate(
          part.map((i) => ({
            sku: i.sku,
            // Quantity 0 keeps the listing but takes the size off sale.
            body: {
              sku: i.sku,
              shipToLocationAvailability: { quantity: i.quantity },
              offers: [{ offerId: i.ref.offerId, availableQuantity: i.quantity }],
            },
          })),
        ),
      ),
    setPrices: (items) =>
      inChunks(items, EBAY_BULK_LIMIT, (part) =>
        bulkUpdate(
          part.map((i) => ({
            sku: i.sku,
            body: { sku: i.sku, offers: [{ offerId: i.ref.offerId, price: { value: centsToDecimal(i.priceCents), currency: 'USD' } }] },
          })),
        ),
      ),
    async endListing(refs) {
      const groups = new Set(refs.map((r) => r.groupKey).filter((g): g is string => g !== null));
      for (const key of groups) {
        await api(
          'POST',
          `${INVENTORY}/offer/withdraw_by_inventory_item_group`,
          { inventoryItemGroupKey: key, marketplaceId: 'EBAY_US' },
          { idempotent: true },
        );
      }
      for (const ref of refs.filter((r) => r.groupKey === null)) {
        await api('POST', `${INVENTORY}/offer/${ref.offerId}/withdraw`, {}, { idempotent: true });
      }
    },
    fetchOrders,
    async fetchOrder(orderId) {
      const raw = await api('GET', `${FULFILLMENT}/order/${encodeURIComponent(orderId)}`, undefined, {
        ok: (s) => success(s) || s === 404,
      });
      return raw.status === 404 ? null : mapEbayOrder(asObject(raw.body));
    },
    markShipped,
    prepareAccount: (input) => prepareEbayAccount(api, identityBaseUrl(config.baseUrl), input),
    refreshCredentials: () => auth.refreshNow(),
    fetchQuantities: (refs) => fetchEbayQuantities(api, refs),
    listListings: (input) => listEbayListings(api, input),
    registerWebhooks: (input) => registerEbayWebhooks(api, input),
    async verifyWebhook(request) {
      const signature = header(request, 'x-ebay-signature');
      if (!signature) return false;
      let parsed: Record<string, unknown>;
      let compact: string;
      try {
        parsed = asObject(JSON.parse(Buffer.from(signature, 'base64').toString('utf8')));
        // eBay signs the compact JSON of the notification (its SDK re-serialises the parsed body).
        compact = JSON.stringify(JSON.parse(rawText(request)));
      } catch {
        return false;
      }
      const kid = str(parsed.kid);
      if (!kid || !str(parsed.signature)) return false;
      const key = await publicKey(kid);
      if (!key) return false;
      const digest = (str(parsed.digest) || key.digest).toUpperCase() === 'SHA256' ? 'sha256' : 'sha1';
      try {
        return verify(digest, Buffer.from(compact, 'utf8'), createPublicKey(key.pem), Buffer.from(str(parsed.signature), 'base64'));
      } catch {
        return false;
      }
    },
    parseWebhook(request) {
      const body = asObject(JSON.parse(rawText(request)));
      const topic = str(asObject(body.metadata).topic);
      const notification = asObject(body.notification);
      const data = asObject(notification.data);
      const event: WebhookEvent = {
        platform: 'ebay',
        // Inside the signed body: a replay cannot come under another id.
        eventId: str(notification.notificationId),
        topic,
        kind: topic === 'ORDER_CONFIRMATION' ? 'order' : topic === 'AUTHORIZATION_REVOCATION' ? 'uninstalled' : 'other',
        payload: body,
        occurredAt: dateOf(str(notification.eventDate)),
      };
      if (str(data.orderId)) event.orderId = str(data.orderId);
      return [event];
    },
    checkWebhook(_request, event, context) {
      if (!EBAY_WEBHOOK_TOPICS.includes(event.topic)) return `topic ${event.topic || '(none)'} is not one this connection subscribed to`;
      if (event.kind === 'order' && !event.orderId) return `topic ${event.topic} does not fit the body (no orderId)`;
      return staleness(event.occurredAt, context.now, EBAY_WEBHOOK_MAX_AGE_MS, 'eventDate');
    },
    async confirmAccess() {
      // A read every connection's scopes allow (sell.inventory; the identity scope came later): a
      // revoked user token gets 401, then its refresh is refused.
      try {
        await api('GET', `${INVENTORY}/location?limit=1`);
        return { active: true, detail: 'eBay still accepts our user token' };
      } catch (error) {
        return refusedAccess(error, 'eBay');
      }
    },
  };
}

/** eBay serves the PEM on one line; node wants the base64 in lines. */
function pemLines(key: string): string {
  const match = /-----BEGIN PUBLIC KEY-----(.*)-----END PUBLIC KEY-----/s.exec(key);
  if (!match) return key;
  const base64 = (match[1] ?? '').replace(/\s+/g, '');
  return `-----BEGIN PUBLIC KEY-----\n${base64.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END PUBLIC KEY-----\n`;
}

export function mapEbayOrder(order: Record<string, unknown>): ExternalOrder {
  const shipTo = asObject(asObject(asObject(asList(order.fulfillmentStartInstructions)[0]).shippingStep).shipTo);
  const address = asObject(shipTo.contactAddress);
  const buyer = asObject(order.buyer);
  // fulfillmentStartInstructions[0].shippingStep.shipTo: fullName, contactAddress (ExtendedContact), primaryPhone.
  const shippingAddress = compactAddress({
    name: str(shipTo.fullName),
    line1: str(address.addressLine1),
    line2: str(address.addressLine2),
    city: str(address.city),
    region: str(address.stateOrProvince),
    postal_code: str(address.postalCode),
    country: str(address.countryCode),
    phone: str(asObject(shipTo.primaryPhone).phoneNumber),
  });
  const name = str(shipTo.fullName) || str(buyer.username);
  return {
    external_order_id: str(order.orderId),
    ordered_at: new Date(str(order.creationDate)).toISOString(),
    ...(name ? { customer: { name } } : {}),
    shipping_cents: decimalToCents(str(asObject(asObject(order.pricingSummary).deliveryCost).value)),
    ...(shippingAddress ? { shipping_address: shippingAddress } : {}),
    lines: asList(order.lineItems).map((raw) => {
      const line = asObject(raw);
      const quantity = Number(line.quantity ?? 1);
      const taxes = asList(line.taxes).reduce<number>((sum, t) => sum + decimalToCents(str(asObject(asObject(t).amount).value)), 0);
      return {
        sku: str(line.sku) || str(line.legacyItemId),
        title: str(line.title),
        quantity,
        unit_price_cents: Math.round(decimalToCents(str(asObject(line.lineItemCost).value)) / Math.max(1, quantity)),
        fees_cents: 0,
        tax_cents: taxes,
      };
    }),
  };
}
