import { GraphQLError } from 'graphql';
import { mediaNode, productMedia } from './shopify-media.ts';
import { matchesSearch, type PageArgs, paginate, parseSearch } from './shopify-search.ts';
import {
  type AdjustmentGroupRec,
  type FulfillmentOrderRec,
  type FulfillmentRec,
  gid,
  type InventoryItemRec,
  type LevelRec,
  type LineItemRec,
  type LocationRec,
  type OrderRec,
  type ProductRec,
  quantityOf,
  type ShopifyState,
  STORED_QUANTITIES,
  type VariantRec,
  variantTitle,
  type WebhookSubscriptionRec,
} from './shopify-state.ts';

// Read-side views: plain objects whose fields with arguments are functions, which graphql-js's
// default resolver calls. They read live state, so a replayed payload shows the current graph.

/** `eventId` groups the webhooks of one merchant action (X-Shopify-Event-Id). */
export type ShopifyEvents = {
  levelChanged(itemId: number, locationId: number, eventId?: string): void;
  productChanged(productId: number, created: boolean): void;
  orderChanged(orderId: number, eventId?: string): void;
  fulfillmentCreated(fulfillmentId: number): void;
};

export type ShopifyContext = {
  state: ShopifyState;
  scopes: string[];
  apiVersion: string;
  /** `@idempotent` and an explicit changeFromQuantity are required (2026-04 and later, switchable). */
  enforceIdempotency: boolean;
  /** Before 2026-01 the legacy compareQuantity rules apply. */
  legacyCompareQuantity: boolean;
  /** Orders older than this many days are invisible without read_all_orders (null: no window). */
  orderWindowDays: number | null;
  currency: string;
  events: ShopifyEvents;
  /** This server's address: staged upload targets point at it. */
  baseUrl?: string;
};

const VALID_QUANTITY_NAMES = [
  'available',
  'on_hand',
  'committed',
  'reserved',
  'damaged',
  'safety_stock',
  'quality_control',
  'incoming',
  'unavailable',
];

export function hasScope(ctx: ShopifyContext, scope: string): boolean {
  return ctx.scopes.includes(scope) || (scope.startsWith('read_') && ctx.scopes.includes(`write_${scope.slice(5)}`));
}

/** Shopify answers a missing scope with a top-level ACCESS_DENIED error naming the scope. */
export function requireScope(ctx: ShopifyContext, field: string, ...anyOf: string[]): void {
  if (anyOf.some((s) => hasScope(ctx, s))) return;
  const requiredAccess = `\`${anyOf[0]}\` access scope.`;
  throw new GraphQLError(`Access denied for ${field} field. Required access: ${requiredAccess}`, {
    extensions: { code: 'ACCESS_DENIED', documentation: 'https://shopify.dev/api/usage/access-scopes', requiredAccess },
  });
}

const money = (ctx: ShopifyContext, amount: string) => ({ amount, currencyCode: ctx.currency });
const moneyBag = (ctx: ShopifyContext, amount: string) => ({ shopMoney: money(ctx, amount), presentmentMoney: money(ctx, amount) });

export function levelsOfItem(state: ShopifyState, itemId: number): LevelRec[] {
  return [...state.levels.values()].filter((l) => l.itemId === itemId);
}

export function levelGid(level: { itemId: number; locationId: number }): string {
  return `gid://shopify/InventoryLevel/${level.locationId}?inventory_item_id=${level.itemId}`;
}

export function productNode(ctx: ShopifyContext, p: ProductRec) {
  const { state } = ctx;
  const variants = () => p.variantIds.map((id) => state.variants.get(id)).filter((v): v is VariantRec => v !== undefined);
  return {
    __typename: 'Product',
    id: gid('Product', p.id),
    legacyResourceId: String(p.id),
    title: p.title,
    handle: p.handle,
    descriptionHtml: p.descriptionHtml,
    vendor: p.vendor,
    productType: p.productType,
    status: p.status,
    tags: p.tags,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    totalInventory: () =>
      variants().reduce((sum, v) => sum + levelsOfItem(state, v.inventoryItemId).reduce((s, l) => s + l.quantities.available, 0), 0),
    tracksInventory: () => variants().some((v) => state.inventoryItems.get(v.inventoryItemId)?.tracked),
    hasOnlyDefaultVariant: () => p.options.length === 1 && p.options[0]?.name === 'Title' && p.variantIds.length === 1,
    options: ({ first }: { first?: number | null }) =>
      p.options.slice(0, first ?? undefined).map((o) => ({
        id: gid('ProductOption', o.id),
        name: o.name,
        position: o.position,
        values: o.values.map((v) => v.name),
        optionValues: o.values.map((v) => ({
          id: gid('ProductOptionValue', v.id),
          name: v.name,
          hasVariants: variants().some((vr) => vr.selectedOptions.some((s) => s.name === o.name && s.value === v.name)),
        })),
      })),
    variants: (args: PageArgs) =>
      paginate(
        variants(),
        args,
        (v) => [v.position, v.id],
        (v) => variantNode(ctx, v),
      ),
    variantsCount: () => ({ count: p.variantIds.length, precision: 'EXACT' }),
    media: (args: PageArgs) =>
      paginate(
        productMedia(ctx, p),
        args,
        (m) => [(p.mediaIds ?? []).indexOf(m.id), m.id],
        (m) => mediaNode(state, m),
      ),
  };
}

export function variantNode(ctx: ShopifyContext, v: VariantRec) {
  const { state } = ctx;
  const item = state.inventoryItems.get(v.inventoryItemId);
  return {
    __typename: 'ProductVariant',
    id: gid('ProductVariant', v.id),
    legacyResourceId: String(v.id),
    title: variantTitle(v),
    displayName: () => `${state.products.get(v.productId)?.title ?? ''} - ${variantTitle(v)}`,
    sku: item?.sku ?? null,
    barcode: v.barcode,
    price: v.price,
    compareAtPrice: v.compareAtPrice,
    inventoryPolicy: v.inventoryPolicy,
    inventoryQuantity: () => levelsOfItem(state, v.inventoryItemId).reduce((s, l) => s + l.quantities.available, 0),
    position: v.position,
    taxable: v.taxable,
    selectedOptions: v.selectedOptions,
    product: () => {
      const product = state.products.get(v.productId);
      return product ? productNode(ctx, product) : null;
    },
    inventoryItem: () => (item ? inventoryItemNode(ctx, item) : null),
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
  };
}

export function inventoryItemNode(ctx: ShopifyContext, item: InventoryItemRec) {
  const { state } = ctx;
  return {
    __typename: 'InventoryItem',
    id: gid('InventoryItem', item.id),
    legacyResourceId: String(item.id),
    sku: item.sku,
    tracked: item.tracked,
    requiresShipping: item.requiresShipping,
    unitCost: item.cost === null ? null : money(ctx, item.cost),
    variant: () => {
      const variant = state.variants.get(item.variantId);
      return variant ? variantNode(ctx, variant) : null;
    },
    inventoryLevel: ({ locationId }: { locationId: string }) => {
      const level = [...state.levels.values()].find((l) => l.itemId === item.id && gid('Location', l.locationId) === locationId);
      return level ? levelNode(ctx, level) : null;
    },
    inventoryLevels: (args: PageArgs) =>
      paginate(
        levelsOfItem(state, item.id),
        args,
        (l) => [l.locationId, l.locationId],
        (l) => levelNode(ctx, l),
      ),
    locationsCount: () => ({ count: levelsOfItem(state, item.id).length, precision: 'EXACT' }),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

export function levelNode(ctx: ShopifyContext, level: LevelRec) {
  const { state } = ctx;
  return {
    __typename: 'InventoryLevel',
    id: levelGid(level),
    item: () => {
      const item = state.inventoryItems.get(level.itemId);
      return item ? inventoryItemNode(ctx, item) : null;
    },
    location: () => {
      const location = state.locations.get(level.locationId);
      return location ? locationNode(ctx, location) : null;
    },
    quantities: ({ names }: { names: string[] }) =>
      names.map((name) => {
        if (!VALID_QUANTITY_NAMES.includes(name)) {
          throw new GraphQLError(`The quantity name '${name}' is not valid. Valid names: ${VALID_QUANTITY_NAMES.join(', ')}.`, {
            extensions: { code: 'BAD_REQUEST' },
          });
        }
        return { id: `${levelGid(level)}&name=${name}`, name, quantity: quantityOf(level, name), updatedAt: level.updatedAt };
      }),
    createdAt: level.createdAt,
    updatedAt: level.updatedAt,
  };
}

export function locationNode(ctx: ShopifyContext, location: LocationRec) {
  return {
    __typename: 'Location',
    id: gid('Location', location.id),
    legacyResourceId: String(location.id),
    name: location.name,
    isActive: location.isActive,
    fulfillsOnlineOrders: location.fulfillsOnlineOrders,
    address: { ...location.address, address2: null },
    inventoryLevels: (args: PageArgs & { query?: string | null }) =>
      paginate(
        [...ctx.state.levels.values()].filter((l) => l.locationId === location.id),
        args,
        (l) => [l.itemId, l.itemId],
        (l) => levelNode(ctx, l),
      ),
  };
}

function fulfilledQuantity(state: ShopifyState, order: OrderRec): { total: number; remaining: number } {
  let total = 0;
  let remaining = 0;
  for (const foId of order.fulfillmentOrderIds) {
    const fo = state.fulfillmentOrders.get(foId);
    for (const line of fo?.lineItems ?? []) {
      total += line.totalQuantity;
      remaining += line.remainingQuantity;
    }
  }
  return { total, remaining };
}

export function orderFulfillmentStatus(state: ShopifyState, order: OrderRec): string {
  const { total, remaining } = fulfilledQuantity(state, order);
  if (total === 0 || remaining === total) return 'UNFULFILLED';
  return remaining === 0 ? 'FULFILLED' : 'PARTIALLY_FULFILLED';
}

export function orderTotal(order: OrderRec): string {
  return order.lineItems.reduce((sum, l) => sum + Number(l.price) * l.quantity, 0).toFixed(2);
}

export function orderNode(ctx: ShopifyContext, order: OrderRec) {
  const { state } = ctx;
  return {
    __typename: 'Order',
    id: gid('Order', order.id),
    legacyResourceId: String(order.id),
    name: `#${order.number}`,
    email: order.email,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    processedAt: order.createdAt,
    cancelledAt: order.cancelledAt,
    closedAt: order.closedAt,
    closed: order.closedAt !== null,
    sourceName: order.sourceName,
    currencyCode: order.currency,
    displayFinancialStatus: order.financialStatus,
    displayFulfillmentStatus: () => orderFulfillmentStatus(state, order),
    totalPriceSet: moneyBag(ctx, orderTotal(order)),
    subtotalPriceSet: moneyBag(ctx, orderTotal(order)),
    shippingAddress: order.shippingAddress,
    lineItems: (args: PageArgs) =>
      paginate(
        order.lineItems,
        args,
        (l) => [l.id, l.id],
        (l) => lineItemNode(ctx, order, l),
      ),
    fulfillmentOrders: (args: PageArgs) => {
      requireScope(ctx, 'fulfillmentOrders', 'read_merchant_managed_fulfillment_orders', 'read_assigned_fulfillment_orders');
      const fos = order.fulfillmentOrderIds
        .map((id) => state.fulfillmentOrders.get(id))
        .filter((f): f is FulfillmentOrderRec => f !== undefined);
      return paginate(
        fos,
        args,
        (f) => [f.id, f.id],
        (f) => fulfillmentOrderNode(ctx, f),
      );
    },
    fulfillments: ({ first }: { first?: number | null }) =>
      order.fulfillmentIds
        .map((id) => state.fulfillments.get(id))
        .filter((f): f is FulfillmentRec => f !== undefined)
        .slice(0, first ?? undefined)
        .map((f) => fulfillmentNode(ctx, f)),
  };
}

export function lineItemNode(ctx: ShopifyContext, order: OrderRec, line: LineItemRec) {
  const { state } = ctx;
  return {
    __typename: 'LineItem',
    id: gid('LineItem', line.id),
    name: line.variantTitle ? `${line.title} - ${line.variantTitle}` : line.title,
    title: line.title,
    variantTitle: line.variantTitle,
    sku: line.sku,
    quantity: line.quantity,
    currentQuantity: line.quantity,
    unfulfilledQuantity: () =>
      order.fulfillmentOrderIds
        .flatMap((id) => state.fulfillmentOrders.get(id)?.lineItems ?? [])
        .filter((l) => l.lineItemId === line.id)
        .reduce((sum, l) => sum + l.remainingQuantity, 0),
    variant: () => {
      const variant = line.variantId === null ? undefined : state.variants.get(line.variantId);
      return variant ? variantNode(ctx, variant) : null;
    },
    product: () => {
      const product = line.productId === null ? undefined : state.products.get(line.productId);
      return product ? productNode(ctx, product) : null;
    },
    originalUnitPriceSet: moneyBag(ctx, line.price),
    originalTotalSet: moneyBag(ctx, (Number(line.price) * line.quantity).toFixed(2)),
  };
}

export function fulfillmentOrderNode(ctx: ShopifyContext, fo: FulfillmentOrderRec) {
  const { state } = ctx;
  const order = state.orders.get(fo.orderId);
  const location = state.locations.get(fo.locationId);
  return {
    __typename: 'FulfillmentOrder',
    id: gid('FulfillmentOrder', fo.id),
    status: fo.status,
    createdAt: fo.createdAt,
    updatedAt: fo.updatedAt,
    orderId: gid('Order', fo.orderId),
    order: () => (order ? orderNode(ctx, order) : null),
    assignedLocation: { name: location?.name ?? '', location: location ? locationNode(ctx, location) : null },
    lineItems: (args: PageArgs) =>
      paginate(
        fo.lineItems,
        args,
        (l) => [l.id, l.id],
        (l) => {
          const line = order?.lineItems.find((li) => li.id === l.lineItemId);
          const variant = line?.variantId ? state.variants.get(line.variantId) : undefined;
          return {
            __typename: 'FulfillmentOrderLineItem',
            id: gid('FulfillmentOrderLineItem', l.id),
            sku: line?.sku ?? null,
            totalQuantity: l.totalQuantity,
            remainingQuantity: l.remainingQuantity,
            lineItem: () => (order && line ? lineItemNode(ctx, order, line) : null),
            variant: () => (variant ? variantNode(ctx, variant) : null),
            inventoryItemId: variant ? gid('InventoryItem', variant.inventoryItemId) : null,
          };
        },
      ),
  };
}

export function fulfillmentNode(ctx: ShopifyContext, f: FulfillmentRec) {
  const order = ctx.state.orders.get(f.orderId);
  return {
    __typename: 'Fulfillment',
    id: gid('Fulfillment', f.id),
    name: `#${order?.number ?? ''}-F${(order?.fulfillmentIds.indexOf(f.id) ?? 0) + 1}`,
    status: f.status,
    createdAt: f.createdAt,
    updatedAt: f.createdAt,
    totalQuantity: f.lines.reduce((sum, l) => sum + l.quantity, 0),
    trackingInfo: ({ first }: { first?: number | null }) => f.trackingInfo.slice(0, first ?? undefined),
    order: () => (order ? orderNode(ctx, order) : null),
  };
}

export function webhookSubscriptionNode(w: WebhookSubscriptionRec) {
  return {
    __typename: 'WebhookSubscription',
    id: gid('WebhookSubscription', w.id),
    topic: w.topic,
    uri: w.uri,
    format: w.format,
    includeFields: w.includeFields,
    filter: w.filter,
    apiVersion: { handle: w.apiVersion, displayName: w.apiVersion, supported: true },
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
  };
}

export function adjustmentGroupNode(ctx: ShopifyContext, group: AdjustmentGroupRec) {
  const { state } = ctx;
  return {
    __typename: 'InventoryAdjustmentGroup',
    id: gid('InventoryAdjustmentGroup', group.id),
    createdAt: group.createdAt,
    reason: group.reason,
    referenceDocumentUri: group.referenceDocumentUri,
    changes: (args: { inventoryItemIds?: string[] | null; locationIds?: string[] | null; quantityNames?: string[] | null }) =>
      group.changes
        .filter(
          (c) =>
            (!args.inventoryItemIds || args.inventoryItemIds.includes(gid('InventoryItem', c.itemId))) &&
            (!args.locationIds || args.locationIds.includes(gid('Location', c.locationId))) &&
            (!args.quantityNames || args.quantityNames.includes(c.name)),
        )
        .map((c) => {
          const item = state.inventoryItems.get(c.itemId);
          const location = state.locations.get(c.locationId);
          return {
            name: c.name,
            delta: c.delta,
            quantityAfterChange: c.quantityAfterChange,
            ledgerDocumentUri: c.ledgerDocumentUri,
            item: item ? inventoryItemNode(ctx, item) : null,
            location: location ? locationNode(ctx, location) : null,
          };
        }),
  };
}

export function isOrderVisible(ctx: ShopifyContext, order: OrderRec): boolean {
  if (ctx.orderWindowDays === null || hasScope(ctx, 'read_all_orders')) return true;
  return Date.parse(order.createdAt) >= ctx.state.clock.now() - ctx.orderWindowDays * 86_400_000;
}

export function orderSearchField(ctx: ShopifyContext, order: OrderRec, name: string): string | number | null | string[] | undefined {
  switch (name) {
    case 'updated_at':
      return order.updatedAt;
    case 'created_at':
    case 'processed_at':
      return order.createdAt;
    case 'status':
      return order.cancelledAt ? 'cancelled' : order.closedAt ? 'closed' : 'open';
    case 'financial_status':
      return order.financialStatus.toLowerCase();
    case 'fulfillment_status': {
      const status = orderFulfillmentStatus(ctx.state, order);
      return status === 'FULFILLED'
        ? ['fulfilled', 'shipped']
        : status === 'PARTIALLY_FULFILLED'
          ? ['partial']
          : ['unfulfilled', 'unshipped'];
    }
    case 'name':
      return [`#${order.number}`, String(order.number)];
    case 'sku':
      return order.lineItems.map((l) => l.sku ?? '');
    case 'id':
      return order.id;
    default:
      return undefined;
  }
}

export { matchesSearch, parseSearch, STORED_QUANTITIES };
