import { randomUUID } from 'node:crypto';
import { asList, asObject, PlatformError, str } from '../http.ts';
import type { AccountInfo } from '../types.ts';
import type { SquareApi } from './square-catalog.ts';

// Connecting a Square seller: the merchant and its active locations, and the webhook
// subscription whose signature key verifies deliveries (reference §3.5, §3.6).

export const SQUARE_WEBHOOK_EVENTS = ['order.created', 'order.updated', 'inventory.count.updated', 'oauth.authorization.revoked'];
const API_VERSION = '2025-08-20';

export async function prepareSquareAccount(api: SquareApi): Promise<AccountInfo> {
  const locations = asList((await api('GET', '/v2/locations')).locations)
    .map(asObject)
    .filter((l) => str(l.status) !== 'INACTIVE');
  const first = locations[0];
  if (!first) throw new PlatformError(200, 'NO_LOCATION', 'The Square account has no active location', false);
  return {
    accountId: str(first.merchant_id),
    accountName: str(first.business_name) || str(first.name),
    locations: locations.map((l) => ({ id: str(l.id), name: str(l.name) })),
  };
}

/**
 * One subscription to `url` with our event types. Square shows the signature key only when a
 * subscription is created or its key rotated, so an existing one gets a fresh key: the caller
 * stores the key returned here.
 */
export async function registerSquareWebhooks(api: SquareApi, url: string): Promise<{ signatureKey?: string }> {
  const existing = asList((await api('GET', '/v2/webhooks/subscriptions')).subscriptions)
    .map(asObject)
    .find((s) => str(s.notification_url) === url);
  if (!existing) {
    const created = await api('POST', '/v2/webhooks/subscriptions', {
      idempotency_key: randomUUID(),
      subscription: { name: 'Tradepost', event_types: SQUARE_WEBHOOK_EVENTS, notification_url: url, api_version: API_VERSION },
    });
    return { signatureKey: str(asObject(created.subscription).signature_key) };
  }
  const id = str(existing.id);
  await api('PUT', `/v2/webhooks/subscriptions/${id}`, { subscription: { enabled: true, event_types: SQUARE_WEBHOOK_EVENTS } });
  const rotated = await api('POST', `/v2/webhooks/subscriptions/${id}/signature-key`, { idempotency_key: randomUUID() });
  return { signatureKey: str(rotated.signature_key) };
}
