import { asArray, asRecord, json, parseJson, type SimResponse } from '../kit/http.ts';
import type { Router } from '../kit/router.ts';
import { ControlError } from '../kit/server.ts';
import { type EbayError, ebayError, ebayErrors, invalidRequestResponse, param } from './ebay-errors.ts';
import { refreshListingStatus } from './ebay-inventory.ts';
import { protect } from './ebay-oauth.ts';
import {
  type EbayOrder,
  type EbayState,
  itemQuantity,
  type Json,
  offerQuantity,
  SCOPES,
  type ShippingFulfillment,
  type StoredOffer,
  setItemQuantity,
} from './ebay-state.ts';

const BASE = '/sell/fulfillment/v1';
const DAY = 86_400_000;
const ful = (errorId: number, message: string, extra: Partial<EbayError> = {}) => ebayError(errorId, 'API_FULFILLMENT', message, extra);

type DateRange = { start: number; end: number | null };
type OrderFilter = { creation: DateRange | null; modified: DateRange | null; statuses: string[] | null };

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** Splits `a:[x..y],b:{P|Q}` on the commas outside brackets and braces. */
function splitCriteria(filter: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of filter) {
    if (ch === '[' || ch === '{') depth++;
    if (ch === ']' || ch === '}') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  if (current !== '') parts.push(current);
  return parts.map((p) => p.trim()).filter(Boolean);
}

function parseRange(name: string, value: string, now: number): DateRange | EbayError {
  const match = /^\[([^\]]*)\.\.([^\]]*)\]$/.exec(value);
  if (!match) return ful(30800, `Invalid filter value ${value} for ${name}.`, { parameters: [param('filter', name)] });
  const [, startText = '', endText = ''] = match;
  if (startText === '') return ful(30820, `The start date is missing from the ${name} filter.`, { parameters: [param('filter', name)] });
  if (!ISO.test(startText) || (endText !== '' && !ISO.test(endText))) {
    return ful(30810, `Invalid date format in the ${name} filter; use UTC ISO 8601 such as 2024-01-01T00:00:00.000Z.`, {
      parameters: [param('filter', name)],
    });
  }
  const start = Date.parse(startText);
  const end = endText === '' ? null : Date.parse(endText);
  if (end !== null && start > end)
    return ful(30840, `The start date is after the end date in the ${name} filter.`, { parameters: [param('filter', name)] });
  if (start > now || (end !== null && end > now + 60_000))
    return ful(30850, `The ${name} filter may not use future dates.`, { parameters: [param('filter', name)] });
  if (now - start > 2 * 365 * DAY)
    return ful(30830, `The ${name} range may not reach back more than two years.`, { parameters: [param('filter', name)] });
  return { start, end };
}

export function parseOrderFilter(raw: string | null, now: number): OrderFilter | EbayError {
  const filter: OrderFilter = { creation: null, modified: null, statuses: null };
  if (!raw) return filter;
  for (const criterion of splitCriteria(raw)) {
    const colon = criterion.indexOf(':');
    const name = colon < 0 ? criterion : criterion.slice(0, colon);
    const value = colon < 0 ? '' : criterion.slice(colon + 1);
    if (name === 'creationdate' || name === 'lastmodifieddate') {
      const range = parseRange(name, value, now);
      if ('errorId' in range) return range;
      if (name === 'creationdate') filter.creation = range;
      else filter.modified = range;
    } else if (name === 'orderfulfillmentstatus') {
      const match = /^\{([A-Z_|]+)\}$/.exec(value);
      const set = match?.[1]?.split('|').sort().join('|');
      if (set !== 'IN_PROGRESS|NOT_STARTED' && set !== 'FULFILLED|IN_PROGRESS') {
        return ful(
          30800,
          `Invalid filter value ${value} for orderfulfillmentstatus; use {NOT_STARTED|IN_PROGRESS} or {FULFILLED|IN_PROGRESS}.`,
          {
            parameters: [param('filter', name)],
          },
        );
      }
      filter.statuses = set.split('|');
    } else {
      return ful(30700, `Invalid filter name: ${name}.`, { parameters: [param('filter', name)] });
    }
  }
  return filter;
}

function inRange(ms: number, range: DateRange): boolean {
  return ms >= range.start && (range.end === null || ms <= range.end);
}

function orderView(state: EbayState, order: EbayOrder, single: boolean): Json {
  const view = structuredClone(order) as Json;
  const fulfillments = state.shippingFulfillments.get(order.orderId) ?? [];
  view.fulfillmentHrefs = fulfillments.map((f) => `${BASE}/order/${order.orderId}/shipping_fulfillment/${f.fulfillmentId}`);
  // getOrders leaves cancel requests empty; getOrder fills them (reference §1.5).
  if (!single) view.cancelStatus = { ...(asRecord(view.cancelStatus) ?? {}), cancelRequests: [] };
  return view;
}

export function fulfillmentRoutes(
  router: Router,
  state: EbayState,
  baseUrl: () => string,
  notify: (topic: string, data: Json) => void,
): void {
  const read = { api: 'fulfillment' as const, kind: 'user' as const, scopes: [SCOPES.fulfillment, SCOPES.fulfillmentReadonly] };
  const write = { api: 'fulfillment' as const, kind: 'user' as const, scopes: [SCOPES.fulfillment] };
  const orderNotFound = (id: string) => ebayErrors(404, [ful(32100, `Invalid order ID: ${id}`, { parameters: [param('orderId', id)] })]);

  router.get(
    `${BASE}/order`,
    protect(state, read, (req) => {
      const now = state.clock.now();
      const limitText = req.query.get('limit');
      const limit = limitText === null ? 50 : Number(limitText);
      if (!Number.isInteger(limit) || limit < 1 || limit > 200)
        return ebayErrors(400, [
          ful(31100, 'Invalid limit. Supported values are 1 to 200.', { parameters: [param('limit', String(limitText))] }),
        ]);
      const offsetText = req.query.get('offset');
      const offset = offsetText === null ? 0 : Number(offsetText);
      if (!Number.isInteger(offset) || offset < 0)
        return ebayErrors(400, [ful(31000, 'Invalid offset.', { parameters: [param('offset', String(offsetText))] })]);
      const all = [...state.orders.values()].sort(
        (a, b) => b.creationDate.localeCompare(a.creationDate) || b.orderId.localeCompare(a.orderId),
      );

      const idsText = req.query.get('orderIds');
      if (idsText !== null) {
        const ids = idsText
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        if (ids.length > 50)
          return ebayErrors(400, [
            ful(30900, 'Too many order IDs; the maximum is 50.', { parameters: [param('orderIds', String(ids.length))] }),
          ]);
        const orders = ids.map((id) => state.orders.get(id)).filter((o): o is EbayOrder => o !== undefined);
        return json(200, {
          href: req.url.pathname + req.url.search,
          total: orders.length,
          limit,
          offset: 0,
          orders: orders.map((o) => orderView(state, o, false)),
          warnings: [],
        });
      }

      const filter = parseOrderFilter(req.query.get('filter'), now);
      if ('errorId' in filter) return ebayErrors(400, [filter]);
      const range = filter.creation ?? filter.modified;
      const field = filter.creation ? 'creationDate' : 'lastModifiedDate';
      const defaultStart = now - 90 * DAY;
      const matching = all.filter((o) => {
        if (range ? !inRange(Date.parse(o[field] as string), range) : Date.parse(o.creationDate) < defaultStart) return false;
        return !filter.statuses || filter.statuses.includes(o.orderFulfillmentStatus);
      });
      const slice = matching.slice(offset, offset + limit);
      const href = (o: number) => {
        const query = new URLSearchParams(req.url.search);
        query.set('limit', String(limit));
        query.set('offset', String(o));
        return `${baseUrl()}${BASE}/order?${query}`;
      };
      return json(200, {
        href: href(offset),
        total: matching.length,
        limit,
        offset,
        ...(offset + limit < matching.length ? { next: href(offset + limit) } : {}),
        ...(offset > 0 ? { prev: href(Math.max(0, offset - limit)) } : {}),
        orders: slice.map((o) => orderView(state, o, false)),
        warnings: [],
      });
    }),
  );

  router.get(
    `${BASE}/order/:orderId`,
    protect(state, read, (req) => {
      const order = state.orders.get(req.params.orderId ?? '');
      return order ? json(200, orderView(state, order, true)) : orderNotFound(req.params.orderId ?? '');
    }),
  );

  router.post(
    `${BASE}/order/:orderId/shipping_fulfillment`,
    protect(state, write, (req) => {
      const order = state.orders.get(req.params.orderId ?? '');
      if (!order) return orderNotFound(req.params.orderId ?? '');
      const parsed = parseJson(req.text);
      const body = parsed.ok ? asRecord(parsed.value) : null;
      if (!body) return invalidRequestResponse();
      const requested = (asArray(body.lineItems) ?? []).map((l) => asRecord(l) ?? {});
      if (requested.length === 0)
        return ebayErrors(400, [ful(32200, 'lineItems is missing or empty.', { parameters: [param('fieldName', 'lineItems')] })]);
      const seen = new Set<string>();
      for (const line of requested) {
        const id = typeof line.lineItemId === 'string' ? line.lineItemId : '';
        if (!order.lineItems.some((l) => l.lineItemId === id))
          return ebayErrors(400, [ful(32200, `Invalid line item ID: ${id}`, { parameters: [param('lineItemId', id)] })]);
        if (seen.has(id)) return ebayErrors(400, [ful(32210, `Duplicate line item ID: ${id}`, { parameters: [param('lineItemId', id)] })]);
        seen.add(id);
      }
      const carrier = body.shippingCarrierCode;
      const tracking = body.trackingNumber;
      if (typeof carrier !== 'string' || carrier === '' || typeof tracking !== 'string' || !/^[A-Za-z0-9]{4,40}$/.test(tracking)) {
        return ebayErrors(400, [
          ful(32300, 'Invalid shipment tracking number or carrier.', { parameters: [param('trackingNumber', String(tracking))] }),
        ]);
      }
      const shippedDate = body.shippedDate === undefined ? state.clock.iso() : body.shippedDate;
      if (typeof shippedDate !== 'string' || !ISO.test(shippedDate) || Date.parse(shippedDate) > state.clock.now() + 60_000) {
        return ebayErrors(400, [ful(32500, 'Invalid shipped date.', { parameters: [param('shippedDate', String(shippedDate))] })]);
      }
      const existing = state.shippingFulfillments.get(order.orderId) ?? [];
      if (existing.some((f) => f.fulfillmentId === tracking)) {
        return ebayErrors(409, [ful(34500, 'A shipping fulfillment with this tracking number exists; use PUT to update it.')]);
      }
      const fulfillment: ShippingFulfillment = {
        fulfillmentId: tracking,
        shipmentTrackingNumber: tracking,
        shippingCarrierCode: carrier,
        shippedDate,
        lineItems: requested.map((l) => ({
          lineItemId: l.lineItemId as string,
          ...(typeof l.quantity === 'number' ? { quantity: l.quantity } : {}),
        })),
      };
      state.shippingFulfillments.set(order.orderId, [...existing, fulfillment]);
      for (const line of order.lineItems) {
        const shipped = [...existing, fulfillment]
          .flatMap((f) => f.lineItems)
          .filter((l) => l.lineItemId === line.lineItemId)
          .reduce((sum, l) => sum + (l.quantity ?? line.quantity), 0);
        if (shipped >= line.quantity) line.lineItemFulfillmentStatus = 'FULFILLED';
        else if (shipped > 0) line.lineItemFulfillmentStatus = 'IN_PROGRESS';
      }
      const done = order.lineItems.every((l) => l.lineItemFulfillmentStatus === 'FULFILLED');
      order.orderFulfillmentStatus = done ? 'FULFILLED' : 'IN_PROGRESS';
      order.lastModifiedDate = state.clock.iso();
      notify('ITEM_MARKED_SHIPPED', { orderId: order.orderId, fulfillmentId: fulfillment.fulfillmentId });
      const location = `${baseUrl()}${BASE}/order/${order.orderId}/shipping_fulfillment/${fulfillment.fulfillmentId}`;
      return json(201, {}, { location });
    }),
  );

  router.get(
    `${BASE}/order/:orderId/shipping_fulfillment`,
    protect(state, read, (req) => {
      const order = state.orders.get(req.params.orderId ?? '');
      if (!order) return orderNotFound(req.params.orderId ?? '');
      const fulfillments = state.shippingFulfillments.get(order.orderId) ?? [];
      return json(200, { fulfillments, total: fulfillments.length, warnings: [] });
    }),
  );

  router.get(
    `${BASE}/order/:orderId/shipping_fulfillment/:fulfillmentId`,
    protect(state, read, (req): SimResponse => {
      const fulfillment = (state.shippingFulfillments.get(req.params.orderId ?? '') ?? []).find(
        (f) => f.fulfillmentId === req.params.fulfillmentId,
      );
      return fulfillment
        ? json(200, fulfillment)
        : ebayErrors(404, [
            ful(32100, 'The shipping fulfillment was not found.', { parameters: [param('fulfillmentId', req.params.fulfillmentId ?? '')] }),
          ]);
    }),
  );
}

export type EbaySaleLine = { sku: string; quantity?: number };

export type EbaySale = {
  /** One line per SKU; `sku` + `quantity` is the one-line shortcut. */
  lines?: EbaySaleLine[];
  sku?: string;
  quantity?: number;
  buyerUsername?: string;
  marketplaceId?: string;
  /** Backdate the order (defaults to the simulator clock). */
  createdAt?: string;
  /** Send ORDER_CONFIRMATION to subscribed destinations (default true). */
  notify?: boolean;
};

function orderIdFor(n: number): string {
  return `${String(n % 100).padStart(2, '0')}-${String(n).padStart(5, '0').slice(-5)}-${String((n * 7919) % 100_000).padStart(5, '0')}`;
}

/** A buyer checks out: an order appears and the listing quantity goes down (the "sell" hook). */
export function sellOnEbay(state: EbayState, sale: EbaySale): EbayOrder {
  const lines = sale.lines ?? (sale.sku ? [{ sku: sale.sku, quantity: sale.quantity }] : []);
  if (lines.length === 0) throw new ControlError('sell needs `sku` or `lines`');
  const marketplaceId = sale.marketplaceId ?? 'EBAY_US';
  const picked: { offer: StoredOffer; quantity: number }[] = [];
  for (const line of lines) {
    const quantity = line.quantity ?? 1;
    const offer = [...state.offers.values()].find(
      (o) => o.sku === line.sku && o.marketplaceId === marketplaceId && o.status === 'PUBLISHED',
    );
    if (!offer) throw new ControlError(`no published offer for SKU ${line.sku} on ${marketplaceId}`);
    if (!Number.isInteger(quantity) || quantity < 1) throw new ControlError('quantity must be a positive integer');
    if (offerQuantity(offer, state) < quantity)
      throw new ControlError(`only ${offerQuantity(offer, state)} of ${line.sku} left on the listing`);
    picked.push({ offer, quantity });
  }
  const created = sale.createdAt ?? state.clock.iso();
  const n = state.seq.order.next();
  const lineItems = picked.map(({ offer, quantity }) => {
    const item = state.items.get(offer.sku);
    offer.body.availableQuantity = offerQuantity(offer, state) - quantity;
    if (item) setItemQuantity(item, Math.max(0, itemQuantity(item) - quantity));
    if (offer.listing) offer.listing.soldQuantity += quantity;
    refreshListingStatus(state, offer);
    const price = asRecord(asRecord(offer.body.pricingSummary)?.price) ?? { value: '0.00', currency: 'USD' };
    const unit = Number(price.value);
    const currency = String(price.currency ?? 'USD');
    const aspects = asRecord(asRecord(item?.body.product)?.aspects) ?? {};
    return {
      lineItemId: String(state.seq.lineItem.next()),
      legacyItemId: offer.listing?.listingId ?? '',
      ...(offer.groupKey ? { legacyVariationId: String(400_000_000_000 + (Number(offer.offerId) % 1_000_000)) } : {}),
      sku: offer.sku,
      title: String(asRecord(item?.body.product)?.title ?? offer.sku),
      quantity,
      lineItemCost: { value: (unit * quantity).toFixed(2), currency },
      total: { value: (unit * quantity).toFixed(2), currency },
      lineItemFulfillmentStatus: 'NOT_STARTED',
      listingMarketplaceId: marketplaceId,
      purchaseMarketplaceId: marketplaceId,
      soldFormat: offer.format,
      variationAspects: offer.groupKey
        ? Object.entries(aspects).map(([name, values]) => ({ name, value: String((values as unknown[])[0] ?? '') }))
        : [],
    };
  });
  const total = lineItems.reduce((sum, l) => sum + Number(l.total.value), 0).toFixed(2);
  const currency = lineItems[0]?.total.currency ?? 'USD';
  const orderId = orderIdFor(n);
  const order: EbayOrder = {
    orderId,
    legacyOrderId: `${lineItems[0]?.legacyItemId ?? ''}-${2_000_000_000 + n}`,
    creationDate: created,
    lastModifiedDate: created,
    orderFulfillmentStatus: 'NOT_STARTED',
    orderPaymentStatus: 'PAID',
    sellerId: state.credentials.sellerUsername,
    buyer: { username: sale.buyerUsername ?? `sim_buyer_${n}` },
    pricingSummary: {
      priceSubtotal: { value: total, currency },
      deliveryCost: { value: '0.00', currency },
      total: { value: total, currency },
    },
    cancelStatus: { cancelState: 'NONE_REQUESTED', cancelRequests: [] },
    fulfillmentStartInstructions: [
      {
        fulfillmentInstructionsType: 'SHIP_TO',
        shippingStep: {
          shipTo: {
            // ExtendedContact as the Fulfillment API returns it: name, address and phone (e-mail is masked).
            fullName: 'Sim Buyer',
            contactAddress: { addressLine1: '1 Test Way', city: 'San Jose', stateOrProvince: 'CA', postalCode: '95125', countryCode: 'US' },
            primaryPhone: { phoneNumber: '4085550100' },
          },
          shippingCarrierCode: 'USPS',
          shippingServiceCode: 'USPSPriority',
        },
      },
    ],
    salesRecordReference: String(n),
    lineItems,
  };
  state.orders.set(orderId, order);
  return order;
}
