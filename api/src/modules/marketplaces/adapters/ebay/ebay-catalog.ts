import { asList, asObject, chunk, decimalToCents, str } from '../http.ts';
import type { EbayRef, ExternalListing, ExternalListingVariant, ListingPage, ListListingsInput, QuantityReading } from '../types.ts';
import type { EbayCall } from './ebay-account.ts';

// Reading what the seller already has on eBay: inventory items (grouped into multi-variation
// listings by their item group) with their offers, and the quantities on sale now.

const INVENTORY = '/sell/inventory/v1';
const BULK = 25;
const orNotFound = (s: number) => (s >= 200 && s < 300) || s === 404;

type Item = Record<string, unknown>;

async function itemsBySku(api: EbayCall, skus: string[]): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  for (const part of chunk([...new Set(skus)], BULK)) {
    // A read: safe to send again; 207 carries the unknown SKUs as 404 elements.
    const raw = await api('POST', `${INVENTORY}/bulk_get_inventory_item`, { requests: part.map((sku) => ({ sku })) }, { idempotent: true });
    for (const r of asList(asObject(raw.body).responses).map(asObject)) {
      if (Number(r.statusCode) === 200) found.set(str(r.sku), asObject(r.inventoryItem));
    }
  }
  return found;
}

function shipQuantity(item: Item): number {
  return Number(asObject(asObject(item.availability).shipToLocationAvailability).quantity ?? 0);
}

/** Quantity on eBay now (the item's ship-to quantity, which live offers follow); null for unknown SKUs. */
export async function fetchEbayQuantities(api: EbayCall, refs: EbayRef[]): Promise<QuantityReading[]> {
  const items = await itemsBySku(
    api,
    refs.map((r) => r.sku),
  );
  return refs.map((ref) => {
    const item = items.get(ref.sku);
    return { sku: ref.sku, quantity: item ? shipQuantity(item) : null };
  });
}

async function fixedPriceOffer(api: EbayCall, sku: string, marketplaceId: string): Promise<Item | null> {
  const raw = await api('GET', `${INVENTORY}/offer?sku=${encodeURIComponent(sku)}&marketplace_id=${marketplaceId}`, undefined, {
    ok: orNotFound,
  });
  return (
    asList(asObject(raw.body).offers)
      .map(asObject)
      .find((o) => o.format === 'FIXED_PRICE') ?? null
  );
}

function statusOf(offers: (Item | null)[]): ExternalListing<EbayRef>['status'] {
  const listings = offers.map((o) => asObject(o?.listing));
  if (offers.some((o) => str(o?.status) === 'PUBLISHED')) return 'active';
  if (listings.some((l) => str(l.listingId))) return 'ended';
  return 'draft';
}

/**
 * One page of the seller's inventory items (sorted by SKU; `offset` is a page number for this call),
 * turned into listings: an item group becomes one listing with a variant per SKU, emitted with its
 * first existing SKU so that it comes exactly once whatever the item order; a lone item is its own listing.
 */
export async function listEbayListings(api: EbayCall, input: ListListingsInput, marketplaceId = 'EBAY_US'): Promise<ListingPage<EbayRef>> {
  const limit = Math.min(Math.max(input.pageSize ?? 25, 1), 100);
  const pageNumber = Number(input.cursor ?? 0) || 0;
  const body = asObject((await api('GET', `${INVENTORY}/inventory_item?limit=${limit}&offset=${pageNumber}`)).body);
  const items = asList(body.inventoryItems).map(asObject);
  const listings: ExternalListing<EbayRef>[] = [];
  const groups = new Map<string, { group: Item; members: Map<string, Item>; skus: string[] }>();
  const groupOf = async (key: string) => {
    const known = groups.get(key);
    if (known) return known;
    const group = asObject((await api('GET', `${INVENTORY}/inventory_item_group/${encodeURIComponent(key)}`)).body);
    const members = await itemsBySku(api, asList(group.variantSKUs).map(str));
    const skus = asList(group.variantSKUs)
      .map(str)
      .filter((s) => members.has(s));
    const read = { group, members, skus };
    groups.set(key, read);
    return read;
  };
  for (const item of items) {
    const sku = str(item.sku);
    const groupKey = str(asList(item.inventoryItemGroupKeys)[0]) || null;
    let skus = [sku];
    let members = new Map<string, Item>([[sku, item]]);
    let shared: Item = asObject(item.product);
    if (groupKey) {
      const read = await groupOf(groupKey);
      // Emitted with the group's first existing SKU only, whichever page that item is on.
      if (read.skus[0] !== sku) continue;
      ({ skus, members } = read);
      shared = read.group;
    }
    const offers: (Item | null)[] = [];
    for (const s of skus) offers.push(await fixedPriceOffer(api, s, marketplaceId));
    const listingId = offers.map((o) => str(asObject(o?.listing).listingId)).find(Boolean) ?? null;
    const variants: ExternalListingVariant<EbayRef>[] = skus.map((s, i) => {
      const member = members.get(s) ?? {};
      const product = asObject(member.product);
      const offer = offers[i] ?? null;
      const aspects = asObject(product.aspects);
      const sizeAspect = Object.keys(aspects).find((k) => /size/i.test(k));
      return {
        sku: s,
        size: sizeAspect ? str(asList(aspects[sizeAspect])[0]) || null : null,
        priceCents: decimalToCents(str(asObject(asObject(offer?.pricingSummary).price).value)),
        quantity: offer?.availableQuantity !== undefined ? Number(offer.availableQuantity) : shipQuantity(member),
        barcode: str(asList(product.upc)[0]) || str(asList(product.ean)[0]) || null,
        ref: { platform: 'ebay', sku: s, offerId: str(offer?.offerId), groupKey, listingId },
      };
    });
    const product = asObject(item.product);
    listings.push({
      externalId: listingId ?? groupKey ?? sku,
      title: str(shared.title) || str(product.title),
      brand: str(product.brand) || str(asList(asObject(product.aspects).Brand)[0]) || null,
      styleCode: str(product.mpn) || null,
      description: str(shared.description) || str(product.description) || null,
      images: asList(shared.imageUrls ?? product.imageUrls)
        .map(str)
        .filter(Boolean),
      url: listingId ? `https://www.ebay.com/itm/${listingId}` : null,
      status: statusOf(offers),
      variants,
    });
  }
  const total = Number(body.total ?? 0);
  return { listings, nextCursor: (pageNumber + 1) * limit < total ? String(pageNumber + 1) : null };
}
