import {
  type DocumentNode,
  execute,
  type FieldNode,
  type GraphQLError,
  GraphQLError as GraphQLErrorClass,
  type GraphQLResolveInfo,
  Kind,
  type OperationDefinitionNode,
  parse,
  validate,
} from 'graphql';
import { asRecord, header, json, parseJson, type SimRequest, type SimResponse } from '../kit/http.ts';
import { largestInputArray, MAX_INPUT_ARRAY, queryCost } from './shopify-cost.ts';
import { mediaById, stagedUploadsCreate } from './shopify-media.ts';
import {
  fulfillmentCreate,
  inventoryActivate,
  inventoryAdjustQuantities,
  inventorySetQuantities,
  productDelete,
  productOperationNode,
  productSet,
  productUpdate,
  productVariantsBulkCreate,
  productVariantsBulkUpdate,
  webhookSubscriptionCreate,
  webhookSubscriptionDelete,
} from './shopify-mutations.ts';
import {
  fulfillmentOrderNode,
  inventoryItemNode,
  isOrderVisible,
  levelNode,
  locationNode,
  matchesSearch,
  orderNode,
  orderSearchField,
  parseSearch,
  productNode,
  requireScope,
  type ShopifyContext,
  variantNode,
  webhookSubscriptionNode,
} from './shopify-nodes.ts';
import { shopifySchema } from './shopify-schema.ts';
import { type PageArgs, paginate } from './shopify-search.ts';
import { gid, levelKey, parseGid, type ShopifyState } from './shopify-state.ts';

export type ShopifyLimits = {
  /** Bucket size (default 2,000). */
  maximumAvailable: number;
  /** Points restored per second (default 100, Standard plan). */
  restoreRate: number;
  /** HTTP status of a THROTTLED answer: 200 as commonly observed, or 429. */
  throttleStatus: 200 | 429;
  /** `by-version`: @idempotent and explicit changeFromQuantity required from 2026-04; `always`; `never`. */
  idempotency: 'by-version' | 'always' | 'never';
  /** Orders older than this are hidden without read_all_orders; null disables the window. */
  orderWindowDays: number | null;
};

/** Stable versions this simulator answers for; others fall forward to the oldest. */
export const SUPPORTED_VERSIONS = ['2025-07', '2025-10', '2026-01', '2026-04', '2026-07'];
export const LATEST_VERSION = '2026-07';
const MAX_QUERY_COST = 1_000;
const MANDATORY_IDEMPOTENT = ['inventoryAdjustQuantities', 'inventorySetQuantities'];
const INVALID_TOKEN = '[API] Invalid API key or access token (unrecognized login or wrong password)';

export function resolveVersion(requested: string): string {
  if (requested === 'unstable' || SUPPORTED_VERSIONS.includes(requested)) return requested;
  return SUPPORTED_VERSIONS[0] as string;
}

function versionAtLeast(version: string, floor: string): boolean {
  return version === 'unstable' || version >= floor;
}

type GraphqlContext = ShopifyContext & { variables: Record<string, unknown> };

function idempotencyKey(info: GraphQLResolveInfo, variables: Record<string, unknown>): string | null {
  const directive = info.fieldNodes[0]?.directives?.find((d) => d.name.value === 'idempotent');
  const arg = directive?.arguments?.find((a) => a.name.value === 'key');
  if (!arg) return null;
  if (arg.value.kind === Kind.STRING) return arg.value.value;
  if (arg.value.kind === Kind.VARIABLE) {
    const value = variables[arg.value.name.value];
    return typeof value === 'string' ? value : null;
  }
  return null;
}

/** Same key and same input → the first answer again, nothing re-applied. */
function idempotent<A>(field: string, run: (ctx: GraphqlContext, args: A) => unknown) {
  return (args: A, ctx: GraphqlContext, info: GraphQLResolveInfo) => {
    const key = idempotencyKey(info, ctx.variables);
    if (!key) return run(ctx, args);
    const cacheKey = `${field}:${key}`;
    const fingerprint = JSON.stringify(args);
    const cached = ctx.state.idempotency.get(cacheKey);
    if (cached) {
      if (cached.fingerprint !== fingerprint) {
        throw new GraphQLErrorClass('The idempotency key was already used with different arguments.', {
          extensions: { code: 'IDEMPOTENCY_KEY_REUSED' },
        });
      }
      return cached.payload;
    }
    const payload = run(ctx, args);
    ctx.state.idempotency.set(cacheKey, { fingerprint, payload });
    return payload;
  };
}

type SearchArgs = PageArgs & { query?: string | null; sortKey?: string | null };

function rootValue() {
  return {
    shop: (_: unknown, ctx: GraphqlContext) => ({
      id: gid('Shop', 1),
      name: 'Tradepost Sim',
      myshopifyDomain: ctx.state.credentials.shop,
      currencyCode: ctx.currency,
      ianaTimezone: 'America/Los_Angeles',
    }),
    node: ({ id }: { id: string }, ctx: GraphqlContext) => nodeById(ctx, id),
    product: ({ id }: { id: string }, ctx: GraphqlContext) => {
      requireScope(ctx, 'product', 'read_products');
      const product = ctx.state.products.get(parseGid(id, 'Product') ?? -1);
      return product ? productNode(ctx, product) : null;
    },
    products: (args: SearchArgs, ctx: GraphqlContext) => {
      requireScope(ctx, 'products', 'read_products');
      const terms = parseSearch(args.query);
      const { state } = ctx;
      const list = [...state.products.values()].filter((p) =>
        matchesSearch(
          terms,
          (f) => {
            const skus = p.variantIds.map((id) => state.inventoryItems.get(state.variants.get(id)?.inventoryItemId ?? -1)?.sku ?? '');
            const fields: Record<string, string | number | string[]> = {
              title: p.title,
              handle: p.handle,
              status: p.status.toLowerCase(),
              sku: skus,
              product_type: p.productType,
              vendor: p.vendor,
              tag: p.tags,
              updated_at: p.updatedAt,
              created_at: p.createdAt,
              id: p.id,
            };
            return fields[f];
          },
          p.title,
        ),
      );
      const key = (p: (typeof list)[number]): [string | number, number] =>
        args.sortKey === 'TITLE'
          ? [p.title, p.id]
          : args.sortKey === 'UPDATED_AT'
            ? [p.updatedAt, p.id]
            : args.sortKey === 'CREATED_AT'
              ? [p.createdAt, p.id]
              : [p.id, p.id];
      return paginate(list, args, key, (p) => productNode(ctx, p));
    },
    productVariant: ({ id }: { id: string }, ctx: GraphqlContext) => {
      requireScope(ctx, 'productVariant', 'read_products');
      const variant = ctx.state.variants.get(parseGid(id, 'ProductVariant') ?? -1);
      return variant ? variantNode(ctx, variant) : null;
    },
    productVariants: (args: SearchArgs, ctx: GraphqlContext) => {
      requireScope(ctx, 'productVariants', 'read_products');
      const { state } = ctx;
      const terms = parseSearch(args.query);
      const list = [...state.variants.values()].filter((v) => {
        const item = state.inventoryItems.get(v.inventoryItemId);
        const product = state.products.get(v.productId);
        return matchesSearch(
          terms,
          (f) =>
            ({
              sku: item?.sku ?? '',
              barcode: v.barcode ?? '',
              product_id: v.productId,
              title: product?.title ?? '',
              updated_at: v.updatedAt,
              id: v.id,
            })[f],
          `${product?.title ?? ''} ${item?.sku ?? ''}`,
        );
      });
      const key = (v: (typeof list)[number]): [string | number, number] =>
        args.sortKey === 'SKU'
          ? [ctx.state.inventoryItems.get(v.inventoryItemId)?.sku ?? '', v.id]
          : args.sortKey === 'POSITION'
            ? [v.position, v.id]
            : [v.id, v.id];
      return paginate(list, args, key, (v) => variantNode(ctx, v));
    },
    inventoryItem: ({ id }: { id: string }, ctx: GraphqlContext) => {
      requireScope(ctx, 'inventoryItem', 'read_inventory', 'read_products');
      const item = ctx.state.inventoryItems.get(parseGid(id, 'InventoryItem') ?? -1);
      return item ? inventoryItemNode(ctx, item) : null;
    },
    inventoryItems: (args: SearchArgs, ctx: GraphqlContext) => {
      requireScope(ctx, 'inventoryItems', 'read_inventory', 'read_products');
      const terms = parseSearch(args.query);
      const list = [...ctx.state.inventoryItems.values()].filter((i) =>
        matchesSearch(terms, (f) => ({ sku: i.sku ?? '', id: i.id, created_at: i.createdAt, updated_at: i.updatedAt })[f], i.sku ?? ''),
      );
      return paginate(
        list,
        args,
        (i) => [i.id, i.id],
        (i) => inventoryItemNode(ctx, i),
      );
    },
    inventoryLevel: ({ id }: { id: string }, ctx: GraphqlContext) => {
      requireScope(ctx, 'inventoryLevel', 'read_inventory');
      const match = /^gid:\/\/shopify\/InventoryLevel\/(\d+)\?inventory_item_id=(\d+)$/.exec(id);
      const level = match ? ctx.state.levels.get(levelKey(Number(match[2]), Number(match[1]))) : undefined;
      return level ? levelNode(ctx, level) : null;
    },
    location: ({ id }: { id?: string | null }, ctx: GraphqlContext) => {
      requireScope(ctx, 'location', 'read_locations');
      const location = id ? ctx.state.locations.get(parseGid(id, 'Location') ?? -1) : [...ctx.state.locations.values()][0];
      return location ? locationNode(ctx, location) : null;
    },
    locations: (args: SearchArgs & { includeInactive?: boolean | null }, ctx: GraphqlContext) => {
      requireScope(ctx, 'locations', 'read_locations');
      const terms = parseSearch(args.query);
      const list = [...ctx.state.locations.values()].filter(
        (l) => (args.includeInactive || l.isActive) && matchesSearch(terms, (f) => ({ name: l.name, id: l.id })[f], l.name),
      );
      return paginate(
        list,
        args,
        (l) => (args.sortKey === 'ID' ? [l.id, l.id] : [l.name, l.id]),
        (l) => locationNode(ctx, l),
      );
    },
    order: ({ id }: { id: string }, ctx: GraphqlContext) => {
      requireScope(ctx, 'order', 'read_orders');
      const order = ctx.state.orders.get(parseGid(id, 'Order') ?? -1);
      return order && isOrderVisible(ctx, order) ? orderNode(ctx, order) : null;
    },
    orders: (args: SearchArgs, ctx: GraphqlContext) => {
      requireScope(ctx, 'orders', 'read_orders');
      const terms = parseSearch(args.query);
      const list = [...ctx.state.orders.values()].filter(
        (o) => isOrderVisible(ctx, o) && matchesSearch(terms, (f) => orderSearchField(ctx, o, f), `${o.email} #${o.number}`),
      );
      const key = (o: (typeof list)[number]): [string | number, number] =>
        args.sortKey === 'UPDATED_AT'
          ? [o.updatedAt, o.id]
          : args.sortKey === 'CREATED_AT' || args.sortKey === 'PROCESSED_AT'
            ? [o.createdAt, o.id]
            : [o.id, o.id];
      return paginate(list, args, key, (o) => orderNode(ctx, o));
    },
    fulfillmentOrder: ({ id }: { id: string }, ctx: GraphqlContext) => {
      requireScope(ctx, 'fulfillmentOrder', 'read_merchant_managed_fulfillment_orders', 'read_assigned_fulfillment_orders');
      const fo = ctx.state.fulfillmentOrders.get(parseGid(id, 'FulfillmentOrder') ?? -1);
      return fo ? fulfillmentOrderNode(ctx, fo) : null;
    },
    productOperation: ({ id }: { id: string }, ctx: GraphqlContext) => productOperationNode(ctx, parseGid(id, 'ProductSetOperation') ?? -1),
    webhookSubscriptions: (args: PageArgs & { topics?: string[] | null }, ctx: GraphqlContext) => {
      const list = [...ctx.state.webhookSubscriptions.values()].filter((w) => !args.topics || args.topics.includes(w.topic));
      return paginate(list, args, (w) => [w.id, w.id], webhookSubscriptionNode);
    },

    productSet: (args: Parameters<typeof productSet>[1], ctx: GraphqlContext) => productSet(ctx, args),
    productVariantsBulkUpdate: (args: Parameters<typeof productVariantsBulkUpdate>[1], ctx: GraphqlContext) =>
      productVariantsBulkUpdate(ctx, args),
    productVariantsBulkCreate: (args: Parameters<typeof productVariantsBulkCreate>[1], ctx: GraphqlContext) =>
      productVariantsBulkCreate(ctx, args),
    productUpdate: (args: Parameters<typeof productUpdate>[1], ctx: GraphqlContext) => productUpdate(ctx, args),
    productDelete: (args: Parameters<typeof productDelete>[1], ctx: GraphqlContext) => productDelete(ctx, args),
    inventorySetQuantities: idempotent('inventorySetQuantities', inventorySetQuantities),
    inventoryAdjustQuantities: idempotent('inventoryAdjustQuantities', inventoryAdjustQuantities),
    inventoryActivate: (args: Parameters<typeof inventoryActivate>[1], ctx: GraphqlContext) => inventoryActivate(ctx, args),
    fulfillmentCreate: (args: Parameters<typeof fulfillmentCreate>[1], ctx: GraphqlContext) => fulfillmentCreate(ctx, args),
    webhookSubscriptionCreate: (args: Parameters<typeof webhookSubscriptionCreate>[1], ctx: GraphqlContext) =>
      webhookSubscriptionCreate(ctx, args),
    webhookSubscriptionDelete: (args: Parameters<typeof webhookSubscriptionDelete>[1], ctx: GraphqlContext) =>
      webhookSubscriptionDelete(ctx, args),
    stagedUploadsCreate: (args: Parameters<typeof stagedUploadsCreate>[1], ctx: GraphqlContext) => stagedUploadsCreate(ctx, args),
  };
}

function nodeById(ctx: GraphqlContext, id: string): unknown {
  const type = /^gid:\/\/shopify\/([A-Za-z]+)\//.exec(id)?.[1];
  const root = rootValue();
  switch (type) {
    case 'Product':
      return root.product({ id }, ctx);
    case 'ProductVariant':
      return root.productVariant({ id }, ctx);
    case 'InventoryItem':
      return root.inventoryItem({ id }, ctx);
    case 'InventoryLevel':
      return root.inventoryLevel({ id }, ctx);
    case 'Location':
      return root.location({ id }, ctx);
    case 'Order':
      return root.order({ id }, ctx);
    case 'FulfillmentOrder':
      return root.fulfillmentOrder({ id }, ctx);
    case 'MediaImage':
      return mediaById(ctx, id);
    case 'WebhookSubscription': {
      const rec = ctx.state.webhookSubscriptions.get(parseGid(id, 'WebhookSubscription') ?? -1);
      return rec ? webhookSubscriptionNode(rec) : null;
    }
    default:
      return null;
  }
}

function shopifyError(error: GraphQLError): Record<string, unknown> {
  const undefinedField = /^Cannot query field "(\w+)" on type "(\w+)"/.exec(error.message);
  if (undefinedField) {
    return {
      message: `Field '${undefinedField[1]}' doesn't exist on type '${undefinedField[2]}'`,
      locations: error.locations,
      extensions: { code: 'undefinedField', typeName: undefinedField[2], fieldName: undefinedField[1] },
    };
  }
  return {
    message: error.message,
    ...(error.locations ? { locations: error.locations } : {}),
    ...(error.path ? { path: error.path } : {}),
    ...(error.extensions && Object.keys(error.extensions).length > 0 ? { extensions: error.extensions } : {}),
  };
}

export type GraphqlDeps = {
  state: ShopifyState;
  limits: () => ShopifyLimits;
  events: ShopifyContext['events'];
  currency: string;
  /** This server's address (staged upload targets). */
  baseUrl?: () => string;
};

function refill(state: ShopifyState, limits: ShopifyLimits): void {
  const now = state.clock.now();
  const elapsed = Math.max(0, now - state.bucket.updatedAt) / 1_000;
  state.bucket.available = Math.min(limits.maximumAvailable, state.bucket.available + elapsed * limits.restoreRate);
  state.bucket.updatedAt = now;
}

/** `POST /admin/api/{version}/graphql.json`. */
export async function handleGraphql(deps: GraphqlDeps, req: SimRequest): Promise<SimResponse> {
  const { state } = deps;
  const limits = deps.limits();
  const version = resolveVersion(req.params.version ?? '');
  const versionHeader = { 'x-shopify-api-version': version };
  const token = header(req, 'x-shopify-access-token');
  const grant = token ? state.tokens.get(token) : undefined;
  if (!grant || (grant.expiresAt !== null && grant.expiresAt <= state.clock.now()))
    return json(401, { errors: INVALID_TOKEN }, versionHeader);

  const parsedBody = parseJson(req.text);
  const body = parsedBody.ok ? asRecord(parsedBody.value) : null;
  if (!body || typeof body.query !== 'string')
    return json(400, { errors: { query: 'Required parameter missing or invalid' } }, versionHeader);
  const variables = asRecord(body.variables) ?? {};

  refill(state, limits);
  const cost = (requested: number, actual: number | null) => ({
    cost: {
      requestedQueryCost: requested,
      actualQueryCost: actual,
      throttleStatus: {
        maximumAvailable: limits.maximumAvailable,
        currentlyAvailable: Math.floor(state.bucket.available),
        restoreRate: limits.restoreRate,
      },
    },
  });
  const fail = (errors: unknown[], requested = 0) =>
    json(200, { errors, extensions: cost(requested, requested === 0 ? 0 : null) }, versionHeader);

  let document: DocumentNode;
  try {
    document = parse(body.query);
  } catch (error) {
    return fail([shopifyError(error as GraphQLError)]);
  }
  const schema = shopifySchema();
  const validation = validate(schema, document);
  if (validation.length > 0) return fail(validation.map(shopifyError));

  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operationName = typeof body.operationName === 'string' ? body.operationName : null;
  const operation = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  if (!operation) return fail([{ message: operationName ? `No operation named "${operationName}"` : 'An operation name is required' }]);

  const largest = largestInputArray(operation, variables);
  if (largest.size > MAX_INPUT_ARRAY) {
    return fail([
      {
        message: `The input array size of ${largest.size} is greater than the maximum allowed of ${MAX_INPUT_ARRAY}.`,
        path: largest.path.split('.'),
        extensions: { code: 'MAX_INPUT_SIZE_EXCEEDED' },
      },
    ]);
  }

  const requested = queryCost(schema, document, operation, variables);
  if (requested > MAX_QUERY_COST) {
    return fail(
      [
        {
          message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`,
          extensions: {
            code: 'MAX_COST_EXCEEDED',
            cost: requested,
            maxCost: MAX_QUERY_COST,
            documentation: 'https://shopify.dev/api/usage/rate-limits',
          },
        },
      ],
      requested,
    );
  }

  const enforce = limits.idempotency === 'always' || (limits.idempotency === 'by-version' && versionAtLeast(version, '2026-04'));
  if (operation.operation === 'mutation' && enforce) {
    for (const selection of operation.selectionSet.selections) {
      const field = selection as FieldNode;
      if (
        selection.kind === Kind.FIELD &&
        MANDATORY_IDEMPOTENT.includes(field.name.value) &&
        !field.directives?.some((d) => d.name.value === 'idempotent')
      ) {
        return fail([
          {
            message: `The @idempotent directive is required for ${field.name.value} from API version 2026-04.`,
            path: [field.alias?.value ?? field.name.value],
            extensions: { code: 'BAD_REQUEST' },
          },
        ]);
      }
    }
  }

  if (state.bucket.available < requested) {
    return json(
      limits.throttleStatus,
      {
        errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }],
        extensions: cost(requested, null),
      },
      versionHeader,
    );
  }
  state.bucket.available -= requested;

  const ctx: GraphqlContext = {
    state,
    scopes: grant.scopes,
    apiVersion: version,
    enforceIdempotency: enforce,
    legacyCompareQuantity: !versionAtLeast(version, '2026-01'),
    orderWindowDays: limits.orderWindowDays,
    currency: deps.currency,
    events: deps.events,
    ...(deps.baseUrl ? { baseUrl: deps.baseUrl() } : {}),
    variables,
  };
  const result = await execute({ schema, document, rootValue: rootValue(), contextValue: ctx, variableValues: variables, operationName });
  const actual = Math.min(requested, queryCost(schema, document, operation, variables, result.data ?? null));
  state.bucket.available = Math.min(limits.maximumAvailable, state.bucket.available + (requested - actual));
  state.bucket.spent += actual;
  return json(
    200,
    {
      ...(result.errors ? { errors: result.errors.map(shopifyError) } : {}),
      data: result.data ?? null,
      extensions: cost(requested, actual),
    },
    versionHeader,
  );
}
