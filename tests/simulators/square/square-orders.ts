import { asArray, asRecord, json } from '../kit/http.ts';
import type { Router } from '../kit/router.ts';
import { ControlError } from '../kit/server.ts';
import {
  decodeCursor,
  encodeCursor,
  guard,
  idempotent,
  invalid,
  queryFingerprint,
  type SquareError,
  type SquareRateLimit,
  sqErrors,
} from './square-http.ts';
import { applyChanges, planChanges } from './square-inventory.ts';
import { type Json, type SquareState, squareId } from './square-state.ts';

type Order = SquareState['orders'] extends Map<string, infer T> ? T : never;

const DATE_FIELDS = { created_at: 'CREATED_AT', updated_at: 'UPDATED_AT', closed_at: 'CLOSED_AT' } as const;

export type OrderEvents = { orderCreated(order: Order): void; orderUpdated(order: Order): void; countsChanged(counts: Json[]): void };

type LineInput = { catalog_object_id?: string; quantity?: string; name?: string; base_price_money?: { amount: number; currency: string } };

function buildLines(state: SquareState, lines: LineInput[], errors: SquareError[], field: string): Json[] {
  return lines.map((line, i) => {
    const at = `${field}[${i}]`;
    if (typeof line.quantity !== 'string' || !/^\d+$/.test(line.quantity) || Number(line.quantity) < 1) {
      errors.push(invalid('INVALID_VALUE', 'quantity must be a positive whole number as a string.', `${at}.quantity`));
    }
    const variation = line.catalog_object_id ? state.catalog.get(line.catalog_object_id) : undefined;
    if (line.catalog_object_id && (!variation || variation.is_deleted || variation.type !== 'ITEM_VARIATION')) {
      errors.push(
        invalid('INVALID_VALUE', `Catalog object \`${line.catalog_object_id}\` is not an item variation.`, `${at}.catalog_object_id`),
      );
    }
    const data = asRecord(variation?.item_variation_data) ?? {};
    const item = typeof data.item_id === 'string' ? state.catalog.get(data.item_id) : undefined;
    const price = line.base_price_money ??
      (asRecord(data.price_money) as { amount: number; currency: string } | null) ?? { amount: 0, currency: 'USD' };
    if (!variation && !line.name) errors.push(invalid('MISSING_REQUIRED_PARAMETER', 'An ad hoc line item needs a name.', `${at}.name`));
    const quantity = Number(line.quantity ?? 0);
    const total = { amount: price.amount * quantity, currency: price.currency };
    return {
      uid: squareId(state, 22),
      name: line.name ?? String(asRecord(item?.item_data)?.name ?? ''),
      quantity: line.quantity,
      ...(variation
        ? { catalog_object_id: variation.id, catalog_version: variation.version, variation_name: String(data.name ?? '') }
        : {}),
      item_type: 'ITEM',
      base_price_money: price,
      gross_sales_money: total,
      total_money: total,
      variation_total_price_money: total,
    };
  });
}

function totals(lines: Json[]): Json {
  const amount = lines.reduce((sum, l) => sum + Number(asRecord(l.total_money)?.amount ?? 0), 0);
  const currency = String(asRecord(lines[0]?.total_money)?.currency ?? 'USD');
  const zero = { amount: 0, currency };
  return {
    total_money: { amount, currency },
    total_tax_money: zero,
    total_discount_money: zero,
    net_amounts: { total_money: { amount, currency }, tax_money: zero, discount_money: zero, tip_money: zero, service_charge_money: zero },
  };
}

export type PosSale = {
  lines?: { sku?: string; variationId?: string; quantity?: number }[];
  sku?: string;
  quantity?: number;
  locationId?: string;
  /** `pos` (default): a completed register sale, no order.created; `api`: an open order made through the API. */
  source?: 'pos' | 'api';
  /** For `api` orders: also pay and complete it (order.updated, stock sold). */
  complete?: boolean;
  /** A register that was offline syncs late with its original time (up to 72 h back). */
  createdAt?: string;
  referenceId?: string;
  /**
   * For `api` orders: a SHIPMENT fulfillment to this recipient, in Square's words (FulfillmentRecipient:
   * `display_name`, `phone_number`, `address{address_line_1, address_line_2, locality,
   * administrative_district_level_1, postal_code, country}`). Register sales have none.
   */
  shipTo?: Json;
};

/** A SHIPMENT fulfillment as Square keeps it on an order (type, state, shipment_details.recipient). */
function shipmentFulfillment(state: SquareState, recipient: Json): Json {
  return { uid: squareId(state, 22), type: 'SHIPMENT', state: 'PROPOSED', shipment_details: { recipient } };
}

export function findVariation(state: SquareState, ref: { sku?: string; variationId?: string }) {
  if (ref.variationId) return state.catalog.get(ref.variationId);
  return [...state.catalog.values()].find(
    (o) => o.type === 'ITEM_VARIATION' && !o.is_deleted && asRecord(o.item_variation_data)?.sku === ref.sku,
  );
}

/** Completing an order sells its tracked units (IN_STOCK → SOLD). */
export function completeOrder(state: SquareState, order: Order, events: OrderEvents): void {
  const now = state.clock.iso();
  const changes: Json[] = [];
  for (const line of asArray(order.line_items) ?? []) {
    const l = asRecord(line) ?? {};
    const variation = typeof l.catalog_object_id === 'string' ? state.catalog.get(l.catalog_object_id) : undefined;
    if (!variation || asRecord(variation.item_variation_data)?.track_inventory !== true) continue;
    changes.push({
      type: 'ADJUSTMENT',
      adjustment: {
        catalog_object_id: variation.id,
        location_id: order.location_id,
        from_state: 'IN_STOCK',
        to_state: 'SOLD',
        quantity: String(l.quantity),
        occurred_at: now,
      },
    });
  }
  const plan = planChanges(state, changes, false);
  if (plan.errors.length > 0) throw new ControlError(plan.errors.map((e) => e.detail).join('; '));
  const applied = applyChanges(state, plan.planned);
  for (const change of applied.changes) {
    const adjustment = asRecord(change.adjustment);
    if (adjustment)
      adjustment.source = { product: order.source && asRecord(order.source)?.name === 'Point of Sale' ? 'SQUARE_POS' : 'EXTERNAL_API' };
  }
  order.state = 'COMPLETED';
  order.closed_at = now;
  order.updated_at = now;
  order.version += 1;
  if (applied.counts.length > 0) events.countsChanged(applied.counts);
}

export function sellOnSquare(state: SquareState, sale: PosSale, events: OrderEvents): Order {
  const lines = sale.lines ?? (sale.sku ? [{ sku: sale.sku, quantity: sale.quantity }] : []);
  if (lines.length === 0) throw new ControlError('sell needs `sku` or `lines`');
  const locationId = sale.locationId ?? [...state.locations.keys()][0] ?? '';
  if (!state.locations.has(locationId)) throw new ControlError(`unknown location ${locationId}`);
  const inputs: LineInput[] = lines.map((line) => {
    const variation = findVariation(state, line);
    if (!variation) throw new ControlError(`no item variation for ${line.sku ?? line.variationId}`);
    return { catalog_object_id: variation.id, quantity: String(line.quantity ?? 1) };
  });
  const errors: SquareError[] = [];
  const built = buildLines(state, inputs, errors, 'line_items');
  if (errors.length > 0) throw new ControlError(errors.map((e) => e.detail).join('; '));
  const created = sale.createdAt ?? state.clock.iso();
  const pos = (sale.source ?? 'pos') === 'pos';
  const order: Order = {
    id: squareId(state, 27),
    location_id: locationId,
    ...(sale.referenceId ? { reference_id: sale.referenceId } : {}),
    source: { name: pos ? 'Point of Sale' : 'Tradepost Sim API' },
    line_items: built,
    ...(!pos && sale.shipTo ? { fulfillments: [shipmentFulfillment(state, sale.shipTo)] } : {}),
    state: 'OPEN',
    version: 1,
    created_at: created,
    updated_at: state.clock.iso(),
    ...totals(built),
  };
  state.orders.set(order.id, order);
  if (pos) completeOrder(state, order, events);
  else {
    events.orderCreated(order);
    if (sale.complete) {
      completeOrder(state, order, events);
      events.orderUpdated(order);
    }
  }
  return order;
}

/** The SHIPMENT fulfillments of a created order, kept with their recipient (others are not simulated). */
function shipments(state: SquareState, input: unknown): { fulfillments?: Json[] } {
  const kept = (asArray(input) ?? []).flatMap((raw) => {
    const fulfillment = asRecord(raw);
    const recipient = asRecord(asRecord(fulfillment?.shipment_details)?.recipient);
    return fulfillment?.type === 'SHIPMENT' && recipient ? [shipmentFulfillment(state, recipient)] : [];
  });
  return kept.length > 0 ? { fulfillments: kept } : {};
}

export function orderRoutes(router: Router, state: SquareState, rateLimit: () => SquareRateLimit, events: OrderEvents): void {
  const read = (handler: Parameters<typeof guard>[3]) => guard(state, ['ORDERS_READ'], rateLimit, handler);
  const write = (handler: Parameters<typeof guard>[3]) => guard(state, ['ORDERS_WRITE'], rateLimit, handler);

  router.post(
    '/v2/orders',
    write((req, body) =>
      idempotent(state, req, body, () => {
        const input = asRecord(body.order);
        if (!input) return sqErrors(400, [invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'order')]);
        const locationId = String(input.location_id ?? '');
        const errors: SquareError[] = [];
        if (!state.locations.has(locationId))
          errors.push(invalid('INVALID_VALUE', `Unknown location \`${locationId}\`.`, 'order.location_id'));
        const built = buildLines(
          state,
          (asArray(input.line_items) ?? []).map((l) => (asRecord(l) ?? {}) as LineInput),
          errors,
          'order.line_items',
        );
        if (typeof input.reference_id === 'string' && input.reference_id.length > 40)
          errors.push(invalid('VALUE_TOO_LONG', 'Field must not be greater than 40 length', 'order.reference_id'));
        if (errors.length > 0) return sqErrors(400, errors);
        const now = state.clock.iso();
        const order: Order = {
          id: squareId(state, 27),
          location_id: locationId,
          ...(typeof input.reference_id === 'string' ? { reference_id: input.reference_id } : {}),
          source: { name: String(asRecord(input.source)?.name ?? 'Tradepost') },
          line_items: built,
          ...shipments(state, input.fulfillments),
          state: 'OPEN',
          version: 1,
          created_at: now,
          updated_at: now,
          ...totals(built),
        };
        state.orders.set(order.id, order);
        events.orderCreated(order);
        return json(200, { order });
      }),
    ),
  );

  router.get(
    '/v2/orders/:id',
    read((req) => {
      const order = state.orders.get(req.params.id ?? '');
      return order ? json(200, { order }) : sqErrors(404, [invalid('NOT_FOUND', `Order \`${req.params.id}\` not found.`)]);
    }),
  );

  router.post(
    '/v2/orders/batch-retrieve',
    read((_req, body) => {
      const orders = (asArray(body.order_ids) ?? []).flatMap((id) => {
        const order = state.orders.get(String(id));
        return order ? [order] : [];
      });
      return json(200, orders.length > 0 ? { orders } : {});
    }),
  );

  router.post(
    '/v2/orders/search',
    read((_req, body) => {
      const locations = asArray(body.location_ids)?.map(String) ?? [];
      if (locations.length === 0)
        return sqErrors(400, [invalid('MISSING_REQUIRED_PARAMETER', 'location_ids must name 1 to 10 locations.', 'location_ids')]);
      if (locations.length > 10)
        return sqErrors(400, [invalid('ARRAY_LENGTH_TOO_LONG', 'location_ids may name at most 10 locations.', 'location_ids')]);
      const unknown = locations.find((l) => !state.locations.has(l));
      if (unknown)
        return sqErrors(400, [invalid('INVALID_VALUE', `Location \`${unknown}\` does not belong to this merchant.`, 'location_ids')]);
      const limit = body.limit === undefined ? 500 : Number(body.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1_000)
        return sqErrors(400, [invalid('INVALID_VALUE', 'limit must be between 1 and 1000.', 'limit')]);
      const query = asRecord(body.query) ?? {};
      const filter = asRecord(query.filter) ?? {};
      const sort = asRecord(query.sort) ?? {};
      const sortField = String(sort.sort_field ?? 'CREATED_AT');
      const sortOrder = String(sort.sort_order ?? 'DESC');
      if (!Object.values(DATE_FIELDS).includes(sortField as 'CREATED_AT'))
        return sqErrors(400, [invalid('INVALID_ENUM_VALUE', `Invalid sort_field ${sortField}.`, 'query.sort.sort_field')]);
      const dateFilter = asRecord(filter.date_time_filter) ?? {};
      const dateKeys = (Object.keys(DATE_FIELDS) as (keyof typeof DATE_FIELDS)[]).filter((k) => dateFilter[k] !== undefined);
      if (dateKeys.length > 1)
        return sqErrors(400, [
          invalid('INVALID_VALUE', 'Only one of created_at, updated_at or closed_at may be filtered.', 'query.filter.date_time_filter'),
        ]);
      const dateKey = dateKeys[0];
      if (dateKey && DATE_FIELDS[dateKey] !== sortField) {
        return sqErrors(400, [
          invalid(
            'INVALID_VALUE',
            `The sort_field must match the date_time_filter field: filtering on ${dateKey} needs sort_field ${DATE_FIELDS[dateKey]}.`,
            'query.sort.sort_field',
          ),
        ]);
      }
      const range = dateKey ? (asRecord(dateFilter[dateKey]) ?? {}) : {};
      const start = typeof range.start_at === 'string' ? Date.parse(range.start_at) : null;
      const end = typeof range.end_at === 'string' ? Date.parse(range.end_at) : null;
      if ((range.start_at !== undefined && Number.isNaN(start)) || (range.end_at !== undefined && Number.isNaN(end))) {
        return sqErrors(400, [
          invalid('INVALID_TIME', 'start_at and end_at must be RFC 3339 timestamps.', `query.filter.date_time_filter.${dateKey}`),
        ]);
      }
      const states = asArray(asRecord(filter.state_filter)?.states)?.map(String);
      const sources = asArray(asRecord(filter.source_filter)?.source_names)?.map(String);
      const { cursor: _c, ...rest } = body;
      const fingerprint = queryFingerprint(rest);
      const offset = decodeCursor(body.cursor, fingerprint);
      if (offset !== null && typeof offset !== 'number') return sqErrors(400, [offset]);
      const sortKey = sortField.toLowerCase() as 'created_at' | 'updated_at' | 'closed_at';
      const matching = [...state.orders.values()]
        .filter((o) => locations.includes(o.location_id))
        .filter((o) => !states || states.includes(o.state))
        .filter((o) => !sources || sources.includes(String(asRecord(o.source)?.name ?? '')))
        .filter((o) => {
          if (!dateKey) return true;
          const value = o[dateKey];
          if (typeof value !== 'string') return false;
          const t = Date.parse(value);
          return (start === null || t >= start) && (end === null || t <= end);
        })
        .filter((o) => sortKey !== 'closed_at' || typeof o.closed_at === 'string')
        .sort((a, b) => {
          const x = String(a[sortKey] ?? '');
          const y = String(b[sortKey] ?? '');
          return (sortOrder === 'ASC' ? x.localeCompare(y) : y.localeCompare(x)) || a.id.localeCompare(b.id);
        });
      const from = offset ?? 0;
      const page = matching.slice(from, from + limit);
      const next = from + limit < matching.length ? encodeCursor({ offset: from + limit, query: fingerprint }) : undefined;
      const results =
        body.return_entries === true
          ? page.length > 0
            ? { order_entries: page.map((o) => ({ order_id: o.id, version: o.version, location_id: o.location_id })) }
            : {}
          : page.length > 0
            ? { orders: page }
            : {};
      return json(200, { ...results, ...(next ? { cursor: next } : {}) });
    }),
  );
}
