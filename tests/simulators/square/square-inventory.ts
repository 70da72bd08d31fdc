import { asArray, asRecord, json } from '../kit/http.ts';
import type { Router } from '../kit/router.ts';
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
import { type ChangeRec, type CountRec, countKey, formatQuantity, type Json, type SquareState, squareId } from './square-state.ts';

const STATES = [
  'IN_STOCK',
  'SOLD',
  'WASTE',
  'RETURNED_BY_CUSTOMER',
  'RESERVED_FOR_SALE',
  'SOLD_ONLINE',
  'ORDERED_FROM_VENDOR',
  'RECEIVED_FROM_VENDOR',
  'IN_TRANSIT',
  'IN_TRANSIT_TO',
  'NONE',
  'UNLINKED_RETURN',
  'COMPOSED',
  'DECOMPOSED',
  'CUSTOM',
];

/** Allowed adjustment moves (from → to); anything else is refused. */
const TRANSITIONS: Record<string, string[]> = {
  NONE: ['IN_STOCK', 'RETURNED_BY_CUSTOMER', 'ORDERED_FROM_VENDOR', 'UNLINKED_RETURN'],
  IN_STOCK: ['SOLD', 'WASTE', 'NONE', 'RESERVED_FOR_SALE', 'SOLD_ONLINE', 'IN_TRANSIT', 'COMPOSED', 'DECOMPOSED', 'CUSTOM'],
  RESERVED_FOR_SALE: ['IN_STOCK', 'SOLD', 'SOLD_ONLINE'],
  SOLD: ['IN_STOCK', 'RETURNED_BY_CUSTOMER'],
  SOLD_ONLINE: ['IN_STOCK'],
  RETURNED_BY_CUSTOMER: ['IN_STOCK', 'WASTE'],
  UNLINKED_RETURN: ['IN_STOCK', 'WASTE'],
  ORDERED_FROM_VENDOR: ['RECEIVED_FROM_VENDOR', 'NONE'],
  RECEIVED_FROM_VENDOR: ['IN_STOCK', 'WASTE'],
  IN_TRANSIT: ['IN_STOCK'],
  CUSTOM: ['IN_STOCK'],
};

const QUANTITY = /^\d+(\.\d{1,5})?$/;
const DAY = 86_400_000;

export type InventoryEvents = { countsChanged(counts: Json[]): void };

export function countView(state: SquareState, count: CountRec): Json {
  return {
    catalog_object_id: count.variationId,
    catalog_object_type: state.catalog.get(count.variationId)?.type ?? 'ITEM_VARIATION',
    state: count.state,
    location_id: count.locationId,
    quantity: formatQuantity(count.quantity),
    calculated_at: count.calculatedAt,
    is_estimated: false,
  };
}

function move(state: SquareState, variationId: string, locationId: string, inventoryState: string, delta: number): void {
  if (inventoryState === 'NONE') return;
  const key = countKey(variationId, locationId, inventoryState);
  const count = state.counts.get(key) ?? { variationId, locationId, state: inventoryState, quantity: 0, calculatedAt: state.clock.iso() };
  count.quantity = Number((count.quantity + delta).toFixed(5));
  count.calculatedAt = state.clock.iso();
  state.counts.set(key, count);
}

export function inStock(state: SquareState, variationId: string, locationId: string): number {
  return state.counts.get(countKey(variationId, locationId, 'IN_STOCK'))?.quantity ?? 0;
}

type Planned = { change: Json; apply: () => ChangeRec | null };

/** Validates every change first; the whole batch is refused if one change is. */
export function planChanges(state: SquareState, changes: Json[], ignoreUnchanged: boolean): { errors: SquareError[]; planned: Planned[] } {
  const errors: SquareError[] = [];
  const planned: Planned[] = [];
  const now = state.clock.now();
  changes.forEach((change, i) => {
    const type = change.type;
    const field = (name: string) => `changes[${i}].${name}`;
    const blockName =
      type === 'PHYSICAL_COUNT' ? 'physical_count' : type === 'ADJUSTMENT' ? 'adjustment' : type === 'TRANSFER' ? 'transfer' : null;
    if (!blockName) {
      errors.push(invalid('INVALID_ENUM_VALUE', `Invalid change type: ${String(type)}.`, field('type')));
      return;
    }
    const block = asRecord(change[blockName]);
    if (!block) {
      errors.push(invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', field(blockName)));
      return;
    }
    const at = (name: string) => field(`${blockName}.${name}`);
    const before = errors.length;
    const variationId = String(block.catalog_object_id ?? '');
    const variation = state.catalog.get(variationId);
    if (!variation || variation.is_deleted || variation.type !== 'ITEM_VARIATION') {
      errors.push(invalid('INVALID_VALUE', `Catalog object \`${variationId}\` is not an item variation.`, at('catalog_object_id')));
    } else if (asRecord(variation.item_variation_data)?.track_inventory !== true) {
      errors.push(
        invalid(
          'INVALID_VALUE',
          `Item variation \`${variationId}\` does not track inventory; set track_inventory first.`,
          at('catalog_object_id'),
        ),
      );
    }
    const locations = type === 'TRANSFER' ? [block.from_location_id, block.to_location_id] : [block.location_id];
    for (const [j, location] of locations.entries()) {
      const name = type === 'TRANSFER' ? (j === 0 ? 'from_location_id' : 'to_location_id') : 'location_id';
      if (typeof location !== 'string' || !state.locations.has(location))
        errors.push(invalid('INVALID_VALUE', `Unknown location \`${String(location)}\`.`, at(name)));
    }
    if (typeof block.quantity !== 'string')
      errors.push(invalid('INVALID_VALUE', 'Expected a decimal string for quantity (for example "3" or "2.5").', at('quantity')));
    else if (!QUANTITY.test(block.quantity) || (type !== 'PHYSICAL_COUNT' && Number(block.quantity) <= 0)) {
      errors.push(
        invalid(
          'INVALID_VALUE',
          'quantity must be a non-negative decimal with at most 5 decimals (positive for adjustments and transfers).',
          at('quantity'),
        ),
      );
    }
    const occurred = typeof block.occurred_at === 'string' ? Date.parse(block.occurred_at) : Number.NaN;
    if (block.occurred_at === undefined) errors.push(invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', at('occurred_at')));
    else if (Number.isNaN(occurred)) errors.push(invalid('INVALID_TIME', 'occurred_at must be an RFC 3339 timestamp.', at('occurred_at')));
    else if (occurred > now + 60_000) errors.push(invalid('INVALID_VALUE', 'occurred_at may not be in the future.', at('occurred_at')));
    else if (type === 'ADJUSTMENT' && occurred < now - DAY)
      errors.push(invalid('INVALID_VALUE', 'An adjustment occurred_at may not be older than 24 hours.', at('occurred_at')));
    if (type === 'PHYSICAL_COUNT' && block.state !== 'IN_STOCK')
      errors.push(invalid('INVALID_VALUE', 'A physical count sets the IN_STOCK state.', at('state')));
    if (type === 'ADJUSTMENT') {
      const from = String(block.from_state ?? '');
      const to = String(block.to_state ?? '');
      if (!STATES.includes(from) || !STATES.includes(to) || !(TRANSITIONS[from] ?? []).includes(to)) {
        errors.push(invalid('INVALID_VALUE', `Inventory cannot move from ${from || '(none)'} to ${to || '(none)'}.`, at('to_state')));
      }
      if (block.total_price_money !== undefined && to !== 'SOLD')
        errors.push(invalid('INVALID_VALUE', 'total_price_money is only allowed when to_state is SOLD.', at('total_price_money')));
    }
    if (type === 'TRANSFER' && block.state !== 'IN_STOCK')
      errors.push(invalid('INVALID_VALUE', 'Only IN_STOCK units can be transferred.', at('state')));
    if (errors.length > before) return;

    const quantity = Number(block.quantity);
    planned.push({
      change,
      apply: () => {
        const record = (touches: string[]): ChangeRec => {
          const id = squareId(state, 24);
          const created_at = state.clock.iso();
          const stored = {
            ...structuredClone(block),
            id,
            created_at,
            ...(type === 'ADJUSTMENT' ? { source: { product: 'EXTERNAL_API' } } : {}),
          };
          const rec = {
            type: type as ChangeRec['type'],
            id,
            createdAt: created_at,
            touches: { variationId, locationIds: touches },
            [blockName]: stored,
          } as ChangeRec;
          state.changes.push(rec);
          return rec;
        };
        if (type === 'PHYSICAL_COUNT') {
          const location = String(block.location_id);
          const current = inStock(state, variationId, location);
          if (ignoreUnchanged && current === quantity && state.counts.has(countKey(variationId, location, 'IN_STOCK'))) return null;
          move(state, variationId, location, 'IN_STOCK', quantity - current);
          return record([location]);
        }
        if (type === 'ADJUSTMENT') {
          const location = String(block.location_id);
          move(state, variationId, location, String(block.from_state), -quantity);
          move(state, variationId, location, String(block.to_state), quantity);
          return record([location]);
        }
        move(state, variationId, String(block.from_location_id), 'IN_STOCK', -quantity);
        move(state, variationId, String(block.to_location_id), 'IN_STOCK', quantity);
        return record([String(block.from_location_id), String(block.to_location_id)]);
      },
    });
  });
  return { errors, planned };
}

function changeView(rec: ChangeRec): Json {
  const { touches: _t, createdAt: _c, ...rest } = rec;
  return structuredClone(rest);
}

/** Applies planned changes and returns the IN_STOCK counts they touched. */
export function applyChanges(state: SquareState, planned: Planned[]): { changes: ChangeRec[]; counts: Json[] } {
  const changes = planned.map((p) => p.apply()).filter((c): c is ChangeRec => c !== null);
  const touched = new Set(changes.flatMap((c) => c.touches.locationIds.map((l) => countKey(c.touches.variationId, l, 'IN_STOCK'))));
  const counts = [...touched]
    .map((key) => state.counts.get(key))
    .filter((c): c is CountRec => c !== undefined)
    .map((c) => countView(state, c));
  return { changes, counts };
}

export function inventoryRoutes(router: Router, state: SquareState, rateLimit: () => SquareRateLimit, events: InventoryEvents): void {
  const read = (handler: Parameters<typeof guard>[3]) => guard(state, ['INVENTORY_READ'], rateLimit, handler);
  const write = (handler: Parameters<typeof guard>[3]) => guard(state, ['INVENTORY_WRITE'], rateLimit, handler);

  router.post(
    '/v2/inventory/changes/batch-create',
    write((req, body) =>
      idempotent(state, req, body, () => {
        const changes = asArray(body.changes);
        if (!changes || changes.length === 0) return sqErrors(400, [invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'changes')]);
        if (changes.length > 100) return sqErrors(400, [invalid('ARRAY_LENGTH_TOO_LONG', 'At most 100 changes per request.', 'changes')]);
        const plan = planChanges(
          state,
          changes.map((c) => asRecord(c) ?? {}),
          body.ignore_unchanged_counts !== false,
        );
        if (plan.errors.length > 0) return sqErrors(400, plan.errors);
        const applied = applyChanges(state, plan.planned);
        if (applied.counts.length > 0) events.countsChanged(applied.counts);
        return json(200, { counts: applied.counts, changes: applied.changes.map(changeView) });
      }),
    ),
  );

  router.post(
    '/v2/inventory/counts/batch-retrieve',
    read((_req, body) => {
      const limit = body.limit === undefined ? 1_000 : Number(body.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1_000)
        return sqErrors(400, [invalid('INVALID_VALUE', 'limit must be between 1 and 1000.', 'limit')]);
      const { cursor: _c, ...rest } = body;
      const query = queryFingerprint(rest);
      const offset = decodeCursor(body.cursor, query);
      if (offset !== null && typeof offset !== 'number') return sqErrors(400, [offset]);
      const ids = asArray(body.catalog_object_ids)?.map(String);
      const locations = asArray(body.location_ids)?.map(String);
      const states = asArray(body.states)?.map(String) ?? ['IN_STOCK'];
      const after = typeof body.updated_after === 'string' ? Date.parse(body.updated_after) : null;
      const matching = [...state.counts.values()]
        .filter(
          (c) => (!ids || ids.includes(c.variationId)) && (!locations || locations.includes(c.locationId)) && states.includes(c.state),
        )
        .filter((c) => after === null || Date.parse(c.calculatedAt) > after)
        .sort(
          (a, b) =>
            b.calculatedAt.localeCompare(a.calculatedAt) ||
            a.variationId.localeCompare(b.variationId) ||
            a.locationId.localeCompare(b.locationId),
        );
      const start = offset ?? 0;
      const page = matching.slice(start, start + limit).map((c) => countView(state, c));
      const next = start + limit < matching.length ? encodeCursor({ offset: start + limit, query }) : undefined;
      return json(200, { ...(page.length > 0 ? { counts: page } : {}), ...(next ? { cursor: next } : {}) });
    }),
  );

  router.post(
    '/v2/inventory/changes/batch-retrieve',
    read((_req, body) => {
      const limit = body.limit === undefined ? 100 : Number(body.limit);
      const { cursor: _c, ...rest } = body;
      const query = queryFingerprint(rest);
      const offset = decodeCursor(body.cursor, query);
      if (offset !== null && typeof offset !== 'number') return sqErrors(400, [offset]);
      const ids = asArray(body.catalog_object_ids)?.map(String);
      const locations = asArray(body.location_ids)?.map(String);
      const types = asArray(body.types)?.map(String);
      const after = typeof body.updated_after === 'string' ? Date.parse(body.updated_after) : null;
      const matching = state.changes.filter(
        (c) =>
          (!ids || ids.includes(c.touches.variationId)) &&
          (!locations || c.touches.locationIds.some((l) => locations.includes(l))) &&
          (!types || types.includes(c.type)) &&
          (after === null || Date.parse(c.createdAt) > after),
      );
      const start = offset ?? 0;
      const page = matching.slice(start, start + limit).map(changeView);
      const next = start + limit < matching.length ? encodeCursor({ offset: start + limit, query }) : undefined;
      return json(200, { ...(page.length > 0 ? { changes: page } : {}), ...(next ? { cursor: next } : {}) });
    }),
  );

  for (const [path, type, block] of [
    ['/v2/inventory/adjustments/:id', 'ADJUSTMENT', 'adjustment'],
    ['/v2/inventory/physical-counts/:id', 'PHYSICAL_COUNT', 'physical_count'],
  ] as const) {
    router.get(
      path,
      read((req) => {
        const change = state.changes.find((c) => c.type === type && c.id === req.params.id);
        return change
          ? json(200, { [block]: change[block] })
          : sqErrors(404, [invalid('NOT_FOUND', `No ${block} with id \`${req.params.id}\`.`)]);
      }),
    );
  }

  router.get(
    '/v2/inventory/:catalogObjectId',
    read((req) => {
      const id = req.params.catalogObjectId ?? '';
      const locations = req.query.get('location_ids')?.split(',').filter(Boolean);
      const counts = [...state.counts.values()]
        .filter((c) => c.variationId === id && (!locations || locations.includes(c.locationId)) && c.state === 'IN_STOCK')
        .map((c) => countView(state, c));
      return json(200, counts.length > 0 ? { counts } : {});
    }),
  );
}
