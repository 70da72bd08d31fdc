import { createHmac, randomUUID } from 'node:crypto';
import type { WebhookDelivery, WebhookDispatcher } from '../kit/webhooks.ts';
import { levelGid, orderFulfillmentStatus, orderTotal } from './shopify-nodes.ts';
import { gid, levelKey, parseGid, type ShopifyState, variantTitle } from './shopify-state.ts';

type Json = Record<string, unknown>;

/** GraphQL topic enum ↔ the `X-Shopify-Topic` header name. */
export const TOPICS: Record<string, string> = {
  ORDERS_CREATE: 'orders/create',
  ORDERS_UPDATED: 'orders/updated',
  ORDERS_PAID: 'orders/paid',
  ORDERS_CANCELLED: 'orders/cancelled',
  ORDERS_FULFILLED: 'orders/fulfilled',
  PRODUCTS_CREATE: 'products/create',
  PRODUCTS_UPDATE: 'products/update',
  PRODUCTS_DELETE: 'products/delete',
  INVENTORY_LEVELS_UPDATE: 'inventory_levels/update',
  INVENTORY_ITEMS_UPDATE: 'inventory_items/update',
  FULFILLMENTS_CREATE: 'fulfillments/create',
  APP_UNINSTALLED: 'app/uninstalled',
};

export function topicHeader(topic: string): string {
  return TOPICS[topic] ?? topic;
}

export function topicEnum(topic: string): string {
  return Object.entries(TOPICS).find(([, header]) => header === topic)?.[0] ?? topic;
}

/** Subscriptions declared in the app's configuration (shopify.app.toml) rather than by API. */
export type AppWebhook = { topic: string; uri: string; apiVersion?: string };

// REST-style payloads (numeric ids plus admin_graphql_api_id), as the webhook bodies are.

export function orderPayload(state: ShopifyState, orderId: number): Json | null {
  const order = state.orders.get(orderId);
  if (!order) return null;
  const status = orderFulfillmentStatus(state, order);
  return {
    id: order.id,
    admin_graphql_api_id: gid('Order', order.id),
    name: `#${order.number}`,
    order_number: order.number,
    number: order.number - 1000,
    email: order.email,
    created_at: order.createdAt,
    updated_at: order.updatedAt,
    processed_at: order.createdAt,
    cancelled_at: order.cancelledAt,
    closed_at: order.closedAt,
    currency: order.currency,
    financial_status: order.financialStatus.toLowerCase(),
    fulfillment_status: status === 'FULFILLED' ? 'fulfilled' : status === 'PARTIALLY_FULFILLED' ? 'partial' : null,
    total_price: orderTotal(order),
    subtotal_price: orderTotal(order),
    source_name: order.sourceName,
    shipping_address: order.shippingAddress
      ? {
          name: order.shippingAddress.name,
          first_name: order.shippingAddress.firstName,
          last_name: order.shippingAddress.lastName,
          address1: order.shippingAddress.address1,
          address2: order.shippingAddress.address2,
          city: order.shippingAddress.city,
          province: order.shippingAddress.province,
          province_code: order.shippingAddress.provinceCode,
          zip: order.shippingAddress.zip,
          country: order.shippingAddress.country,
          country_code: order.shippingAddress.countryCodeV2,
          phone: order.shippingAddress.phone,
        }
      : null,
    line_items: order.lineItems.map((l) => ({
      id: l.id,
      admin_graphql_api_id: gid('LineItem', l.id),
      variant_id: l.variantId,
      product_id: l.productId,
      sku: l.sku,
      title: l.title,
      variant_title: l.variantTitle,
      name: l.variantTitle ? `${l.title} - ${l.variantTitle}` : l.title,
      quantity: l.quantity,
      current_quantity: l.quantity,
      price: l.price,
      fulfillable_quantity: order.fulfillmentOrderIds
        .flatMap((id) => state.fulfillmentOrders.get(id)?.lineItems ?? [])
        .filter((f) => f.lineItemId === l.id)
        .reduce((sum, f) => sum + f.remainingQuantity, 0),
      fulfillment_status: null,
    })),
  };
}

export function inventoryLevelPayload(state: ShopifyState, itemId: number, locationId: number): Json | null {
  const level = state.levels.get(levelKey(itemId, locationId));
  if (!level) return null;
  return {
    inventory_item_id: itemId,
    location_id: locationId,
    available: level.quantities.available,
    updated_at: level.updatedAt,
    admin_graphql_api_id: levelGid(level),
  };
}

export function productPayload(state: ShopifyState, productId: number): Json | null {
  const product = state.products.get(productId);
  if (!product) return null;
  return {
    id: product.id,
    admin_graphql_api_id: gid('Product', product.id),
    title: product.title,
    handle: product.handle,
    body_html: product.descriptionHtml,
    vendor: product.vendor,
    product_type: product.productType,
    status: product.status.toLowerCase(),
    tags: product.tags.join(', '),
    created_at: product.createdAt,
    updated_at: product.updatedAt,
    options: product.options.map((o) => ({
      id: o.id,
      product_id: product.id,
      name: o.name,
      position: o.position,
      values: o.values.map((v) => v.name),
    })),
    variants: product.variantIds.flatMap((id) => {
      const v = state.variants.get(id);
      if (!v) return [];
      const item = state.inventoryItems.get(v.inventoryItemId);
      const options = Object.fromEntries(v.selectedOptions.map((s, i) => [`option${i + 1}`, s.value]));
      return [
        {
          id: v.id,
          admin_graphql_api_id: gid('ProductVariant', v.id),
          product_id: product.id,
          title: variantTitle(v),
          sku: item?.sku ?? null,
          price: v.price,
          compare_at_price: v.compareAtPrice,
          barcode: v.barcode,
          position: v.position,
          inventory_policy: v.inventoryPolicy.toLowerCase(),
          inventory_item_id: v.inventoryItemId,
          inventory_quantity: [...state.levels.values()]
            .filter((l) => l.itemId === v.inventoryItemId)
            .reduce((s, l) => s + l.quantities.available, 0),
          created_at: v.createdAt,
          updated_at: v.updatedAt,
          ...options,
        },
      ];
    }),
  };
}

/**
 * The REST shop: the body of `app/uninstalled` (Shopify sends the shop the app was removed from).
 * `updated_at` is the moment of the uninstall here, so two uninstalls are two different bodies.
 */
export function shopPayload(state: ShopifyState): Json {
  return {
    id: 1,
    name: 'Tradepost Sim',
    email: 'owner@tradepost.test',
    domain: state.credentials.shop,
    myshopify_domain: state.credentials.shop,
    country_code: 'US',
    currency: 'USD',
    iana_timezone: 'America/Los_Angeles',
    plan_name: 'basic',
    created_at: '2024-01-01T00:00:00Z',
    updated_at: state.clock.iso(),
  };
}

export function fulfillmentPayload(state: ShopifyState, fulfillmentId: number): Json | null {
  const f = state.fulfillments.get(fulfillmentId);
  if (!f) return null;
  return {
    id: f.id,
    admin_graphql_api_id: gid('Fulfillment', f.id),
    order_id: f.orderId,
    status: 'success',
    created_at: f.createdAt,
    tracking_company: f.trackingInfo[0]?.company ?? null,
    tracking_number: f.trackingInfo[0]?.number ?? null,
    tracking_numbers: f.trackingInfo.map((t) => t.number),
  };
}

export type ShopifyWebhookOptions = {
  /** `orders/create`, `inventory_levels/update`, `products/update`, `app/uninstalled`, … (or the enum). */
  topic: string;
  /** The resource the body describes (GID or number); the body is built from current state. */
  orderId?: string | number;
  productId?: string | number;
  inventoryItemId?: string | number;
  locationId?: string | number;
  fulfillmentId?: string | number;
  /** A body of your own instead. */
  payload?: Json;
  /** Deliver to this URL instead of the subscriptions for the topic. */
  url?: string;
  /** Extra deliveries with the same X-Shopify-Webhook-Id (at-least-once duplicates). */
  duplicate?: number;
  /** Keep until `releaseWebhooks()` (out of order). */
  hold?: boolean;
  /** `wrong-secret`: HMAC with another key; `missing`: no HMAC header. */
  signature?: 'valid' | 'wrong-secret' | 'missing';
  attempts?: number;
  /** Several topics emitted by one merchant action share an event id. */
  eventId?: string;
};

export type ShopifyWebhookContext = {
  state: ShopifyState;
  webhooks: WebhookDispatcher;
  appWebhooks: () => AppWebhook[];
  defaultApiVersion: string;
  defaultAttempts: number;
  signing: () => 'valid' | 'wrong-secret';
};

function numeric(value: string | number | undefined, type: string): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return parseGid(value, type);
}

export function buildPayload(state: ShopifyState, options: ShopifyWebhookOptions): Json | null {
  if (options.payload) return options.payload;
  const topic = topicHeader(options.topic);
  if (topic.startsWith('orders/')) return orderPayload(state, numeric(options.orderId, 'Order') ?? -1);
  if (topic === 'inventory_levels/update') {
    return inventoryLevelPayload(
      state,
      numeric(options.inventoryItemId, 'InventoryItem') ?? -1,
      numeric(options.locationId, 'Location') ?? -1,
    );
  }
  if (topic.startsWith('products/')) {
    const id = numeric(options.productId, 'Product') ?? -1;
    return topic === 'products/delete' ? { id } : productPayload(state, id);
  }
  if (topic === 'fulfillments/create') return fulfillmentPayload(state, numeric(options.fulfillmentId, 'Fulfillment') ?? -1);
  if (topic === 'app/uninstalled') return shopPayload(state);
  return null;
}

/** base64 HMAC-SHA256 of the raw body with the app's client secret (reference §2.11). */
export function shopifyHmac(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('base64');
}

export function emitShopifyWebhook(
  ctx: ShopifyWebhookContext,
  options: ShopifyWebhookOptions,
): { deliveries: WebhookDelivery[]; done: Promise<WebhookDelivery[]> } {
  const { state } = ctx;
  const topic = topicHeader(options.topic);
  const payload = buildPayload(state, options);
  if (!payload) return { deliveries: [], done: Promise.resolve([]) };
  const targets: { uri: string; apiVersion: string }[] = options.url
    ? [{ uri: options.url, apiVersion: ctx.defaultApiVersion }]
    : [
        ...[...state.webhookSubscriptions.values()]
          .filter((w) => topicHeader(w.topic) === topic)
          .map((w) => ({ uri: w.uri, apiVersion: w.apiVersion })),
        ...ctx
          .appWebhooks()
          .filter((w) => topicHeader(w.topic) === topic)
          .map((w) => ({ uri: w.uri, apiVersion: w.apiVersion ?? ctx.defaultApiVersion })),
      ];
  const eventId = options.eventId ?? randomUUID();
  const triggeredAt = state.clock.iso();
  const body = JSON.stringify(payload);
  const mode = options.signature ?? ctx.signing();
  const deliveries: WebhookDelivery[] = [];
  const done: Promise<WebhookDelivery>[] = [];
  for (const target of targets) {
    const webhookId = randomUUID();
    for (let copy = 0; copy <= (options.duplicate ?? 0); copy++) {
      const sent = ctx.webhooks.send(
        {
          topic,
          url: target.uri,
          eventId: webhookId,
          maxAttempts: options.attempts ?? ctx.defaultAttempts,
          // Retries resend the same bytes and the same webhook id.
          build: () => {
            const headers: Record<string, string> = {
              'content-type': 'application/json',
              'x-shopify-topic': topic,
              'x-shopify-shop-domain': state.credentials.shop,
              'x-shopify-api-version': target.apiVersion,
              'x-shopify-webhook-id': webhookId,
              'x-shopify-event-id': eventId,
              'x-shopify-triggered-at': triggeredAt,
            };
            if (mode !== 'missing') {
              headers['x-shopify-hmac-sha256'] = shopifyHmac(
                mode === 'wrong-secret' ? `wrong-${state.credentials.clientSecret}` : state.credentials.clientSecret,
                body,
              );
            }
            return { body, headers };
          },
        },
        options.hold ?? false,
      );
      deliveries.push(sent.delivery);
      done.push(sent.done);
    }
  }
  return { deliveries, done: Promise.all(done) };
}
