import { createHmac, randomUUID } from 'node:crypto';
import { compactAddress } from '@tradepost/shared/schemas/address.ts';
import {
  asList,
  asObject,
  call,
  header,
  inChunks,
  itemFailure,
  PlatformError,
  type RawResponse,
  rawBytes,
  rawText,
  retryAfterMs,
  runtimeOf,
  sameSignature,
  str,
  TokenManager,
  type Verdict,
} from '../http.ts';
import { ensureCopies, filePart } from '../photos.ts';
import type {
  AdapterConfig,
  Credentials,
  ExternalOrder,
  ItemResult,
  MarketplaceAdapter,
  PhotoFile,
  PlatformPhoto,
  SquareRef,
  TokenStore,
  WebhookEvent,
} from '../types.ts';
import { dateOf, refusedAccess, staleness } from '../webhook-checks.ts';
import { prepareSquareAccount, registerSquareWebhooks, SQUARE_WEBHOOK_EVENTS } from './square-account.ts';
import { archiveSquareItems, fetchSquareQuantities, listSquareListings, upsertSquareItem } from './square-catalog.ts';

// Square REST (reference §3): catalog batch-upsert with #temp ids, inventory PHYSICAL_COUNT,
// orders search, HMAC(URL + body) webhooks. Every write carries an idempotency key.

export const SQUARE_SCOPES = [
  'ITEMS_READ',
  'ITEMS_WRITE',
  'INVENTORY_READ',
  'INVENTORY_WRITE',
  'ORDERS_READ',
  'ORDERS_WRITE',
  'MERCHANT_PROFILE_READ',
];
/**
 * How old a delivery may be, by the envelope's signed `created_at`. Square retries unacknowledged
 * deliveries for 24 hours by one of its pages and 72 by a newer one (reference §3.6, UNCONFIRMED):
 * the longer, plus an hour of clock skew. A replay cannot change `event_id` (signed), so within the
 * window the stored event id already de-duplicates it; the window keeps that true if old rows go.
 */
export const SQUARE_WEBHOOK_MAX_AGE_MS = 73 * 3_600_000;
/** batch-create takes at most 100 changes (reference §3.3). */
export const SQUARE_CHANGES_LIMIT = 100;
const VERSION = '2025-08-20';
/** What CreateCatalogImage takes (reference §5b): JPEG, PJPEG, PNG or GIF; other photos are converted first. */
export const SQUARE_IMAGE_TYPES = ['image/jpeg', 'image/pjpeg', 'image/png', 'image/gif'] as const;

type SquareError = { category?: string; code?: string; detail?: string; field?: string };

function classify(raw: RawResponse): Verdict {
  if (raw.status >= 200 && raw.status < 300) return { kind: 'ok' };
  const first = (asList(asObject(raw.body).errors)[0] ?? {}) as SquareError;
  if (raw.status === 401) return { kind: 'expired' };
  if (raw.status === 429) return { kind: 'throttled', waitMs: retryAfterMs(raw.headers.get('retry-after'), new Date()) };
  const error = new PlatformError(
    raw.status,
    first.code ?? String(raw.status),
    first.detail ?? `Square answered ${raw.status}`,
    raw.status >= 500,
    raw.body,
  );
  return raw.status >= 500 ? { kind: 'retry', error } : { kind: 'fail', error };
}

export function createSquareAdapter(config: AdapterConfig, store: TokenStore): MarketplaceAdapter<SquareRef> {
  const rt = runtimeOf(config);

  async function tokenCall(body: Record<string, unknown>): Promise<Credentials> {
    const raw = await call(rt, {
      idempotent: true,
      classify: (r) =>
        r.status === 200
          ? { kind: 'ok' }
          : classify(r).kind === 'retry'
            ? classify(r)
            : { kind: 'fail', error: new PlatformError(r.status, 'UNAUTHORIZED', 'token request refused', false, r.body) },
      build: () => ({
        url: `${config.baseUrl}/oauth2/token`,
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'square-version': config.apiVersion ?? VERSION },
          body: JSON.stringify({ client_id: config.clientId, client_secret: config.clientSecret, ...body }),
        },
      }),
    });
    const b = asObject(raw.body);
    return {
      accessToken: str(b.access_token),
      refreshToken: str(b.refresh_token) || null,
      expiresAt: b.expires_at ? new Date(str(b.expires_at)) : null,
    };
  }

  const auth = new TokenManager(store, rt, (current) => tokenCall({ grant_type: 'refresh_token', refresh_token: current.refreshToken }));

  /** Writes carry an idempotency key in the body, so every call here is safe to send again. */
  async function api(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    const raw = await call(rt, {
      auth,
      idempotent: true,
      classify,
      build: (token) => ({
        url: `${config.baseUrl}${path}`,
        init: {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            'square-version': config.apiVersion ?? VERSION,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        },
      }),
    });
    return asObject(raw.body);
  }

  /**
   * `POST /v2/catalog/images` (reference §5b): part `request` (JSON) and part `image_file`. The image
   * is made unattached and the item upsert then names it in `image_ids`, so the item is written once,
   * with its photos, after every upload worked. The idempotency key makes a retried upload one image.
   */
  async function uploadPhoto(file: PhotoFile): Promise<PlatformPhoto> {
    const request = {
      idempotency_key: randomUUID(),
      image: { type: 'IMAGE', id: '#tmp', image_data: { caption: file.filename } },
    };
    const raw = await call(rt, {
      auth,
      idempotent: true,
      classify,
      build: (token) => {
        const form = new FormData();
        form.append('request', new Blob([JSON.stringify(request)], { type: 'application/json' }));
        form.append('image_file', filePart(file), file.filename);
        return {
          url: `${config.baseUrl}/v2/catalog/images`,
          init: {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'square-version': config.apiVersion ?? VERSION, accept: 'application/json' },
            body: form,
          },
        };
      },
    });
    const image = asObject(asObject(raw.body).image);
    const id = str(image.id);
    if (!id) throw new PlatformError(raw.status, 'NO_IMAGE', 'Square stored the photo but returned no image', true, raw.body);
    return { platformId: id, url: str(asObject(image.image_data).url) || null, expiresAt: null };
  }

  /** batch-create refuses the whole batch on any error: drop the items it names, send the rest again. */
  async function changeCounts(items: { sku: string; ref: SquareRef; quantity: number }[]): Promise<ItemResult[]> {
    const results = new Map<(typeof items)[number], ItemResult>();
    let remaining = items;
    while (remaining.length > 0) {
      const occurredAt = rt.now().toISOString();
      // A fresh key per distinct batch; retries of this same batch reuse it (replayed, not re-applied).
      const body = {
        idempotency_key: randomUUID(),
        changes: remaining.map((i) => ({
          type: 'PHYSICAL_COUNT',
          // Count 0 takes the variation off sale.
          physical_count: {
            catalog_object_id: i.ref.variationId,
            location_id: i.ref.locationId,
            state: 'IN_STOCK',
            quantity: String(i.quantity),
            occurred_at: occurredAt,
          },
        })),
      };
      const raw = await call(rt, {
        auth,
        idempotent: true,
        classify: (r) => (r.status === 400 ? { kind: 'ok' } : classify(r)),
        build: (token) => ({
          url: `${config.baseUrl}/v2/inventory/changes/batch-create`,
          init: {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'square-version': config.apiVersion ?? VERSION,
              'content-type': 'application/json',
            },
            body: JSON.stringify(body),
          },
        }),
      });
      const errors = asList(asObject(raw.body).errors) as SquareError[];
      if (raw.status < 300) {
        for (const item of remaining) results.set(item, { sku: item.sku, ok: true });
        break;
      }
      const bad = new Set<number>();
      for (const error of errors) {
        const match = /^changes\[(\d+)\]/.exec(error.field ?? '');
        const index = match ? Number(match[1]) : null;
        const item = index === null ? undefined : remaining[index];
        if (index === null || !item) {
          for (const r of remaining)
            results.set(r, itemFailure(r.sku, { code: error.code ?? 'BAD_REQUEST', message: error.detail ?? 'refused', retryable: false }));
          return items.map((i) => results.get(i) as ItemResult);
        }
        bad.add(index);
        results.set(
          item,
          itemFailure(item.sku, { code: error.code ?? 'BAD_REQUEST', message: error.detail ?? 'refused', retryable: false }),
        );
      }
      remaining = remaining.filter((_, i) => !bad.has(i));
    }
    return items.map((i) => results.get(i) as ItemResult);
  }

  /** Square order lines name variation ids: one catalog read turns them into our SKUs. */
  async function mapOrders(orders: Record<string, unknown>[]): Promise<ExternalOrder[]> {
    const variationIds = [
      ...new Set(
        orders.flatMap((o) =>
          asList(o.line_items)
            .map((l) => str(asObject(l).catalog_object_id))
            .filter(Boolean),
        ),
      ),
    ];
    const skus = new Map<string, string>();
    if (variationIds.length) {
      const got = await api('POST', '/v2/catalog/batch-retrieve', { object_ids: variationIds });
      for (const o of asList(got.objects).map(asObject)) skus.set(str(o.id), str(asObject(o.item_variation_data).sku));
    }
    return orders.map(
      (o): ExternalOrder => ({
        external_order_id: str(o.id),
        ordered_at: new Date(str(o.created_at)).toISOString(),
        shipping_cents: 0,
        ...withShippingAddress(o),
        lines: asList(o.line_items).map((raw) => {
          const l = asObject(raw);
          return {
            sku: skus.get(str(l.catalog_object_id)) || str(l.catalog_object_id) || str(l.name),
            title: str(l.name),
            quantity: Number(l.quantity ?? 1),
            unit_price_cents: Number(asObject(l.base_price_money).amount ?? 0),
            fees_cents: 0,
            tax_cents: Number(asObject(l.total_tax_money).amount ?? 0),
          };
        }),
      }),
    );
  }

  return {
    platform: 'square',
    prepareAccount: () => prepareSquareAccount(api),
    refreshCredentials: () => auth.refreshNow(),
    async fetchOrder(orderId) {
      try {
        const body = await api('GET', `/v2/orders/${encodeURIComponent(orderId)}`);
        const [order] = await mapOrders([asObject(body.order)]);
        return order ?? null;
      } catch (error) {
        if (error instanceof PlatformError && error.status === 404) return null;
        throw error;
      }
    },
    fetchQuantities: (refs) => fetchSquareQuantities(api, refs),
    listListings: async (input) =>
      listSquareListings(api, input, input.locationId ?? (await prepareSquareAccount(api)).locations[0]?.id ?? ''),
    registerWebhooks: (input) => registerSquareWebhooks(api, input.url),
    authorizeUrl(state, scopes = SQUARE_SCOPES) {
      const url = new URL('/oauth2/authorize', config.authBaseUrl ?? config.baseUrl);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        scope: scopes.join(' '),
        session: 'false',
        state,
        redirect_uri: config.redirectUri,
      }).toString();
      return url.toString();
    },
    async exchangeCode(code) {
      const creds = await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: config.redirectUri });
      await store.save(creds);
      return creds;
    },
    async upsertListing(input) {
      const locationId = input.placement.locationId;
      if (!locationId) throw new PlatformError(null, 'INVALID_INPUT', 'Square listings need a location', false);
      const images = await ensureCopies(input.photos, rt.now, uploadPhoto, SQUARE_IMAGE_TYPES);
      const { itemId, variationIds } = await upsertSquareItem(
        api,
        input,
        images.map((image) => image.platformId),
      );
      const refs: SquareRef[] = input.variants.map((v) => ({
        platform: 'square',
        sku: v.sku,
        itemId,
        variationId: variationIds.get(v.sku) ?? '',
        locationId,
      }));
      const counts = await this.setQuantities(refs.map((ref, i) => ({ ref, sku: ref.sku, quantity: input.variants[i]?.quantity ?? 0 })));
      const failed = counts.find((c) => !c.ok);
      if (failed && !failed.ok) throw new PlatformError(null, failed.error.code, failed.error.message, failed.error.retryable);
      return { listingId: itemId, variants: refs };
    },
    setQuantities: (items) => inChunks(items, SQUARE_CHANGES_LIMIT, changeCounts),
    async setPrices(items) {
      return inChunks(items, 100, async (part) => {
        const got = await api('POST', '/v2/catalog/batch-retrieve', { object_ids: part.map((p) => p.ref.variationId) });
        const objects = new Map(asList(got.objects).map((o) => [str(asObject(o).id), asObject(o)]));
        const present = part.filter((p) => objects.has(p.ref.variationId));
        // One batch per variation: batches are all-or-nothing, so one refusal stays one item's.
        const upserted = present.length
          ? await api('POST', '/v2/catalog/batch-upsert', {
              idempotency_key: randomUUID(),
              batches: present.map((p) => {
                const current = objects.get(p.ref.variationId) ?? {};
                const data = asObject(current.item_variation_data);
                return {
                  objects: [
                    {
                      ...current,
                      item_variation_data: {
                        ...data,
                        price_money: { amount: p.priceCents, currency: str(asObject(data.price_money).currency) || 'USD' },
                      },
                    },
                  ],
                };
              }),
            })
          : {};
        const errors = asList(upserted.errors) as SquareError[];
        return part.map((p) => {
          if (!objects.has(p.ref.variationId))
            return itemFailure(p.sku, { code: 'NOT_FOUND', message: 'variation not found', retryable: false });
          const index = present.indexOf(p);
          const error = errors.find((e) => (e.field ?? '').startsWith(`batches[${index}]`));
          return error
            ? itemFailure(p.sku, { code: error.code ?? 'BAD_REQUEST', message: error.detail ?? 'refused', retryable: false })
            : { sku: p.sku, ok: true };
        });
      });
    },
    endListing: (refs) =>
      archiveSquareItems(
        api,
        refs.map((r) => r.itemId),
      ),
    async fetchOrders(input) {
      const locations = asList((await api('GET', '/v2/locations')).locations)
        .map((l) => str(asObject(l).id))
        .slice(0, 10);
      const body = await api('POST', '/v2/orders/search', {
        location_ids: locations,
        query: {
          filter: { date_time_filter: { updated_at: { start_at: input.since.toISOString() } } },
          sort: { sort_field: 'UPDATED_AT', sort_order: 'ASC' },
        },
        limit: input.pageSize ?? 100,
        ...(input.cursor ? { cursor: input.cursor } : {}),
      });
      return {
        orders: await mapOrders(asList(body.orders).map(asObject)),
        nextCursor: str(body.cursor) || null,
      };
    },
    async markShipped() {
      // The reference covers searching and reading orders only (§3.4): no route to complete a
      // fulfillment, so Tradepost does not guess one. The seller marks it shipped in Square.
      throw new PlatformError(
        null,
        'UNSUPPORTED',
        'Square orders cannot be marked shipped from Tradepost: mark the fulfillment shipped in the Square Dashboard',
        false,
      );
    },
    async verifyWebhook(request) {
      const given = header(request, 'x-square-hmacsha256-signature');
      if (!given || !config.webhookSignatureKey || !request.url) return false;
      const expected = createHmac('sha256', config.webhookSignatureKey).update(request.url).update(rawBytes(request)).digest('base64');
      return sameSignature(given, expected);
    },
    parseWebhook(request) {
      const body = asObject(JSON.parse(rawText(request)));
      const type = str(body.type);
      const data = asObject(body.data);
      const event: WebhookEvent = {
        platform: 'square',
        // Inside the signed body (the signature covers URL + body): it cannot be swapped.
        eventId: str(body.event_id),
        topic: type,
        kind: type.startsWith('order.')
          ? 'order'
          : type.startsWith('inventory.')
            ? 'inventory'
            : type.startsWith('catalog.')
              ? 'product'
              : type === 'oauth.authorization.revoked'
                ? 'uninstalled'
                : 'other',
        payload: body,
        occurredAt: dateOf(str(body.created_at)),
      };
      if (event.kind === 'order') event.orderId = str(data.id) || str(asObject(Object.values(asObject(data.object))[0]).order_id);
      return [event];
    },
    checkWebhook(_request, event, context) {
      if (!SQUARE_WEBHOOK_EVENTS.includes(event.topic))
        return `event type ${event.topic || '(none)'} is not one this connection subscribed to`;
      const body = asObject(event.payload);
      const merchant = str(body.merchant_id);
      if (context.accountId && merchant !== context.accountId) return `the ${event.topic} body names another merchant`;
      if (event.kind === 'uninstalled' && !asObject(asObject(body.data).object).revocation)
        return `event type ${event.topic} does not fit the body (no revocation)`;
      return staleness(event.occurredAt, context.now, SQUARE_WEBHOOK_MAX_AGE_MS, 'created_at');
    },
    async confirmAccess() {
      // RetrieveTokenStatus answers 401 for a revoked or expired token (reference §3.7).
      try {
        await api('POST', '/oauth2/token/status');
        return { active: true, detail: 'Square still accepts our access token' };
      } catch (error) {
        return refusedAccess(error, 'Square');
      }
    },
  };
}

/**
 * The recipient of a Square order's shipment (or delivery) fulfillment, in our address shape:
 * `fulfillments[].shipment_details.recipient{display_name, phone_number, address{address_line_1,
 * address_line_2, locality, administrative_district_level_1, postal_code, country}}` (Square's
 * FulfillmentRecipient and Address models). A register sale or a pickup has none.
 */
export function squareShippingAddress(order: Record<string, unknown>): ExternalOrder['shipping_address'] {
  for (const raw of asList(order.fulfillments)) {
    const fulfillment = asObject(raw);
    const type = str(fulfillment.type);
    if (type !== 'SHIPMENT' && type !== 'DELIVERY') continue;
    const details = asObject(type === 'DELIVERY' ? fulfillment.delivery_details : fulfillment.shipment_details);
    const recipient = asObject(details.recipient);
    const address = asObject(recipient.address);
    const name = str(recipient.display_name) || [str(address.first_name), str(address.last_name)].filter(Boolean).join(' ');
    const mapped = compactAddress({
      name,
      line1: str(address.address_line_1),
      line2: str(address.address_line_2),
      city: str(address.locality),
      region: str(address.administrative_district_level_1),
      postal_code: str(address.postal_code),
      country: str(address.country),
      phone: str(recipient.phone_number),
    });
    if (mapped) return mapped;
  }
  return undefined;
}

function withShippingAddress(order: Record<string, unknown>): Pick<ExternalOrder, 'shipping_address'> {
  const address = squareShippingAddress(order);
  return address ? { shipping_address: address } : {};
}
