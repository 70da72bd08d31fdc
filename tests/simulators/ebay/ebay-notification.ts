import { createHash, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { asRecord, json, noContent, parseJson, type SimResponse } from '../kit/http.ts';
import type { Router } from '../kit/router.ts';
import type { WebhookDelivery, WebhookDispatcher } from '../kit/webhooks.ts';
import { type EbayError, ebayError, ebayErrors, invalidRequestResponse, param } from './ebay-errors.ts';
import { protect } from './ebay-oauth.ts';
import { API_SCOPE, type Destination, type EbayState, type Json, SCOPES, type Subscription } from './ebay-state.ts';

const BASE = '/commerce/notification/v1';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,80}$/;

export const TOPICS: { topicId: string; scope: 'USER' | 'APPLICATION'; description: string }[] = [
  { topicId: 'ORDER_CONFIRMATION', scope: 'USER', description: 'A buyer completed checkout; one notification per line item.' },
  { topicId: 'ITEM_MARKED_SHIPPED', scope: 'USER', description: 'A line item was marked as shipped.' },
  { topicId: 'MARKETPLACE_ACCOUNT_DELETION', scope: 'APPLICATION', description: 'An eBay user asked for their data to be deleted.' },
  { topicId: 'AUTHORIZATION_REVOCATION', scope: 'APPLICATION', description: 'A user revoked the application.' },
];

const note = (errorId: number, message: string, extra: Partial<EbayError> = {}) => ebayError(errorId, 'API_NOTIFICATION', message, extra);

function topicView(topic: (typeof TOPICS)[number]): Json {
  return {
    topicId: topic.topicId,
    description: topic.description,
    status: 'ENABLED',
    context: 'SELLING',
    scope: topic.scope,
    authorizationScopes: topic.scope === 'USER' ? [SCOPES.notification] : [API_SCOPE],
    supportedPayloads: [{ schemaVersion: '1.0', format: ['JSON'], deliveryProtocol: 'HTTPS', deprecated: false }],
    filterable: false,
  };
}

export type EbayNotificationOptions = {
  topic: string;
  /** `notification.data`; ORDER_CONFIRMATION carries `orderId` (other fields UNCONFIRMED). */
  data?: Json;
  /** Deliver to this URL instead of the subscribed destinations. */
  url?: string;
  /** Extra deliveries of the same notificationId (retry-style duplicates). */
  duplicate?: number;
  /** Keep the deliveries until `releaseWebhooks()` (out-of-order scenarios). */
  hold?: boolean;
  /** `tampered`: signature of other bytes; `unknown-kid`: a key the public_key route does not know; `missing`: no header. */
  signature?: 'valid' | 'tampered' | 'unknown-kid' | 'missing';
  digest?: 'SHA1' | 'SHA256';
  /** Delivery attempts before giving up (default 5; each retry re-signs with publishAttemptCount + 1). */
  attempts?: number;
  notificationId?: string;
  eventDate?: string;
};

export type NotificationContext = { state: EbayState; webhooks: WebhookDispatcher; defaultAttempts: number };

const strangerKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;

/** Signs like eBay: ECDSA over the compact JSON body, header = base64 of `{alg,kid,signature,digest}`. */
export function ebaySignatureHeader(
  state: EbayState,
  body: string,
  mode: EbayNotificationOptions['signature'],
  digest: 'SHA1' | 'SHA256',
): string | null {
  if (mode === 'missing') return null;
  const signed = mode === 'tampered' ? `${body} ` : body;
  const key = mode === 'unknown-kid' ? strangerKey : state.signingKey.privateKey;
  const signature = sign(digest === 'SHA1' ? 'sha1' : 'sha256', Buffer.from(signed, 'utf8'), key).toString('base64');
  const kid = mode === 'unknown-kid' ? randomUUID() : state.signingKey.kid;
  return Buffer.from(JSON.stringify({ alg: 'ecdsa', kid, signature, digest }), 'utf8').toString('base64');
}

/** Sends one notification to every enabled subscription of the topic (or to `url`). */
export function emitEbayNotification(
  ctx: NotificationContext,
  options: EbayNotificationOptions,
): { deliveries: WebhookDelivery[]; done: Promise<WebhookDelivery[]> } {
  const { state } = ctx;
  const targets = options.url
    ? [options.url]
    : [...state.subscriptions.values()]
        .filter((s) => s.topicId === options.topic && s.status === 'ENABLED')
        .map((s) => state.destinations.get(s.destinationId))
        .filter((d): d is Destination => d?.status === 'ENABLED')
        .map((d) => d.endpoint);
  const eventDate = options.eventDate ?? state.clock.iso();
  const digest = options.digest ?? 'SHA1';
  const deliveries: WebhookDelivery[] = [];
  const done: Promise<WebhookDelivery>[] = [];
  for (const url of targets) {
    const notificationId = options.notificationId ?? `${randomUUID()}_${randomUUID()}`;
    for (let copy = 0; copy <= (options.duplicate ?? 0); copy++) {
      const sent = ctx.webhooks.send(
        {
          topic: options.topic,
          url,
          eventId: notificationId,
          maxAttempts: options.attempts ?? ctx.defaultAttempts,
          build: (attempt) => {
            const body = JSON.stringify({
              metadata: { topic: options.topic, schemaVersion: '1.0', deprecated: false },
              notification: {
                notificationId,
                eventDate,
                publishDate: state.clock.iso(),
                publishAttemptCount: attempt,
                data: options.data ?? {},
              },
            });
            const signature = ebaySignatureHeader(state, body, options.signature ?? 'valid', digest);
            return { body, headers: { 'content-type': 'application/json', ...(signature ? { 'x-ebay-signature': signature } : {}) } };
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

async function challenge(endpoint: string, verificationToken: string): Promise<EbayError | null> {
  const code = randomUUID().replace(/-/g, '');
  const expected = createHash('sha256').update(code).update(verificationToken).update(endpoint).digest('hex');
  try {
    const url = new URL(endpoint);
    url.searchParams.set('challenge_code', code);
    const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5_000) });
    const parsed = parseJson(await response.text());
    const answer = parsed.ok ? asRecord(parsed.value)?.challengeResponse : undefined;
    if (response.status === 200 && answer === expected) return null;
  } catch {
    // unreachable endpoint: same answer as a wrong hash
  }
  return note(195020, 'Challenge verification failed for the destination endpoint.', { parameters: [param('endpoint', endpoint)] });
}

export function notificationRoutes(router: Router, state: EbayState, baseUrl: () => string, ctx: NotificationContext): void {
  const any = { api: 'notification' as const, kind: 'any' as const, scopes: [API_SCOPE, SCOPES.notification, SCOPES.notificationReadonly] };
  const body = (text: string): Json | null => {
    const parsed = parseJson(text);
    return parsed.ok ? asRecord(parsed.value) : null;
  };

  router.get(
    `${BASE}/public_key/:kid`,
    protect(state, { api: 'notification', kind: 'any', scopes: [API_SCOPE] }, (req) => {
      if (req.params.kid !== state.signingKey.kid) {
        return ebayErrors(404, [
          note(195002, 'The public key was not found.', { parameters: [param('public_key_id', req.params.kid ?? '')] }),
        ]);
      }
      return json(200, { algorithm: 'ECDSA', digest: 'SHA1', key: state.signingKey.publicKeyPem });
    }),
  );

  router.get(
    `${BASE}/topic`,
    protect(state, any, () => json(200, { total: TOPICS.length, href: `${BASE}/topic`, limit: 20, topics: TOPICS.map(topicView) })),
  );
  router.get(
    `${BASE}/topic/:topicId`,
    protect(state, any, (req) => {
      const topic = TOPICS.find((t) => t.topicId === req.params.topicId);
      return topic
        ? json(200, topicView(topic))
        : ebayErrors(404, [note(195001, 'The topic was not found.', { parameters: [param('topic_id', req.params.topicId ?? '')] })]);
    }),
  );

  router.put(
    `${BASE}/config`,
    protect(state, any, (req) => {
      const config = body(req.text);
      if (!config || typeof config.alertEmail !== 'string' || !config.alertEmail.includes('@'))
        return invalidRequestResponse('alertEmail must be an e-mail address.');
      state.notificationConfig = { alertEmail: config.alertEmail };
      return noContent();
    }),
  );
  router.get(
    `${BASE}/config`,
    protect(state, any, () =>
      state.notificationConfig
        ? json(200, state.notificationConfig)
        : ebayErrors(404, [note(195004, 'No notification config exists for this application.')]),
    ),
  );

  const destinationView = (d: Destination): Json => ({
    destinationId: d.destinationId,
    name: d.name,
    status: d.status,
    deliveryConfig: { endpoint: d.endpoint, verificationToken: d.verificationToken },
  });
  const destination404 = (id: string) =>
    ebayErrors(404, [note(195008, 'The destination was not found.', { parameters: [param('destination_id', id)] })]);
  type DestinationFields = Omit<Destination, 'destinationId'>;
  const readDestination = (input: Json | null): { ok: true; fields: DestinationFields } | { ok: false; response: SimResponse } => {
    const delivery = asRecord(input?.deliveryConfig);
    const endpoint = delivery?.endpoint;
    const token = delivery?.verificationToken;
    if (!input || typeof endpoint !== 'string' || !/^https?:\/\//.test(endpoint)) {
      return {
        ok: false,
        response: ebayErrors(400, [
          note(195006, 'Invalid or missing deliveryConfig.endpoint.', { parameters: [param('fieldName', 'deliveryConfig.endpoint')] }),
        ]),
      };
    }
    if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) {
      const error = note(195007, 'Invalid verificationToken: 32 to 80 characters of A-Z, a-z, 0-9, _ and -.', {
        parameters: [param('fieldName', 'deliveryConfig.verificationToken')],
      });
      return { ok: false, response: ebayErrors(400, [error]) };
    }
    const name = typeof input.name === 'string' ? input.name : 'destination';
    return { ok: true, fields: { name, status: input.status === 'DISABLED' ? 'DISABLED' : 'ENABLED', endpoint, verificationToken: token } };
  };

  router.post(
    `${BASE}/destination`,
    protect(state, any, async (req) => {
      if (!state.notificationConfig)
        return ebayErrors(409, [note(195005, 'Create the notification config (alertEmail) before any destination.')]);
      const input = readDestination(body(req.text));
      if (!input.ok) return input.response;
      const { fields } = input;
      if ([...state.destinations.values()].some((d) => d.endpoint === fields.endpoint)) {
        return ebayErrors(409, [note(195009, 'A destination with this endpoint already exists.')]);
      }
      const failed = await challenge(fields.endpoint, fields.verificationToken);
      if (failed) return ebayErrors(400, [failed]);
      const destination: Destination = { destinationId: `sim-destination-${state.seq.destination.next()}`, ...fields };
      state.destinations.set(destination.destinationId, destination);
      return { status: 201, headers: { location: `${baseUrl()}${BASE}/destination/${destination.destinationId}` } };
    }),
  );
  router.get(
    `${BASE}/destination`,
    protect(state, any, () => {
      const destinations = [...state.destinations.values()].map(destinationView);
      return json(200, { total: destinations.length, href: `${BASE}/destination`, limit: 20, destinations });
    }),
  );
  router.get(
    `${BASE}/destination/:id`,
    protect(state, any, (req) => {
      const destination = state.destinations.get(req.params.id ?? '');
      return destination ? json(200, destinationView(destination)) : destination404(req.params.id ?? '');
    }),
  );
  router.put(
    `${BASE}/destination/:id`,
    protect(state, any, async (req) => {
      const destination = state.destinations.get(req.params.id ?? '');
      if (!destination) return destination404(req.params.id ?? '');
      const input = readDestination(body(req.text));
      if (!input.ok) return input.response;
      const { fields } = input;
      if (fields.endpoint !== destination.endpoint || fields.verificationToken !== destination.verificationToken) {
        const failed = await challenge(fields.endpoint, fields.verificationToken);
        if (failed) return ebayErrors(400, [failed]);
      }
      Object.assign(destination, fields);
      return noContent();
    }),
  );
  router.delete(
    `${BASE}/destination/:id`,
    protect(state, any, (req) => {
      const id = req.params.id ?? '';
      if (!state.destinations.has(id)) return destination404(id);
      if ([...state.subscriptions.values()].some((s) => s.destinationId === id)) {
        return ebayErrors(409, [note(195010, 'The destination is used by a subscription.')]);
      }
      state.destinations.delete(id);
      return noContent();
    }),
  );

  const subscriptionView = (s: Subscription): Json => ({
    subscriptionId: s.subscriptionId,
    topicId: s.topicId,
    status: s.status,
    creationDate: s.creationDate,
    destinationId: s.destinationId,
    payload: s.payload,
  });
  const subscription404 = (id: string) =>
    ebayErrors(404, [note(195012, 'The subscription was not found.', { parameters: [param('subscription_id', id)] })]);

  router.post(
    `${BASE}/subscription`,
    protect(state, any, (req, grant) => {
      const input = body(req.text);
      if (!input) return invalidRequestResponse();
      const topic = TOPICS.find((t) => t.topicId === input.topicId);
      if (!topic) return ebayErrors(400, [note(195001, 'Invalid or missing topicId.', { parameters: [param('fieldName', 'topicId')] })]);
      if (topic.scope === 'USER' && (grant.kind !== 'user' || !grant.scopes.includes(SCOPES.notification))) {
        return ebayErrors(403, [
          note(195011, `The topic ${topic.topicId} needs a user token with the commerce.notification.subscription scope.`),
        ]);
      }
      const destinationId = typeof input.destinationId === 'string' ? input.destinationId : '';
      if (!state.destinations.has(destinationId)) return destination404(destinationId);
      const payload = asRecord(input.payload);
      if (payload?.format !== 'JSON' || payload.deliveryProtocol !== 'HTTPS' || typeof payload.schemaVersion !== 'string') {
        return ebayErrors(400, [
          note(195013, 'Invalid payload: format JSON, deliveryProtocol HTTPS and a schemaVersion are required.', {
            parameters: [param('fieldName', 'payload')],
          }),
        ]);
      }
      if ([...state.subscriptions.values()].some((s) => s.topicId === topic.topicId && s.destinationId === destinationId)) {
        return ebayErrors(409, [note(195014, 'A subscription for this topic and destination already exists.')]);
      }
      const subscription: Subscription = {
        subscriptionId: `sim-subscription-${state.seq.subscription.next()}`,
        topicId: topic.topicId,
        status: input.status === 'DISABLED' ? 'DISABLED' : 'ENABLED',
        destinationId,
        payload,
        creationDate: state.clock.iso(),
        user: topic.scope === 'USER',
      };
      state.subscriptions.set(subscription.subscriptionId, subscription);
      return { status: 201, headers: { location: `${baseUrl()}${BASE}/subscription/${subscription.subscriptionId}` } };
    }),
  );
  router.get(
    `${BASE}/subscription`,
    protect(state, any, () => {
      const subscriptions = [...state.subscriptions.values()].map(subscriptionView);
      return json(200, { total: subscriptions.length, href: `${BASE}/subscription`, limit: 20, subscriptions });
    }),
  );
  router.get(
    `${BASE}/subscription/:id`,
    protect(state, any, (req) => {
      const subscription = state.subscriptions.get(req.params.id ?? '');
      return subscription ? json(200, subscriptionView(subscription)) : subscription404(req.params.id ?? '');
    }),
  );
  router.delete(
    `${BASE}/subscription/:id`,
    protect(state, any, (req) => (state.subscriptions.delete(req.params.id ?? '') ? noContent() : subscription404(req.params.id ?? ''))),
  );
  for (const [action, status] of [
    ['enable', 'ENABLED'],
    ['disable', 'DISABLED'],
  ] as const) {
    router.post(
      `${BASE}/subscription/:id/${action}`,
      protect(state, any, (req) => {
        const subscription = state.subscriptions.get(req.params.id ?? '');
        if (!subscription) return subscription404(req.params.id ?? '');
        subscription.status = status;
        return noContent();
      }),
    );
  }
  router.post(
    `${BASE}/subscription/:id/test`,
    protect(state, any, (req) => {
      const subscription = state.subscriptions.get(req.params.id ?? '');
      if (!subscription) return subscription404(req.params.id ?? '');
      const destination = state.destinations.get(subscription.destinationId);
      if (destination) emitEbayNotification(ctx, { topic: subscription.topicId, url: destination.endpoint, data: { test: true } });
      return { status: 202 };
    }),
  );
}
