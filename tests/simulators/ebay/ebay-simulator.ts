import { SimClock, type SimClockOptions } from '../kit/clock.ts';
import { baseControl, type SimControlBase } from '../kit/control.ts';
import { FaultRegistry } from '../kit/faults.ts';
import { asRecord, json } from '../kit/http.ts';
import { counterUuid } from '../kit/ids.ts';
import { PhotoStore, type StoredPhoto } from '../kit/multipart.ts';
import { RequestRecorder } from '../kit/recorder.ts';
import { Router } from '../kit/router.ts';
import { ControlError, controlBody, startSimServer } from '../kit/server.ts';
import { type WebhookDelivery, WebhookDispatcher, type WebhookRetryOptions } from '../kit/webhooks.ts';
import { accountRoutes } from './ebay-account.ts';
import { browseRoutes } from './ebay-browse.ts';
import { notFoundResponse, quotaExceededResponse, systemErrorResponse } from './ebay-errors.ts';
import { type EbaySale, fulfillmentRoutes, sellOnEbay } from './ebay-fulfillment.ts';
import { identityRoutes } from './ebay-identity.ts';
import { inventoryRoutes, inventoryRules, itemView, offerView } from './ebay-inventory.ts';
import { mediaRoutes } from './ebay-media.ts';
import { type EbayNotificationOptions, emitEbayNotification, notificationRoutes } from './ebay-notification.ts';
import { type ConsentMode, issueAccessToken, issueRefreshToken, oauthRoutes } from './ebay-oauth.ts';
import {
  API_SCOPE,
  type BrowseListing,
  clearEbayState,
  createEbayState,
  createSigningKey,
  type EbayApi,
  type EbayCredentials,
  type EbayOrder,
  type EbayState,
  GRANTABLE_SCOPES,
  type Json,
  type RuName,
} from './ebay-state.ts';

export type { EbaySale } from './ebay-fulfillment.ts';
export type { EbayNotificationOptions } from './ebay-notification.ts';

export const EBAY_DEFAULT_CREDENTIALS: EbayCredentials = {
  clientId: 'TradepostSim-sim-PRD-0a1b2c3d4-5e6f7a8b',
  clientSecret: 'PRD-sim0a1b2c3d4e5f-6a7b-8c9d-0e1f-2a3b',
  ruName: 'Tradepost_Sim-TradepostSim-sim-PR-abcdefghi',
  sellerUsername: 'tradepost_sim_seller',
};

export type EbaySimulatorOptions = {
  port?: number;
  host?: string;
  credentials?: Partial<EbayCredentials>;
  /** Where the consent page sends the seller for the default RuName. */
  acceptUrl?: string;
  /** More RuNames (RuName → accept/decline URLs). */
  ruNames?: Record<string, RuName>;
  /** `auto` redirects at once (tests); `page` shows an agree/decline page (sandbox). */
  consent?: ConsentMode;
  /** Daily call quota per API (reference §1.9 defaults). */
  dailyQuota?: Partial<Record<EbayApi, number>>;
  clock?: SimClockOptions;
  webhookRetry?: WebhookRetryOptions;
  seed?: EbaySeed;
};

export type EbaySeed = {
  /** The demo account: a warehouse, three live sneaker listings, one order, market comps. */
  demo?: boolean;
  locations?: { merchantLocationKey: string; name?: string; address?: Json; status?: 'ENABLED' | 'DISABLED' }[];
  /** Inventory item bodies with their `sku` (and optional `locale`). */
  inventoryItems?: (Json & { sku: string; locale?: string })[];
  /** Offer bodies; `publish: true` publishes them (the publish rules apply). */
  offers?: (Json & { sku: string; publish?: boolean })[];
  browseListings?: (Partial<BrowseListing> & { title: string; price: number })[];
  ruNames?: Record<string, RuName>;
  /** A destination + subscriptions without the challenge round trip. */
  subscriptions?: { endpoint: string; topics: string[]; verificationToken?: string }[];
};

export type EbaySeedResult = { skus: string[]; offers: { offerId: string; sku: string; listingId: string | null }[]; orders: string[] };

export type EbayControl = SimControlBase & {
  seed(seed: EbaySeed): EbaySeedResult;
  /** A buyer checks out: creates an order, lowers the listing quantity, sends ORDER_CONFIRMATION per line. */
  sell(sale: EbaySale): EbayOrder;
  /** Sends a signed notification; resolves when every delivery is acknowledged or gave up (at once when held). */
  emitWebhook(options: EbayNotificationOptions): Promise<WebhookDelivery[]>;
  /** A user token as if the seller had consented (skips the browser round trip). */
  issueUserToken(options?: { scopes?: string[]; lifetimeSeconds?: number }): { accessToken: string; refreshToken: string };
  issueApplicationToken(): string;
  setDailyQuota(api: EbayApi, limit: number): void;
  setRuName(ruName: string, target: RuName): void;
  inventoryItem(sku: string): Json | null;
  offer(offerId: string): Json | null;
  offersForSku(sku: string): Json[];
  order(orderId: string): EbayOrder | null;
  orders(): EbayOrder[];
  signingKey(): { kid: string; publicKeyPem: string };
  /** Photos uploaded through the Media API, with their bytes. */
  photos(): StoredPhoto[];
  /** One uploaded photo by its Picture Services address (or image id). */
  photo(urlOrId: string): StoredPhoto | null;
};

export type EbaySimulator = {
  baseUrl: string;
  /** The consent page host (the same server here; adapters keep the two apart as eBay does). */
  authBaseUrl: string;
  port: number;
  credentials: EbayCredentials;
  control: EbayControl;
  close(): Promise<void>;
};

const DEMO_ADDRESS = { addressLine1: '100 Sim Street', city: 'San Jose', stateOrProvince: 'CA', postalCode: '95125', country: 'US' };

function seedEbay(state: EbayState, seed: EbaySeed, sell: (sale: EbaySale) => EbayOrder): EbaySeedResult {
  const result: EbaySeedResult = { skus: [], offers: [], orders: [] };
  if (seed.demo) {
    const demo = demoSeed(state);
    const inner = seedEbay(state, demo, sell);
    result.skus.push(...inner.skus);
    result.offers.push(...inner.offers);
    result.orders.push(sell({ sku: 'SIM-AJ1-CHI-10', quantity: 1, buyerUsername: 'sim_buyer_demo', notify: false }).orderId);
  }
  for (const [name, target] of Object.entries(seed.ruNames ?? {})) state.ruNames.set(name, target);
  for (const location of seed.locations ?? []) {
    state.locations.set(location.merchantLocationKey, {
      key: location.merchantLocationKey,
      body: {
        name: location.name ?? location.merchantLocationKey,
        location: { address: location.address ?? DEMO_ADDRESS },
        locationTypes: ['WAREHOUSE'],
      },
      status: location.status ?? 'ENABLED',
    });
  }
  for (const item of seed.inventoryItems ?? []) {
    const errors = inventoryRules.replaceItem(state, item.sku, item.locale ?? 'en_US', item);
    if (errors.length > 0) throw new ControlError(`inventory item ${item.sku}: ${errors.map((e) => e.message).join('; ')}`);
    result.skus.push(item.sku);
  }
  for (const input of seed.offers ?? []) {
    const { publish, ...body } = input;
    const created = inventoryRules.createOffer(state, { marketplaceId: 'EBAY_US', format: 'FIXED_PRICE', ...body });
    if ('errors' in created) throw new ControlError(`offer for ${input.sku}: ${created.errors.map((e) => e.message).join('; ')}`);
    let listingId: string | null = null;
    if (publish) {
      const published = inventoryRules.publish(state, created.offer);
      if ('errors' in published)
        throw new ControlError(`publish ${input.sku}: ${published.errors.map((e) => `${e.errorId} ${e.message}`).join('; ')}`);
      listingId = published.listingId;
    }
    result.offers.push({ offerId: created.offer.offerId, sku: input.sku, listingId });
  }
  for (const listing of seed.browseListings ?? []) {
    const n = state.browseListings.length + 1;
    state.browseListings.push({
      itemId: `v1|${300_000_000_000 + n}|0`,
      currency: 'USD',
      condition: 'New',
      conditionId: '1000',
      buyingOptions: ['FIXED_PRICE'],
      listedAt: new Date(state.clock.now() - n * 3_600_000).toISOString(),
      categoryId: '15709',
      ...listing,
    });
  }
  for (const subscription of seed.subscriptions ?? []) {
    state.notificationConfig ??= { alertEmail: 'alerts@tradepost.test' };
    const destinationId = `sim-destination-${state.seq.destination.next()}`;
    state.destinations.set(destinationId, {
      destinationId,
      name: 'seeded destination',
      status: 'ENABLED',
      endpoint: subscription.endpoint,
      verificationToken: subscription.verificationToken ?? 'sim-verification-token-0123456789abcdef',
    });
    for (const topicId of subscription.topics) {
      const subscriptionId = `sim-subscription-${state.seq.subscription.next()}`;
      state.subscriptions.set(subscriptionId, {
        subscriptionId,
        topicId,
        status: 'ENABLED',
        destinationId,
        payload: { format: 'JSON', schemaVersion: '1.0', deliveryProtocol: 'HTTPS' },
        creationDate: state.clock.iso(),
        user: topicId !== 'MARKETPLACE_ACCOUNT_DELETION',
      });
    }
  }
  return result;
}

function demoSeed(state: EbayState): EbaySeed {
  const policies = {
    fulfillmentPolicyId: [...state.fulfillmentPolicies.keys()][0] ?? '',
    paymentPolicyId: [...state.paymentPolicies.keys()][0] ?? '',
    returnPolicyId: [...state.returnPolicies.keys()][0] ?? '',
  };
  const shoe = (sku: string, title: string, size: string, quantity: number, price: string) => ({
    item: {
      sku,
      condition: 'NEW',
      product: {
        title,
        description: `${title}. Deadstock, original box.`,
        imageUrls: [`https://i.ebayimg.com/images/g/${sku}/s-l1600.jpg`],
        aspects: { Brand: ['Nike'], 'US Shoe Size': [size], Color: ['Red'] },
      },
      availability: { shipToLocationAvailability: { quantity } },
    },
    offer: {
      sku,
      availableQuantity: quantity,
      pricingSummary: { price: { value: price, currency: 'USD' } },
      categoryId: '15709',
      listingPolicies: policies,
      merchantLocationKey: 'sim-warehouse',
      listingDuration: 'GTC',
      publish: true,
    },
  });
  const shoes = [
    shoe('SIM-AJ1-CHI-10', 'Air Jordan 1 Retro High OG Chicago Size 10', '10', 3, '349.99'),
    shoe('SIM-DUNK-PANDA-9', 'Nike Dunk Low Retro White Black Panda Size 9', '9', 5, '129.00'),
    shoe('SIM-AF1-WHITE-11', "Nike Air Force 1 '07 Triple White Size 11", '11', 2, '110.00'),
  ];
  return {
    locations: [{ merchantLocationKey: 'sim-warehouse', name: 'Sim warehouse' }],
    inventoryItems: shoes.map((s) => s.item),
    offers: shoes.map((s) => s.offer),
    browseListings: [
      { title: 'Air Jordan 1 Retro High OG Chicago Size 10 DS', price: 329.99 },
      { title: 'Air Jordan 1 High Chicago 2022 Size 10', price: 365 },
      { title: 'Nike Dunk Low Panda Size 9 Brand New', price: 119.5 },
      { title: 'Nike Dunk Low Retro Panda 9 VNDS', price: 98 },
      { title: "Nike Air Force 1 '07 White Size 11", price: 95 },
    ],
  };
}

export async function startEbaySimulator(options: EbaySimulatorOptions = {}): Promise<EbaySimulator> {
  const clock = new SimClock(options.clock);
  const faults = new FaultRegistry();
  const recorder = new RequestRecorder();
  const webhooks = new WebhookDispatcher(clock, options.webhookRetry);
  const credentials = { ...EBAY_DEFAULT_CREDENTIALS, ...options.credentials };
  const ruNames = (): Record<string, RuName> => ({
    [credentials.ruName]: { acceptUrl: options.acceptUrl ?? 'http://127.0.0.1:3000/api/v1/channels/ebay/oauth/callback' },
    ...options.ruNames,
  });
  const signingKey = createSigningKey(counterUuid('eb5a', 1));
  const state = createEbayState(clock, credentials, ruNames(), options.dailyQuota ?? {}, signingKey);
  let baseUrl = '';
  const notifyCtx = { state, webhooks, defaultAttempts: options.webhookRetry?.attempts ?? 5 };
  const notify = (topic: string, data: Json) => void emitEbayNotification(notifyCtx, { topic, data });

  const photos = new PhotoStore();
  const router = new Router();
  oauthRoutes(router, state, () => options.consent ?? 'auto');
  inventoryRoutes(router, state, () => baseUrl);
  mediaRoutes(router, state, photos, () => baseUrl);
  fulfillmentRoutes(router, state, () => baseUrl, notify);
  accountRoutes(router, state);
  notificationRoutes(router, state, () => baseUrl, notifyCtx);
  browseRoutes(router, state);
  identityRoutes(router, state);

  const sell = (sale: EbaySale): EbayOrder => {
    const order = sellOnEbay(state, sale);
    if (sale.notify !== false)
      for (const line of order.lineItems) notify('ORDER_CONFIRMATION', { orderId: order.orderId, lineItemId: line.lineItemId });
    return order;
  };
  const emit = async (emitOptions: EbayNotificationOptions): Promise<WebhookDelivery[]> => {
    const sent = emitEbayNotification(notifyCtx, emitOptions);
    if (emitOptions.hold) return sent.deliveries;
    return sent.done;
  };
  const onReset = () => {
    clearEbayState(state, ruNames());
    photos.clear();
    if (options.seed) seedEbay(state, options.seed, sell);
  };
  const issueUserToken = (o: { scopes?: string[]; lifetimeSeconds?: number } = {}) => {
    const scopes = o.scopes ?? GRANTABLE_SCOPES.filter((s) => s !== API_SCOPE);
    return {
      accessToken: issueAccessToken(state, 'user', scopes, o.lifetimeSeconds).token,
      refreshToken: issueRefreshToken(state, scopes),
    };
  };

  const control = new Router();
  control.post('/seed', (req) => json(200, seedEbay(state, controlBody(req) as EbaySeed, sell)));
  control.post('/sell', (req) => json(201, sell(controlBody(req) as EbaySale)));
  control.post('/emit-webhook', async (req) => {
    const body = controlBody(req) as EbayNotificationOptions;
    if (typeof body.topic !== 'string') throw new ControlError('topic is required');
    // `wait: false` answers at once (a slow receiver plus retries can take minutes in the sandbox).
    if ((body as { wait?: boolean }).wait === false) return json(202, { deliveries: emitEbayNotification(notifyCtx, body).deliveries });
    return json(200, { deliveries: await emit(body) });
  });
  control.post('/tokens', (req) => {
    const body = controlBody(req);
    return json(
      201,
      issueUserToken({
        scopes: Array.isArray(body.scopes) ? (body.scopes as string[]) : undefined,
        lifetimeSeconds: body.lifetimeSeconds as number | undefined,
      }),
    );
  });
  control.post('/quota', (req) => {
    const body = controlBody(req);
    const api = body.api as EbayApi;
    if (!(api in state.quotaLimits) || typeof body.limit !== 'number')
      throw new ControlError('api (inventory|fulfillment|account|notification|browse) and limit are required');
    state.quotaLimits[api] = body.limit;
    return json(200, { quotaLimits: state.quotaLimits });
  });
  control.get('/state', () =>
    json(200, {
      inventoryItems: [...state.items.values()].map((i) => itemView(state, i)),
      offers: [...state.offers.values()].map(offerView),
      locations: [...state.locations.values()],
      orders: [...state.orders.values()],
      destinations: [...state.destinations.values()],
      subscriptions: [...state.subscriptions.values()],
      quotaLimits: state.quotaLimits,
      quotaUsage: Object.fromEntries(state.quotaUsage),
      publicKey: { kid: state.signingKey.kid },
      photos: photos.list().map(({ data, ...photo }) => ({ ...photo, bytes: data.length })),
    }),
  );

  const server = await startSimServer({
    name: 'ebay',
    host: options.host,
    port: options.port,
    clock,
    faults,
    recorder,
    webhooks,
    router,
    control,
    responses: { serverError: systemErrorResponse, rateLimited: quotaExceededResponse, notFound: notFoundResponse },
    onReset,
  });
  baseUrl = server.baseUrl;
  if (options.seed) seedEbay(state, options.seed, sell);

  return {
    baseUrl,
    authBaseUrl: baseUrl,
    port: server.port,
    credentials,
    close: server.close,
    control: {
      ...baseControl({ clock, faults, recorder, webhooks }, onReset),
      seed: (seed) => seedEbay(state, seed, sell),
      sell,
      emitWebhook: emit,
      issueUserToken,
      issueApplicationToken: () => issueAccessToken(state, 'application', [API_SCOPE]).token,
      setDailyQuota: (api, limit) => {
        state.quotaLimits[api] = limit;
      },
      setRuName: (ruName, target) => void state.ruNames.set(ruName, target),
      inventoryItem: (sku) => {
        const item = state.items.get(sku);
        return item ? itemView(state, item) : null;
      },
      offer: (offerId) => {
        const offer = state.offers.get(offerId);
        return offer ? offerView(offer) : null;
      },
      offersForSku: (sku) => [...state.offers.values()].filter((o) => o.sku === sku).map(offerView),
      order: (orderId) => structuredClone(state.orders.get(orderId) ?? null),
      orders: () => [...state.orders.values()].map((o) => structuredClone(o)),
      signingKey: () => ({ kid: state.signingKey.kid, publicKeyPem: state.signingKey.publicKeyPem }),
      photos: () => photos.list(),
      photo: (urlOrId) => photos.get(urlOrId) ?? photos.byUrl(urlOrId) ?? null,
    },
  };
}

/** Reads a seed from loosely typed JSON (the sandbox's env and the control API). */
export function isEbaySeed(value: unknown): value is EbaySeed {
  return asRecord(value) !== null;
}
