import { createHmac, randomUUID } from 'node:crypto';
import {
  asObject,
  call,
  centsToDecimal,
  header,
  inChunks,
  itemFailure,
  PlatformError,
  type RawResponse,
  rawBytes,
  runtimeOf,
  sameSignature,
  str,
  TokenManager,
  type Verdict,
} from '../http.ts';
import type { AdapterConfig, Credentials, ItemResult, ListingInput, MarketplaceAdapter, ShopifyRef, TokenStore } from '../types.ts';
import { refusedAccess } from '../webhook-checks.ts';
import { prepareShopifyAccount, registerShopifyWebhooks } from './shopify-account.ts';
import { existingProduct, fetchShopifyQuantities, listShopifyListings } from './shopify-catalog.ts';
import { completeLineItems, mapShopifyOrder, ORDER_FIELDS } from './shopify-orders.ts';
import { settleMedia, stagePhotos } from './shopify-photos.ts';
import { checkShopifyWebhook, parseShopifyWebhook } from './shopify-webhooks.ts';

// Shopify GraphQL Admin API (reference §2): productSet for listings, inventorySetQuantities with
// @idempotent, productVariantsBulkUpdate for prices, orders + fulfillmentCreate, HMAC webhooks.

export const SHOPIFY_SCOPES = [
  'read_products',
  'write_products',
  'read_inventory',
  'write_inventory',
  'read_locations',
  'read_orders',
  'write_orders',
  'read_merchant_managed_fulfillment_orders',
  'write_merchant_managed_fulfillment_orders',
];
/** Input arrays above 250 are refused (reference §2.3). */
export const SHOPIFY_INPUT_LIMIT = 250;
const DEFAULT_VERSION = '2026-04';

type GqlError = { message?: string; extensions?: { code?: string } };
type Throttle = { maximumAvailable?: number; currentlyAvailable?: number; restoreRate?: number };

/** Seconds to wait for the bucket to hold `needed` points again (reference §2.3). */
export function bucketWaitMs(
  cost: { requestedQueryCost?: number | null; throttleStatus?: Throttle } | undefined,
  fallbackNeed: number,
): number {
  const status = cost?.throttleStatus ?? {};
  const rate = status.restoreRate && status.restoreRate > 0 ? status.restoreRate : 50;
  const needed = Math.max(cost?.requestedQueryCost || 0, fallbackNeed);
  const missing = Math.max(needed - (status.currentlyAvailable ?? 0), rate / 10);
  return Math.ceil((missing / rate) * 1_000);
}

function classify(raw: RawResponse): Verdict {
  const body = asObject(raw.body);
  const errors = Array.isArray(body.errors) ? (body.errors as GqlError[]) : [];
  // Throttling comes as 200 (or 429) with THROTTLED in the body: check the body regardless of status.
  if (errors.some((e) => e.extensions?.code === 'THROTTLED') || raw.status === 429) {
    const cost = asObject(body.extensions).cost as Parameters<typeof bucketWaitMs>[0];
    return { kind: 'throttled', waitMs: bucketWaitMs(cost, 100) };
  }
  if (raw.status === 401) return { kind: 'expired' };
  if (raw.status >= 500)
    return { kind: 'retry', error: new PlatformError(raw.status, 'SERVER_ERROR', `Shopify answered ${raw.status}`, true, raw.body) };
  if (raw.status !== 200)
    return { kind: 'fail', error: new PlatformError(raw.status, String(raw.status), `Shopify answered ${raw.status}`, false, raw.body) };
  if (errors.length > 0 || typeof body.errors === 'string') {
    const first = errors[0] ?? { message: str(body.errors) };
    return {
      kind: 'fail',
      error: new PlatformError(200, first.extensions?.code ?? 'GRAPHQL_ERROR', first.message ?? 'GraphQL error', false, raw.body),
    };
  }
  return { kind: 'ok' };
}

type UserError = { field?: string[] | null; message: string; code?: string | null };

/** The index a userError points at under `path` (`['input','quantities','3',…]` → 3). */
function indexOf(error: UserError, path: string[]): number | null {
  const field = error.field ?? [];
  if (!path.every((p, i) => field[i] === p)) return null;
  const n = Number(field[path.length]);
  return Number.isInteger(n) ? n : null;
}

const PRODUCT_SET = `mutation($input: ProductSetInput!, $identifier: ProductSetIdentifiers) {
  productSet(input: $input, identifier: $identifier, synchronous: true) {
    product { id variants(first: 250) { nodes { id sku inventoryItem { id } } } }
    userErrors { field message code }
  }
}`;
const SET_QUANTITIES = `mutation($input: InventorySetQuantitiesInput!, $key: String!) {
  inventorySetQuantities(input: $input) @idempotent(key: $key) { inventoryAdjustmentGroup { id } userErrors { field message code } }
}`;
const BULK_PRICE = `mutation($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
  productVariantsBulkUpdate(productId: $productId, variants: $variants) { productVariants { id } userErrors { field message code } }
}`;
const ORDERS = `query($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    nodes { ${ORDER_FIELDS} }
    pageInfo { hasNextPage endCursor }
  }
}`;
const ORDER = `query($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`;
const PRODUCT_UPDATE = `mutation($product: ProductUpdateInput!) { productUpdate(product: $product) { product { id } userErrors { field message } } }`;
const FIRST_LOCATION = `query { locations(first: 1) { nodes { id } } }`;
const SHOP = `query { shop { myshopifyDomain } }`;
const FULFILLMENT_ORDERS = `query($id: ID!) {
  order(id: $id) { fulfillmentOrders(first: 5) { nodes { id status lineItems(first: 50) { nodes { id remainingQuantity lineItem { sku } } } } } }
}`;
const FULFILL = `mutation($fulfillment: FulfillmentInput!) { fulfillmentCreate(fulfillment: $fulfillment) { fulfillment { id } userErrors { field message } } }`;

/** The OAuth callback's signature is checked by `checkShopifyCallback` (shopify-callback.ts), before the code is spent. */
export type ShopifyAdapter = MarketplaceAdapter<ShopifyRef>;

export function createShopifyAdapter(config: AdapterConfig & { expiringTokens?: boolean }, store: TokenStore): ShopifyAdapter {
  const rt = runtimeOf(config);
  const version = config.apiVersion ?? DEFAULT_VERSION;

  async function tokenCall(body: Record<string, string>): Promise<Credentials> {
    const raw = await call(rt, {
      idempotent: body.grant_type !== 'refresh_token', // a refresh token is single use (rotated)
      build: () => ({
        url: `${config.baseUrl}/admin/oauth/access_token`,
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ client_id: config.clientId, client_secret: config.clientSecret, ...body }),
        },
      }),
      classify: (r) => {
        if (r.status === 200) return { kind: 'ok' };
        const b = asObject(r.body);
        const error = new PlatformError(
          r.status,
          str(b.error) || String(r.status),
          str(b.error_description) || 'token request refused',
          r.status >= 500,
          r.body,
        );
        return r.status >= 500 ? { kind: 'retry', error } : { kind: 'fail', error };
      },
    });
    const b = asObject(raw.body);
    const expiresIn = Number(b.expires_in ?? 0);
    return {
      accessToken: str(b.access_token),
      refreshToken: str(b.refresh_token) || null,
      expiresAt: expiresIn > 0 ? new Date(rt.now().getTime() + expiresIn * 1_000) : null,
      scopes: str(b.scope).split(',').filter(Boolean),
    };
  }

  // Non-expiring offline tokens have no refresh token; the manager then asks for a reconnect on 401.
  const auth = new TokenManager(store, rt, (current) =>
    tokenCall({ grant_type: 'refresh_token', refresh_token: current.refreshToken ?? '' }),
  );

  async function gql<T>(query: string, variables: Record<string, unknown>, idempotent = true): Promise<T> {
    const raw = await call(rt, {
      auth,
      idempotent,
      classify,
      build: (token) => ({
        url: `${config.baseUrl}/admin/api/${version}/graphql.json`,
        init: {
          method: 'POST',
          headers: { 'x-shopify-access-token': token, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ query, variables }),
        },
      }),
    });
    return asObject(raw.body).data as T;
  }

  /** Sends a batch; items named by userErrors fail, the rest (not applied: mutations are atomic) go again. */
  async function atomicBatch<T extends { sku: string }>(
    items: T[],
    send: (part: T[]) => Promise<UserError[]>,
    path: string[],
  ): Promise<ItemResult[]> {
    const results = new Map<T, ItemResult>();
    let remaining = items;
    while (remaining.length > 0) {
      const errors = await send(remaining);
      if (errors.length === 0) {
        for (const item of remaining) results.set(item, { sku: item.sku, ok: true });
        break;
      }
      const bad = new Set<number>();
      for (const error of errors) {
        const i = indexOf(error, path);
        if (i === null) {
          // Not tied to one item: the whole batch failed.
          for (const item of remaining)
            results.set(item, itemFailure(item.sku, { code: error.code ?? 'USER_ERROR', message: error.message, retryable: false }));
          return items.map((item) => results.get(item) as ItemResult);
        }
        const item = remaining[i];
        if (item) {
          bad.add(i);
          results.set(
            item,
            itemFailure(item.sku, {
              code: error.code ?? 'USER_ERROR',
              message: error.message,
              retryable: error.code === 'CHANGE_FROM_QUANTITY_STALE',
            }),
          );
        }
      }
      remaining = remaining.filter((_, i) => !bad.has(i));
    }
    return items.map((item) => results.get(item) as ItemResult);
  }

  let firstLocation: string | null = null;
  /** The shop's first active location, for reads that were not told which one. */
  async function defaultLocation(): Promise<string> {
    if (firstLocation) return firstLocation;
    const data = await gql<{ locations: { nodes: { id: string }[] } }>(FIRST_LOCATION, {});
    const id = data.locations.nodes[0]?.id;
    if (!id) throw new PlatformError(200, 'NO_LOCATION', 'The shop has no active location', false);
    firstLocation = id;
    return id;
  }

  return {
    platform: 'shopify',
    prepareAccount: () => prepareShopifyAccount(gql),
    refreshCredentials: () => auth.refreshNow(),
    async fetchOrder(orderId) {
      const data = await gql<{ order: Record<string, unknown> | null }>(ORDER, { id: orderId });
      return data.order ? mapShopifyOrder(await completeLineItems(gql, data.order)) : null;
    },
    fetchQuantities: (refs) => fetchShopifyQuantities(gql, refs),
    listListings: async (input) => listShopifyListings(gql, input, input.locationId ?? (await defaultLocation()), config.shopDomain),
    registerWebhooks: (input) => registerShopifyWebhooks(gql, input.url),
    authorizeUrl(state, scopes = SHOPIFY_SCOPES) {
      const url = new URL('/admin/oauth/authorize', config.authBaseUrl ?? config.baseUrl);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        scope: scopes.join(','),
        redirect_uri: config.redirectUri,
        state,
      }).toString();
      return url.toString();
    },
    async exchangeCode(code) {
      const creds = await tokenCall({ code, ...(config.expiringTokens ? { expiring: '1' } : {}) });
      await store.save(creds);
      return creds;
    },
    async upsertListing(input: ListingInput) {
      const locationId = input.placement.locationId;
      if (!locationId) throw new PlatformError(null, 'INVALID_INPUT', 'Shopify listings need the location the stock sits at', false);
      const option = input.sizeLabel ?? 'Size';
      // Send the ids of the variants already there: the same product and variants are updated in
      // place (ids, history and inventory items kept) instead of being replaced by new ones.
      const existing = await existingProduct(gql, input.groupKey);
      // The bytes of new photos go to Shopify's storage first; productSet then makes them the product's media.
      const files = await stagePhotos(gql, rt, input.photos, input.title);
      // A product not on sale yet stays a draft until its new photos are processed: never on sale half made.
      const status = files.some((f) => 'originalSource' in f) && existing?.status !== 'ACTIVE' ? 'DRAFT' : 'ACTIVE';
      // Complete object every time: productSet deletes variants, options and files it is not sent.
      const data = await gql<{
        productSet: {
          product: { id: string; variants: { nodes: { id: string; sku: string; inventoryItem: { id: string } }[] } } | null;
          userErrors: UserError[];
        };
      }>(PRODUCT_SET, {
        identifier: existing ? { id: existing.id } : { handle: input.groupKey },
        input: {
          handle: input.groupKey,
          title: input.title,
          descriptionHtml: input.description,
          vendor: input.brand,
          productType: input.category?.productType ?? '',
          status,
          files,
          productOptions: [{ name: option, values: input.variants.map((v) => ({ name: v.size })) }],
          variants: input.variants.map((v) => ({
            ...(existing?.variantIds.has(v.sku) ? { id: existing.variantIds.get(v.sku) } : {}),
            optionValues: [{ optionName: option, name: v.size }],
            sku: v.sku,
            price: centsToDecimal(v.priceCents),
            ...(v.barcode ? { barcode: v.barcode } : {}),
            inventoryItem: { sku: v.sku, tracked: true },
            inventoryQuantities: [{ locationId, name: 'available', quantity: v.quantity }],
          })),
        },
      });
      const payload = data.productSet;
      if (payload.userErrors.length > 0 || !payload.product) {
        const first = payload.userErrors[0];
        throw new PlatformError(200, first?.code ?? 'USER_ERROR', first?.message ?? 'productSet failed', false, payload.userErrors);
      }
      const product = payload.product;
      // Photos Shopify already showed READY are relied on as they are; new ones are read until they are.
      const fresh = files.some((f) => 'originalSource' in f) || input.photos.some((p) => !p.copy?.url);
      const media = fresh ? await settleMedia(gql, rt, product.id, input.photos) : ({ ready: true } as const);
      if (!media.ready && media.failed)
        throw new PlatformError(
          200,
          'MEDIA_FAILED',
          `Shopify could not process a photo of this product (${media.failed}): replace it in the product's photos`,
          false,
        );
      if (status === 'DRAFT') {
        const data = await gql<{ productUpdate: { userErrors: UserError[] } }>(PRODUCT_UPDATE, {
          product: { id: product.id, status: 'ACTIVE' },
        });
        const refused = data.productUpdate.userErrors[0];
        if (refused) throw new PlatformError(200, refused.code ?? 'USER_ERROR', refused.message, false, data.productUpdate.userErrors);
      }
      return {
        listingId: product.id,
        variants: product.variants.nodes.map((v) => ({
          platform: 'shopify' as const,
          sku: v.sku,
          productId: product.id,
          variantId: v.id,
          inventoryItemId: v.inventoryItem.id,
          locationId,
        })),
      };
    },
    setQuantities: (items) =>
      inChunks(items, SHOPIFY_INPUT_LIMIT, (part) =>
        atomicBatch(
          part,
          async (batch) => {
            // One key per distinct input: a lost answer is replayed, never applied twice.
            const key = randomUUID();
            const data = await gql<{ inventorySetQuantities: { userErrors: UserError[] } }>(SET_QUANTITIES, {
              key,
              input: {
                name: 'available',
                reason: 'correction',
                referenceDocumentUri: `gid://tradepost/SyncJob/${key}`,
                // We are the source of truth here: explicit null opts out of compare-and-swap.
                quantities: batch.map((i) => ({
                  inventoryItemId: i.ref.inventoryItemId,
                  locationId: i.ref.locationId,
                  quantity: i.quantity,
                  changeFromQuantity: null,
                })),
              },
            });
            return data.inventorySetQuantities.userErrors;
          },
          ['input', 'quantities'],
        ),
      ),
    async setPrices(items) {
      const byProduct = new Map<string, typeof items>();
      for (const item of items) byProduct.set(item.ref.productId, [...(byProduct.get(item.ref.productId) ?? []), item]);
      const results = new Map<(typeof items)[number], ItemResult>();
      for (const [productId, group] of byProduct) {
        const answers = await inChunks(group, SHOPIFY_INPUT_LIMIT, (part) =>
          atomicBatch(
            part,
            async (batch) => {
              const data = await gql<{ productVariantsBulkUpdate: { userErrors: UserError[] } }>(BULK_PRICE, {
                productId,
                variants: batch.map((i) => ({ id: i.ref.variantId, price: centsToDecimal(i.priceCents) })),
              });
              return data.productVariantsBulkUpdate.userErrors;
            },
            ['variants'],
          ),
        );
        for (const [i, item] of group.entries()) results.set(item, answers[i] as ItemResult);
      }
      return items.map((item) => results.get(item) as ItemResult);
    },
    async endListing(refs) {
      // Off sale, not deleted: a draft keeps its ids and history, and upsertListing makes it active again.
      for (const productId of new Set(refs.map((r) => r.productId))) {
        const data = await gql<{ productUpdate: { userErrors: UserError[] } }>(PRODUCT_UPDATE, {
          product: { id: productId, status: 'DRAFT' },
        });
        const refused = data.productUpdate.userErrors[0];
        if (refused) throw new PlatformError(200, refused.code ?? 'USER_ERROR', refused.message, false, data.productUpdate.userErrors);
      }
    },
    async fetchOrders(input) {
      const data = await gql<{
        orders: { nodes: Record<string, unknown>[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
      }>(ORDERS, {
        // The requested cost counts `first`, not the orders found: a quiet shop's poll pays for a
        // full page. 10 orders at ~19 points (shopify-orders.ts) ask for ~190 of the budget.
        first: Math.min(input.pageSize ?? 10, 10),
        after: input.cursor ?? null,
        query: `updated_at:>='${input.since.toISOString()}'`,
      });
      const complete = [];
      for (const node of data.orders.nodes) complete.push(await completeLineItems(gql, node));
      return {
        orders: complete.map(mapShopifyOrder),
        nextCursor: data.orders.pageInfo.hasNextPage ? data.orders.pageInfo.endCursor : null,
      };
    },
    async markShipped(orderId, shipment) {
      const data = await gql<{
        order: {
          fulfillmentOrders: {
            nodes: {
              id: string;
              status: string;
              lineItems: { nodes: { id: string; remainingQuantity: number; lineItem: { sku: string | null } }[] };
            }[];
          };
        } | null;
      }>(FULFILLMENT_ORDERS, { id: orderId });
      const open = (data.order?.fulfillmentOrders.nodes ?? []).filter((f) => f.status === 'OPEN' || f.status === 'IN_PROGRESS');
      for (const fo of open) {
        const lines = fo.lineItems.nodes
          .filter((l) => l.remainingQuantity > 0 && (!shipment.lines || shipment.lines.some((s) => s.sku === l.lineItem.sku)))
          .map((l) => ({
            id: l.id,
            quantity: Math.min(l.remainingQuantity, shipment.lines?.find((s) => s.sku === l.lineItem.sku)?.quantity ?? l.remainingQuantity),
          }));
        if (lines.length === 0) continue;
        const done = await gql<{ fulfillmentCreate: { userErrors: UserError[] } }>(
          FULFILL,
          {
            fulfillment: {
              lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id, fulfillmentOrderLineItems: lines }],
              trackingInfo: { company: shipment.carrier, number: shipment.trackingNumber },
            },
          },
          false,
        );
        const first = done.fulfillmentCreate.userErrors[0];
        if (first) throw new PlatformError(200, first.code ?? 'USER_ERROR', first.message, false);
      }
    },
    async verifyWebhook(request) {
      const given = header(request, 'x-shopify-hmac-sha256');
      if (!given) return false;
      const expected = createHmac('sha256', config.clientSecret).update(rawBytes(request)).digest('base64');
      return sameSignature(given, expected);
    },
    parseWebhook: parseShopifyWebhook,
    checkWebhook: (request, event, context) => checkShopifyWebhook(request, event, context, config.shopDomain ?? null),
    async confirmAccess() {
      // Any call with our token would do; the shop is the cheapest and needs no scope.
      try {
        const data = await gql<{ shop: { myshopifyDomain: string } }>(SHOP, {});
        return { active: true, detail: `Shopify still accepts our access token for ${data.shop.myshopifyDomain}` };
      } catch (error) {
        return refusedAccess(error, 'Shopify');
      }
    },
  };
}
