import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { SimClock } from '../kit/clock.ts';
import { Sequence } from '../kit/ids.ts';

export type Json = Record<string, unknown>;

export const API_SCOPE = 'https://api.ebay.com/oauth/api_scope';
export const SCOPES = {
  base: API_SCOPE,
  inventory: `${API_SCOPE}/sell.inventory`,
  inventoryReadonly: `${API_SCOPE}/sell.inventory.readonly`,
  fulfillment: `${API_SCOPE}/sell.fulfillment`,
  fulfillmentReadonly: `${API_SCOPE}/sell.fulfillment.readonly`,
  account: `${API_SCOPE}/sell.account`,
  accountReadonly: `${API_SCOPE}/sell.account.readonly`,
  notification: `${API_SCOPE}/commerce.notification.subscription`,
  notificationReadonly: `${API_SCOPE}/commerce.notification.subscription.readonly`,
  identity: `${API_SCOPE}/commerce.identity.readonly`,
} as const;

/** Scopes an app may ask a seller for (the consent page refuses others). */
export const GRANTABLE_SCOPES: readonly string[] = Object.values(SCOPES);

export const MARKETPLACES = ['EBAY_US', 'EBAY_GB', 'EBAY_DE', 'EBAY_AU', 'EBAY_CA', 'EBAY_MOTORS_US', 'EBAY_FR', 'EBAY_IT', 'EBAY_ES'];

export const CONDITIONS = [
  'NEW',
  'LIKE_NEW',
  'NEW_OTHER',
  'NEW_WITH_DEFECTS',
  'MANUFACTURER_REFURBISHED',
  'CERTIFIED_REFURBISHED',
  'EXCELLENT_REFURBISHED',
  'VERY_GOOD_REFURBISHED',
  'GOOD_REFURBISHED',
  'SELLER_REFURBISHED',
  'USED_EXCELLENT',
  'USED_VERY_GOOD',
  'USED_GOOD',
  'USED_ACCEPTABLE',
  'FOR_PARTS_OR_NOT_WORKING',
  'PRE_OWNED_EXCELLENT',
  'PRE_OWNED_FAIR',
];

/** The APIs with their own daily call quota (reference §1.9). */
export type EbayApi = 'inventory' | 'fulfillment' | 'account' | 'notification' | 'browse';

export const DEFAULT_DAILY_QUOTA: Record<EbayApi, number> = {
  inventory: 2_000_000,
  fulfillment: 100_000,
  account: 25_000,
  notification: 10_000,
  browse: 5_000,
};

export type RuName = { acceptUrl: string; declineUrl?: string };

export type AccessGrant = {
  token: string;
  kind: 'user' | 'application';
  scopes: string[];
  expiresAt: number;
  clientId: string;
};

export type RefreshGrant = { token: string; scopes: string[]; expiresAt: number; clientId: string };

export type AuthCode = { code: string; clientId: string; ruName: string; scopes: string[]; expiresAt: number; used: boolean };

export type StoredItem = { sku: string; locale: string; body: Json };

export type StoredGroup = { key: string; body: Json };

export type OfferListing = {
  listingId: string;
  listingStatus: 'ACTIVE' | 'OUT_OF_STOCK' | 'ENDED';
  soldQuantity: number;
  listingOnHold: boolean;
};

export type StoredOffer = {
  offerId: string;
  sku: string;
  marketplaceId: string;
  format: 'FIXED_PRICE' | 'AUCTION';
  body: Json;
  status: 'PUBLISHED' | 'UNPUBLISHED';
  listing: OfferListing | null;
  groupKey: string | null;
  /** Revisions per Pacific day, for the 250-a-day cap. */
  revisions: Map<string, number>;
};

export type StoredLocation = { key: string; body: Json; status: 'ENABLED' | 'DISABLED' };

export type Policy = Json & { marketplaceId: string; name: string };

export type EbayOrder = Json & {
  orderId: string;
  creationDate: string;
  lastModifiedDate: string;
  orderFulfillmentStatus: 'NOT_STARTED' | 'IN_PROGRESS' | 'FULFILLED';
  lineItems: (Json & { lineItemId: string; sku: string; quantity: number; lineItemFulfillmentStatus: string })[];
};

export type ShippingFulfillment = Json & { fulfillmentId: string; lineItems: { lineItemId: string; quantity?: number }[] };

export type Destination = {
  destinationId: string;
  name: string;
  status: 'ENABLED' | 'DISABLED';
  endpoint: string;
  verificationToken: string;
};

export type Subscription = {
  subscriptionId: string;
  topicId: string;
  status: 'ENABLED' | 'DISABLED';
  destinationId: string;
  payload: Json;
  creationDate: string;
  user: boolean;
};

export type BrowseListing = {
  itemId: string;
  title: string;
  price: number;
  currency: string;
  condition: string;
  conditionId: string;
  buyingOptions: string[];
  listedAt: string;
  categoryId: string;
};

export type EbayCredentials = {
  clientId: string;
  clientSecret: string;
  /** The RuName the app passes as `redirect_uri`. */
  ruName: string;
  /** The seller whose account the simulated consent grants. */
  sellerUsername: string;
};

export type SigningKey = { kid: string; privateKey: KeyObject; publicKeyPem: string };

export type EbayState = {
  clock: SimClock;
  credentials: EbayCredentials;
  ruNames: Map<string, RuName>;
  codes: Map<string, AuthCode>;
  accessTokens: Map<string, AccessGrant>;
  refreshTokens: Map<string, RefreshGrant>;
  items: Map<string, StoredItem>;
  groups: Map<string, StoredGroup>;
  offers: Map<string, StoredOffer>;
  locations: Map<string, StoredLocation>;
  fulfillmentPolicies: Map<string, Policy>;
  paymentPolicies: Map<string, Policy>;
  returnPolicies: Map<string, Policy>;
  orders: Map<string, EbayOrder>;
  shippingFulfillments: Map<string, ShippingFulfillment[]>;
  notificationConfig: { alertEmail: string } | null;
  destinations: Map<string, Destination>;
  subscriptions: Map<string, Subscription>;
  browseListings: BrowseListing[];
  quotaOverride: Partial<Record<EbayApi, number>>;
  quotaLimits: Record<EbayApi, number>;
  quotaUsage: Map<string, number>;
  signingKey: SigningKey;
  seq: {
    token: Sequence;
    offer: Sequence;
    listing: Sequence;
    order: Sequence;
    lineItem: Sequence;
    fulfillment: Sequence;
    notification: Sequence;
    destination: Sequence;
    subscription: Sequence;
    policy: Sequence;
  };
};

export function createSigningKey(kid: string): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  // eBay serves the PEM on one line (its SDK re-inserts the line breaks before verifying).
  const publicKeyPem = pem.replace(/\n/g, '');
  return { kid, privateKey, publicKeyPem };
}

export function createEbayState(
  clock: SimClock,
  credentials: EbayCredentials,
  ruNames: Record<string, RuName>,
  quota: Partial<Record<EbayApi, number>>,
  signingKey: SigningKey,
): EbayState {
  const state: EbayState = {
    clock,
    credentials,
    ruNames: new Map(Object.entries(ruNames)),
    codes: new Map(),
    accessTokens: new Map(),
    refreshTokens: new Map(),
    items: new Map(),
    groups: new Map(),
    offers: new Map(),
    locations: new Map(),
    fulfillmentPolicies: new Map(),
    paymentPolicies: new Map(),
    returnPolicies: new Map(),
    orders: new Map(),
    shippingFulfillments: new Map(),
    notificationConfig: null,
    destinations: new Map(),
    subscriptions: new Map(),
    browseListings: [],
    quotaOverride: quota,
    quotaLimits: { ...DEFAULT_DAILY_QUOTA, ...quota },
    quotaUsage: new Map(),
    signingKey,
    seq: {
      token: new Sequence(),
      offer: new Sequence(5_000_000_001),
      listing: new Sequence(110_000_000_001),
      order: new Sequence(10_001),
      lineItem: new Sequence(10_000_000_001),
      fulfillment: new Sequence(1),
      notification: new Sequence(1),
      destination: new Sequence(1),
      subscription: new Sequence(1),
      policy: new Sequence(1),
    },
  };
  seedBaseFixture(state);
  return state;
}

/** Everything a fresh seller account has: business policies on EBAY_US (the publish checks need them). */
export function seedBaseFixture(state: EbayState): void {
  const id = () => String(6_200_000_000 + state.seq.policy.next());
  const fulfillmentId = id();
  state.fulfillmentPolicies.set(fulfillmentId, {
    fulfillmentPolicyId: fulfillmentId,
    name: 'Sim standard shipping',
    marketplaceId: 'EBAY_US',
    categoryTypes: [{ name: 'ALL_EXCLUDING_MOTORS_VEHICLES', default: true }],
    handlingTime: { value: 1, unit: 'DAY' },
    shippingOptions: [
      {
        optionType: 'DOMESTIC',
        costType: 'FLAT_RATE',
        shippingServices: [
          {
            shippingCarrierCode: 'USPS',
            shippingServiceCode: 'USPSPriority',
            shippingCost: { value: '0.0', currency: 'USD' },
            freeShipping: true,
            sortOrder: 1,
          },
        ],
      },
    ],
    localPickup: false,
    freightShipping: false,
  });
  const paymentId = id();
  state.paymentPolicies.set(paymentId, {
    paymentPolicyId: paymentId,
    name: 'Sim managed payments',
    marketplaceId: 'EBAY_US',
    categoryTypes: [{ name: 'ALL_EXCLUDING_MOTORS_VEHICLES', default: true }],
    immediatePay: true,
    paymentMethods: [],
  });
  const returnId = id();
  state.returnPolicies.set(returnId, {
    returnPolicyId: returnId,
    name: 'Sim 30 day returns',
    marketplaceId: 'EBAY_US',
    categoryTypes: [{ name: 'ALL_EXCLUDING_MOTORS_VEHICLES', default: true }],
    returnsAccepted: true,
    returnPeriod: { value: 30, unit: 'DAY' },
    returnShippingCostPayer: 'BUYER',
    refundMethod: 'MONEY_BACK',
  });
}

export function clearEbayState(state: EbayState, ruNames: Record<string, RuName>): void {
  state.ruNames = new Map(Object.entries(ruNames));
  for (const map of [
    state.codes,
    state.accessTokens,
    state.refreshTokens,
    state.items,
    state.groups,
    state.offers,
    state.locations,
    state.fulfillmentPolicies,
    state.paymentPolicies,
    state.returnPolicies,
    state.orders,
    state.shippingFulfillments,
    state.destinations,
    state.subscriptions,
    state.quotaUsage,
  ])
    map.clear();
  state.notificationConfig = null;
  state.browseListings = [];
  state.quotaLimits = { ...DEFAULT_DAILY_QUOTA, ...state.quotaOverride };
  for (const seq of Object.values(state.seq)) seq.reset();
  seedBaseFixture(state);
}

/** eBay's quota day ends at midnight Pacific time. */
export function pacificDay(ms: number): string {
  return new Date(ms).toLocaleDateString('en-CA', { timeZone: 'America/Los_Angeles' });
}

export function itemQuantity(item: StoredItem | undefined): number {
  const availability = item?.body.availability as Json | undefined;
  const ship = availability?.shipToLocationAvailability as Json | undefined;
  return typeof ship?.quantity === 'number' ? ship.quantity : 0;
}

export function setItemQuantity(item: StoredItem, quantity: number): void {
  const availability = (item.body.availability as Json | undefined) ?? {};
  const ship = (availability.shipToLocationAvailability as Json | undefined) ?? {};
  item.body.availability = { ...availability, shipToLocationAvailability: { ...ship, quantity } };
}

export function offerQuantity(offer: StoredOffer, state: EbayState): number {
  const quantity = offer.body.availableQuantity;
  return typeof quantity === 'number' ? quantity : itemQuantity(state.items.get(offer.sku));
}
