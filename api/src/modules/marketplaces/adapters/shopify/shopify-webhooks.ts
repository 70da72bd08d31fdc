import { asObject, header, rawText, str } from '../http.ts';
import type { WebhookContext, WebhookEvent, WebhookRequest } from '../types.ts';
import { bodyHash, dateOf, staleness } from '../webhook-checks.ts';
import { SHOPIFY_WEBHOOK_HEADER_TOPICS } from './shopify-account.ts';
import { mapShopifyWebhookOrder } from './shopify-orders.ts';

// Shopify deliveries (reference §2.11). The HMAC covers the body only: the topic, the webhook id,
// the event id and the trigger time travel in headers anyone can rewrite. So a captured body with
// its signature can be sent again under a new id and another topic (issue #15, defect 4). What can
// be trusted is what the body says; everything else is checked against it.

/**
 * How old a delivery may be, by its X-Shopify-Triggered-At. Shopify retries a failed delivery 8
 * times over 4 hours, each retry with the original payload and trigger time (changelog 2024-09-10;
 * before then 19 times over 48 hours), so nothing Shopify sends is older than 4 hours. One more hour
 * absorbs clock skew and the last retry's backoff. Refusing a late delivery loses nothing: the
 * reconciliation poll imports the orders anyway and a gone token shows at the next call. The header
 * is not signed, so this stops only a replay sent with its captured headers; the content key (from
 * the signed body) de-duplicates the rest, for as long as webhook_events keeps its rows.
 */
export const SHOPIFY_WEBHOOK_MAX_AGE_MS = 5 * 3_600_000;

const SUBSCRIBED = new Set(Object.values(SHOPIFY_WEBHOOK_HEADER_TOPICS));

/** The GraphQL type a topic's body must be (REST bodies carry `admin_graphql_api_id`). */
function resourceType(topic: string): string | null {
  if (topic.startsWith('orders/')) return 'Order';
  if (topic.startsWith('inventory_levels/')) return 'InventoryLevel';
  if (topic.startsWith('inventory_items/')) return 'InventoryItem';
  if (topic.startsWith('products/')) return 'Product';
  if (topic.startsWith('fulfillments/')) return 'Fulfillment';
  return null;
}

const typeOf = (gid: string) => /^gid:\/\/shopify\/([A-Za-z]+)\//.exec(gid)?.[1] ?? 'an unknown object';

/** The object a body describes: its GraphQL id, or for an uninstall the shop. */
function objectOf(topic: string, body: Record<string, unknown>): string {
  if (topic === 'app/uninstalled') return str(body.myshopify_domain) ? `shop:${str(body.myshopify_domain)}` : '';
  return str(body.admin_graphql_api_id);
}

export function parseShopifyWebhook(request: WebhookRequest): WebhookEvent[] {
  const topic = header(request, 'x-shopify-topic') ?? '';
  const body = asObject(JSON.parse(rawText(request)));
  const object = objectOf(topic, body);
  const version = str(body.updated_at);
  // A body names its object and that object's version: the same pair under the same topic is the
  // same news. Without both, the exact bytes are the identity (a replay is byte for byte).
  const content = object && version ? `${object}@${version}` : `sha256:${bodyHash(request)}`;
  const sourceEvent = header(request, 'x-shopify-event-id');
  const event: WebhookEvent = {
    platform: 'shopify',
    eventId: header(request, 'x-shopify-webhook-id') ?? '',
    topic,
    kind: topic.startsWith('orders/')
      ? 'order'
      : topic.startsWith('inventory_')
        ? 'inventory'
        : topic.startsWith('products/')
          ? 'product'
          : topic === 'app/uninstalled'
            ? 'uninstalled'
            : 'other',
    payload: body,
    contentKey: `${topic}|${content}`,
    // Shopify's own duplicate marker, scoped to the topic and object: one merchant action may
    // send several topics (and several objects) under one event id.
    sourceEventKey: sourceEvent ? `${topic}|${object || content}|${sourceEvent}` : null,
    occurredAt: dateOf(header(request, 'x-shopify-triggered-at')),
  };
  // Only an order body is read as an order; any other is refused by checkShopifyWebhook.
  if (event.kind === 'order' && str(body.admin_graphql_api_id).startsWith('gid://shopify/Order/')) {
    event.orderId = str(body.admin_graphql_api_id);
    event.order = mapShopifyWebhookOrder(body);
  }
  return [event];
}

/** Why the topic does not fit the body, or null. */
function bodyMismatch(topic: string, body: Record<string, unknown>, shop: string | null): string | null {
  const gid = str(body.admin_graphql_api_id);
  if (topic === 'app/uninstalled') {
    // An uninstall's body is the shop itself: no other object, and the shop is ours.
    if ((gid && !gid.startsWith('gid://shopify/Shop/')) || 'line_items' in body)
      return `topic ${topic} does not fit the body (${gid ? typeOf(gid) : 'an order'})`;
    const domain = str(body.myshopify_domain);
    if (!domain) return `topic ${topic} does not fit the body (it names no shop)`;
    if (shop && domain !== shop) return `the ${topic} body names another shop`;
    return null;
  }
  const type = resourceType(topic);
  if (type && !gid.startsWith(`gid://shopify/${type}/`))
    return `topic ${topic} does not fit the body (${gid ? typeOf(gid) : 'it names no object'})`;
  return null;
}

export function checkShopifyWebhook(
  request: WebhookRequest,
  event: WebhookEvent,
  context: WebhookContext,
  shopDomain: string | null,
): string | null {
  if (!SUBSCRIBED.has(event.topic)) return `topic ${event.topic || '(none)'} is not one this connection subscribed to`;
  const shop = shopDomain ?? context.accountId;
  const named = header(request, 'x-shopify-shop-domain');
  if (shop && named !== shop) return `X-Shopify-Shop-Domain ${named ?? '(none)'} is not the connected shop`;
  return (
    bodyMismatch(event.topic, asObject(event.payload), shop) ??
    staleness(event.occurredAt, context.now, SHOPIFY_WEBHOOK_MAX_AGE_MS, 'X-Shopify-Triggered-At')
  );
}
