import { randomUUID } from 'node:crypto';
import { SimClock, type SimClockOptions } from '../kit/clock.ts';
import { baseControl, type SimControlBase } from '../kit/control.ts';
import { FaultRegistry } from '../kit/faults.ts';
import { json, type SimResponse } from '../kit/http.ts';
import { RequestRecorder } from '../kit/recorder.ts';
import { Router } from '../kit/router.ts';
import { ControlError, controlBody, startSimServer } from '../kit/server.ts';
import { type WebhookDelivery, WebhookDispatcher, type WebhookRetryOptions } from '../kit/webhooks.ts';
import { handleGraphql, LATEST_VERSION, type ShopifyLimits } from './shopify-graphql.ts';
import { receiveStagedUpload, SHOPIFY_CDN_ROUTE, serveMediaFile } from './shopify-media.ts';
import { adjustQuantity, ensureLevel, type ProductSetArgs, productSet } from './shopify-mutations.ts';
import type { ShopifyContext, ShopifyEvents } from './shopify-nodes.ts';
import { issueToken, shopifyOauthRoutes, signedAppUrl } from './shopify-oauth.ts';
import {
  ALL_SCOPES,
  clearShopifyState,
  createShopifyState,
  gid,
  levelKey,
  type MailingAddressRec,
  type OrderRec,
  parseGid,
  quantityOf,
  type ShopifyCredentials,
  type ShopifyState,
  variantTitle,
} from './shopify-state.ts';
import { type AppWebhook, emitShopifyWebhook, type ShopifyWebhookOptions } from './shopify-webhooks.ts';

export type { AppWebhook, ShopifyWebhookOptions } from './shopify-webhooks.ts';

export const SHOPIFY_DEFAULT_CREDENTIALS: ShopifyCredentials = {
  shop: 'tradepost-sim.myshopify.com',
  clientId: 'sim0shopify0client0id0000000000aa',
  clientSecret: 'shpss_sim0shopify0client0secret0000000',
  adminToken: 'shpat_sim00000000000000000000000000custom',
};

const DEFAULT_LIMITS: ShopifyLimits = {
  maximumAvailable: 2_000,
  restoreRate: 100,
  throttleStatus: 200,
  idempotency: 'by-version',
  orderWindowDays: 60,
};

export type ShopifySimulatorOptions = {
  port?: number;
  host?: string;
  credentials?: Partial<ShopifyCredentials>;
  /** Allowed OAuth redirect URIs (empty: any http(s) URL). */
  redirectUris?: string[];
  consent?: 'auto' | 'page';
  limits?: Partial<ShopifyLimits>;
  /** App-configured webhook subscriptions (shopify.app.toml style). */
  webhooks?: AppWebhook[];
  clock?: SimClockOptions;
  webhookRetry?: WebhookRetryOptions;
  currency?: string;
  seed?: ShopifySeed;
};

export type ShopifySeedVariant = {
  sku?: string;
  price?: string;
  /** One value per product option, in order. */
  options?: string[];
  barcode?: string;
  tracked?: boolean;
  inventoryPolicy?: 'DENY' | 'CONTINUE';
  /** Available units: a number for the first location, or location name/GID → units. */
  available?: number | Record<string, number>;
};

export type ShopifySeedProduct = {
  title: string;
  handle?: string;
  status?: 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
  vendor?: string;
  productType?: string;
  tags?: string[];
  descriptionHtml?: string;
  /** Option names (default: none, one "Default Title" variant). */
  options?: string[];
  variants?: ShopifySeedVariant[];
};

const DEMO_SHIPPING_ADDRESS: MailingAddressRec = {
  name: 'Sam Buyer',
  firstName: 'Sam',
  lastName: 'Buyer',
  address1: '12 Market Street',
  address2: null,
  city: 'Portland',
  province: 'Oregon',
  provinceCode: 'OR',
  zip: '97201',
  country: 'United States',
  countryCodeV2: 'US',
  phone: null,
};

export type ShopifySale = {
  lines?: { sku?: string; variantId?: string; quantity?: number }[];
  sku?: string;
  quantity?: number;
  /** Location name or GID (default: the first location with enough stock). */
  location?: string;
  email?: string;
  /** Where the order ships (default: a demo address); null for an order without shipping. */
  shippingAddress?: Partial<MailingAddressRec> | null;
  createdAt?: string;
  financialStatus?: OrderRec['financialStatus'];
  /** Send orders/create and inventory_levels/update to subscribers (default true). */
  notify?: boolean;
};

export type ShopifySeed = {
  demo?: boolean;
  products?: ShopifySeedProduct[];
  orders?: ShopifySale[];
  webhooks?: AppWebhook[];
};

export type ShopifySeedResult = {
  products: { id: string; title: string; variants: { id: string; sku: string | null; inventoryItemId: string }[] }[];
  orders: string[];
};

export type ShopifyOrderSummary = {
  id: string;
  name: string;
  legacyResourceId: number;
  fulfillmentOrderIds: string[];
  lineItems: { id: string; sku: string | null; quantity: number }[];
};

export type ShopifyControl = SimControlBase & {
  seed(seed: ShopifySeed): ShopifySeedResult;
  /** A customer checks out online: order + fulfillment order, available → committed, webhooks. */
  sell(sale: ShopifySale): ShopifyOrderSummary;
  emitWebhook(options: ShopifyWebhookOptions): Promise<WebhookDelivery[]>;
  /** An access token as after OAuth; `expiring` adds a refresh token. */
  issueToken(options?: { scopes?: string[]; kind?: 'offline' | 'expiring' | 'online' }): {
    accessToken: string;
    refreshToken: string | null;
  };
  setLimits(limits: Partial<ShopifyLimits>): void;
  /** `spent`: cost points actually charged since the last reset. */
  bucket(): { currentlyAvailable: number; maximumAvailable: number; restoreRate: number; spent: number };
  /** Sign every webhook with the wrong secret (or back to valid). */
  setWebhookSigning(mode: 'valid' | 'wrong-secret'): void;
  /** The merchant uninstalls: tokens revoked, app/uninstalled sent. */
  uninstall(): Promise<WebhookDelivery[]>;
  signedAppUrl(appUrl: string): string;
  /** Marks an order updated now (orders/updated), for updated_at sync. */
  touchOrder(orderId: string): void;
  /** Available (or another quantity) of a SKU at a location name/GID (default: first location). */
  quantity(sku: string, location?: string, name?: string): number | null;
  variantBySku(sku: string): { productId: string; variantId: string; inventoryItemId: string } | null;
  order(orderId: string): ShopifyOrderSummary | null;
  locations(): { id: string; name: string }[];
  /** The product's media as stored (without reading them, so their processing does not move). */
  productMedia(productId: string): { id: string; status: string; url: string; bytes: number }[];
  /** Photos that were made into media, with their bytes, by CDN address (or MediaImage gid). */
  photo(urlOrId: string): { id: string; contentType: string; data: Buffer; url: string } | null;
  /** The next media made fail processing with this message (once per call). */
  failNextMedia(message?: string): void;
};

export type ShopifySimulator = {
  baseUrl: string;
  /** `${baseUrl}/admin/api/${LATEST_VERSION}/graphql.json` */
  graphqlUrl: string;
  apiVersion: string;
  port: number;
  credentials: ShopifyCredentials;
  control: ShopifyControl;
  close(): Promise<void>;
};

function findLocation(state: ShopifyState, ref: string | undefined): number | null {
  if (ref === undefined) return [...state.locations.keys()][0] ?? null;
  const byGid = parseGid(ref, 'Location');
  if (byGid !== null && state.locations.has(byGid)) return byGid;
  return [...state.locations.values()].find((l) => l.name === ref)?.id ?? null;
}

function variantForLine(state: ShopifyState, line: { sku?: string; variantId?: string }) {
  if (line.variantId) return state.variants.get(parseGid(line.variantId, 'ProductVariant') ?? -1);
  return [...state.variants.values()].find((v) => state.inventoryItems.get(v.inventoryItemId)?.sku === line.sku);
}

function summary(order: OrderRec): ShopifyOrderSummary {
  return {
    id: gid('Order', order.id),
    name: `#${order.number}`,
    legacyResourceId: order.id,
    fulfillmentOrderIds: order.fulfillmentOrderIds.map((id) => gid('FulfillmentOrder', id)),
    lineItems: order.lineItems.map((l) => ({ id: gid('LineItem', l.id), sku: l.sku, quantity: l.quantity })),
  };
}

function sellOnShopify(state: ShopifyState, sale: ShopifySale, events: ShopifyEvents): ShopifyOrderSummary {
  const lines = sale.lines ?? (sale.sku ? [{ sku: sale.sku, quantity: sale.quantity }] : []);
  if (lines.length === 0) throw new ControlError('sell needs `sku` or `lines`');
  const picked = lines.map((line) => {
    const variant = variantForLine(state, line);
    if (!variant) throw new ControlError(`no variant for ${line.sku ?? line.variantId}`);
    const quantity = line.quantity ?? 1;
    if (!Number.isInteger(quantity) || quantity < 1) throw new ControlError('quantity must be a positive integer');
    return { variant, quantity };
  });
  const wanted = sale.location === undefined ? null : findLocation(state, sale.location);
  if (sale.location !== undefined && wanted === null) throw new ControlError(`unknown location ${sale.location}`);
  const locationId =
    wanted ??
    [...state.locations.values()].find((l) =>
      picked.every(
        ({ variant, quantity }) => (state.levels.get(levelKey(variant.inventoryItemId, l.id))?.quantities.available ?? 0) >= quantity,
      ),
    )?.id ??
    findLocation(state, undefined);
  if (locationId === null) throw new ControlError('the shop has no location');
  for (const { variant, quantity } of picked) {
    const level = state.levels.get(levelKey(variant.inventoryItemId, locationId));
    const tracked = state.inventoryItems.get(variant.inventoryItemId)?.tracked ?? false;
    if (tracked && variant.inventoryPolicy === 'DENY' && (level?.quantities.available ?? 0) < quantity) {
      throw new ControlError(
        `only ${level?.quantities.available ?? 0} available for ${state.inventoryItems.get(variant.inventoryItemId)?.sku}`,
      );
    }
  }
  const now = sale.createdAt ?? state.clock.iso();
  const order: OrderRec = {
    id: state.seq.order.next(),
    number: state.seq.orderNumber.next(),
    email: sale.email ?? 'buyer@tradepost.test',
    shippingAddress: sale.shippingAddress === null ? null : { ...DEMO_SHIPPING_ADDRESS, ...sale.shippingAddress },
    createdAt: now,
    updatedAt: now,
    cancelledAt: null,
    closedAt: null,
    financialStatus: sale.financialStatus ?? 'PAID',
    currency: 'USD',
    sourceName: 'web',
    lineItems: [],
    fulfillmentOrderIds: [],
    fulfillmentIds: [],
  };
  const foId = state.seq.fo.next();
  const foLines = [];
  for (const { variant, quantity } of picked) {
    const product = state.products.get(variant.productId);
    const item = state.inventoryItems.get(variant.inventoryItemId);
    const lineId = state.seq.lineItem.next();
    order.lineItems.push({
      id: lineId,
      variantId: variant.id,
      productId: variant.productId,
      sku: item?.sku ?? null,
      title: product?.title ?? '',
      variantTitle: variantTitle(variant) === 'Default Title' ? null : variantTitle(variant),
      quantity,
      price: variant.price,
    });
    foLines.push({ id: state.seq.foLine.next(), lineItemId: lineId, totalQuantity: quantity, remainingQuantity: quantity });
    if (item?.tracked) {
      // A sale moves units from available to committed until they ship.
      const level = ensureLevel(state, variant.inventoryItemId, locationId);
      adjustQuantity(state, level, 'available', -quantity);
      adjustQuantity(state, level, 'committed', quantity);
    }
  }
  state.fulfillmentOrders.set(foId, {
    id: foId,
    orderId: order.id,
    locationId,
    status: 'OPEN',
    lineItems: foLines,
    createdAt: now,
    updatedAt: now,
  });
  order.fulfillmentOrderIds.push(foId);
  state.orders.set(order.id, order);
  if (sale.notify !== false) {
    const eventId = randomUUID();
    events.orderChanged(-order.id, eventId);
    for (const { variant } of picked) events.levelChanged(variant.inventoryItemId, locationId, eventId);
  }
  return summary(order);
}

function demoProducts(): ShopifySeedProduct[] {
  const sizes = ['9', '10', '11'];
  return [
    {
      title: 'Air Jordan 1 Retro High OG Chicago',
      vendor: 'Nike',
      productType: 'Sneakers',
      tags: ['jordan', 'sim'],
      options: ['Size'],
      variants: sizes.map((size, i) => ({
        sku: `SIM-AJ1-CHI-${size}`,
        price: '349.99',
        options: [size],
        available: { 'Sim Warehouse': 2 + i, 'Sim Storefront': 1 },
      })),
    },
    {
      title: 'Nike Dunk Low Retro Panda',
      vendor: 'Nike',
      productType: 'Sneakers',
      options: ['Size'],
      variants: sizes.map((size) => ({ sku: `SIM-DUNK-PANDA-${size}`, price: '129.00', options: [size], available: 4 })),
    },
    {
      title: 'Sneaker Cleaning Kit',
      vendor: 'Tradepost',
      productType: 'Accessories',
      variants: [{ sku: 'SIM-CLEAN-KIT', price: '19.99', available: 25 }],
    },
  ];
}

export async function startShopifySimulator(options: ShopifySimulatorOptions = {}): Promise<ShopifySimulator> {
  const clock = new SimClock(options.clock);
  const faults = new FaultRegistry();
  const recorder = new RequestRecorder();
  const webhooks = new WebhookDispatcher(clock, options.webhookRetry);
  const credentials = { ...SHOPIFY_DEFAULT_CREDENTIALS, ...options.credentials };
  let limits: ShopifyLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const state = createShopifyState(clock, credentials, limits.maximumAvailable);
  let appWebhooks: AppWebhook[] = [...(options.webhooks ?? [])];
  let signing: 'valid' | 'wrong-secret' = 'valid';
  const currency = options.currency ?? 'USD';

  const webhookCtx = {
    state,
    webhooks,
    appWebhooks: () => appWebhooks,
    defaultApiVersion: LATEST_VERSION,
    defaultAttempts: options.webhookRetry?.attempts ?? 8,
    signing: () => signing,
  };
  const emit = (o: ShopifyWebhookOptions) => emitShopifyWebhook(webhookCtx, o);
  const events: ShopifyEvents = {
    levelChanged: (inventoryItemId, locationId, eventId) =>
      void emit({ topic: 'inventory_levels/update', inventoryItemId, locationId, eventId }),
    productChanged: (productId, created) => void emit({ topic: created ? 'products/create' : 'products/update', productId }),
    // A negative id marks a new order (orders/create) rather than an update.
    orderChanged: (orderId, eventId) =>
      void emit({ topic: orderId < 0 ? 'orders/create' : 'orders/updated', orderId: Math.abs(orderId), eventId }),
    fulfillmentCreated: (fulfillmentId) => void emit({ topic: 'fulfillments/create', fulfillmentId }),
  };
  const quiet: ShopifyEvents = { levelChanged: () => {}, productChanged: () => {}, orderChanged: () => {}, fulfillmentCreated: () => {} };
  const internalCtx = (): ShopifyContext => ({
    state,
    scopes: ALL_SCOPES,
    apiVersion: LATEST_VERSION,
    enforceIdempotency: false,
    legacyCompareQuantity: false,
    orderWindowDays: null,
    currency,
    events: quiet,
  });

  const seed = (input: ShopifySeed): ShopifySeedResult => {
    const result: ShopifySeedResult = { products: [], orders: [] };
    if (input.webhooks) appWebhooks = [...appWebhooks, ...input.webhooks];
    const products = [...(input.demo ? demoProducts() : []), ...(input.products ?? [])];
    for (const p of products) {
      const optionNames = p.options ?? [];
      const variants = p.variants ?? [{}];
      const args: ProductSetArgs = {
        input: {
          title: p.title,
          handle: p.handle,
          status: p.status,
          vendor: p.vendor,
          productType: p.productType,
          tags: p.tags,
          descriptionHtml: p.descriptionHtml,
          productOptions:
            optionNames.length > 0
              ? optionNames.map((name, i) => ({
                  name,
                  values: [...new Set(variants.map((v) => v.options?.[i] ?? ''))].map((value) => ({ name: value })),
                }))
              : [{ name: 'Title', values: [{ name: 'Default Title' }] }],
          variants: variants.map((v) => ({
            optionValues:
              optionNames.length > 0
                ? optionNames.map((name, i) => ({ optionName: name, name: v.options?.[i] ?? '' }))
                : [{ optionName: 'Title', name: 'Default Title' }],
            sku: v.sku,
            price: v.price ?? '0.00',
            barcode: v.barcode,
            inventoryPolicy: v.inventoryPolicy,
            inventoryItem: { tracked: v.tracked ?? true },
            inventoryQuantities: Object.entries(
              typeof v.available === 'number' ? { [String(findLocation(state, undefined))]: v.available } : (v.available ?? {}),
            ).map(([ref, quantity]) => {
              const id = /^\d+$/.test(ref) ? Number(ref) : findLocation(state, ref);
              if (id === null) throw new ControlError(`unknown location ${ref}`);
              return { locationId: gid('Location', id), name: 'available', quantity };
            }),
          })),
        },
      };
      const payload = productSet(internalCtx(), args);
      if (payload.userErrors.length > 0)
        throw new ControlError(`product ${p.title}: ${payload.userErrors.map((e) => e.message).join('; ')}`);
      const product = [...state.products.values()].at(-1);
      if (!product) continue;
      result.products.push({
        id: gid('Product', product.id),
        title: product.title,
        variants: product.variantIds.map((id) => {
          const v = state.variants.get(id);
          return {
            id: gid('ProductVariant', id),
            sku: state.inventoryItems.get(v?.inventoryItemId ?? -1)?.sku ?? null,
            inventoryItemId: gid('InventoryItem', v?.inventoryItemId ?? 0),
          };
        }),
      });
    }
    const orders = [...(input.demo ? [{ sku: 'SIM-DUNK-PANDA-10', quantity: 1, notify: false }] : []), ...(input.orders ?? [])];
    for (const sale of orders) result.orders.push(sellOnShopify(state, { notify: false, ...sale }, events).id);
    return result;
  };

  const onReset = () => {
    clearShopifyState(state, limits.maximumAvailable);
    appWebhooks = [...(options.webhooks ?? [])];
    signing = 'valid';
    limits = { ...DEFAULT_LIMITS, ...options.limits };
    if (options.seed) seed(options.seed);
  };
  const emitAndWait = async (o: ShopifyWebhookOptions): Promise<WebhookDelivery[]> => {
    const sent = emit(o);
    return o.hold ? sent.deliveries : sent.done;
  };
  const sell = (sale: ShopifySale) => sellOnShopify(state, sale, events);
  const uninstall = async () => {
    // Every token of the app stops working (the API answers 401), the app's webhook subscriptions
    // go, and app/uninstalled is the last delivery they make.
    state.tokens.clear();
    state.refreshTokens.clear();
    const sent = emit({ topic: 'app/uninstalled' });
    state.webhookSubscriptions.clear();
    return sent.done;
  };
  const touchOrder = (orderId: string) => {
    const order = state.orders.get(parseGid(orderId, 'Order') ?? -1);
    if (!order) throw new ControlError(`unknown order ${orderId}`);
    order.updatedAt = clock.iso();
    events.orderChanged(order.id);
  };

  const router = new Router();
  shopifyOauthRoutes(
    router,
    state,
    () => options.consent ?? 'auto',
    () => options.redirectUris ?? [],
  );
  let baseUrl = '';
  router.post('/admin/api/:version/graphql.json', (req) =>
    handleGraphql({ state, limits: () => limits, events, currency, baseUrl: () => baseUrl }, req),
  );
  router.post('/staged-uploads', (req) => receiveStagedUpload(state, req));
  router.get(SHOPIFY_CDN_ROUTE, (req) => serveMediaFile(state, req));

  const control = new Router();
  control.post('/seed', (req) => json(200, seed(controlBody(req) as ShopifySeed)));
  control.post('/media-failure', (req) => {
    const body = controlBody(req);
    state.mediaFailures.push(typeof body.message === 'string' ? body.message : 'Image processing failed.');
    return json(200, { pending: state.mediaFailures.length });
  });
  control.post('/sell', (req) => json(201, sell(controlBody(req) as ShopifySale)));
  control.post('/emit-webhook', async (req) => {
    const body = controlBody(req) as ShopifyWebhookOptions;
    if (typeof body.topic !== 'string') throw new ControlError('topic is required');
    // `wait: false` answers at once (a slow receiver plus retries can take minutes in the sandbox).
    if ((body as { wait?: boolean }).wait === false) return json(202, { deliveries: emit(body).deliveries });
    return json(200, { deliveries: await emitAndWait(body) });
  });
  control.post('/tokens', (req) => {
    const body = controlBody(req);
    const issued = issueToken(
      state,
      Array.isArray(body.scopes) ? (body.scopes as string[]) : ALL_SCOPES,
      body.kind === 'expiring' ? 'expiring' : body.kind === 'online' ? 'online' : 'offline',
    );
    return json(201, { accessToken: issued.token.token, refreshToken: issued.refresh });
  });
  control.post('/limits', (req) => {
    limits = { ...limits, ...(controlBody(req) as Partial<ShopifyLimits>) };
    return json(200, limits);
  });
  control.post('/webhook-signing', (req) => {
    signing = controlBody(req).mode === 'wrong-secret' ? 'wrong-secret' : 'valid';
    return json(200, { mode: signing });
  });
  control.post('/uninstall', async () => json(200, { deliveries: await uninstall() }));
  control.post('/touch-order', (req) => {
    touchOrder(String(controlBody(req).orderId));
    return json(200, { ok: true });
  });
  control.get(
    '/signed-app-url',
    (req): SimResponse => json(200, { url: signedAppUrl(state, req.query.get('url') ?? 'http://127.0.0.1:3000/') }),
  );
  control.get('/state', () =>
    json(200, {
      products: [...state.products.values()],
      variants: [...state.variants.values()],
      inventoryItems: [...state.inventoryItems.values()],
      levels: [...state.levels.values()].map((l) => ({ ...l, on_hand: quantityOf(l, 'on_hand') })),
      locations: [...state.locations.values()],
      orders: [...state.orders.values()],
      fulfillmentOrders: [...state.fulfillmentOrders.values()],
      webhookSubscriptions: [...state.webhookSubscriptions.values()],
      appWebhooks,
      bucket: state.bucket,
      limits,
    }),
  );

  const notFound = (): SimResponse => json(404, { errors: 'Not Found' });
  const server = await startSimServer({
    name: 'shopify',
    host: options.host,
    port: options.port,
    clock,
    faults,
    recorder,
    webhooks,
    router,
    control,
    responses: {
      serverError: (status) => json(status, { errors: status === 503 ? 'Service Unavailable' : 'Internal Server Error' }),
      rateLimited: () =>
        json(limits.throttleStatus, {
          errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }],
          extensions: {
            cost: {
              requestedQueryCost: 0,
              actualQueryCost: null,
              throttleStatus: { maximumAvailable: limits.maximumAvailable, currentlyAvailable: 0, restoreRate: limits.restoreRate },
            },
          },
        }),
      notFound,
    },
    onReset,
  });
  baseUrl = server.baseUrl;
  if (options.seed) seed(options.seed);

  return {
    baseUrl: server.baseUrl,
    graphqlUrl: `${server.baseUrl}/admin/api/${LATEST_VERSION}/graphql.json`,
    apiVersion: LATEST_VERSION,
    port: server.port,
    credentials,
    close: server.close,
    control: {
      ...baseControl({ clock, faults, recorder, webhooks }, onReset),
      seed,
      sell,
      emitWebhook: emitAndWait,
      issueToken: (o = {}) => {
        const issued = issueToken(state, o.scopes ?? ALL_SCOPES, o.kind ?? 'offline');
        return { accessToken: issued.token.token, refreshToken: issued.refresh };
      },
      setLimits: (l) => {
        limits = { ...limits, ...l };
      },
      bucket: () => ({
        currentlyAvailable: Math.floor(state.bucket.available),
        maximumAvailable: limits.maximumAvailable,
        restoreRate: limits.restoreRate,
        spent: state.bucket.spent,
      }),
      setWebhookSigning: (mode) => {
        signing = mode;
      },
      uninstall,
      signedAppUrl: (appUrl) => signedAppUrl(state, appUrl),
      touchOrder,
      quantity: (sku, location, name = 'available') => {
        const variant = variantForLine(state, { sku });
        const locationId = findLocation(state, location);
        if (!variant || locationId === null) return null;
        const level = state.levels.get(levelKey(variant.inventoryItemId, locationId));
        return level ? quantityOf(level, name) : null;
      },
      variantBySku: (sku) => {
        const variant = variantForLine(state, { sku });
        return variant
          ? {
              productId: gid('Product', variant.productId),
              variantId: gid('ProductVariant', variant.id),
              inventoryItemId: gid('InventoryItem', variant.inventoryItemId),
            }
          : null;
      },
      order: (orderId) => {
        const order = state.orders.get(parseGid(orderId, 'Order') ?? -1);
        return order ? summary(order) : null;
      },
      locations: () => [...state.locations.values()].map((l) => ({ id: gid('Location', l.id), name: l.name })),
      productMedia: (productId) =>
        (state.products.get(parseGid(productId, 'Product') ?? -1)?.mediaIds ?? [])
          .map((id) => state.media.get(id))
          .filter((m) => m !== undefined)
          .map((m) => ({ id: gid('MediaImage', m.id), status: m.status, url: m.url, bytes: m.data?.length ?? 0 })),
      photo: (urlOrId) => {
        const path = urlOrId.split('?')[0];
        const media = [...state.media.values()].find(
          (m) => gid('MediaImage', m.id) === urlOrId || m.url === urlOrId || m.url.split('?')[0] === path,
        );
        return media?.data ? { id: gid('MediaImage', media.id), contentType: media.contentType, data: media.data, url: media.url } : null;
      },
      failNextMedia: (message = 'Image processing failed.') => void state.mediaFailures.push(message),
    },
  };
}
