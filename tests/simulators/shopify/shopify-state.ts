import type { SimClock } from '../kit/clock.ts';
import { Sequence } from '../kit/ids.ts';

export type QuantityName = 'available' | 'committed' | 'reserved' | 'damaged' | 'safety_stock' | 'quality_control' | 'incoming';
/** `on_hand` = available + committed + unavailable; it is derived, never stored. */
export const STORED_QUANTITIES: QuantityName[] = [
  'available',
  'committed',
  'reserved',
  'damaged',
  'safety_stock',
  'quality_control',
  'incoming',
];
const ON_HAND_PARTS: QuantityName[] = ['available', 'committed', 'reserved', 'damaged', 'safety_stock', 'quality_control'];

export type ProductRec = {
  id: number;
  title: string;
  handle: string;
  descriptionHtml: string;
  vendor: string;
  productType: string;
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
  tags: string[];
  options: { id: number; name: string; position: number; values: { id: number; name: string }[] }[];
  variantIds: number[];
  /** Its media (MediaImage ids), in order: productSet `files` replace the list. */
  mediaIds?: number[];
  createdAt: string;
  updatedAt: string;
};

/** A MediaImage: made from a staged upload (or an address) by productSet `files`; processed asynchronously. */
export type MediaRec = {
  id: number;
  alt: string;
  filename: string;
  contentType: string;
  data: Buffer | null;
  url: string;
  /** Where processing stands; each read of the media moves it one step (UPLOADED → PROCESSING → READY or FAILED). */
  status: 'UPLOADED' | 'PROCESSING' | 'READY' | 'FAILED';
  /** Set when processing will fail (or has): the mediaErrors message. */
  failure: string | null;
  createdAt: string;
};

/** A staged upload target: `stagedUploadsCreate` makes it, the POST of the file fills `data`. */
export type StagedRec = { key: string; filename: string; mimeType: string; resourceUrl: string; data: Buffer | null; expiresAt: number };

export type VariantRec = {
  id: number;
  productId: number;
  price: string;
  compareAtPrice: string | null;
  barcode: string | null;
  inventoryPolicy: 'DENY' | 'CONTINUE';
  position: number;
  taxable: boolean;
  selectedOptions: { name: string; value: string }[];
  inventoryItemId: number;
  createdAt: string;
  updatedAt: string;
};

export type InventoryItemRec = {
  id: number;
  variantId: number;
  /** Variant and inventory item share one SKU. */
  sku: string | null;
  tracked: boolean;
  requiresShipping: boolean;
  cost: string | null;
  createdAt: string;
  updatedAt: string;
};

export type LevelRec = {
  itemId: number;
  locationId: number;
  quantities: Record<QuantityName, number>;
  createdAt: string;
  updatedAt: string;
};

export type LocationRec = {
  id: number;
  name: string;
  isActive: boolean;
  fulfillsOnlineOrders: boolean;
  address: { address1: string; city: string; provinceCode: string; countryCode: string; zip: string };
};

export type LineItemRec = {
  id: number;
  variantId: number | null;
  productId: number | null;
  sku: string | null;
  title: string;
  variantTitle: string | null;
  quantity: number;
  price: string;
};

/** A shipping address with the Admin API's MailingAddress field names. */
export type MailingAddressRec = {
  name: string;
  firstName: string;
  lastName: string;
  address1: string;
  address2: string | null;
  city: string;
  province: string;
  provinceCode: string;
  zip: string;
  country: string;
  countryCodeV2: string;
  phone: string | null;
};

export type OrderRec = {
  id: number;
  number: number;
  email: string;
  shippingAddress: MailingAddressRec | null;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  closedAt: string | null;
  financialStatus: 'PAID' | 'PENDING' | 'AUTHORIZED' | 'REFUNDED';
  currency: string;
  sourceName: string;
  lineItems: LineItemRec[];
  fulfillmentOrderIds: number[];
  fulfillmentIds: number[];
};

export type FulfillmentOrderRec = {
  id: number;
  orderId: number;
  locationId: number;
  status: 'OPEN' | 'IN_PROGRESS' | 'CLOSED' | 'CANCELLED' | 'ON_HOLD' | 'SCHEDULED' | 'INCOMPLETE';
  lineItems: { id: number; lineItemId: number; totalQuantity: number; remainingQuantity: number }[];
  createdAt: string;
  updatedAt: string;
};

export type FulfillmentRec = {
  id: number;
  orderId: number;
  status: 'SUCCESS';
  trackingInfo: { company: string | null; number: string | null; url: string | null }[];
  lines: { fulfillmentOrderLineItemId: number; quantity: number }[];
  createdAt: string;
};

export type WebhookSubscriptionRec = {
  id: number;
  topic: string;
  uri: string;
  format: 'JSON' | 'XML';
  includeFields: string[];
  filter: string | null;
  apiVersion: string;
  createdAt: string;
  updatedAt: string;
};

export type AdjustmentGroupRec = {
  id: number;
  createdAt: string;
  reason: string;
  referenceDocumentUri: string | null;
  changes: {
    name: string;
    delta: number;
    quantityAfterChange: number | null;
    itemId: number;
    locationId: number;
    ledgerDocumentUri: string | null;
  }[];
};

export type TokenRec = {
  token: string;
  scopes: string[];
  /** null: never expires (offline and custom-app tokens). */
  expiresAt: number | null;
  kind: 'offline' | 'online' | 'expiring' | 'custom';
};

export type RefreshRec = { token: string; scopes: string[]; expiresAt: number };

export type ShopifyCredentials = {
  shop: string;
  clientId: string;
  clientSecret: string;
  /** A custom-app Admin API token with every scope, usable without OAuth. */
  adminToken: string;
};

export type ShopifyState = {
  clock: SimClock;
  credentials: ShopifyCredentials;
  products: Map<number, ProductRec>;
  variants: Map<number, VariantRec>;
  inventoryItems: Map<number, InventoryItemRec>;
  levels: Map<string, LevelRec>;
  locations: Map<number, LocationRec>;
  orders: Map<number, OrderRec>;
  fulfillmentOrders: Map<number, FulfillmentOrderRec>;
  fulfillments: Map<number, FulfillmentRec>;
  webhookSubscriptions: Map<number, WebhookSubscriptionRec>;
  adjustmentGroups: Map<number, AdjustmentGroupRec>;
  media: Map<number, MediaRec>;
  staged: Map<string, StagedRec>;
  /** Failure messages for the next media made (a control knob): each is used once. */
  mediaFailures: string[];
  idempotency: Map<string, { fingerprint: string; payload: unknown }>;
  operations: Map<number, { productId: number | null; userErrors: { field: string[]; message: string; code: string }[] }>;
  tokens: Map<string, TokenRec>;
  refreshTokens: Map<string, RefreshRec>;
  codes: Map<string, { code: string; scopes: string[]; expiresAt: number; used: boolean; online: boolean }>;
  /** `spent`: points actually charged since the state was created (benchmarks compare it with the restore rate). */
  bucket: { available: number; updatedAt: number; spent: number };
  seq: Record<
    | 'product'
    | 'variant'
    | 'item'
    | 'option'
    | 'location'
    | 'order'
    | 'orderNumber'
    | 'lineItem'
    | 'fo'
    | 'foLine'
    | 'fulfillment'
    | 'webhook'
    | 'group'
    | 'token'
    | 'operation'
    | 'media',
    Sequence
  >;
};

export function createShopifyState(clock: SimClock, credentials: ShopifyCredentials, maximumAvailable: number): ShopifyState {
  const state: ShopifyState = {
    clock,
    credentials,
    products: new Map(),
    variants: new Map(),
    inventoryItems: new Map(),
    levels: new Map(),
    locations: new Map(),
    orders: new Map(),
    fulfillmentOrders: new Map(),
    fulfillments: new Map(),
    webhookSubscriptions: new Map(),
    adjustmentGroups: new Map(),
    media: new Map(),
    staged: new Map(),
    mediaFailures: [],
    idempotency: new Map(),
    operations: new Map(),
    tokens: new Map(),
    refreshTokens: new Map(),
    codes: new Map(),
    bucket: { available: maximumAvailable, updatedAt: clock.now(), spent: 0 },
    seq: {
      product: new Sequence(8_100_000_000_001),
      variant: new Sequence(44_100_000_000_001),
      item: new Sequence(46_100_000_000_001),
      option: new Sequence(10_100_000_000_001),
      location: new Sequence(71_000_000_001),
      order: new Sequence(5_900_000_000_001),
      orderNumber: new Sequence(1001),
      lineItem: new Sequence(14_900_000_000_001),
      fo: new Sequence(6_900_000_000_001),
      foLine: new Sequence(13_900_000_000_001),
      fulfillment: new Sequence(5_300_000_000_001),
      webhook: new Sequence(1_200_000_001),
      group: new Sequence(30_000_000_001),
      token: new Sequence(1),
      operation: new Sequence(1_000_001),
      media: new Sequence(24_100_000_000_001),
    },
  };
  seedShopifyBase(state);
  return state;
}

/** A fresh shop: two active locations and the custom-app token. */
export function seedShopifyBase(state: ShopifyState): void {
  const add = (name: string, city: string, provinceCode: string, zip: string, fulfillsOnlineOrders: boolean) => {
    const id = state.seq.location.next();
    state.locations.set(id, {
      id,
      name,
      isActive: true,
      fulfillsOnlineOrders,
      address: { address1: '1 Sim Way', city, provinceCode, countryCode: 'US', zip },
    });
  };
  add('Sim Warehouse', 'Portland', 'OR', '97201', true);
  add('Sim Storefront', 'Seattle', 'WA', '98101', false);
  state.tokens.set(state.credentials.adminToken, {
    token: state.credentials.adminToken,
    scopes: ALL_SCOPES,
    expiresAt: null,
    kind: 'custom',
  });
}

export function clearShopifyState(state: ShopifyState, maximumAvailable: number): void {
  for (const map of [
    state.products,
    state.variants,
    state.inventoryItems,
    state.levels,
    state.locations,
    state.orders,
    state.fulfillmentOrders,
    state.fulfillments,
    state.webhookSubscriptions,
    state.adjustmentGroups,
    state.media,
    state.staged,
    state.idempotency,
    state.operations,
    state.tokens,
    state.refreshTokens,
    state.codes,
  ])
    map.clear();
  state.mediaFailures = [];
  for (const seq of Object.values(state.seq)) seq.reset();
  state.bucket = { available: maximumAvailable, updatedAt: state.clock.now(), spent: 0 };
  seedShopifyBase(state);
}

export const ALL_SCOPES = [
  'read_products',
  'write_products',
  'read_inventory',
  'write_inventory',
  'read_locations',
  'read_orders',
  'write_orders',
  'read_merchant_managed_fulfillment_orders',
  'write_merchant_managed_fulfillment_orders',
];

export function gid(type: string, id: number | string): string {
  return `gid://shopify/${type}/${id}`;
}

/** `gid://shopify/Product/123` → 123 when the type matches, else null. */
export function parseGid(value: unknown, type: string): number | null {
  if (typeof value !== 'string') return null;
  const match = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)(\?.*)?$/.exec(value);
  return match && match[1] === type ? Number(match[2]) : null;
}

export function levelKey(itemId: number, locationId: number): string {
  return `${itemId}:${locationId}`;
}

export function emptyQuantities(): Record<QuantityName, number> {
  return { available: 0, committed: 0, reserved: 0, damaged: 0, safety_stock: 0, quality_control: 0, incoming: 0 };
}

export function quantityOf(level: LevelRec, name: string): number {
  if (name === 'on_hand') return ON_HAND_PARTS.reduce((sum, n) => sum + level.quantities[n], 0);
  if (name === 'unavailable')
    return level.quantities.reserved + level.quantities.damaged + level.quantities.safety_stock + level.quantities.quality_control;
  return (level.quantities as Record<string, number>)[name] ?? 0;
}

export function variantTitle(variant: VariantRec): string {
  return variant.selectedOptions.map((o) => o.value).join(' / ') || 'Default Title';
}
