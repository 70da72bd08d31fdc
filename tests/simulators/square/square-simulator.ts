import { randomBytes } from 'node:crypto';
import { SimClock, type SimClockOptions } from '../kit/clock.ts';
import { baseControl, type SimControlBase } from '../kit/control.ts';
import { FaultRegistry } from '../kit/faults.ts';
import { asRecord, json } from '../kit/http.ts';
import { PhotoStore, type StoredPhoto } from '../kit/multipart.ts';
import { RequestRecorder } from '../kit/recorder.ts';
import { Router } from '../kit/router.ts';
import { ControlError, controlBody, startSimServer } from '../kit/server.ts';
import { type WebhookDelivery, WebhookDispatcher, type WebhookRetryOptions } from '../kit/webhooks.ts';
import { catalogRoutes, catalogView, upsertForSeed } from './square-catalog.ts';
import { notFoundResponse, rateLimitedResponse, type SquareRateLimit, serverErrorResponse } from './square-http.ts';
import { imageRoutes } from './square-images.ts';
import { applyChanges, countView, inStock, inventoryRoutes, planChanges } from './square-inventory.ts';
import { issueSquareToken, squareOauthRoutes } from './square-oauth.ts';
import { completeOrder, findVariation, type OrderEvents, orderRoutes, type PosSale, sellOnSquare } from './square-orders.ts';
import { ALL_SCOPES, clearSquareState, createSquareState, type Json, type SquareCredentials, type SquareState } from './square-state.ts';
import { emitSquareWebhook, type SquareWebhookOptions, webhookRoutes } from './square-webhooks.ts';

export type { PosSale } from './square-orders.ts';
export type { SquareWebhookOptions } from './square-webhooks.ts';

export const SQUARE_DEFAULT_CREDENTIALS: SquareCredentials = {
  applicationId: 'sandbox-sq0idb-TradepostSim0000000000',
  applicationSecret: 'sandbox-sq0csb-TradepostSimSecret000000000000000000',
  accessToken: 'EAAAlSimPersonalAccessToken000000000000000000000000000000000000',
  merchantId: 'MLSIMTRADEPOST',
};

export type SquareSimulatorOptions = {
  port?: number;
  host?: string;
  credentials?: Partial<SquareCredentials>;
  /** The app's OAuth redirect URL (used when the authorize call names none). */
  redirectUrl?: string;
  consent?: 'auto' | 'page';
  /** Answer 429 RATE_LIMITED past this many requests per window (off by default: Square publishes no limit). */
  rateLimit?: SquareRateLimit;
  /** How long a catalog write holds the seller's single-writer lock (default 0). */
  catalogWriteMs?: number;
  /** `square-environment` header on webhooks. */
  environment?: 'Sandbox' | 'Production';
  clock?: SimClockOptions;
  webhookRetry?: WebhookRetryOptions;
  seed?: SquareSeed;
};

export type SquareSeedItem = {
  name: string;
  description?: string;
  variations: {
    name?: string;
    sku?: string;
    /** Price in cents. */
    price?: number;
    trackInventory?: boolean;
    /** IN_STOCK units: a number for the first location, or location id → units. */
    quantities?: number | Record<string, number>;
  }[];
};

export type SquareSeed = {
  demo?: boolean;
  items?: SquareSeedItem[];
  /** Webhook subscriptions without the API call; the result carries their signature keys. */
  subscriptions?: { url: string; eventTypes?: string[]; signatureKey?: string }[];
  orders?: PosSale[];
};

export type SquareSeedResult = {
  items: { id: string; name: string; variations: { id: string; sku: string | null }[] }[];
  subscriptions: { id: string; signatureKey: string }[];
  orders: string[];
};

export type SquareControl = SimControlBase & {
  seed(seed: SquareSeed): SquareSeedResult;
  /** A register sale (POS: no order.created) or an API order; lowers IN_STOCK when completed. */
  sell(sale: PosSale): Json;
  completeOrder(orderId: string): Json;
  emitWebhook(options: SquareWebhookOptions): Promise<WebhookDelivery[]>;
  /** An OAuth access token (30 days, or 24 h when short-lived) with the given scopes. */
  issueToken(options?: { scopes?: string[]; shortLived?: boolean }): string;
  revokeToken(token: string): void;
  /**
   * The seller removes the app in Square: every OAuth access and refresh token is revoked (the API
   * answers 401 ACCESS_TOKEN_REVOKED), then `oauth.authorization.revoked` goes to the subscribers.
   */
  revokeAuthorization(options?: { revokerType?: 'MERCHANT' | 'APPLICATION' | 'SQUARE' }): Promise<WebhookDelivery[]>;
  setRateLimit(limit: SquareRateLimit): void;
  setCatalogWriteMs(ms: number): void;
  /** IN_STOCK units of a SKU (or variation id) at a location (default: the first). */
  inStock(skuOrVariationId: string, locationId?: string): number | null;
  variationBySku(sku: string): { itemId: string; variationId: string; version: number } | null;
  order(orderId: string): Json | null;
  locations(): { id: string; name: string }[];
  /** The catalog object (an item with its image_ids, an IMAGE with its url), as Square returns it. */
  catalogObject(id: string): Json | null;
  /** An uploaded image's bytes, by its address or IMAGE id. */
  photo(urlOrId: string): StoredPhoto | null;
};

export type SquareSimulator = {
  baseUrl: string;
  port: number;
  credentials: SquareCredentials;
  control: SquareControl;
  close(): Promise<void>;
};

function demoItems(): SquareSeedItem[] {
  return [
    {
      name: 'Air Jordan 1 Retro High OG Chicago',
      variations: ['9', '10', '11'].map((size, i) => ({
        name: `Size ${size}`,
        sku: `SIM-AJ1-CHI-${size}`,
        price: 34_999,
        quantities: 2 + i,
      })),
    },
    { name: 'Nike Dunk Low Retro Panda', variations: [{ name: 'Size 10', sku: 'SIM-DUNK-PANDA-10', price: 12_900, quantities: 4 }] },
    { name: 'Sneaker Cleaning Kit', variations: [{ name: 'Regular', sku: 'SIM-CLEAN-KIT', price: 1_999, quantities: 20 }] },
  ];
}

function seedSquare(state: SquareState, input: SquareSeed, events: OrderEvents): SquareSeedResult {
  const result: SquareSeedResult = { items: [], subscriptions: [], orders: [] };
  const firstLocation = [...state.locations.keys()][0] ?? '';
  const items = [...(input.demo ? demoItems() : []), ...(input.items ?? [])];
  items.forEach((item, i) => {
    const temp = `#seed-item-${state.catalog.size}-${i}`;
    const upserted = upsertForSeed(state, [
      {
        type: 'ITEM',
        id: temp,
        item_data: {
          name: item.name,
          description_html: item.description ? `<p>${item.description}</p>` : undefined,
          variations: item.variations.map((v, j) => ({
            type: 'ITEM_VARIATION',
            id: `${temp}-v${j}`,
            item_variation_data: {
              item_id: temp,
              name: v.name ?? 'Regular',
              sku: v.sku,
              pricing_type: 'FIXED_PRICING',
              price_money: { amount: v.price ?? 0, currency: 'USD' },
              track_inventory: v.trackInventory ?? true,
            },
          })),
        },
      },
    ]);
    if (upserted.errors.length > 0) throw new ControlError(`item ${item.name}: ${upserted.errors.map((e) => e.detail).join('; ')}`);
    const variations = upserted.objects.filter((o) => o.type === 'ITEM_VARIATION');
    const changes: Json[] = [];
    item.variations.forEach((v, j) => {
      const variation = variations[j];
      if (!variation || v.quantities === undefined) return;
      const entries = typeof v.quantities === 'number' ? [[firstLocation, v.quantities] as const] : Object.entries(v.quantities);
      for (const [location_id, quantity] of entries) {
        changes.push({
          type: 'PHYSICAL_COUNT',
          physical_count: {
            catalog_object_id: variation.id,
            location_id,
            state: 'IN_STOCK',
            quantity: String(quantity),
            occurred_at: state.clock.iso(),
          },
        });
      }
    });
    const plan = planChanges(state, changes, false);
    if (plan.errors.length > 0) throw new ControlError(`counts for ${item.name}: ${plan.errors.map((e) => e.detail).join('; ')}`);
    applyChanges(state, plan.planned);
    result.items.push({
      id: upserted.idMappings.get(temp) ?? '',
      name: item.name,
      variations: variations.map((v) => ({ id: v.id, sku: (asRecord(v.item_variation_data)?.sku as string | undefined) ?? null })),
    });
  });
  for (const s of input.subscriptions ?? []) {
    const now = state.clock.iso();
    const id = `wbhk_${randomBytes(12).toString('hex')}`;
    const signatureKey = s.signatureKey ?? randomBytes(16).toString('base64url');
    state.subscriptions.set(id, {
      id,
      name: 'Seeded subscription',
      enabled: true,
      event_types: s.eventTypes ?? ['inventory.count.updated', 'catalog.version.updated', 'order.created', 'order.updated'],
      notification_url: s.url,
      api_version: '2025-08-20',
      signature_key: signatureKey,
      created_at: now,
      updated_at: now,
    });
    result.subscriptions.push({ id, signatureKey });
  }
  const quiet: OrderEvents = { orderCreated: () => {}, orderUpdated: () => {}, countsChanged: () => {} };
  // The demo's past register sale sends nothing; scripted orders notify like live ones.
  if (input.demo) result.orders.push(sellOnSquare(state, { sku: 'SIM-CLEAN-KIT', quantity: 1 }, quiet).id);
  for (const sale of input.orders ?? []) result.orders.push(sellOnSquare(state, sale, events).id);
  return result;
}

export async function startSquareSimulator(options: SquareSimulatorOptions = {}): Promise<SquareSimulator> {
  const clock = new SimClock(options.clock);
  const faults = new FaultRegistry();
  const recorder = new RequestRecorder();
  const webhooks = new WebhookDispatcher(clock, options.webhookRetry);
  const credentials = { ...SQUARE_DEFAULT_CREDENTIALS, ...options.credentials };
  const state = createSquareState(clock, credentials);
  let rateLimit: SquareRateLimit = options.rateLimit ?? null;
  let catalogWriteMs = options.catalogWriteMs ?? 0;
  const webhookCtx = {
    state,
    webhooks,
    environment: options.environment ?? 'Sandbox',
    defaultAttempts: options.webhookRetry?.attempts ?? 5,
  };
  const emit = (o: SquareWebhookOptions) => emitSquareWebhook(webhookCtx, o);
  const orderFields = (order: Json) => ({
    order_id: order.id,
    version: order.version,
    location_id: order.location_id,
    state: order.state,
    created_at: order.created_at,
  });
  const events: OrderEvents & { catalogChanged(): void } = {
    orderCreated: (order) => void emit({ type: 'order.created', dataId: order.id, object: { order_created: orderFields(order) } }),
    orderUpdated: (order) =>
      void emit({
        type: 'order.updated',
        dataId: order.id,
        object: { order_updated: { ...orderFields(order), updated_at: order.updated_at } },
      }),
    countsChanged: (counts) => void emit({ type: 'inventory.count.updated', object: { inventory_counts: counts } }),
    catalogChanged: () =>
      void emit({ type: 'catalog.version.updated', dataId: '', object: { catalog_version: { updated_at: clock.iso() } } }),
  };

  const router = new Router();
  const limit = () => rateLimit;
  squareOauthRoutes(
    router,
    state,
    () => options.redirectUrl ?? 'http://127.0.0.1:3000/api/v1/channels/square/oauth/callback',
    () => options.consent ?? 'auto',
    limit,
  );
  catalogRoutes(router, state, { rateLimit: limit, writeMs: () => catalogWriteMs, events });
  const photos = new PhotoStore();
  imageRoutes(router, state, photos, limit);
  inventoryRoutes(router, state, limit, events);
  orderRoutes(router, state, limit, events);
  webhookRoutes(router, webhookCtx, limit);

  const seed = (input: SquareSeed) => seedSquare(state, input, events);
  const sell = (sale: PosSale): Json => structuredClone(sellOnSquare(state, sale, events));
  const complete = (orderId: string): Json => {
    const order = state.orders.get(orderId);
    if (!order) throw new ControlError(`unknown order ${orderId}`);
    if (order.state !== 'OPEN') throw new ControlError(`order ${orderId} is ${order.state}`);
    completeOrder(state, order, events);
    events.orderUpdated(order);
    return structuredClone(order);
  };
  const emitAndWait = async (o: SquareWebhookOptions): Promise<WebhookDelivery[]> => {
    const sent = emit(o);
    return o.hold ? sent.deliveries : sent.done;
  };
  const revokeAuthorization = async (o: { revokerType?: 'MERCHANT' | 'APPLICATION' | 'SQUARE' } = {}) => {
    for (const token of state.tokens.values()) if (token.kind === 'oauth') token.revoked = true;
    state.refreshTokens.clear();
    return emitAndWait({
      type: 'oauth.authorization.revoked',
      dataId: state.credentials.merchantId,
      object: { revocation: { revoked_at: state.clock.iso(), revoker_type: o.revokerType ?? 'MERCHANT' } },
    });
  };
  const onReset = () => {
    clearSquareState(state);
    photos.clear();
    rateLimit = options.rateLimit ?? null;
    catalogWriteMs = options.catalogWriteMs ?? 0;
    if (options.seed) seed(options.seed);
  };

  const control = new Router();
  control.post('/seed', (req) => json(200, seed(controlBody(req) as SquareSeed)));
  control.post('/sell', (req) => json(201, sell(controlBody(req) as PosSale)));
  control.post('/complete-order', (req) => json(200, complete(String(controlBody(req).orderId))));
  control.post('/emit-webhook', async (req) => {
    const body = controlBody(req) as SquareWebhookOptions;
    if (typeof body.type !== 'string') throw new ControlError('type is required');
    // `wait: false` answers at once (a slow receiver plus retries can take minutes in the sandbox).
    if ((body as { wait?: boolean }).wait === false) return json(202, { deliveries: emit(body).deliveries });
    return json(200, { deliveries: await emitAndWait(body) });
  });
  control.post('/tokens', (req) => {
    const body = controlBody(req);
    const issued = issueSquareToken(state, Array.isArray(body.scopes) ? (body.scopes as string[]) : ALL_SCOPES, body.shortLived === true);
    return json(201, { accessToken: issued.token, expiresAt: issued.expiresAt });
  });
  control.post('/revoke-authorization', async (req) => {
    const body = controlBody(req);
    const revokerType = body.revokerType === 'APPLICATION' || body.revokerType === 'SQUARE' ? body.revokerType : 'MERCHANT';
    return json(200, { deliveries: await revokeAuthorization({ revokerType }) });
  });
  control.post('/rate-limit', (req) => {
    const body = controlBody(req);
    rateLimit =
      typeof body.requests === 'number' && typeof body.windowMs === 'number' ? { requests: body.requests, windowMs: body.windowMs } : null;
    return json(200, { rateLimit });
  });
  control.get('/state', () =>
    json(200, {
      locations: [...state.locations.values()],
      catalog: [...state.catalog.values()].map((o) => catalogView(state, o)),
      counts: [...state.counts.values()].map((c) => countView(state, c)),
      orders: [...state.orders.values()],
      subscriptions: [...state.subscriptions.values()],
      rateLimit,
    }),
  );

  const server = await startSimServer({
    name: 'square',
    host: options.host,
    port: options.port,
    clock,
    faults,
    recorder,
    webhooks,
    router,
    control,
    responses: { serverError: serverErrorResponse, rateLimited: () => rateLimitedResponse(), notFound: notFoundResponse },
    onReset,
  });
  if (options.seed) seed(options.seed);

  return {
    baseUrl: server.baseUrl,
    port: server.port,
    credentials,
    close: server.close,
    control: {
      ...baseControl({ clock, faults, recorder, webhooks }, onReset),
      seed,
      sell,
      completeOrder: complete,
      emitWebhook: emitAndWait,
      issueToken: (o = {}) => issueSquareToken(state, o.scopes ?? ALL_SCOPES, o.shortLived ?? false).token,
      revokeToken: (token) => {
        const rec = state.tokens.get(token);
        if (rec) rec.revoked = true;
      },
      revokeAuthorization,
      setRateLimit: (l) => {
        rateLimit = l;
      },
      setCatalogWriteMs: (ms) => {
        catalogWriteMs = ms;
      },
      inStock: (ref, locationId) => {
        const variation = state.catalog.has(ref) ? state.catalog.get(ref) : findVariation(state, { sku: ref });
        const location = locationId ?? [...state.locations.keys()][0];
        return variation && location ? inStock(state, variation.id, location) : null;
      },
      variationBySku: (sku) => {
        const variation = findVariation(state, { sku });
        const itemId = asRecord(variation?.item_variation_data)?.item_id;
        return variation && typeof itemId === 'string' ? { itemId, variationId: variation.id, version: variation.version } : null;
      },
      order: (orderId) => structuredClone(state.orders.get(orderId) ?? null),
      locations: () => [...state.locations.values()].map((l) => ({ id: l.id, name: l.name })),
      catalogObject: (id) => {
        const object = state.catalog.get(id);
        return object ? catalogView(state, object) : null;
      },
      photo: (urlOrId) => photos.get(urlOrId) ?? photos.byUrl(urlOrId) ?? null,
    },
  };
}
