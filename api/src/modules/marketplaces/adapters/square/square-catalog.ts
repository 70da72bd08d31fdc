import { randomUUID } from 'node:crypto';
import { asList, asObject, chunk, str } from '../http.ts';
import type { ExternalListing, ListingInput, ListingPage, ListListingsInput, QuantityReading, SquareRef } from '../types.ts';

// Square catalog reads and the item upsert: an item is found again through its variations' SKUs
// (Square has no key of ours), updated with its ids and versions; quantities come from counts.

export type SquareApi = (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>;

const RETRIEVE_MAX = 1_000;

/** The live item that holds any of these SKUs, with its variations (ids and versions). */
async function existingItem(api: SquareApi, skus: string[]): Promise<Record<string, unknown> | null> {
  for (const sku of skus) {
    const found = await api('POST', '/v2/catalog/search', {
      object_types: ['ITEM_VARIATION'],
      query: { exact_query: { attribute_name: 'sku', attribute_value: sku } },
      limit: 1,
    });
    const itemId = str(asObject(asObject(asList(found.objects)[0]).item_variation_data).item_id);
    if (!itemId) continue;
    const got = await api('POST', '/v2/catalog/batch-retrieve', { object_ids: [itemId] });
    const item = asObject(asList(got.objects)[0]);
    if (str(item.id) === itemId && !item.is_deleted) return item;
  }
  return null;
}

/**
 * Creates the item and its variations, or updates the one already holding these SKUs in place
 * (same ids, current versions sent so a concurrent edit is refused rather than overwritten).
 */
export async function upsertSquareItem(
  api: SquareApi,
  input: ListingInput,
  imageIds: string[],
): Promise<{ itemId: string; variationIds: Map<string, string> }> {
  const current = await existingItem(
    api,
    input.variants.map((v) => v.sku),
  );
  const currentData = asObject(current?.item_data);
  const currentVariations = new Map(
    asList(currentData.variations)
      .map(asObject)
      .map((v) => [str(asObject(v.item_variation_data).sku), v]),
  );
  const itemId = current ? str(current.id) : '#item';
  const temp = (sku: string) => `#${sku}`;
  const body = await api('POST', '/v2/catalog/batch-upsert', {
    idempotency_key: randomUUID(),
    batches: [
      {
        objects: [
          {
            type: 'ITEM',
            id: itemId,
            ...(current ? { version: current.version } : {}),
            item_data: {
              ...currentData,
              name: input.title,
              description_html: input.description,
              // The product's photos, cover first (the first image is the item's primary one).
              image_ids: imageIds,
              // Listing again brings back an item that ending the listing archived.
              is_archived: false,
              variations: input.variants.map((v) => {
                const existing = currentVariations.get(v.sku);
                return {
                  type: 'ITEM_VARIATION',
                  id: existing ? str(existing.id) : temp(v.sku),
                  ...(existing ? { version: existing.version } : {}),
                  item_variation_data: {
                    ...asObject(existing?.item_variation_data),
                    item_id: itemId,
                    name: v.size,
                    sku: v.sku,
                    ...(v.barcode ? { upc: v.barcode } : {}),
                    pricing_type: 'FIXED_PRICING',
                    price_money: { amount: v.priceCents, currency: input.currency ?? 'USD' },
                    track_inventory: true,
                  },
                };
              }),
            },
          },
        ],
      },
    ],
  });
  const mapped = new Map(asList(body.id_mappings).map((m) => [str(asObject(m).client_object_id), str(asObject(m).object_id)]));
  const variationIds = new Map(
    input.variants.map((v) => [
      v.sku,
      currentVariations.has(v.sku) ? str(currentVariations.get(v.sku)?.id) : (mapped.get(temp(v.sku)) ?? ''),
    ]),
  );
  return { itemId: current ? itemId : (mapped.get('#item') ?? ''), variationIds };
}

/**
 * Ends listings the way a seller does in Square: the items are archived (off the point of sale and
 * the online store, with their sales history, photos and ids kept), not deleted, so listing the
 * product again brings back the same item. Each item is sent whole with its current versions, one
 * batch per item, so a refused item does not hold back the others.
 */
export async function archiveSquareItems(api: SquareApi, itemIds: string[]): Promise<void> {
  for (const part of chunk([...new Set(itemIds)], RETRIEVE_MAX)) {
    const got = await api('POST', '/v2/catalog/batch-retrieve', { object_ids: part });
    const live = asList(got.objects)
      .map(asObject)
      .filter((item) => item.type === 'ITEM' && !item.is_deleted && asObject(item.item_data).is_archived !== true);
    if (live.length === 0) continue;
    await api('POST', '/v2/catalog/batch-upsert', {
      idempotency_key: randomUUID(),
      batches: live.map((item) => ({ objects: [{ ...item, item_data: { ...asObject(item.item_data), is_archived: true } }] })),
    });
  }
}

/** IN_STOCK counts of variations at locations, keyed `variation|location`. */
async function countsOf(api: SquareApi, variationIds: string[], locationIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const part of chunk([...new Set(variationIds)], RETRIEVE_MAX)) {
    let cursor: string | null = null;
    do {
      const body: Record<string, unknown> = await api('POST', '/v2/inventory/counts/batch-retrieve', {
        catalog_object_ids: part,
        location_ids: [...new Set(locationIds)],
        states: ['IN_STOCK'],
        ...(cursor ? { cursor } : {}),
      });
      for (const c of asList(body.counts).map(asObject)) {
        const key = `${str(c.catalog_object_id)}|${str(c.location_id)}`;
        // Newest first: keep the first count seen for each variation and location.
        if (!counts.has(key)) counts.set(key, Number(c.quantity ?? 0));
      }
      cursor = str(body.cursor) || null;
    } while (cursor);
  }
  return counts;
}

/** Sellable quantity at each ref's location; null when the variation is gone from the catalog. */
export async function fetchSquareQuantities(api: SquareApi, refs: SquareRef[]): Promise<QuantityReading[]> {
  const live = new Set<string>();
  for (const part of chunk([...new Set(refs.map((r) => r.variationId))], RETRIEVE_MAX)) {
    const got = await api('POST', '/v2/catalog/batch-retrieve', { object_ids: part });
    for (const o of asList(got.objects).map(asObject)) if (!o.is_deleted) live.add(str(o.id));
  }
  const counts = await countsOf(
    api,
    refs.filter((r) => live.has(r.variationId)).map((r) => r.variationId),
    refs.map((r) => r.locationId),
  );
  return refs.map((ref) => ({
    sku: ref.sku,
    quantity: live.has(ref.variationId) ? (counts.get(`${ref.variationId}|${ref.locationId}`) ?? 0) : null,
  }));
}

export async function listSquareListings(api: SquareApi, input: ListListingsInput, locationId: string): Promise<ListingPage<SquareRef>> {
  const body = await api('POST', '/v2/catalog/search', {
    object_types: ['ITEM'],
    include_related_objects: true,
    limit: Math.min(Math.max(input.pageSize ?? 100, 1), 1_000),
    ...(input.cursor ? { cursor: input.cursor } : {}),
  });
  const items = asList(body.objects).map(asObject);
  const images = new Map(
    asList(body.related_objects)
      .map(asObject)
      .filter((o) => o.type === 'IMAGE')
      .map((o) => [str(o.id), str(asObject(o.image_data).url)]),
  );
  const variations = items.flatMap((item) => asList(asObject(item.item_data).variations).map(asObject));
  const counts = await countsOf(
    api,
    variations.map((v) => str(v.id)),
    [locationId],
  );
  const listings = items.map((item): ExternalListing<SquareRef> => {
    const data = asObject(item.item_data);
    const itemId = str(item.id);
    return {
      externalId: itemId,
      title: str(data.name),
      brand: null,
      styleCode: null,
      description: str(data.description_html) || str(data.description) || null,
      images: asList(data.image_ids)
        .map((id) => images.get(str(id)) ?? '')
        .filter(Boolean),
      url: null,
      status: data.is_archived ? 'ended' : 'active',
      variants: asList(data.variations)
        .map(asObject)
        .map((v) => {
          const vd = asObject(v.item_variation_data);
          const variationId = str(v.id);
          return {
            sku: str(vd.sku),
            size: str(vd.name) || null,
            priceCents: Number(asObject(vd.price_money).amount ?? 0),
            quantity: counts.get(`${variationId}|${locationId}`) ?? 0,
            barcode: str(vd.upc) || null,
            ref: { platform: 'square', sku: str(vd.sku), itemId, variationId, locationId },
          };
        }),
    };
  });
  return { listings, nextCursor: str(body.cursor) || null };
}
