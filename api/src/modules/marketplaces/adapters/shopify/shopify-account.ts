import { PlatformError } from '../http.ts';
import type { AccountInfo } from '../types.ts';
import type { Gql } from './shopify-catalog.ts';

// Connecting a shop: its domain and name, its active locations, and the webhook subscriptions
// the sync needs (reference §2.8, §2.11).

/** Sales, stock moved in Shopify, and the app being removed. */
export const SHOPIFY_WEBHOOK_TOPICS = ['ORDERS_CREATE', 'INVENTORY_LEVELS_UPDATE', 'APP_UNINSTALLED'] as const;
/** The same topics as the `X-Shopify-Topic` header names them (reference §2.11): no other topic is accepted. */
export const SHOPIFY_WEBHOOK_HEADER_TOPICS: Record<(typeof SHOPIFY_WEBHOOK_TOPICS)[number], string> = {
  ORDERS_CREATE: 'orders/create',
  INVENTORY_LEVELS_UPDATE: 'inventory_levels/update',
  APP_UNINSTALLED: 'app/uninstalled',
};

const ACCOUNT = `query { shop { name myshopifyDomain } locations(first: 50) { nodes { id name isActive } } }`;

export async function prepareShopifyAccount(gql: Gql): Promise<AccountInfo> {
  const data = await gql<{
    shop: { name: string; myshopifyDomain: string };
    locations: { nodes: { id: string; name: string; isActive: boolean }[] };
  }>(ACCOUNT, {});
  return {
    accountId: data.shop.myshopifyDomain,
    accountName: data.shop.name,
    locations: data.locations.nodes.filter((l) => l.isActive).map((l) => ({ id: l.id, name: l.name })),
  };
}

const SUBSCRIPTIONS = `query { webhookSubscriptions(first: 100) { nodes { id topic uri } } }`;
const SUBSCRIBE = `mutation($topic: WebhookSubscriptionTopic!, $sub: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $sub) { webhookSubscription { id } userErrors { field message } }
}`;

/** One subscription per topic to `url`; the ones already there are kept (Shopify refuses duplicates). */
export async function registerShopifyWebhooks(gql: Gql, url: string): Promise<{ signatureKey?: string }> {
  const existing = await gql<{ webhookSubscriptions: { nodes: { topic: string; uri: string }[] } }>(SUBSCRIPTIONS, {});
  for (const topic of SHOPIFY_WEBHOOK_TOPICS) {
    if (existing.webhookSubscriptions.nodes.some((w) => w.topic === topic && w.uri === url)) continue;
    const created = await gql<{ webhookSubscriptionCreate: { userErrors: { message: string }[] } }>(
      SUBSCRIBE,
      { topic, sub: { uri: url, format: 'JSON' } },
      false,
    );
    const refused = created.webhookSubscriptionCreate.userErrors[0];
    if (refused) throw new PlatformError(200, 'WEBHOOK_REFUSED', `Shopify refused the ${topic} webhook: ${refused.message}`, false);
  }
  // Shopify signs with the app's client secret: no key to keep.
  return {};
}
