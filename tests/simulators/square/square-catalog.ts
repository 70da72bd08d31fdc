import { asArray, asRecord, json, type SimResponse, sleep } from '../kit/http.ts';
import type { Router } from '../kit/router.ts';
import {
  decodeCursor,
  encodeCursor,
  guard,
  idempotent,
  invalid,
  queryFingerprint,
  rateLimitedResponse,
  type SquareError,
  type SquareRateLimit,
  sqErrors,
} from './square-http.ts';
import { type Json, nextCatalogVersion, type SquareState, squareId } from './square-state.ts';

type CatalogObject = SquareState['catalog'] extends Map<string, infer T> ? T : never;

const TYPES = [
  'ITEM',
  'ITEM_VARIATION',
  'CATEGORY',
  'IMAGE',
  'ITEM_OPTION',
  'ITEM_OPTION_VAL',
  'TAX',
  'DISCOUNT',
  'MODIFIER_LIST',
  'MODIFIER',
];
const DATA_FIELD: Record<string, string> = {
  ITEM: 'item_data',
  ITEM_VARIATION: 'item_variation_data',
  CATEGORY: 'category_data',
  IMAGE: 'image_data',
  ITEM_OPTION: 'item_option_data',
  ITEM_OPTION_VAL: 'item_option_value_data',
  TAX: 'tax_data',
  DISCOUNT: 'discount_data',
  MODIFIER_LIST: 'modifier_list_data',
  MODIFIER: 'modifier_data',
};
const PER_BATCH = 1_000;
const PER_REQUEST = 10_000;
const LIST_PAGE = 100;

export type CatalogEvents = { catalogChanged(): void };

/** The stored object as Square returns it; items carry their live variations. */
export function catalogView(state: SquareState, object: CatalogObject): Json {
  const view = structuredClone(object) as Json;
  if (object.type === 'ITEM') {
    const itemData = (asRecord(view.item_data) ?? {}) as Json;
    itemData.variations = [...state.catalog.values()]
      .filter((o) => o.type === 'ITEM_VARIATION' && !o.is_deleted && asRecord(o.item_variation_data)?.item_id === object.id)
      .map((o) => structuredClone(o));
    view.item_data = itemData;
  }
  return view;
}

/** Flattens items' nested variations and validates one batch; temp ids resolve within the batch only. */
function planBatch(
  state: SquareState,
  objects: Json[],
  batchIndex: number,
): { errors: SquareError[]; flat: Json[]; ids: Map<string, string> } {
  const errors: SquareError[] = [];
  const flat: Json[] = [];
  // Where each flattened object sits in the caller's request, for the error `field`.
  const paths: string[] = [];
  const ids = new Map<string, string>();
  const at = (i: number, field: string) => `${paths[i]}.${field}`;
  objects.forEach((object, i) => {
    flat.push(object);
    paths.push(`batches[${batchIndex}].objects[${i}]`);
    if (object.type === 'ITEM') {
      const variations = asArray(asRecord(object.item_data)?.variations) ?? [];
      if (variations.length > 250)
        errors.push(invalid('INVALID_VALUE', 'An item may have at most 250 variations.', at(flat.length - 1, 'item_data.variations')));
      variations.forEach((v, j) => {
        const variation = asRecord(v) ?? {};
        const data = (asRecord(variation.item_variation_data) ?? {}) as Json;
        data.item_id ??= object.id;
        flat.push({ ...variation, item_variation_data: data });
        paths.push(`batches[${batchIndex}].objects[${i}].item_data.variations[${j}]`);
      });
    }
  });
  for (const object of flat) {
    const id = typeof object.id === 'string' ? object.id : '';
    if (id.startsWith('#') && !ids.has(id)) ids.set(id, squareId(state));
  }
  const resolve = (id: unknown): string | null => {
    if (typeof id !== 'string') return null;
    if (id.startsWith('#')) return ids.get(id) ?? null;
    return id;
  };
  flat.forEach((object, i) => {
    const type = object.type;
    const id = object.id;
    if (typeof type !== 'string' || !TYPES.includes(type)) {
      errors.push(invalid('INVALID_ENUM_VALUE', `Invalid catalog object type: ${String(type)}.`, at(i, 'type')));
      return;
    }
    if (typeof id !== 'string' || id === '') {
      errors.push(invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', at(i, 'id')));
      return;
    }
    const existing = id.startsWith('#') ? undefined : state.catalog.get(id);
    if (!id.startsWith('#') && !existing)
      errors.push(invalid('NOT_FOUND', `Object \`${id}\` not found; new objects need a temporary id starting with #.`, at(i, 'id')));
    if (existing && existing.type !== type)
      errors.push(invalid('INVALID_VALUE', `Object \`${id}\` is a ${existing.type}, not a ${type}.`, at(i, 'type')));
    if (existing && object.version !== undefined && object.version !== existing.version) {
      errors.push(
        invalid(
          'VERSION_MISMATCH',
          `Object version does not match latest database version. Object \`${id}\` is at version ${existing.version}.`,
          at(i, 'version'),
        ),
      );
    }
    const data = asRecord(object[DATA_FIELD[type] ?? '']);
    if (!data) {
      errors.push(invalid('MISSING_REQUIRED_PARAMETER', `Field must be set: ${DATA_FIELD[type]}`, at(i, DATA_FIELD[type] ?? 'data')));
      return;
    }
    if (type === 'ITEM' && (typeof data.name !== 'string' || data.name.trim() === ''))
      errors.push(invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', at(i, 'item_data.name')));
    if (type === 'ITEM')
      for (const [j, imageId] of (asArray(data.image_ids) ?? []).entries()) {
        const image = typeof imageId === 'string' ? state.catalog.get(imageId) : undefined;
        if (image?.type !== 'IMAGE' || image.is_deleted)
          errors.push(invalid('INVALID_VALUE', `Image \`${String(imageId)}\` not found.`, at(i, `item_data.image_ids[${j}]`)));
      }
    if (type === 'ITEM_VARIATION') {
      const parent = resolve(data.item_id);
      const inBatch = flat.some((o) => o.type === 'ITEM' && resolve(o.id) === parent);
      const stored = parent ? state.catalog.get(parent) : undefined;
      if (!parent || (!inBatch && (stored?.type !== 'ITEM' || stored.is_deleted))) {
        errors.push(
          invalid(
            'INVALID_VALUE',
            'item_variation_data.item_id must name an item (or a #temporary id in this batch).',
            at(i, 'item_variation_data.item_id'),
          ),
        );
      }
      const pricing = data.pricing_type ?? 'FIXED_PRICING';
      const price = asRecord(data.price_money);
      if (pricing === 'FIXED_PRICING' && price && !(Number.isInteger(price.amount) && typeof price.currency === 'string')) {
        errors.push(
          invalid(
            'INVALID_VALUE',
            'price_money.amount must be an integer amount in the smallest currency unit.',
            at(i, 'item_variation_data.price_money'),
          ),
        );
      }
      if (typeof data.name === 'string' && data.name.length > 255)
        errors.push(invalid('VALUE_TOO_LONG', 'Field must not be greater than 255 length', at(i, 'item_variation_data.name')));
    }
  });
  return { errors, flat, ids };
}

function applyBatch(state: SquareState, flat: Json[], ids: Map<string, string>): CatalogObject[] {
  const resolve = (id: unknown) => (typeof id === 'string' && id.startsWith('#') ? (ids.get(id) ?? id) : id);
  const updatedAt = state.clock.iso();
  const written: CatalogObject[] = [];
  for (const input of flat) {
    const id = resolve(input.id) as string;
    const type = input.type as string;
    const data = structuredClone(asRecord(input[DATA_FIELD[type] ?? '']) ?? {});
    if (type === 'ITEM') delete data.variations;
    if (type === 'ITEM_VARIATION') {
      data.item_id = resolve(data.item_id);
      data.pricing_type ??= 'FIXED_PRICING';
      data.track_inventory ??= false;
      data.sellable ??= true;
      data.stockable ??= true;
    }
    const { version: _v, updated_at: _u, is_deleted: _d, ...rest } = input;
    const object = {
      ...structuredClone(rest),
      id,
      type,
      [DATA_FIELD[type] ?? 'data']: data,
      version: nextCatalogVersion(state),
      updated_at: updatedAt,
      is_deleted: false,
      present_at_all_locations: input.present_at_all_locations ?? true,
    } as CatalogObject;
    state.catalog.set(id, object);
    written.push(object);
  }
  return written;
}

function deleteObjects(state: SquareState, ids: string[]): string[] {
  const deleted: string[] = [];
  const at = state.clock.iso();
  for (const id of ids) {
    const object = state.catalog.get(id);
    if (!object || object.is_deleted) continue;
    const cascade =
      object.type === 'ITEM'
        ? [...state.catalog.values()].filter((o) => o.type === 'ITEM_VARIATION' && asRecord(o.item_variation_data)?.item_id === id)
        : [];
    for (const o of [object, ...cascade]) {
      if (o.is_deleted) continue;
      o.is_deleted = true;
      o.version = nextCatalogVersion(state);
      o.updated_at = at;
      deleted.push(o.id);
    }
  }
  return deleted;
}

export type CatalogOptions = { rateLimit: () => SquareRateLimit; writeMs: () => number; events: CatalogEvents };

/** One catalog write per seller at a time: a second one while the first runs gets 429. */
async function exclusive(state: SquareState, writeMs: number, run: () => SimResponse): Promise<SimResponse> {
  if (state.catalogBusy) return rateLimitedResponse('Another catalog write is in progress for this seller; retry later.');
  state.catalogBusy = true;
  try {
    if (writeMs > 0) await sleep(writeMs);
    return run();
  } finally {
    state.catalogBusy = false;
  }
}

function related(state: SquareState, objects: Json[]): Json[] {
  const ids = new Set<string>();
  for (const o of objects) {
    const item = asRecord(o.item_data);
    for (const c of asArray(item?.categories) ?? []) if (typeof asRecord(c)?.id === 'string') ids.add(asRecord(c)?.id as string);
    for (const t of asArray(item?.tax_ids) ?? []) if (typeof t === 'string') ids.add(t);
    for (const i of asArray(item?.image_ids) ?? []) if (typeof i === 'string') ids.add(i);
    const parent = asRecord(o.item_variation_data)?.item_id;
    if (typeof parent === 'string') ids.add(parent);
  }
  for (const o of objects) ids.delete(o.id as string);
  return [...ids].flatMap((id) => {
    const object = state.catalog.get(id);
    return object && !object.is_deleted ? [catalogView(state, object)] : [];
  });
}

export function catalogRoutes(router: Router, state: SquareState, options: CatalogOptions): void {
  const read = (handler: Parameters<typeof guard>[3]) => guard(state, ['ITEMS_READ'], options.rateLimit, handler);
  const write = (handler: Parameters<typeof guard>[3]) => guard(state, ['ITEMS_WRITE'], options.rateLimit, handler);

  router.post(
    '/v2/catalog/object',
    write((req, body) =>
      idempotent(state, req, body, () => {
        const object = asRecord(body.object);
        if (!object) return sqErrors(400, [invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'object')]);
        const plan = planBatch(state, [object], 0);
        if (plan.errors.length > 0)
          return sqErrors(
            400,
            plan.errors.map((e) => ({ ...e, field: e.field?.replace('batches[0].objects[0].', 'object.') })),
          );
        return exclusive(state, options.writeMs(), () => {
          const written = applyBatch(state, plan.flat, plan.ids);
          options.events.catalogChanged();
          const top = written[0] as CatalogObject;
          return json(200, {
            catalog_object: catalogView(state, top),
            id_mappings: [...plan.ids].map(([client_object_id, object_id]) => ({ client_object_id, object_id })),
          });
        });
      }),
    ),
  );

  router.post(
    '/v2/catalog/batch-upsert',
    write((req, body) =>
      idempotent(state, req, body, () => {
        const batches = asArray(body.batches);
        if (!batches || batches.length === 0) return sqErrors(400, [invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'batches')]);
        const sizes = batches.map((b) => asArray(asRecord(b)?.objects)?.length ?? 0);
        const tooBig = sizes.findIndex((n) => n > PER_BATCH || n === 0);
        if (tooBig >= 0) {
          return sqErrors(400, [
            invalid(
              sizes[tooBig] === 0 ? 'ARRAY_EMPTY' : 'ARRAY_LENGTH_TOO_LONG',
              `A batch holds 1 to ${PER_BATCH} objects.`,
              `batches[${tooBig}].objects`,
            ),
          ]);
        }
        if (sizes.reduce((a, b) => a + b, 0) > PER_REQUEST)
          return sqErrors(400, [invalid('ARRAY_LENGTH_TOO_LONG', `A request holds at most ${PER_REQUEST} objects.`, 'batches')]);
        return exclusive(state, options.writeMs(), () => {
          // Each batch is all-or-nothing; one refused batch does not stop the others.
          const objects: Json[] = [];
          const mappings: Json[] = [];
          const errors: SquareError[] = [];
          batches.forEach((batch, index) => {
            const plan = planBatch(
              state,
              (asArray(asRecord(batch)?.objects) ?? []).map((o) => asRecord(o) ?? {}),
              index,
            );
            if (plan.errors.length > 0) {
              errors.push(...plan.errors);
              return;
            }
            const written = applyBatch(state, plan.flat, plan.ids);
            objects.push(
              ...written
                .filter((o) => o.type !== 'ITEM_VARIATION' || !plan.flat.some((f) => f.type === 'ITEM'))
                .map((o) => catalogView(state, o)),
            );
            mappings.push(...[...plan.ids].map(([client_object_id, object_id]) => ({ client_object_id, object_id })));
          });
          if (objects.length === 0 && errors.length > 0) return sqErrors(400, errors);
          options.events.catalogChanged();
          return json(200, { objects, id_mappings: mappings, updated_at: state.clock.iso(), ...(errors.length > 0 ? { errors } : {}) });
        });
      }),
    ),
  );

  router.get(
    '/v2/catalog/object/:id',
    read((req) => {
      const object = state.catalog.get(req.params.id ?? '');
      if (!object || object.is_deleted) return sqErrors(404, [invalid('NOT_FOUND', `Object with ID \`${req.params.id}\` not found.`)]);
      const view = catalogView(state, object);
      const withRelated = req.query.get('include_related_objects') === 'true';
      return json(200, { object: view, ...(withRelated ? { related_objects: related(state, [view]) } : {}) });
    }),
  );

  router.post(
    '/v2/catalog/batch-retrieve',
    read((_req, body) => {
      const ids = asArray(body.object_ids);
      if (!ids || ids.length === 0) return sqErrors(400, [invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'object_ids')]);
      const objects = ids.flatMap((id) => {
        const object = state.catalog.get(String(id));
        return object && !object.is_deleted ? [catalogView(state, object)] : [];
      });
      return json(200, {
        ...(objects.length > 0 ? { objects } : {}),
        ...(body.include_related_objects ? { related_objects: related(state, objects) } : {}),
      });
    }),
  );

  router.get(
    '/v2/catalog/list',
    read((req) => {
      const types = (req.query.get('types') ?? 'ITEM,ITEM_VARIATION,CATEGORY,TAX,DISCOUNT,MODIFIER_LIST,IMAGE')
        .split(',')
        .map((t) => t.trim().toUpperCase());
      const query = queryFingerprint({ types });
      const offset = decodeCursor(req.query.get('cursor'), query);
      if (offset !== null && typeof offset !== 'number') return sqErrors(400, [offset]);
      const all = [...state.catalog.values()]
        .filter((o) => !o.is_deleted && types.includes(o.type))
        .sort((a, b) => a.id.localeCompare(b.id));
      const start = offset ?? 0;
      const page = all.slice(start, start + LIST_PAGE).map((o) => catalogView(state, o));
      const next = start + LIST_PAGE < all.length ? encodeCursor({ offset: start + LIST_PAGE, query }) : undefined;
      return json(200, { ...(page.length > 0 ? { objects: page } : {}), ...(next ? { cursor: next } : {}) });
    }),
  );

  router.post(
    '/v2/catalog/search',
    read((_req, body) => {
      const limit = body.limit === undefined ? 100 : Number(body.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1_000)
        return sqErrors(400, [invalid('INVALID_VALUE', 'limit must be between 1 and 1000.', 'limit')]);
      const types = (asArray(body.object_types) ?? []).map(String);
      const begin = typeof body.begin_time === 'string' ? Date.parse(body.begin_time) : null;
      if (body.begin_time !== undefined && (begin === null || Number.isNaN(begin)))
        return sqErrors(400, [invalid('INVALID_TIME', 'begin_time must be RFC 3339.', 'begin_time')]);
      const { cursor: _c, ...rest } = body;
      const query = queryFingerprint(rest);
      const offset = decodeCursor(body.cursor, query);
      if (offset !== null && typeof offset !== 'number') return sqErrors(400, [offset]);
      const q = asRecord(body.query) ?? {};
      const exact = asRecord(q.exact_query);
      const prefix = asRecord(q.prefix_query);
      const text = asArray(asRecord(q.text_query)?.keywords)?.map((k) => String(k).toLowerCase());
      const attribute = (o: CatalogObject, name: string): string => {
        const data = asRecord(o[DATA_FIELD[o.type] ?? '']) ?? {};
        return String(data[name] ?? '');
      };
      const matches = [...state.catalog.values()]
        .filter((o) => (types.length === 0 || types.includes(o.type)) && (body.include_deleted_objects === true || !o.is_deleted))
        .filter((o) => begin === null || Date.parse(o.updated_at) > begin)
        .filter((o) => !exact || attribute(o, String(exact.attribute_name)) === String(exact.attribute_value))
        .filter(
          (o) =>
            !prefix || attribute(o, String(prefix.attribute_name)).toLowerCase().startsWith(String(prefix.attribute_prefix).toLowerCase()),
        )
        .filter(
          (o) =>
            !text ||
            text.every((k) => `${attribute(o, 'name')} ${attribute(o, 'sku')} ${attribute(o, 'description')}`.toLowerCase().includes(k)),
        )
        .sort((a, b) => a.version - b.version || a.id.localeCompare(b.id));
      const start = offset ?? 0;
      const page = matches.slice(start, start + limit).map((o) => catalogView(state, o));
      const next = start + limit < matches.length ? encodeCursor({ offset: start + limit, query }) : undefined;
      return json(200, {
        ...(page.length > 0 ? { objects: page } : {}),
        ...(next ? { cursor: next } : {}),
        ...(body.include_related_objects ? { related_objects: related(state, page) } : {}),
        latest_time: state.clock.iso(),
      });
    }),
  );

  router.delete(
    '/v2/catalog/object/:id',
    write((req) => {
      const object = state.catalog.get(req.params.id ?? '');
      if (!object || object.is_deleted) return sqErrors(404, [invalid('NOT_FOUND', `Object with ID \`${req.params.id}\` not found.`)]);
      return exclusive(state, options.writeMs(), () => {
        const deleted = deleteObjects(state, [object.id]);
        options.events.catalogChanged();
        return json(200, { deleted_object_ids: deleted, deleted_at: state.clock.iso() });
      });
    }),
  );

  router.post(
    '/v2/catalog/batch-delete',
    write((_req, body) => {
      const ids = (asArray(body.object_ids) ?? []).map(String);
      if (ids.length === 0) return sqErrors(400, [invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'object_ids')]);
      if (ids.length > 200) return sqErrors(400, [invalid('ARRAY_LENGTH_TOO_LONG', 'At most 200 object ids per call.', 'object_ids')]);
      return exclusive(state, options.writeMs(), () => {
        const deleted = deleteObjects(state, ids);
        if (deleted.length > 0) options.events.catalogChanged();
        return json(200, { ...(deleted.length > 0 ? { deleted_object_ids: deleted } : {}), deleted_at: state.clock.iso() });
      });
    }),
  );

  router.get(
    '/v2/catalog/info',
    read(() =>
      json(200, {
        limits: {
          batch_upsert_max_objects_per_batch: PER_BATCH,
          batch_upsert_max_total_objects: PER_REQUEST,
          batch_retrieve_max_object_ids: 1_000,
          search_max_page_limit: 1_000,
          batch_delete_max_object_ids: 200,
          update_item_taxes_max_item_ids: 1_000,
          update_item_modifier_lists_max_item_ids: 1_000,
        },
      }),
    ),
  );
}

/** Seeding uses the same rules as the API. */
export function upsertForSeed(
  state: SquareState,
  objects: Json[],
): { objects: CatalogObject[]; idMappings: Map<string, string>; errors: SquareError[] } {
  const plan = planBatch(state, objects, 0);
  if (plan.errors.length > 0) return { objects: [], idMappings: plan.ids, errors: plan.errors };
  return { objects: applyBatch(state, plan.flat, plan.ids), idMappings: plan.ids, errors: [] };
}
