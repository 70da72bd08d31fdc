import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { asArray, asRecord, json } from '../kit/http.ts';
import type { Router } from '../kit/router.ts';
import type { WebhookDelivery, WebhookDispatcher } from '../kit/webhooks.ts';
import { guard, idempotent, invalid, type SquareRateLimit, sqErrors } from './square-http.ts';
import type { Json, SquareState, SubscriptionRec } from './square-state.ts';

export const EVENT_TYPES = [
  'inventory.count.updated',
  'catalog.version.updated',
  'order.created',
  'order.updated',
  'order.fulfillment.updated',
  'oauth.authorization.revoked',
];

/** base64 HMAC-SHA256 over notification URL + raw body, keyed with the subscription's signature key. */
export function squareSignature(signatureKey: string, notificationUrl: string, body: string): string {
  return createHmac('sha256', signatureKey)
    .update(notificationUrl + body, 'utf8')
    .digest('base64');
}

export type SquareWebhookOptions = {
  type: string;
  /** `data.object` (for example `{ inventory_counts: [...] }`); built from state for sells. */
  object?: Json;
  /** `data.id` (the order id for order events). */
  dataId?: string;
  /** Deliver here (signed with `signatureKey` or the first subscription's key) instead of to subscribers. */
  url?: string;
  signatureKey?: string;
  /** Extra deliveries with the same event_id. */
  duplicate?: number;
  hold?: boolean;
  /** `bad`: wrong key; `wrong-url`: signed over another URL; `missing`: no signature header. */
  signature?: 'valid' | 'bad' | 'wrong-url' | 'missing';
  attempts?: number;
  eventId?: string;
};

export type SquareWebhookContext = {
  state: SquareState;
  webhooks: WebhookDispatcher;
  environment: string;
  defaultAttempts: number;
};

const DATA_TYPE: Record<string, string> = {
  'inventory.count.updated': 'inventory',
  'catalog.version.updated': 'catalog',
  'order.created': 'order_created',
  'order.updated': 'order_updated',
  'order.fulfillment.updated': 'order_fulfillment_updated',
  'oauth.authorization.revoked': 'revocation',
};

export function emitSquareWebhook(
  ctx: SquareWebhookContext,
  options: SquareWebhookOptions,
): { deliveries: WebhookDelivery[]; done: Promise<WebhookDelivery[]> } {
  const { state } = ctx;
  const targets: { url: string; key: string }[] = options.url
    ? [{ url: options.url, key: options.signatureKey ?? [...state.subscriptions.values()][0]?.signature_key ?? 'sim-signature-key' }]
    : [...state.subscriptions.values()]
        .filter((s) => s.enabled && s.event_types.includes(options.type))
        .map((s) => ({ url: s.notification_url, key: s.signature_key }));
  const eventId = options.eventId ?? randomUUID();
  const body = JSON.stringify({
    merchant_id: state.credentials.merchantId,
    type: options.type,
    event_id: eventId,
    created_at: state.clock.iso(),
    data: { type: DATA_TYPE[options.type] ?? options.type.split('.')[0], id: options.dataId ?? randomUUID(), object: options.object ?? {} },
  });
  const mode = options.signature ?? 'valid';
  const deliveries: WebhookDelivery[] = [];
  const done: Promise<WebhookDelivery>[] = [];
  for (const target of targets) {
    for (let copy = 0; copy <= (options.duplicate ?? 0); copy++) {
      const sent = ctx.webhooks.send(
        {
          topic: options.type,
          url: target.url,
          eventId,
          maxAttempts: options.attempts ?? ctx.defaultAttempts,
          build: () => {
            const key = mode === 'bad' ? `${target.key}-wrong` : target.key;
            const signedUrl = mode === 'wrong-url' ? `${target.url}/elsewhere` : target.url;
            const headers: Record<string, string> = { 'content-type': 'application/json', 'square-environment': ctx.environment };
            if (mode !== 'missing') {
              headers['x-square-hmacsha256-signature'] = squareSignature(key, signedUrl, body);
              headers['x-square-signature'] = createHmac('sha1', key)
                .update(signedUrl + body, 'utf8')
                .digest('base64');
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

function view(s: SubscriptionRec, withKey: boolean): Json {
  const { signature_key, ...rest } = s;
  return withKey ? { ...rest, signature_key } : { ...rest };
}

export function webhookRoutes(router: Router, ctx: SquareWebhookContext, rateLimit: () => SquareRateLimit): void {
  const { state } = ctx;
  // Subscription calls take the app's own (personal) access token; no seller scope is needed.
  const any = (handler: Parameters<typeof guard>[3]) => guard(state, [], rateLimit, handler);
  const notFound = (id: string) => sqErrors(404, [invalid('NOT_FOUND', `Subscription \`${id}\` not found.`)]);
  const validate = (input: Json) => {
    const types = asArray(input.event_types)?.map(String);
    if (!types || types.length === 0) return invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'subscription.event_types');
    const unknown = types.find((t) => !EVENT_TYPES.includes(t));
    if (unknown) return invalid('INVALID_VALUE', `Unknown event type ${unknown}.`, 'subscription.event_types');
    if (typeof input.notification_url !== 'string' || !/^https?:\/\/\S+$/.test(input.notification_url)) {
      return invalid('INVALID_VALUE', 'notification_url must be an absolute URL.', 'subscription.notification_url');
    }
    return null;
  };

  router.post(
    '/v2/webhooks/subscriptions',
    any((req, body) =>
      idempotent(
        state,
        req,
        body,
        () => {
          const input = asRecord(body.subscription);
          if (!input) return sqErrors(400, [invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'subscription')]);
          const problem = validate(input);
          if (problem) return sqErrors(400, [problem]);
          const now = state.clock.iso();
          const rec: SubscriptionRec = {
            id: `wbhk_${randomBytes(12).toString('hex')}`,
            name: typeof input.name === 'string' ? input.name : 'Tradepost',
            enabled: input.enabled !== false,
            event_types: (asArray(input.event_types) ?? []).map(String),
            notification_url: input.notification_url as string,
            api_version: typeof input.api_version === 'string' ? input.api_version : '2025-08-20',
            signature_key: randomBytes(16).toString('base64url'),
            created_at: now,
            updated_at: now,
          };
          state.subscriptions.set(rec.id, rec);
          return json(200, { subscription: view(rec, true) });
        },
        45,
      ),
    ),
  );
  router.get(
    '/v2/webhooks/subscriptions',
    any(() => {
      const subscriptions = [...state.subscriptions.values()].map((s) => view(s, false));
      return json(200, subscriptions.length > 0 ? { subscriptions } : {});
    }),
  );
  router.get(
    '/v2/webhooks/subscriptions/:id',
    any((req) => {
      const rec = state.subscriptions.get(req.params.id ?? '');
      return rec ? json(200, { subscription: view(rec, false) }) : notFound(req.params.id ?? '');
    }),
  );
  router.put(
    '/v2/webhooks/subscriptions/:id',
    any((req, body) => {
      const rec = state.subscriptions.get(req.params.id ?? '');
      if (!rec) return notFound(req.params.id ?? '');
      const input = asRecord(body.subscription) ?? {};
      const merged = { ...rec, ...input } as Json;
      const problem = validate(merged);
      if (problem) return sqErrors(400, [problem]);
      if (typeof input.name === 'string') rec.name = input.name;
      if (typeof input.enabled === 'boolean') rec.enabled = input.enabled;
      if (Array.isArray(input.event_types)) rec.event_types = input.event_types.map(String);
      if (typeof input.notification_url === 'string') rec.notification_url = input.notification_url;
      rec.updated_at = state.clock.iso();
      return json(200, { subscription: view(rec, false) });
    }),
  );
  router.delete(
    '/v2/webhooks/subscriptions/:id',
    any((req) => (state.subscriptions.delete(req.params.id ?? '') ? json(200, {}) : notFound(req.params.id ?? ''))),
  );
  router.post(
    '/v2/webhooks/subscriptions/:id/signature-key',
    any((req, body) =>
      idempotent(
        state,
        req,
        body,
        () => {
          const rec = state.subscriptions.get(req.params.id ?? '');
          if (!rec) return notFound(req.params.id ?? '');
          rec.signature_key = randomBytes(16).toString('base64url');
          rec.updated_at = state.clock.iso();
          return json(200, { signature_key: rec.signature_key });
        },
        45,
      ),
    ),
  );
  router.post(
    '/v2/webhooks/subscriptions/:id/test',
    any(async (req, body) => {
      const rec = state.subscriptions.get(req.params.id ?? '');
      if (!rec) return notFound(req.params.id ?? '');
      const type = typeof body.event_type === 'string' ? body.event_type : (rec.event_types[0] ?? 'inventory.count.updated');
      const sent = emitSquareWebhook(ctx, { type, url: rec.notification_url, signatureKey: rec.signature_key, attempts: 1 });
      const [delivery] = await sent.done;
      const attempt = delivery?.attempts[0];
      return json(200, {
        subscription_test_result: {
          id: randomUUID(),
          status_code: attempt?.status ?? null,
          payload: attempt?.body ?? '',
          created_at: state.clock.iso(),
          updated_at: state.clock.iso(),
        },
      });
    }),
  );
  router.get(
    '/v2/webhooks/event-types',
    any(() =>
      json(200, {
        event_types: EVENT_TYPES,
        metadata: EVENT_TYPES.map((t) => ({ event_type: t, api_version_introduced: '2019-01-01', release_status: 'PUBLIC' })),
      }),
    ),
  );
}
