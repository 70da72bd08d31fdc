import { asArray, asRecord, header, json, noContent, parseJson, type SimRequest, type SimResponse } from '../kit/http.ts';
import type { Router } from '../kit/router.ts';
import { type EbayError, ebayError, ebayErrors, invalidRequestResponse, param } from './ebay-errors.ts';
import { protect } from './ebay-oauth.ts';
import {
  CONDITIONS,
  type EbayState,
  itemQuantity,
  type Json,
  MARKETPLACES,
  offerQuantity,
  pacificDay,
  SCOPES,
  type StoredItem,
  type StoredOffer,
} from './ebay-state.ts';

const BASE = '/sell/inventory/v1';
const BULK_CAP = 25;
const REVISIONS_PER_DAY = 250;
const SKU_PATTERN = /^[A-Za-z0-9._\- ]{1,50}$/;

const inv = (errorId: number, message: string, extra: Partial<EbayError> = {}) => ebayError(errorId, 'API_INVENTORY', message, extra);

type Parsed = { ok: true; body: Json } | { ok: false; response: SimResponse };

function readBody(req: SimRequest): Parsed {
  const parsed = parseJson(req.text);
  const body = parsed.ok ? asRecord(parsed.value) : null;
  if (!body) return { ok: false, response: invalidRequestResponse() };
  return { ok: true, body };
}

/** Content-Language is required on the calls that carry seller text (reference §1.2). */
function contentLanguage(req: SimRequest): string | SimResponse {
  const value = header(req, 'content-language');
  if (!value || !/^[a-z]{2}-[A-Z]{2}$/.test(value)) {
    return ebayErrors(400, [
      inv(25709, 'Invalid value for header Content-Language.', {
        longMessage: 'The Content-Language header is required and must be a locale such as en-US.',
        parameters: [param('fieldName', 'Content-Language')],
      }),
    ]);
  }
  return value;
}

function statusFor(errors: EbayError[]): number {
  return errors.some((e) => e.errorId === 25702 || e.errorId === 25710 || e.errorId === 25713) ? 404 : 400;
}

// ─── inventory items ────────────────────────────────────────────────────────────────────────────

function itemErrors(sku: string, body: Json): EbayError[] {
  const errors: EbayError[] = [];
  if (!SKU_PATTERN.test(sku)) {
    errors.push(
      inv(
        25707,
        'This is an invalid value for a SKU. Only alphanumeric characters can be used for SKUs, and their length must not exceed 50 characters.',
        {
          parameters: [param('sku', sku)],
        },
      ),
    );
  }
  if (body.condition !== undefined && (typeof body.condition !== 'string' || !CONDITIONS.includes(body.condition))) {
    // A value outside the enum fails deserialisation before any rule runs.
    errors.push(
      ebayError(2004, 'ACCESS', 'Could not serialize field [condition]', { longMessage: 'Could not serialize field [condition]' }),
    );
  }
  const ship = asRecord(asRecord(body.availability)?.shipToLocationAvailability);
  if (ship && ship.quantity !== undefined && !(Number.isInteger(ship.quantity) && (ship.quantity as number) >= 0)) {
    errors.push(inv(25004, 'Invalid quantity. The quantity must be a whole number of zero or more.', { parameters: [param('sku', sku)] }));
  }
  const product = asRecord(body.product);
  if (typeof product?.title === 'string' && product.title.length > 80) {
    errors.push(
      inv(25709, 'Invalid value for title. The title may not exceed 80 characters.', { parameters: [param('fieldName', 'product.title')] }),
    );
  }
  if (typeof product?.description === 'string' && product.description.length > 4000) {
    errors.push(
      inv(25709, 'Invalid value for description. The description may not exceed 4000 characters.', {
        parameters: [param('fieldName', 'product.description')],
      }),
    );
  }
  for (const [name, values] of Object.entries(asRecord(product?.aspects) ?? {})) {
    if (name.length > 40 || !Array.isArray(values) || values.some((v) => typeof v !== 'string' || v.length > 50)) {
      errors.push(inv(25709, `Invalid value for aspect ${name}.`, { parameters: [param('fieldName', `product.aspects.${name}`)] }));
    }
  }
  return errors;
}

function groupKeysOf(state: EbayState, sku: string): string[] {
  return [...state.groups.values()].filter((g) => (asArray(g.body.variantSKUs) ?? []).includes(sku)).map((g) => g.key);
}

export function itemView(state: EbayState, item: StoredItem): Json {
  const view: Json = { sku: item.sku, locale: item.locale, ...structuredClone(item.body) };
  const availability = asRecord(view.availability) ?? {};
  const ship = asRecord(availability.shipToLocationAvailability) ?? {};
  view.availability = { ...availability, shipToLocationAvailability: { ...ship, quantity: itemQuantity(item) } };
  const keys = groupKeysOf(state, item.sku);
  if (keys.length > 0) {
    view.inventoryItemGroupKeys = keys;
    view.groupIds = keys;
  }
  return view;
}

/** Full replace: whatever is not sent is gone, the ship-to quantity included (the reference's trap). */
function replaceItem(state: EbayState, sku: string, locale: string, body: Json): EbayError[] {
  const errors = itemErrors(sku, body);
  if (errors.length > 0) return errors;
  const { sku: _sku, locale: _locale, ...fields } = body;
  const item: StoredItem = { sku, locale, body: structuredClone(fields) };
  const quantity = itemQuantity(item);
  const live = [...state.offers.values()].filter((o) => o.sku === sku && o.status === 'PUBLISHED');
  const capped = live.find((o) => revisionsToday(state, o) >= REVISIONS_PER_DAY);
  if (capped) return [revisionCapError(capped)];
  state.items.set(sku, item);
  // The replace revises live listings: their quantity follows the item's.
  for (const offer of state.offers.values()) {
    if (offer.sku !== sku) continue;
    offer.body.availableQuantity = quantity;
    if (offer.status === 'PUBLISHED') {
      countRevision(state, offer);
      refreshListingStatus(state, offer);
    }
  }
  return [];
}

function revisionsToday(state: EbayState, offer: StoredOffer): number {
  return offer.revisions.get(pacificDay(state.clock.now())) ?? 0;
}

function countRevision(state: EbayState, offer: StoredOffer): void {
  const day = pacificDay(state.clock.now());
  offer.revisions.set(day, (offer.revisions.get(day) ?? 0) + 1);
}

function revisionCapError(offer: StoredOffer): EbayError {
  return inv(25019, 'The listing cannot be revised: it has reached the limit of 250 revisions per calendar day.', {
    parameters: [param('listingId', offer.listing?.listingId ?? '')],
  });
}

export function refreshListingStatus(state: EbayState, offer: StoredOffer): void {
  if (!offer.listing || offer.status !== 'PUBLISHED') return;
  offer.listing.listingStatus = offerQuantity(offer, state) > 0 ? 'ACTIVE' : 'OUT_OF_STOCK';
}

function deleteItem(state: EbayState, sku: string): void {
  state.items.delete(sku);
  for (const offer of [...state.offers.values()]) if (offer.sku === sku) state.offers.delete(offer.offerId);
  for (const group of state.groups.values()) {
    const skus = asArray(group.body.variantSKUs) ?? [];
    if (skus.includes(sku)) group.body.variantSKUs = skus.filter((s) => s !== sku);
  }
}

function page(base: string, limit: number, offset: number, total: number, pageNumbers: boolean): Json {
  const step = pageNumbers ? 1 : limit;
  const href = (o: number) => `${base}${base.includes('?') ? '&' : '?'}limit=${limit}&offset=${o}`;
  const seen = pageNumbers ? (offset + 1) * limit : offset + limit;
  return {
    href: href(offset),
    limit,
    ...(seen < total ? { next: href(offset + step) } : {}),
    ...(offset > 0 ? { prev: href(Math.max(0, offset - step)) } : {}),
    total,
  };
}

function intParam(req: SimRequest, name: string, fallback: number, min: number, max: number): number | SimResponse {
  const raw = req.query.get(name);
  if (raw === null || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    return ebayErrors(400, [inv(25709, `Invalid value for ${name}.`, { parameters: [param('fieldName', name)] })]);
  }
  return value;
}

// ─── offers ────────────────────────────────────────────────────────────────────────────────────

function offerFieldErrors(state: EbayState, body: Json, sku: string): EbayError[] {
  const errors: EbayError[] = [];
  const quantity = body.availableQuantity;
  if (quantity !== undefined && !(Number.isInteger(quantity) && (quantity as number) >= 0)) {
    errors.push(
      inv(25004, 'Invalid quantity. availableQuantity must be a whole number of zero or more.', { parameters: [param('sku', sku)] }),
    );
  }
  const price = asRecord(asRecord(body.pricingSummary)?.price);
  if (price && !isAmount(price)) errors.push(inv(25003, 'Invalid price. pricingSummary.price.value must be a positive decimal amount.'));
  void state;
  return errors;
}

function isAmount(amount: Json): boolean {
  const value = typeof amount.value === 'number' ? String(amount.value) : amount.value;
  return typeof value === 'string' && /^\d+(\.\d{1,2})?$/.test(value) && Number(value) > 0 && typeof amount.currency === 'string';
}

/** Stored amounts are strings, as eBay answers them. */
function normaliseOffer(body: Json): Json {
  const copy = structuredClone(body);
  const summary = asRecord(copy.pricingSummary);
  if (summary) {
    for (const [key, value] of Object.entries(summary)) {
      const amount = asRecord(value);
      if (amount && typeof amount.value === 'number') summary[key] = { ...amount, value: String(amount.value) };
    }
  }
  return copy;
}

function createOffer(state: EbayState, body: Json): { offer: StoredOffer } | { errors: EbayError[] } {
  const errors: EbayError[] = [];
  const sku = typeof body.sku === 'string' ? body.sku : '';
  const marketplaceId = typeof body.marketplaceId === 'string' ? body.marketplaceId : '';
  const format = body.format;
  if (!sku) errors.push(inv(25017, 'sku is missing.', { parameters: [param('fieldName', 'sku')] }));
  if (!marketplaceId) errors.push(inv(25017, 'marketplaceId is missing.', { parameters: [param('fieldName', 'marketplaceId')] }));
  else if (!MARKETPLACES.includes(marketplaceId))
    errors.push(inv(25709, 'Invalid value for marketplaceId.', { parameters: [param('fieldName', 'marketplaceId')] }));
  if (format === undefined) errors.push(inv(25017, 'format is missing.', { parameters: [param('fieldName', 'format')] }));
  else if (format !== 'FIXED_PRICE' && format !== 'AUCTION') errors.push(ebayError(2004, 'ACCESS', 'Could not serialize field [format]'));
  if (errors.length > 0) return { errors };
  if (!state.items.has(sku))
    return { errors: [inv(25702, `SKU ${sku} is not available in the system.`, { parameters: [param('sku', sku)] })] };
  const existing = [...state.offers.values()].find((o) => o.sku === sku && o.marketplaceId === marketplaceId && o.format === format);
  if (existing) {
    return { errors: [inv(25002, 'Offer entity already exists.', { parameters: [param('offerId', existing.offerId)] })] };
  }
  if (format === 'AUCTION' && groupKeysOf(state, sku).length > 0) {
    return { errors: [inv(25756, 'Auction format is not permitted with a SKU that is part of an InventoryItemGroup.')] };
  }
  const fieldErrors = offerFieldErrors(state, body, sku);
  if (fieldErrors.length > 0) return { errors: fieldErrors };
  const { sku: _s, marketplaceId: _m, format: _f, offerId: _o, status: _st, listing: _l, ...fields } = body;
  const offer: StoredOffer = {
    offerId: String(state.seq.offer.next()),
    sku,
    marketplaceId,
    format: format as StoredOffer['format'],
    body: normaliseOffer(fields),
    status: 'UNPUBLISHED',
    listing: null,
    groupKey: null,
    revisions: new Map(),
  };
  state.offers.set(offer.offerId, offer);
  return { offer };
}

export function offerView(offer: StoredOffer): Json {
  return {
    offerId: offer.offerId,
    sku: offer.sku,
    marketplaceId: offer.marketplaceId,
    format: offer.format,
    ...structuredClone(offer.body),
    status: offer.status,
    ...(offer.listing ? { listing: { ...offer.listing } } : {}),
  };
}

function policyErrors(state: EbayState, offer: StoredOffer): EbayError[] {
  const policies = asRecord(offer.body.listingPolicies) ?? {};
  const checks: [string, Map<string, Json & { marketplaceId: string }>, number, string][] = [
    [
      'fulfillmentPolicyId',
      state.fulfillmentPolicies,
      25007,
      'Please add at least one valid shipping service option to your listing (fulfillment policy).',
    ],
    ['paymentPolicyId', state.paymentPolicies, 25008, 'Please add a valid payment policy to your listing.'],
    ['returnPolicyId', state.returnPolicies, 25009, 'Please add a valid return policy to your listing.'],
  ];
  const errors: EbayError[] = [];
  for (const [field, map, errorId, message] of checks) {
    const id = policies[field];
    if (typeof id !== 'string' || id === '') {
      errors.push(inv(errorId, message, { parameters: [param('fieldName', `listingPolicies.${field}`)] }));
      continue;
    }
    const policy = map.get(id);
    if (!policy || policy.marketplaceId !== offer.marketplaceId) {
      errors.push(
        inv(25035, `The ${field} ${id} was not found for marketplace ${offer.marketplaceId}.`, { parameters: [param(field, id)] }),
      );
    }
  }
  return errors;
}

/** The checks publishOffer runs, each with its reference errorId. */
export function publishErrors(state: EbayState, offer: StoredOffer, group: Json | null): EbayError[] {
  const item = state.items.get(offer.sku);
  if (!item) return [inv(25702, `SKU ${offer.sku} is not available in the system.`, { parameters: [param('sku', offer.sku)] })];
  const errors: EbayError[] = [];
  const product = asRecord(item.body.product) ?? {};
  const missing = (field: string) => inv(25017, `${field} is missing.`, { parameters: [param('fieldName', field)] });
  const title = group?.title ?? product.title;
  if (typeof title !== 'string' || title.trim() === '') errors.push(missing('title'));
  const description = offer.body.listingDescription ?? group?.description ?? product.description;
  if (typeof description !== 'string' || description.trim() === '') errors.push(missing('description'));
  const images = [...(asArray(group?.imageUrls) ?? []), ...(asArray(product.imageUrls) ?? [])];
  if (images.length === 0) errors.push(missing('imageUrls'));
  else if (images.some((u) => typeof u !== 'string' || !u.startsWith('https://'))) {
    errors.push(inv(25015, 'Invalid picture URL. Picture URLs must use HTTPS.', { parameters: [param('fieldName', 'imageUrls')] }));
  }
  if (typeof item.body.condition !== 'string') errors.push(missing('condition'));
  const quantity = offerQuantity(offer, state);
  if (quantity < 1 || (offer.format === 'AUCTION' && quantity !== 1)) {
    errors.push(
      inv(25004, 'Invalid quantity. The quantity must be at least 1 (exactly 1 for auctions).', { parameters: [param('sku', offer.sku)] }),
    );
  }
  const summary = asRecord(offer.body.pricingSummary) ?? {};
  const price = asRecord(offer.format === 'AUCTION' ? summary.auctionStartPrice : summary.price);
  if (!price || !isAmount(price)) errors.push(inv(25003, 'Invalid price. Please enter a valid price for the listing.'));
  if (typeof offer.body.categoryId !== 'string' || !/^\d+$/.test(offer.body.categoryId)) {
    errors.push(
      inv(25005, 'Invalid category ID. Please enter a valid leaf category ID.', { parameters: [param('fieldName', 'categoryId')] }),
    );
  }
  errors.push(...policyErrors(state, offer));
  const key = offer.body.merchantLocationKey;
  const location = typeof key === 'string' ? state.locations.get(key) : undefined;
  if (location?.status !== 'ENABLED') {
    errors.push(
      inv(25012, 'Invalid inventory location. Please provide a valid, enabled merchantLocationKey.', {
        parameters: [param('fieldName', 'merchantLocationKey')],
      }),
    );
  }
  return errors;
}

function publish(state: EbayState, offer: StoredOffer): { listingId: string } | { errors: EbayError[] } {
  const errors = publishErrors(state, offer, null);
  if (errors.length > 0) return { errors };
  if (offer.status === 'PUBLISHED' && offer.listing) {
    // Publishing again revises the live listing.
    if (revisionsToday(state, offer) >= REVISIONS_PER_DAY) return { errors: [revisionCapError(offer)] };
    countRevision(state, offer);
    return { listingId: offer.listing.listingId };
  }
  offer.status = 'PUBLISHED';
  offer.listing = { listingId: String(state.seq.listing.next()), listingStatus: 'ACTIVE', soldQuantity: 0, listingOnHold: false };
  refreshListingStatus(state, offer);
  return { listingId: offer.listing.listingId };
}

function withdraw(offer: StoredOffer): string | null {
  if (offer.status !== 'PUBLISHED' || !offer.listing) return null;
  const listingId = offer.listing.listingId;
  offer.status = 'UNPUBLISHED';
  offer.listing = { ...offer.listing, listingStatus: 'ENDED' };
  return listingId;
}

// ─── routes ────────────────────────────────────────────────────────────────────────────────────

export function inventoryRoutes(router: Router, state: EbayState, baseUrl: () => string): void {
  const write = { api: 'inventory' as const, kind: 'user' as const, scopes: [SCOPES.inventory] };
  const read = { api: 'inventory' as const, kind: 'user' as const, scopes: [SCOPES.inventory, SCOPES.inventoryReadonly] };
  const notFoundOffer = (offerId: string) =>
    ebayErrors(404, [inv(25713, 'This Offer is not available.', { parameters: [param('offerId', offerId)] })]);

  router.put(
    `${BASE}/inventory_item/:sku`,
    protect(state, write, (req) => {
      const locale = contentLanguage(req);
      if (typeof locale !== 'string') return locale;
      const parsed = readBody(req);
      if (!parsed.ok) return parsed.response;
      const errors = replaceItem(state, req.params.sku ?? '', locale.replace('-', '_'), parsed.body);
      return errors.length > 0 ? ebayErrors(400, errors) : noContent({ 'content-language': locale });
    }),
  );

  router.get(
    `${BASE}/inventory_item/:sku`,
    protect(state, read, (req) => {
      const item = state.items.get(req.params.sku ?? '');
      if (!item)
        return ebayErrors(404, [
          inv(25702, `SKU ${req.params.sku} is not available in the system.`, { parameters: [param('sku', req.params.sku ?? '')] }),
        ]);
      return json(200, itemView(state, item));
    }),
  );

  router.delete(
    `${BASE}/inventory_item/:sku`,
    protect(state, write, (req) => {
      const sku = req.params.sku ?? '';
      if (!state.items.has(sku))
        return ebayErrors(404, [inv(25702, `SKU ${sku} is not available in the system.`, { parameters: [param('sku', sku)] })]);
      deleteItem(state, sku);
      return noContent();
    }),
  );

  router.get(
    `${BASE}/inventory_item`,
    protect(state, read, (req) => {
      const limit = intParam(req, 'limit', 25, 1, 200);
      if (typeof limit !== 'number') return limit;
      const offset = intParam(req, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
      if (typeof offset !== 'number') return offset;
      // The spec describes offset as a 0-based page number for this call.
      const items = [...state.items.values()].sort((a, b) => a.sku.localeCompare(b.sku));
      const slice = items.slice(offset * limit, offset * limit + limit);
      return json(200, {
        ...page(`${baseUrl()}${BASE}/inventory_item`, limit, offset, items.length, true),
        size: slice.length,
        inventoryItems: slice.map((i) => itemView(state, i)),
      });
    }),
  );

  // Bulk calls: at most 25 elements, one result per element, 207 when any element failed.
  const bulk = (
    req: SimRequest,
    each: (element: Json, index: number) => Json & { statusCode: number },
    field = 'requests',
  ): SimResponse => {
    const parsed = readBody(req);
    if (!parsed.ok) return parsed.response;
    const elements = asArray(parsed.body[field]);
    if (!elements || elements.length === 0 || elements.length > BULK_CAP) {
      return ebayErrors(400, [
        inv(25709, `Invalid value for ${field}. The number of ${field} must be between 1 and ${BULK_CAP}.`, {
          parameters: [param('fieldName', field)],
        }),
      ]);
    }
    const responses = elements.map((element, index) => each(asRecord(element) ?? {}, index));
    const mixed = responses.some((r) => r.statusCode >= 300);
    return json(mixed ? 207 : 200, { responses });
  };
  const result = (statusCode: number, errors: EbayError[], extra: Json): Json & { statusCode: number } => ({
    statusCode,
    ...extra,
    ...(errors.length > 0 ? { errors } : {}),
    warnings: [],
  });

  router.post(
    `${BASE}/bulk_create_or_replace_inventory_item`,
    protect(state, write, (req) => {
      const language = contentLanguage(req);
      if (typeof language !== 'string') return language;
      return bulk(req, (element) => {
        const sku = typeof element.sku === 'string' ? element.sku : '';
        const locale = typeof element.locale === 'string' ? element.locale : language.replace('-', '_');
        const errors = replaceItem(state, sku, locale, element);
        return result(errors.length > 0 ? 400 : 200, errors, { sku, locale });
      });
    }),
  );

  router.post(
    `${BASE}/bulk_get_inventory_item`,
    protect(state, read, (req) =>
      bulk(req, (element) => {
        const sku = typeof element.sku === 'string' ? element.sku : '';
        const item = state.items.get(sku);
        if (!item)
          return result(404, [inv(25702, `SKU ${sku} is not available in the system.`, { parameters: [param('sku', sku)] })], { sku });
        return result(200, [], { sku, inventoryItem: itemView(state, item) });
      }),
    ),
  );

  router.post(
    `${BASE}/bulk_update_price_quantity`,
    protect(state, write, (req) => {
      const parsed = readBody(req);
      if (!parsed.ok) return parsed.response;
      const requests = asArray(parsed.body.requests);
      if (!requests || requests.length === 0 || requests.length > BULK_CAP) {
        return ebayErrors(400, [
          inv(25709, `Invalid value for requests. The number of requests must be between 1 and ${BULK_CAP}.`, {
            parameters: [param('fieldName', 'requests')],
          }),
        ]);
      }
      const responses: (Json & { statusCode: number })[] = [];
      for (const raw of requests) {
        const request = asRecord(raw) ?? {};
        const sku = typeof request.sku === 'string' ? request.sku : '';
        const item = state.items.get(sku);
        if (!item) {
          responses.push(
            result(404, [inv(25702, `SKU ${sku} is not available in the system.`, { parameters: [param('sku', sku)] })], { sku }),
          );
          continue;
        }
        const ship = asRecord(request.shipToLocationAvailability);
        const offers = (asArray(request.offers) ?? []).map((o) => asRecord(o) ?? {});
        if (ship && ship.quantity !== undefined) {
          if (!(Number.isInteger(ship.quantity) && (ship.quantity as number) >= 0)) {
            responses.push(result(400, [inv(25004, 'Invalid quantity.', { parameters: [param('sku', sku)] })], { sku }));
            continue;
          }
          const availability = asRecord(item.body.availability) ?? {};
          item.body.availability = {
            ...availability,
            shipToLocationAvailability: { ...asRecord(availability.shipToLocationAvailability), quantity: ship.quantity },
          };
          if (offers.length === 0) responses.push(result(200, [], { sku }));
        }
        for (const change of offers) {
          const offerId = typeof change.offerId === 'string' ? change.offerId : '';
          const offer = state.offers.get(offerId);
          if (!offer || offer.sku !== sku) {
            responses.push(
              result(404, [inv(25713, 'This Offer is not available.', { parameters: [param('offerId', offerId)] })], { sku, offerId }),
            );
            continue;
          }
          if (offer.status !== 'PUBLISHED') {
            responses.push(
              result(
                400,
                [
                  inv(25713, 'This Offer is not published; use updateOffer for unpublished offers.', {
                    parameters: [param('offerId', offerId)],
                  }),
                ],
                {
                  sku,
                  offerId,
                },
              ),
            );
            continue;
          }
          if (revisionsToday(state, offer) >= REVISIONS_PER_DAY) {
            responses.push(result(400, [revisionCapError(offer)], { sku, offerId }));
            continue;
          }
          const errors = offerFieldErrors(
            state,
            { availableQuantity: change.availableQuantity, pricingSummary: { price: change.price } },
            sku,
          );
          if (change.price !== undefined && !asRecord(change.price)) errors.push(inv(25003, 'Invalid price.'));
          if (errors.length > 0) {
            responses.push(result(400, errors, { sku, offerId }));
            continue;
          }
          if (change.availableQuantity !== undefined) offer.body.availableQuantity = change.availableQuantity;
          const price = asRecord(change.price);
          if (price) {
            const summary = asRecord(offer.body.pricingSummary) ?? {};
            offer.body.pricingSummary = normaliseOffer({ pricingSummary: { ...summary, price } }).pricingSummary;
          }
          countRevision(state, offer);
          refreshListingStatus(state, offer);
          responses.push(result(200, [], { sku, offerId }));
        }
        if (!ship && offers.length === 0) responses.push(result(200, [], { sku }));
      }
      return json(responses.some((r) => r.statusCode >= 300) ? 207 : 200, { responses });
    }),
  );

  router.post(
    `${BASE}/bulk_create_offer`,
    protect(state, write, (req) => {
      const language = contentLanguage(req);
      if (typeof language !== 'string') return language;
      return bulk(req, (element) => {
        const created = createOffer(state, element);
        const echo = { sku: element.sku, marketplaceId: element.marketplaceId, format: element.format };
        if ('errors' in created) return result(statusFor(created.errors), created.errors, echo);
        return result(200, [], { offerId: created.offer.offerId, ...echo });
      });
    }),
  );

  router.post(
    `${BASE}/bulk_publish_offer`,
    protect(state, write, (req) =>
      bulk(req, (element) => {
        const offerId = typeof element.offerId === 'string' ? element.offerId : '';
        const offer = state.offers.get(offerId);
        if (!offer)
          return result(404, [inv(25713, 'This Offer is not available.', { parameters: [param('offerId', offerId)] })], { offerId });
        const published = publish(state, offer);
        if ('errors' in published) return result(400, published.errors, { offerId });
        return result(200, [], { offerId, listingId: published.listingId });
      }),
    ),
  );

  // Item groups (multi-variation listings).
  router.put(
    `${BASE}/inventory_item_group/:key`,
    protect(state, write, (req) => {
      const language = contentLanguage(req);
      if (typeof language !== 'string') return language;
      const parsed = readBody(req);
      if (!parsed.ok) return parsed.response;
      const key = req.params.key ?? '';
      if (key.length > 50)
        return ebayErrors(400, [
          inv(25709, 'Invalid value for inventoryItemGroupKey.', { parameters: [param('fieldName', 'inventoryItemGroupKey')] }),
        ]);
      const skus = asArray(parsed.body.variantSKUs);
      if (!skus || skus.length === 0 || skus.some((s) => typeof s !== 'string')) {
        return ebayErrors(400, [inv(25017, 'variantSKUs is missing.', { parameters: [param('fieldName', 'variantSKUs')] })]);
      }
      const unknown = skus.filter((s) => !state.items.has(s as string));
      if (unknown.length > 0) {
        return ebayErrors(
          400,
          unknown.map((s) => inv(25702, `SKU ${s} is not available in the system.`, { parameters: [param('sku', String(s))] })),
        );
      }
      const previous = state.groups.get(key);
      const removed = (asArray(previous?.body.variantSKUs) ?? []).filter((s) => !skus.includes(s));
      const sold = removed.filter((s) => [...state.offers.values()].some((o) => o.sku === s && (o.listing?.soldQuantity ?? 0) > 0));
      if (sold.length > 0) {
        return ebayErrors(400, [
          inv(25019, `The variation ${String(sold[0])} has sales and cannot be removed; set its quantity to 0 instead.`, {
            parameters: [param('sku', String(sold[0]))],
          }),
        ]);
      }
      const { inventoryItemGroupKey: _k, ...fields } = parsed.body;
      state.groups.set(key, { key, body: structuredClone(fields) });
      for (const offer of state.offers.values()) if (skus.includes(offer.sku)) offer.groupKey = key;
      return noContent();
    }),
  );

  router.get(
    `${BASE}/inventory_item_group/:key`,
    protect(state, read, (req) => {
      const group = state.groups.get(req.params.key ?? '');
      if (!group)
        return ebayErrors(404, [
          inv(25710, 'The inventory item group was not found.', { parameters: [param('inventoryItemGroupKey', req.params.key ?? '')] }),
        ]);
      return json(200, { inventoryItemGroupKey: group.key, ...structuredClone(group.body) });
    }),
  );

  router.delete(
    `${BASE}/inventory_item_group/:key`,
    protect(state, write, (req) => {
      const key = req.params.key ?? '';
      if (!state.groups.delete(key))
        return ebayErrors(404, [
          inv(25710, 'The inventory item group was not found.', { parameters: [param('inventoryItemGroupKey', key)] }),
        ]);
      for (const offer of state.offers.values()) if (offer.groupKey === key) offer.groupKey = null;
      return noContent();
    }),
  );

  // Offers.
  router.post(
    `${BASE}/offer`,
    protect(state, write, (req) => {
      const language = contentLanguage(req);
      if (typeof language !== 'string') return language;
      const parsed = readBody(req);
      if (!parsed.ok) return parsed.response;
      const created = createOffer(state, parsed.body);
      if ('errors' in created) return ebayErrors(400, created.errors);
      return json(201, { offerId: created.offer.offerId, warnings: [] });
    }),
  );

  router.get(
    `${BASE}/offer`,
    protect(state, read, (req) => {
      const sku = req.query.get('sku');
      if (!sku) return ebayErrors(400, [inv(25709, 'Invalid value for sku.', { parameters: [param('fieldName', 'sku')] })]);
      const limit = intParam(req, 'limit', 100, 1, 200);
      if (typeof limit !== 'number') return limit;
      const offset = intParam(req, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
      if (typeof offset !== 'number') return offset;
      const marketplace = req.query.get('marketplace_id');
      const format = req.query.get('format');
      const offers = [...state.offers.values()].filter(
        (o) => o.sku === sku && (!marketplace || o.marketplaceId === marketplace) && (!format || o.format === format),
      );
      if (offers.length === 0) return notFoundOffer(sku);
      const slice = offers.slice(offset, offset + limit);
      const base = `${baseUrl()}${BASE}/offer?sku=${encodeURIComponent(sku)}`;
      return json(200, { ...page(base, limit, offset, offers.length, false), size: slice.length, offers: slice.map(offerView) });
    }),
  );

  router.get(
    `${BASE}/offer/:offerId`,
    protect(state, read, (req) => {
      const offer = state.offers.get(req.params.offerId ?? '');
      return offer ? json(200, offerView(offer)) : notFoundOffer(req.params.offerId ?? '');
    }),
  );

  router.put(
    `${BASE}/offer/:offerId`,
    protect(state, write, (req) => {
      const language = contentLanguage(req);
      if (typeof language !== 'string') return language;
      const offer = state.offers.get(req.params.offerId ?? '');
      if (!offer) return notFoundOffer(req.params.offerId ?? '');
      const parsed = readBody(req);
      if (!parsed.ok) return parsed.response;
      const errors = offerFieldErrors(state, parsed.body, offer.sku);
      if (errors.length > 0) return ebayErrors(400, errors);
      const { sku: _s, marketplaceId: _m, format: _f, offerId: _o, status: _st, listing: _l, ...fields } = parsed.body;
      if (offer.status === 'PUBLISHED') {
        if (revisionsToday(state, offer) >= REVISIONS_PER_DAY) return ebayErrors(400, [revisionCapError(offer)]);
        // A revision must still satisfy every publish rule.
        const candidate: StoredOffer = { ...offer, body: normaliseOffer(fields) };
        const problems = publishErrors(state, candidate, offer.groupKey ? (state.groups.get(offer.groupKey)?.body ?? null) : null);
        if (problems.length > 0) return ebayErrors(400, problems);
        countRevision(state, offer);
      }
      offer.body = normaliseOffer(fields);
      refreshListingStatus(state, offer);
      return noContent();
    }),
  );

  router.delete(
    `${BASE}/offer/:offerId`,
    protect(state, write, (req) => {
      const offer = state.offers.get(req.params.offerId ?? '');
      if (!offer) return notFoundOffer(req.params.offerId ?? '');
      withdraw(offer);
      state.offers.delete(offer.offerId);
      return noContent();
    }),
  );

  router.post(
    `${BASE}/offer/publish_by_inventory_item_group`,
    protect(state, write, (req) => {
      const parsed = readBody(req);
      if (!parsed.ok) return parsed.response;
      const key = typeof parsed.body.inventoryItemGroupKey === 'string' ? parsed.body.inventoryItemGroupKey : '';
      const marketplaceId = typeof parsed.body.marketplaceId === 'string' ? parsed.body.marketplaceId : '';
      const group = state.groups.get(key);
      if (!group)
        return ebayErrors(400, [
          inv(25710, 'The inventory item group was not found.', { parameters: [param('inventoryItemGroupKey', key)] }),
        ]);
      const errors: EbayError[] = [];
      if (!asRecord(group.body.variesBy)) errors.push(inv(25017, 'variesBy is missing.', { parameters: [param('fieldName', 'variesBy')] }));
      const skus = (asArray(group.body.variantSKUs) ?? []) as string[];
      const offers: StoredOffer[] = [];
      for (const sku of skus) {
        const offer = [...state.offers.values()].find((o) => o.sku === sku && o.marketplaceId === marketplaceId);
        if (!offer) {
          errors.push(inv(25713, `No offer exists for SKU ${sku} on ${marketplaceId}.`, { parameters: [param('sku', sku)] }));
          continue;
        }
        if (offer.format === 'AUCTION')
          errors.push(inv(25756, 'Auction format is not permitted with a SKU that is part of an InventoryItemGroup.'));
        errors.push(...publishErrors(state, offer, group.body));
        offers.push(offer);
      }
      if (errors.length > 0) return ebayErrors(400, errors);
      const existing = offers.find((o) => o.status === 'PUBLISHED' && o.listing)?.listing?.listingId;
      const listingId = existing ?? String(state.seq.listing.next());
      for (const offer of offers) {
        offer.groupKey = key;
        if (offer.status === 'PUBLISHED' && offer.listing?.listingId === listingId) {
          countRevision(state, offer);
          continue;
        }
        offer.status = 'PUBLISHED';
        offer.listing = { listingId, listingStatus: 'ACTIVE', soldQuantity: 0, listingOnHold: false };
        refreshListingStatus(state, offer);
      }
      return json(200, { listingId, warnings: [] });
    }),
  );

  router.post(
    `${BASE}/offer/withdraw_by_inventory_item_group`,
    protect(state, write, (req) => {
      const parsed = readBody(req);
      if (!parsed.ok) return parsed.response;
      const key = typeof parsed.body.inventoryItemGroupKey === 'string' ? parsed.body.inventoryItemGroupKey : '';
      if (!state.groups.has(key))
        return ebayErrors(400, [
          inv(25710, 'The inventory item group was not found.', { parameters: [param('inventoryItemGroupKey', key)] }),
        ]);
      for (const offer of state.offers.values())
        if (offer.groupKey === key && offer.marketplaceId === parsed.body.marketplaceId) withdraw(offer);
      return noContent();
    }),
  );

  router.post(
    `${BASE}/offer/:offerId/publish`,
    protect(state, write, (req) => {
      const offer = state.offers.get(req.params.offerId ?? '');
      if (!offer) return notFoundOffer(req.params.offerId ?? '');
      const published = publish(state, offer);
      if ('errors' in published) return ebayErrors(400, published.errors);
      return json(200, { listingId: published.listingId, warnings: [] });
    }),
  );

  router.post(
    `${BASE}/offer/:offerId/withdraw`,
    protect(state, write, (req) => {
      const offer = state.offers.get(req.params.offerId ?? '');
      if (!offer) return notFoundOffer(req.params.offerId ?? '');
      const listingId = withdraw(offer);
      if (!listingId)
        return ebayErrors(400, [inv(25713, 'This Offer is not published.', { parameters: [param('offerId', offer.offerId)] })]);
      return json(200, { listingId, warnings: [] });
    }),
  );

  // Inventory locations.
  const location404 = (key: string) =>
    ebayErrors(404, [inv(25804, 'The merchantLocationKey was not found.', { parameters: [param('merchantLocationKey', key)] })]);
  router.post(
    `${BASE}/location/:key`,
    protect(state, write, (req) => {
      const key = req.params.key ?? '';
      const parsed = readBody(req);
      if (!parsed.ok) return parsed.response;
      if (key.length === 0 || key.length > 36)
        return ebayErrors(400, [
          inv(25709, 'Invalid value for merchantLocationKey.', { parameters: [param('fieldName', 'merchantLocationKey')] }),
        ]);
      if (state.locations.has(key))
        return ebayErrors(409, [
          inv(25803, 'The merchantLocationKey already exists.', { parameters: [param('merchantLocationKey', key)] }),
        ]);
      const address = asRecord(asRecord(parsed.body.location)?.address);
      const country = address?.country;
      const placed = (address?.city && address?.stateOrProvince) || address?.postalCode;
      if (!address || typeof country !== 'string' || country.length !== 2 || !placed) {
        return ebayErrors(400, [
          inv(25802, 'Invalid location address: a warehouse needs a 2-letter country and either city and state or a postal code.', {
            parameters: [param('fieldName', 'location.address')],
          }),
        ]);
      }
      state.locations.set(key, {
        key,
        body: { locationTypes: ['WAREHOUSE'], ...structuredClone(parsed.body) },
        status: parsed.body.merchantLocationStatus === 'DISABLED' ? 'DISABLED' : 'ENABLED',
      });
      return noContent();
    }),
  );
  const locationView = (key: string): Json => {
    const location = state.locations.get(key);
    return { merchantLocationKey: key, ...structuredClone(location?.body ?? {}), merchantLocationStatus: location?.status };
  };
  router.get(
    `${BASE}/location/:key`,
    protect(state, read, (req) =>
      state.locations.has(req.params.key ?? '') ? json(200, locationView(req.params.key ?? '')) : location404(req.params.key ?? ''),
    ),
  );
  router.get(
    `${BASE}/location`,
    protect(state, read, (req) => {
      const limit = intParam(req, 'limit', 100, 1, 100);
      if (typeof limit !== 'number') return limit;
      const offset = intParam(req, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
      if (typeof offset !== 'number') return offset;
      const keys = [...state.locations.keys()].sort();
      return json(200, {
        ...page(`${baseUrl()}${BASE}/location`, limit, offset, keys.length, false),
        offset,
        locations: keys.slice(offset, offset + limit).map(locationView),
      });
    }),
  );
  router.post(
    `${BASE}/location/:key/update_location_details`,
    protect(state, write, (req) => {
      const location = state.locations.get(req.params.key ?? '');
      if (!location) return location404(req.params.key ?? '');
      const parsed = readBody(req);
      if (!parsed.ok) return parsed.response;
      location.body = { ...location.body, ...structuredClone(parsed.body) };
      return noContent();
    }),
  );
  for (const [action, status] of [
    ['enable', 'ENABLED'],
    ['disable', 'DISABLED'],
  ] as const) {
    router.post(
      `${BASE}/location/:key/${action}`,
      protect(state, write, (req) => {
        const location = state.locations.get(req.params.key ?? '');
        if (!location) return location404(req.params.key ?? '');
        location.status = status;
        return json(200, {});
      }),
    );
  }
  router.delete(
    `${BASE}/location/:key`,
    protect(state, write, (req) => (state.locations.delete(req.params.key ?? '') ? noContent() : location404(req.params.key ?? ''))),
  );
}

/** Seeding and tests reuse the API's own rules. */
export const inventoryRules = { replaceItem, createOffer, publish, withdraw };
