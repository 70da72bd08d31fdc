import { applyFiles, type FileSetInput, fileSetErrors } from './shopify-media.ts';
import {
  adjustmentGroupNode,
  fulfillmentNode,
  levelNode,
  productNode,
  requireScope,
  type ShopifyContext,
  variantNode,
  webhookSubscriptionNode,
} from './shopify-nodes.ts';
import {
  type AdjustmentGroupRec,
  emptyQuantities,
  type FulfillmentOrderRec,
  type FulfillmentRec,
  gid,
  type InventoryItemRec,
  type LevelRec,
  levelKey,
  type ProductRec,
  parseGid,
  type QuantityName,
  quantityOf,
  type ShopifyState,
  type VariantRec,
  type WebhookSubscriptionRec,
} from './shopify-state.ts';

// Mutation rules. Each validates everything first and writes nothing when any input is refused
// (Shopify's mutations are atomic per call unless they say otherwise), then reports userErrors.

export type UserError = { field: string[] | null; message: string; code?: string };

const ue = (field: (string | number)[] | null, message: string, code?: string): UserError => ({
  field: field ? field.map(String) : null,
  message,
  ...(code ? { code } : {}),
});

export const REASONS = [
  'correction',
  'cycle_count_available',
  'damaged',
  'movement_created',
  'movement_updated',
  'movement_received',
  'movement_canceled',
  'other',
  'promotion',
  'quality_control',
  'received',
  'reservation_created',
  'reservation_deleted',
  'reservation_updated',
  'restock',
  'safety_stock',
  'shrinkage',
];

const MONEY = /^-?\d+(\.\d{1,2})?$/;
const MAX_QUANTITY = 1_000_000_000;

function handleize(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function uniqueHandle(state: ShopifyState, base: string, except: number | null): string {
  let handle = base || 'product';
  let n = 1;
  while ([...state.products.values()].some((p) => p.handle === handle && p.id !== except)) handle = `${base}-${n++}`;
  return handle;
}

export function ensureLevel(state: ShopifyState, itemId: number, locationId: number): LevelRec {
  const key = levelKey(itemId, locationId);
  let level = state.levels.get(key);
  if (!level) {
    const now = state.clock.iso();
    level = { itemId, locationId, quantities: emptyQuantities(), createdAt: now, updatedAt: now };
    state.levels.set(key, level);
  }
  return level;
}

function deleteVariant(state: ShopifyState, variant: VariantRec): void {
  state.variants.delete(variant.id);
  state.inventoryItems.delete(variant.inventoryItemId);
  for (const [key, level] of state.levels) if (level.itemId === variant.inventoryItemId) state.levels.delete(key);
}

/** Sets `available` or `on_hand`; returns the change lines Shopify reports (the name and on_hand). */
export function setQuantity(
  state: ShopifyState,
  level: LevelRec,
  name: 'available' | 'on_hand',
  value: number,
): { name: string; delta: number; after: number }[] {
  const before = quantityOf(level, name);
  const delta = value - before;
  // Setting on_hand moves available by the difference; the other quantities stay.
  return adjustQuantity(state, level, 'available', delta);
}

export function adjustQuantity(
  state: ShopifyState,
  level: LevelRec,
  name: QuantityName,
  delta: number,
): { name: string; delta: number; after: number }[] {
  level.quantities[name] += delta;
  level.updatedAt = state.clock.iso();
  const changes: { name: string; delta: number; after: number }[] = [{ name, delta, after: level.quantities[name] }];
  if (name !== 'incoming') changes.push({ name: 'on_hand', delta, after: quantityOf(level, 'on_hand') });
  return changes;
}

function optionValuesOf(input: {
  optionValues?: { name?: string | null; optionName?: string | null }[] | null;
}): { name: string; value: string }[] {
  return (input.optionValues ?? []).map((o) => ({ name: o.optionName ?? '', value: o.name ?? '' }));
}

type InventoryItemInput =
  | { sku?: string | null; tracked?: boolean | null; cost?: string | null; requiresShipping?: boolean | null }
  | null
  | undefined;

function applyItemInput(item: InventoryItemRec, input: InventoryItemInput, sku: string | null | undefined): void {
  if (sku !== undefined) item.sku = sku;
  if (!input) return;
  if (input.sku !== undefined) item.sku = input.sku ?? null;
  if (typeof input.tracked === 'boolean') item.tracked = input.tracked;
  if (input.cost !== undefined) item.cost = input.cost === null ? null : String(input.cost);
  if (typeof input.requiresShipping === 'boolean') item.requiresShipping = input.requiresShipping;
}

function newVariant(state: ShopifyState, productId: number, position: number): VariantRec {
  const now = state.clock.iso();
  const itemId = state.seq.item.next();
  const variant: VariantRec = {
    id: state.seq.variant.next(),
    productId,
    price: '0.00',
    compareAtPrice: null,
    barcode: null,
    inventoryPolicy: 'DENY',
    position,
    taxable: true,
    selectedOptions: [],
    inventoryItemId: itemId,
    createdAt: now,
    updatedAt: now,
  };
  state.inventoryItems.set(itemId, {
    id: itemId,
    variantId: variant.id,
    sku: null,
    tracked: true,
    requiresShipping: true,
    cost: null,
    createdAt: now,
    updatedAt: now,
  });
  state.variants.set(variant.id, variant);
  return variant;
}

// ─── productSet ────────────────────────────────────────────────────────────────────────────────

type VariantSetInput = {
  id?: string | null;
  optionValues: { name?: string | null; optionName?: string | null }[];
  sku?: string | null;
  barcode?: string | null;
  price?: string | null;
  compareAtPrice?: string | null;
  inventoryPolicy?: 'DENY' | 'CONTINUE' | null;
  inventoryItem?: InventoryItemInput;
  inventoryQuantities?: { locationId: string; name: string; quantity: number }[] | null;
  taxable?: boolean | null;
  position?: number | null;
};

export type ProductSetArgs = {
  input: {
    id?: string | null;
    title?: string | null;
    descriptionHtml?: string | null;
    handle?: string | null;
    vendor?: string | null;
    productType?: string | null;
    status?: ProductRec['status'] | null;
    tags?: string[] | null;
    productOptions?: { name?: string | null; position?: number | null; values?: { name?: string | null }[] | null }[] | null;
    variants?: VariantSetInput[] | null;
    files?: FileSetInput[] | null;
  };
  synchronous?: boolean | null;
  identifier?: { id?: string | null; handle?: string | null } | null;
};

export function productSet(ctx: ShopifyContext, args: ProductSetArgs) {
  requireScope(ctx, 'productSet', 'write_products');
  const { state } = ctx;
  const { input } = args;
  const errors: UserError[] = [];
  const idText = args.identifier?.id ?? input.id ?? null;
  let existing: ProductRec | undefined;
  if (idText) {
    const id = parseGid(idText, 'Product');
    existing = id === null ? undefined : state.products.get(id);
    if (!existing)
      errors.push(ue([args.identifier?.id ? 'identifier' : 'input', 'id'], 'Product does not exist', 'PRODUCT_DOES_NOT_EXIST'));
  } else if (args.identifier?.handle) {
    existing = [...state.products.values()].find((p) => p.handle === args.identifier?.handle);
  }
  if (!existing && !idText && (!input.title || input.title.trim() === ''))
    errors.push(ue(['input', 'title'], "Title can't be blank", 'BLANK'));

  const options = input.productOptions
    ? input.productOptions.map((o, i) => ({
        name: o.name ?? '',
        position: o.position ?? i + 1,
        values: (o.values ?? []).map((v) => v.name ?? ''),
      }))
    : existing?.options.map((o) => ({ name: o.name, position: o.position, values: o.values.map((v) => v.name) }));
  if (input.variants && !options)
    errors.push(
      ue(['input', 'productOptions'], 'Product options input is required when variants are set.', 'PRODUCT_OPTIONS_INPUT_MISSING'),
    );
  if (input.variants && input.variants.length > 2048)
    errors.push(ue(['input', 'variants'], 'A product can have at most 2048 variants.', 'TOO_MANY_VARIANTS'));

  const seenCombos = new Set<string>();
  for (const [i, v] of (input.variants ?? []).entries()) {
    const selected = optionValuesOf(v);
    if (v.id) {
      const variantId = parseGid(v.id, 'ProductVariant');
      const variant = variantId === null ? undefined : state.variants.get(variantId);
      if (!variant || variant.productId !== existing?.id)
        errors.push(ue(['input', 'variants', i, 'id'], 'Variant does not exist on this product.', 'VARIANT_DOES_NOT_EXIST'));
    }
    if (options && selected.length !== options.length) {
      errors.push(
        ue(['input', 'variants', i, 'optionValues'], 'Each variant needs one value for every product option.', 'OPTION_VALUES_MISSING'),
      );
    }
    for (const s of selected) {
      const option = options?.find((o) => o.name === s.name);
      if (!option) errors.push(ue(['input', 'variants', i, 'optionValues'], `Option '${s.name}' does not exist.`, 'OPTION_DOES_NOT_EXIST'));
      else if (!option.values.includes(s.value)) {
        errors.push(
          ue(
            ['input', 'variants', i, 'optionValues'],
            `Option value '${s.value}' does not exist for option '${s.name}'.`,
            'INVALID_VARIANT',
          ),
        );
      }
    }
    const combo = JSON.stringify([...selected].sort((a, b) => a.name.localeCompare(b.name)));
    if (seenCombos.has(combo)) errors.push(ue(['input', 'variants', i], 'Two variants have the same option values.', 'DUPLICATE_INPUT'));
    seenCombos.add(combo);
    if (v.price !== undefined && v.price !== null && !MONEY.test(String(v.price)))
      errors.push(ue(['input', 'variants', i, 'price'], 'Price is invalid.', 'INVALID_INPUT'));
    for (const [j, q] of (v.inventoryQuantities ?? []).entries()) {
      const locationId = parseGid(q.locationId, 'Location');
      if (locationId === null || !state.locations.has(locationId)) {
        errors.push(ue(['input', 'variants', i, 'inventoryQuantities', j, 'locationId'], 'Location not found.', 'LOCATION_NOT_FOUND'));
      }
      if (q.name !== 'available' && q.name !== 'on_hand') {
        errors.push(
          ue(
            ['input', 'variants', i, 'inventoryQuantities', j, 'name'],
            "Quantity name must be 'available' or 'on_hand'.",
            'INVALID_INPUT',
          ),
        );
      }
    }
  }
  if (input.handle && [...state.products.values()].some((p) => p.handle === input.handle && p.id !== existing?.id)) {
    errors.push(ue(['input', 'handle'], `Handle '${input.handle}' already in use.`, 'HANDLE_NOT_UNIQUE'));
  }
  errors.push(...fileSetErrors(state, input.files));
  if (errors.length > 0) return productSetResult(ctx, args, null, errors);

  const now = state.clock.iso();
  const created = !existing;
  const product: ProductRec = existing ?? {
    id: state.seq.product.next(),
    title: input.title ?? '',
    handle: '',
    descriptionHtml: '',
    vendor: 'Tradepost Sim',
    productType: '',
    status: 'ACTIVE',
    tags: [],
    options: [],
    variantIds: [],
    createdAt: now,
    updatedAt: now,
  };
  // Scalars not sent stay as they are.
  if (input.title != null) product.title = input.title;
  if (input.descriptionHtml != null) product.descriptionHtml = input.descriptionHtml;
  if (input.vendor != null) product.vendor = input.vendor;
  if (input.productType != null) product.productType = input.productType;
  if (input.status != null) product.status = input.status;
  if (input.tags != null) product.tags = input.tags;
  product.handle = input.handle ?? (product.handle || uniqueHandle(state, args.identifier?.handle ?? handleize(product.title), product.id));
  product.updatedAt = now;
  state.products.set(product.id, product);

  let finalOptions = options ?? [];
  if (finalOptions.length === 0 && !input.variants && product.variantIds.length === 0)
    finalOptions = [{ name: 'Title', position: 1, values: ['Default Title'] }];
  if (input.productOptions || created) {
    product.options = finalOptions.map((o) => {
      const old = existing?.options.find((e) => e.name === o.name);
      return {
        id: old?.id ?? state.seq.option.next(),
        name: o.name,
        position: o.position,
        values: o.values.map((name) => ({ id: old?.values.find((v) => v.name === name)?.id ?? state.seq.option.next(), name })),
      };
    });
  }

  // List-replace: variants not in the input are deleted with their inventory.
  const touchedLevels: [number, number][] = [];
  const variantInputs: VariantSetInput[] | null =
    input.variants ?? (product.variantIds.length === 0 ? [{ optionValues: [{ optionName: 'Title', name: 'Default Title' }] }] : null);
  if (variantInputs) {
    const keep = new Set(
      variantInputs.map((v) => (v.id ? parseGid(v.id, 'ProductVariant') : null)).filter((id): id is number => id !== null),
    );
    for (const id of product.variantIds) {
      const variant = state.variants.get(id);
      if (variant && !keep.has(id)) deleteVariant(state, variant);
    }
    product.variantIds = [];
    for (const [i, v] of variantInputs.entries()) {
      const existingId = v.id ? parseGid(v.id, 'ProductVariant') : null;
      const variant = (existingId !== null ? state.variants.get(existingId) : undefined) ?? newVariant(state, product.id, i + 1);
      variant.position = v.position ?? i + 1;
      variant.selectedOptions = optionValuesOf(v);
      if (v.price != null) variant.price = Number(v.price).toFixed(2);
      if (v.compareAtPrice !== undefined) variant.compareAtPrice = v.compareAtPrice === null ? null : Number(v.compareAtPrice).toFixed(2);
      if (v.barcode !== undefined) variant.barcode = v.barcode ?? null;
      if (v.inventoryPolicy) variant.inventoryPolicy = v.inventoryPolicy;
      if (typeof v.taxable === 'boolean') variant.taxable = v.taxable;
      variant.updatedAt = now;
      const item = state.inventoryItems.get(variant.inventoryItemId);
      if (item) {
        applyItemInput(item, v.inventoryItem, v.sku);
        item.updatedAt = now;
      }
      for (const q of v.inventoryQuantities ?? []) {
        const locationId = parseGid(q.locationId, 'Location') as number;
        setQuantity(state, ensureLevel(state, variant.inventoryItemId, locationId), q.name as 'available' | 'on_hand', q.quantity);
        touchedLevels.push([variant.inventoryItemId, locationId]);
      }
      product.variantIds.push(variant.id);
    }
  }
  if (input.files) applyFiles(state, product, input.files);
  ctx.events.productChanged(product.id, created);
  for (const [itemId, locationId] of touchedLevels) ctx.events.levelChanged(itemId, locationId);
  return productSetResult(ctx, args, product, []);
}

function productSetResult(ctx: ShopifyContext, args: ProductSetArgs, product: ProductRec | null, userErrors: UserError[]) {
  if (args.synchronous === false) {
    const id = ctx.state.seq.operation.next();
    ctx.state.operations.set(id, {
      productId: product?.id ?? null,
      userErrors: userErrors.map((e) => ({ field: e.field ?? [], message: e.message, code: e.code ?? 'INVALID' })),
    });
    return { product: null, productSetOperation: productOperationNode(ctx, id), userErrors: [] };
  }
  return { product: product ? productNode(ctx, product) : null, productSetOperation: null, userErrors };
}

export function productOperationNode(ctx: ShopifyContext, id: number) {
  const operation = ctx.state.operations.get(id);
  if (!operation) return null;
  const product = operation.productId === null ? undefined : ctx.state.products.get(operation.productId);
  return {
    __typename: 'ProductSetOperation',
    id: gid('ProductSetOperation', id),
    status: 'COMPLETE',
    product: product ? productNode(ctx, product) : null,
    userErrors: operation.userErrors,
  };
}

// ─── productVariantsBulkUpdate / Create ────────────────────────────────────────────────────────

type BulkVariantInput = {
  id?: string | null;
  price?: string | null;
  compareAtPrice?: string | null;
  barcode?: string | null;
  inventoryPolicy?: 'DENY' | 'CONTINUE' | null;
  inventoryItem?: InventoryItemInput;
  optionValues?: { name?: string | null; optionName?: string | null }[] | null;
  taxable?: boolean | null;
  inventoryQuantities?: { availableQuantity: number; locationId: string }[] | null;
};

function applyBulkFields(state: ShopifyState, variant: VariantRec, v: BulkVariantInput): void {
  if (v.price != null) variant.price = Number(v.price).toFixed(2);
  if (v.compareAtPrice !== undefined) variant.compareAtPrice = v.compareAtPrice === null ? null : Number(v.compareAtPrice).toFixed(2);
  if (v.barcode !== undefined) variant.barcode = v.barcode ?? null;
  if (v.inventoryPolicy) variant.inventoryPolicy = v.inventoryPolicy;
  if (typeof v.taxable === 'boolean') variant.taxable = v.taxable;
  if (v.optionValues) variant.selectedOptions = optionValuesOf({ optionValues: v.optionValues });
  variant.updatedAt = state.clock.iso();
  const item = state.inventoryItems.get(variant.inventoryItemId);
  if (item) {
    applyItemInput(item, v.inventoryItem, undefined);
    item.updatedAt = variant.updatedAt;
  }
}

export function productVariantsBulkUpdate(
  ctx: ShopifyContext,
  args: { productId: string; variants: BulkVariantInput[]; allowPartialUpdates?: boolean | null },
) {
  requireScope(ctx, 'productVariantsBulkUpdate', 'write_products');
  const { state } = ctx;
  const productId = parseGid(args.productId, 'Product');
  const product = productId === null ? undefined : state.products.get(productId);
  if (!product)
    return { product: null, productVariants: null, userErrors: [ue(['productId'], 'Product does not exist', 'PRODUCT_DOES_NOT_EXIST')] };
  const errors: UserError[] = [];
  const valid: [VariantRec, BulkVariantInput][] = [];
  for (const [i, v] of args.variants.entries()) {
    const before = errors.length;
    const variantId = v.id ? parseGid(v.id, 'ProductVariant') : null;
    const variant = variantId === null ? undefined : state.variants.get(variantId);
    if (!v.id) errors.push(ue(['variants', i, 'id'], 'Product variant is missing ID attribute', 'PRODUCT_VARIANT_ID_MISSING'));
    else if (!variant || variant.productId !== product.id)
      errors.push(ue(['variants', i, 'id'], 'Product variant does not exist', 'PRODUCT_VARIANT_DOES_NOT_EXIST'));
    if (v.inventoryQuantities) {
      errors.push(
        ue(
          ['variants', i, 'inventoryQuantities'],
          'Inventory quantities can only be provided during create. To update inventory for existing variants, use inventoryAdjustQuantities.',
          'NO_INVENTORY_QUANTITIES_ON_VARIANTS_UPDATE',
        ),
      );
    }
    if (v.price != null && !MONEY.test(String(v.price))) errors.push(ue(['variants', i, 'price'], 'Price is invalid', 'INVALID_INPUT'));
    for (const s of optionValuesOf({ optionValues: v.optionValues ?? [] })) {
      if (!product.options.some((o) => o.name === s.name))
        errors.push(ue(['variants', i, 'optionValues'], `Option '${s.name}' does not exist`, 'OPTION_VALUE_DOES_NOT_EXIST'));
    }
    if (variant && errors.length === before) valid.push([variant, v]);
  }
  if (errors.length > 0 && !args.allowPartialUpdates)
    return { product: productNode(ctx, product), productVariants: null, userErrors: errors };
  for (const [variant, v] of valid) applyBulkFields(state, variant, v);
  product.updatedAt = state.clock.iso();
  if (valid.length > 0) ctx.events.productChanged(product.id, false);
  return { product: productNode(ctx, product), productVariants: valid.map(([variant]) => variantNode(ctx, variant)), userErrors: errors };
}

export function productVariantsBulkCreate(
  ctx: ShopifyContext,
  args: { productId: string; variants: BulkVariantInput[]; strategy?: string | null },
) {
  requireScope(ctx, 'productVariantsBulkCreate', 'write_products');
  const { state } = ctx;
  const productId = parseGid(args.productId, 'Product');
  const product = productId === null ? undefined : state.products.get(productId);
  if (!product)
    return { product: null, productVariants: null, userErrors: [ue(['productId'], 'Product does not exist', 'PRODUCT_DOES_NOT_EXIST')] };
  const standalone = product.options.length === 1 && product.options[0]?.name === 'Title' && product.variantIds.length === 1;
  const replaceStandalone = standalone && args.strategy !== 'PRESERVE_STANDALONE_VARIANT';
  const optionNames = replaceStandalone ? null : product.options.map((o) => o.name);
  const errors: UserError[] = [];
  const combos = new Set(
    replaceStandalone
      ? []
      : product.variantIds.map((id) =>
          JSON.stringify([...(state.variants.get(id)?.selectedOptions ?? [])].sort((a, b) => a.name.localeCompare(b.name))),
        ),
  );
  for (const [i, v] of args.variants.entries()) {
    const selected = optionValuesOf({ optionValues: v.optionValues ?? [] });
    if (selected.length === 0) errors.push(ue(['variants', i, 'optionValues'], 'Option values are required.', 'NEED_TO_ADD_OPTION_VALUES'));
    for (const s of selected) {
      if (optionNames && !optionNames.includes(s.name))
        errors.push(ue(['variants', i, 'optionValues'], `Option '${s.name}' does not exist`, 'OPTION_VALUE_DOES_NOT_EXIST'));
    }
    const combo = JSON.stringify([...selected].sort((a, b) => a.name.localeCompare(b.name)));
    if (combos.has(combo)) errors.push(ue(['variants', i], 'Variant already exists', 'VARIANT_ALREADY_EXISTS'));
    combos.add(combo);
    for (const [j, q] of (v.inventoryQuantities ?? []).entries()) {
      const locationId = parseGid(q.locationId, 'Location');
      if (locationId === null || !state.locations.has(locationId)) {
        errors.push(
          ue(['variants', i, 'inventoryQuantities', j, 'locationId'], 'Location not found', 'TRACKED_VARIANT_LOCATION_NOT_FOUND'),
        );
      }
    }
  }
  if (errors.length > 0) return { product: productNode(ctx, product), productVariants: null, userErrors: errors };
  if (replaceStandalone) {
    for (const id of product.variantIds) {
      const variant = state.variants.get(id);
      if (variant) deleteVariant(state, variant);
    }
    product.variantIds = [];
    product.options = [];
  }
  const created: VariantRec[] = [];
  const touched: [number, number][] = [];
  for (const v of args.variants) {
    const variant = newVariant(state, product.id, product.variantIds.length + 1);
    applyBulkFields(state, variant, v);
    for (const s of variant.selectedOptions) {
      let option = product.options.find((o) => o.name === s.name);
      if (!option) {
        option = { id: state.seq.option.next(), name: s.name, position: product.options.length + 1, values: [] };
        product.options.push(option);
      }
      if (!option.values.some((x) => x.name === s.value)) option.values.push({ id: state.seq.option.next(), name: s.value });
    }
    for (const q of v.inventoryQuantities ?? []) {
      const locationId = parseGid(q.locationId, 'Location') as number;
      setQuantity(state, ensureLevel(state, variant.inventoryItemId, locationId), 'available', q.availableQuantity);
      touched.push([variant.inventoryItemId, locationId]);
    }
    product.variantIds.push(variant.id);
    created.push(variant);
  }
  product.updatedAt = state.clock.iso();
  ctx.events.productChanged(product.id, false);
  for (const [itemId, locationId] of touched) ctx.events.levelChanged(itemId, locationId);
  return { product: productNode(ctx, product), productVariants: created.map((v) => variantNode(ctx, v)), userErrors: [] };
}

export type ProductUpdateArgs = {
  product: {
    id: string;
    title?: string | null;
    descriptionHtml?: string | null;
    handle?: string | null;
    vendor?: string | null;
    productType?: string | null;
    status?: ProductRec['status'] | null;
    tags?: string[] | null;
  };
};

/** Scalar product fields only; variants and options are left as they are (reference §2.6). */
export function productUpdate(ctx: ShopifyContext, args: ProductUpdateArgs) {
  requireScope(ctx, 'productUpdate', 'write_products');
  const { state } = ctx;
  const input = args.product;
  const id = parseGid(input.id, 'Product');
  const product = id === null ? undefined : state.products.get(id);
  if (!product) return { product: null, userErrors: [ue(['product', 'id'], 'Product does not exist')] };
  if (input.title !== undefined && (input.title === null || input.title.trim() === ''))
    return { product: null, userErrors: [ue(['product', 'title'], "Title can't be blank")] };
  if (input.handle && [...state.products.values()].some((p) => p.handle === input.handle && p.id !== product.id))
    return { product: null, userErrors: [ue(['product', 'handle'], `Handle '${input.handle}' already in use.`)] };
  if (input.title != null) product.title = input.title;
  if (input.descriptionHtml != null) product.descriptionHtml = input.descriptionHtml;
  if (input.handle != null) product.handle = input.handle;
  if (input.vendor != null) product.vendor = input.vendor;
  if (input.productType != null) product.productType = input.productType;
  if (input.status != null) product.status = input.status;
  if (input.tags != null) product.tags = input.tags;
  product.updatedAt = state.clock.iso();
  ctx.events.productChanged(product.id, false);
  return { product: productNode(ctx, product), userErrors: [] };
}

export function productDelete(ctx: ShopifyContext, args: { input: { id: string } }) {
  requireScope(ctx, 'productDelete', 'write_products');
  const id = parseGid(args.input.id, 'Product');
  const product = id === null ? undefined : ctx.state.products.get(id);
  if (!product) return { deletedProductId: null, userErrors: [ue(['id'], 'Product does not exist')] };
  for (const variantId of product.variantIds) {
    const variant = ctx.state.variants.get(variantId);
    if (variant) deleteVariant(ctx.state, variant);
  }
  ctx.state.products.delete(product.id);
  return { deletedProductId: gid('Product', product.id), userErrors: [] };
}

// ─── inventory ─────────────────────────────────────────────────────────────────────────────────

type Target = { item: InventoryItemRec; level: LevelRec };

function resolveTarget(
  ctx: ShopifyContext,
  itemGid: string,
  locationGid: string,
  path: (string | number)[],
  errors: UserError[],
): Target | null {
  const { state } = ctx;
  const itemId = parseGid(itemGid, 'InventoryItem');
  const item = itemId === null ? undefined : state.inventoryItems.get(itemId);
  const locationId = parseGid(locationGid, 'Location');
  const location = locationId === null ? undefined : state.locations.get(locationId);
  if (!item) {
    errors.push(ue([...path, 'inventoryItemId'], 'The specified inventory item could not be found.', 'INVALID_INVENTORY_ITEM'));
    return null;
  }
  if (!location) {
    errors.push(ue([...path, 'locationId'], 'The specified location could not be found.', 'INVALID_LOCATION'));
    return null;
  }
  if (!item.tracked) {
    errors.push(ue([...path, 'inventoryItemId'], 'The specified inventory item is not tracked.', 'NON_MUTABLE_INVENTORY_ITEM'));
    return null;
  }
  const level = state.levels.get(levelKey(item.id, location.id));
  if (!level) {
    errors.push(
      ue([...path, 'locationId'], 'The specified inventory item is not stocked at the location.', 'ITEM_NOT_STOCKED_AT_LOCATION'),
    );
    return null;
  }
  return { item, level };
}

function checkCommon(input: { reason: string; referenceDocumentUri?: string | null }, errors: UserError[]): void {
  if (!REASONS.includes(input.reason)) errors.push(ue(['input', 'reason'], 'The specified reason is invalid.', 'INVALID_REASON'));
  if (input.referenceDocumentUri != null && !/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(input.referenceDocumentUri)) {
    errors.push(ue(['input', 'referenceDocumentUri'], 'The reference document URI is invalid.', 'INVALID_REFERENCE_DOCUMENT'));
  }
}

/** The compare-and-swap rule; `present` tells an explicit null (opt-out) from a missing field. */
function checkChangeFrom(
  ctx: ShopifyContext,
  q: { changeFromQuantity?: number | null },
  current: number,
  path: (string | number)[],
  errors: UserError[],
): void {
  const present = Object.hasOwn(q, 'changeFromQuantity');
  if (!present && ctx.enforceIdempotency) {
    errors.push(
      ue(
        [...path, 'changeFromQuantity'],
        'changeFromQuantity must be provided; pass null to skip the compare check.',
        'CHANGE_FROM_QUANTITY_REQUIRED',
      ),
    );
    return;
  }
  if (typeof q.changeFromQuantity === 'number' && q.changeFromQuantity !== current) {
    errors.push(
      ue(
        [...path, 'changeFromQuantity'],
        'The quantity has changed since changeFromQuantity was read; read it again and retry.',
        'CHANGE_FROM_QUANTITY_STALE',
      ),
    );
  }
}

function recordGroup(
  ctx: ShopifyContext,
  input: { reason: string; referenceDocumentUri?: string | null },
  changes: AdjustmentGroupRec['changes'],
): AdjustmentGroupRec {
  const group: AdjustmentGroupRec = {
    id: ctx.state.seq.group.next(),
    createdAt: ctx.state.clock.iso(),
    reason: input.reason,
    referenceDocumentUri: input.referenceDocumentUri ?? null,
    changes,
  };
  ctx.state.adjustmentGroups.set(group.id, group);
  return group;
}

export type SetQuantitiesInput = {
  name: string;
  reason: string;
  referenceDocumentUri?: string | null;
  ignoreCompareQuantity?: boolean | null;
  quantities: {
    inventoryItemId: string;
    locationId: string;
    quantity: number;
    compareQuantity?: number | null;
    changeFromQuantity?: number | null;
  }[];
};

export function inventorySetQuantities(ctx: ShopifyContext, args: { input: SetQuantitiesInput }) {
  requireScope(ctx, 'inventorySetQuantities', 'write_inventory');
  const { input } = args;
  const errors: UserError[] = [];
  if (input.name !== 'available' && input.name !== 'on_hand')
    errors.push(ue(['input', 'name'], "The quantity name must be either 'available' or 'on_hand'.", 'INVALID_QUANTITY_NAME'));
  checkCommon(input, errors);
  const seen = new Set<string>();
  const targets: [Target, number][] = [];
  for (const [i, q] of input.quantities.entries()) {
    const path = ['input', 'quantities', i];
    const key = `${q.inventoryItemId}|${q.locationId}`;
    if (seen.has(key))
      errors.push(ue(path, 'The same inventory item and location pair appears twice.', 'NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR'));
    seen.add(key);
    if (q.quantity < 0) errors.push(ue([...path, 'quantity'], 'The quantity cannot be negative.', 'INVALID_QUANTITY_NEGATIVE'));
    if (q.quantity > MAX_QUANTITY) errors.push(ue([...path, 'quantity'], 'The quantity is too high.', 'INVALID_QUANTITY_TOO_HIGH'));
    const target = resolveTarget(ctx, q.inventoryItemId, q.locationId, path, errors);
    if (!target) continue;
    const current = quantityOf(target.level, input.name);
    if (ctx.legacyCompareQuantity && !input.ignoreCompareQuantity) {
      if (q.compareQuantity == null)
        errors.push(
          ue(
            [...path, 'compareQuantity'],
            'compareQuantity is required unless ignoreCompareQuantity is true.',
            'COMPARE_QUANTITY_REQUIRED',
          ),
        );
      else if (q.compareQuantity !== current)
        errors.push(ue([...path, 'compareQuantity'], 'The compareQuantity does not match the current quantity.', 'COMPARE_QUANTITY_STALE'));
    } else checkChangeFrom(ctx, q, current, path, errors);
    targets.push([target, q.quantity]);
  }
  if (errors.length > 0) return { inventoryAdjustmentGroup: null, userErrors: errors };
  const changes: AdjustmentGroupRec['changes'] = [];
  for (const [target, quantity] of targets) {
    for (const c of setQuantity(ctx.state, target.level, input.name as 'available' | 'on_hand', quantity)) {
      changes.push({
        name: c.name,
        delta: c.delta,
        quantityAfterChange: c.after,
        itemId: target.item.id,
        locationId: target.level.locationId,
        ledgerDocumentUri: null,
      });
    }
  }
  const group = recordGroup(ctx, input, changes);
  for (const [target] of targets) ctx.events.levelChanged(target.item.id, target.level.locationId);
  return { inventoryAdjustmentGroup: adjustmentGroupNode(ctx, group), userErrors: [] };
}

const ADJUSTABLE: QuantityName[] = ['available', 'damaged', 'quality_control', 'safety_stock', 'reserved', 'incoming'];

export type AdjustQuantitiesInput = {
  name: string;
  reason: string;
  referenceDocumentUri?: string | null;
  changes: {
    inventoryItemId: string;
    locationId: string;
    delta: number;
    changeFromQuantity?: number | null;
    ledgerDocumentUri?: string | null;
  }[];
};

export function inventoryAdjustQuantities(ctx: ShopifyContext, args: { input: AdjustQuantitiesInput }) {
  requireScope(ctx, 'inventoryAdjustQuantities', 'write_inventory');
  const { input } = args;
  const errors: UserError[] = [];
  if (!ADJUSTABLE.includes(input.name as QuantityName))
    errors.push(ue(['input', 'name'], `The quantity name '${input.name}' cannot be adjusted.`, 'INVALID_QUANTITY_NAME'));
  checkCommon(input, errors);
  const targets: [Target, number, string | null][] = [];
  for (const [i, c] of input.changes.entries()) {
    const path = ['input', 'changes', i];
    if (input.name === 'available' && c.ledgerDocumentUri)
      errors.push(ue([...path, 'ledgerDocumentUri'], 'A ledger document is not allowed for available.', 'INVALID_AVAILABLE_DOCUMENT'));
    if (input.name !== 'available' && !c.ledgerDocumentUri)
      errors.push(ue([...path, 'ledgerDocumentUri'], 'A ledger document is required for this quantity name.', 'INVALID_QUANTITY_DOCUMENT'));
    if (Math.abs(c.delta) > MAX_QUANTITY)
      errors.push(
        ue([...path, 'delta'], 'The delta is too large.', c.delta > 0 ? 'INVALID_QUANTITY_TOO_HIGH' : 'INVALID_QUANTITY_TOO_LOW'),
      );
    const target = resolveTarget(ctx, c.inventoryItemId, c.locationId, path, errors);
    if (!target) continue;
    checkChangeFrom(ctx, c, quantityOf(target.level, input.name), path, errors);
    targets.push([target, c.delta, c.ledgerDocumentUri ?? null]);
  }
  if (errors.length > 0) return { inventoryAdjustmentGroup: null, userErrors: errors };
  const changes: AdjustmentGroupRec['changes'] = [];
  for (const [target, delta, ledger] of targets) {
    for (const c of adjustQuantity(ctx.state, target.level, input.name as QuantityName, delta)) {
      changes.push({
        name: c.name,
        delta: c.delta,
        quantityAfterChange: c.after,
        itemId: target.item.id,
        locationId: target.level.locationId,
        ledgerDocumentUri: ledger,
      });
    }
  }
  const group = recordGroup(ctx, input, changes);
  for (const [target] of targets) ctx.events.levelChanged(target.item.id, target.level.locationId);
  return { inventoryAdjustmentGroup: adjustmentGroupNode(ctx, group), userErrors: [] };
}

export function inventoryActivate(ctx: ShopifyContext, args: { inventoryItemId: string; locationId: string; available?: number | null }) {
  requireScope(ctx, 'inventoryActivate', 'write_inventory');
  const { state } = ctx;
  const itemId = parseGid(args.inventoryItemId, 'InventoryItem');
  const locationId = parseGid(args.locationId, 'Location');
  if (itemId === null || !state.inventoryItems.has(itemId))
    return { inventoryLevel: null, userErrors: [ue(['inventoryItemId'], 'Inventory item does not exist')] };
  if (locationId === null || !state.locations.has(locationId))
    return { inventoryLevel: null, userErrors: [ue(['locationId'], 'Location does not exist')] };
  const existed = state.levels.has(levelKey(itemId, locationId));
  const level = ensureLevel(state, itemId, locationId);
  if (!existed && typeof args.available === 'number') {
    setQuantity(state, level, 'available', args.available);
    ctx.events.levelChanged(itemId, locationId);
  }
  return { inventoryLevel: levelNode(ctx, level), userErrors: [] };
}

// ─── fulfillment ───────────────────────────────────────────────────────────────────────────────

export type FulfillmentArgs = {
  fulfillment: {
    lineItemsByFulfillmentOrder: { fulfillmentOrderId: string; fulfillmentOrderLineItems?: { id: string; quantity: number }[] | null }[];
    trackingInfo?: {
      company?: string | null;
      number?: string | null;
      numbers?: string[] | null;
      url?: string | null;
      urls?: string[] | null;
    } | null;
    notifyCustomer?: boolean | null;
  };
  message?: string | null;
};

export function fulfillmentCreate(ctx: ShopifyContext, args: FulfillmentArgs) {
  requireScope(ctx, 'fulfillmentCreate', 'write_merchant_managed_fulfillment_orders', 'write_fulfillments');
  const { state } = ctx;
  const groups = args.fulfillment.lineItemsByFulfillmentOrder;
  const errors: UserError[] = [];
  const plan: { fo: FulfillmentOrderRec; lines: { line: FulfillmentOrderRec['lineItems'][number]; quantity: number }[] }[] = [];
  if (groups.length === 0) errors.push(ue(['fulfillment', 'lineItemsByFulfillmentOrder'], 'At least one fulfillment order is required.'));
  for (const [i, group] of groups.entries()) {
    const path = ['fulfillment', 'lineItemsByFulfillmentOrder', i];
    const foId = parseGid(group.fulfillmentOrderId, 'FulfillmentOrder');
    const fo = foId === null ? undefined : state.fulfillmentOrders.get(foId);
    if (!fo) {
      errors.push(ue([...path, 'fulfillmentOrderId'], 'Fulfillment order does not exist.'));
      continue;
    }
    if (fo.status !== 'OPEN' && fo.status !== 'IN_PROGRESS') {
      errors.push(
        ue([...path, 'fulfillmentOrderId'], `Fulfillment order ${fo.id} has an unfulfillable status= ${fo.status.toLowerCase()}.`),
      );
      continue;
    }
    const first = plan[0]?.fo;
    if (first && (first.orderId !== fo.orderId || first.locationId !== fo.locationId)) {
      errors.push(
        ue([...path, 'fulfillmentOrderId'], 'All fulfillment orders must belong to the same order and be assigned to the same location.'),
      );
      continue;
    }
    const requested = group.fulfillmentOrderLineItems;
    const lines: { line: FulfillmentOrderRec['lineItems'][number]; quantity: number }[] = [];
    if (!requested || requested.length === 0) {
      for (const line of fo.lineItems) if (line.remainingQuantity > 0) lines.push({ line, quantity: line.remainingQuantity });
    } else {
      for (const [j, r] of requested.entries()) {
        const lineId = parseGid(r.id, 'FulfillmentOrderLineItem');
        const line = fo.lineItems.find((l) => l.id === lineId);
        if (!line) errors.push(ue([...path, 'fulfillmentOrderLineItems', j, 'id'], 'Fulfillment order line item does not exist.'));
        else if (r.quantity < 1 || r.quantity > line.remainingQuantity)
          errors.push(ue([...path, 'fulfillmentOrderLineItems', j, 'quantity'], 'Invalid fulfillment order line item quantity requested.'));
        else lines.push({ line, quantity: r.quantity });
      }
    }
    if (lines.length === 0 && errors.length === 0) errors.push(ue(path, 'Nothing left to fulfill in this fulfillment order.'));
    plan.push({ fo, lines });
  }
  if (errors.length > 0) return { fulfillment: null, userErrors: errors };
  const now = state.clock.iso();
  const order = state.orders.get(plan[0]?.fo.orderId ?? -1);
  const tracking = args.fulfillment.trackingInfo;
  const numbers = tracking?.numbers ?? (tracking?.number ? [tracking.number] : []);
  const urls = tracking?.urls ?? (tracking?.url ? [tracking.url] : []);
  const fulfillment: FulfillmentRec = {
    id: state.seq.fulfillment.next(),
    orderId: plan[0]?.fo.orderId ?? 0,
    status: 'SUCCESS',
    trackingInfo:
      numbers.length > 0 ? numbers.map((n, i) => ({ company: tracking?.company ?? null, number: n, url: urls[i] ?? null })) : [],
    lines: [],
    createdAt: now,
  };
  for (const { fo, lines } of plan) {
    for (const { line, quantity } of lines) {
      line.remainingQuantity -= quantity;
      fulfillment.lines.push({ fulfillmentOrderLineItemId: line.id, quantity });
      // Shipped units leave on hand: they were committed since the sale.
      const lineItem = order?.lineItems.find((l) => l.id === line.lineItemId);
      const variant = lineItem?.variantId ? state.variants.get(lineItem.variantId) : undefined;
      const level = variant ? state.levels.get(levelKey(variant.inventoryItemId, fo.locationId)) : undefined;
      if (level) adjustQuantity(state, level, 'committed', -Math.min(quantity, level.quantities.committed));
    }
    fo.status = fo.lineItems.every((l) => l.remainingQuantity === 0) ? 'CLOSED' : 'IN_PROGRESS';
    fo.updatedAt = now;
  }
  state.fulfillments.set(fulfillment.id, fulfillment);
  if (order) {
    order.fulfillmentIds.push(fulfillment.id);
    order.updatedAt = now;
    ctx.events.orderChanged(order.id);
  }
  ctx.events.fulfillmentCreated(fulfillment.id);
  return { fulfillment: fulfillmentNode(ctx, fulfillment), userErrors: [] };
}

// ─── webhooks ──────────────────────────────────────────────────────────────────────────────────

export function webhookSubscriptionCreate(
  ctx: ShopifyContext,
  args: {
    topic: string;
    webhookSubscription: {
      uri?: string | null;
      callbackUrl?: string | null;
      format?: 'JSON' | 'XML' | null;
      includeFields?: string[] | null;
      filter?: string | null;
    };
  },
) {
  const { state } = ctx;
  const input = args.webhookSubscription;
  const uri = input.uri ?? input.callbackUrl ?? '';
  if (!/^(https?:\/\/\S+|pubsub:\/\/\S+|arn:aws:events:\S+)$/.test(uri)) {
    return {
      webhookSubscription: null,
      userErrors: [ue(['webhookSubscription', input.uri ? 'uri' : 'callbackUrl'], 'Address is invalid')],
    };
  }
  if ([...state.webhookSubscriptions.values()].some((w) => w.topic === args.topic && w.uri === uri)) {
    return {
      webhookSubscription: null,
      userErrors: [ue(['webhookSubscription', 'callbackUrl'], 'Address for this topic has already been taken')],
    };
  }
  const now = state.clock.iso();
  const rec: WebhookSubscriptionRec = {
    id: state.seq.webhook.next(),
    topic: args.topic,
    uri,
    format: input.format ?? 'JSON',
    includeFields: input.includeFields ?? [],
    filter: input.filter ?? null,
    apiVersion: ctx.apiVersion,
    createdAt: now,
    updatedAt: now,
  };
  state.webhookSubscriptions.set(rec.id, rec);
  return { webhookSubscription: webhookSubscriptionNode(rec), userErrors: [] };
}

export function webhookSubscriptionDelete(ctx: ShopifyContext, args: { id: string }) {
  const id = parseGid(args.id, 'WebhookSubscription');
  if (id === null || !ctx.state.webhookSubscriptions.delete(id))
    return { deletedWebhookSubscriptionId: null, userErrors: [ue(['id'], 'Webhook subscription does not exist')] };
  return { deletedWebhookSubscriptionId: args.id, userErrors: [] };
}
