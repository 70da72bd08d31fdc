import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type ChannelSettings,
  type ChannelSettingsSaved,
  EBAY_TITLE_LENGTH,
  type ProductChannelSettings,
  type SaveChannelSettingsInput,
} from '@tradepost/shared/schemas/channel-settings.ts';
import type { FieldError } from '@tradepost/shared/schemas/common.ts';
import type { Listing } from '@tradepost/shared/schemas/listings.ts';
import { sql } from 'kysely';
import { newId } from '../../db/ids.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { AppError, Invalid, NotFound } from '../../errors.ts';
import type { ConnectionSettings } from '../connections/public.ts';
import { channelPrices } from './channel-price.ts';
import { emptySettings, type StoredChannelSettings, type StoredSize, storedChannelSettings } from './channel-settings-store.ts';
import { listingConnections } from './inventory-control.service.ts';
import { conditionOf, ebayCategoryOf, listingTitle, type ProductForListing } from './listing-input.ts';
import { findListings, listProduct, updateListing } from './listings.service.ts';
import { platformNames, type SyncDeps } from './sync-connection.ts';

// A product's settings on each connected marketplace, read and saved from its page (issue #17).
// Nothing here talks to a marketplace itself: a saved size price on a listing goes through
// `updateListing` (its price pushes), and what only a new copy of the listing can carry (title,
// eBay's category, condition and item specifics, sizes joining) through `listProduct`, which
// updates the same listing.

type VariantRow = { id: string; size: string; sku: string };

async function loadProduct(em: EntityManager, businessId: string, productId: string) {
  const db = tenantDb(em, businessId);
  const product = await db
    .selectFrom('products')
    .where('id', '=', productId)
    .select(['id', 'title', 'category', 'condition', 'grade'])
    // CHECK constraints hold condition and grade to the product's values.
    .$narrowType<{ condition: ProductForListing['condition']; grade: ProductForListing['grade'] }>()
    .executeTakeFirst();
  if (!product) throw new NotFound('Product not found');
  const variants: VariantRow[] = await db
    .selectFrom('variants as v')
    .where('v.product_id', '=', productId)
    .select(['v.id', 'v.size', 'v.sku'])
    // Numeric sizes in numeric order (9, 9.5, 10), the rest after them by name, as the matrix shows them.
    .orderBy(sql`CASE WHEN v.size ~ '^[0-9]+([.][0-9]+){0,1}$' THEN v.size::numeric END NULLS LAST`)
    .orderBy('v.size')
    .execute();
  return { product, variants };
}

/** The marketplaces a product can be set up for: connected ones, and those waiting to be connected again. */
async function settingsConnections(em: EntityManager, businessId: string, connectionId?: string) {
  const connections = (await listingConnections(em, businessId, connectionId)).filter(
    (c) => c.status === 'connected' || c.status === 'reconnect_needed',
  );
  const settings = connections.length
    ? await tenantDb(em, businessId)
        .selectFrom('channel_connections as c')
        .innerJoin('sales_channels as ch', 'ch.id', 'c.channel_id')
        .where(
          'c.id',
          'in',
          connections.map((c) => c.id),
        )
        .select(['c.id', 'c.settings', 'c.channel_id'])
        .execute()
    : [];
  const byId = new Map(settings.map((row) => [row.id, row]));
  return connections.map((connection) => ({
    connection,
    channelId: byId.get(connection.id)?.channel_id ?? '',
    settings: (byId.get(connection.id)?.settings ?? {}) as ConnectionSettings,
  }));
}

type Loaded = Awaited<ReturnType<typeof loadProduct>>;
type SettingsConnection = Awaited<ReturnType<typeof settingsConnections>>[number];

async function describeChannels(
  em: EntityManager,
  businessId: string,
  { product, variants }: Loaded,
  connections: SettingsConnection[],
  stored: Map<string, StoredChannelSettings>,
): Promise<ChannelSettings[]> {
  const listings = connections.length ? await findListings(em, businessId, { productIds: [product.id] }) : [];
  const listingOf = (connectionId: string): Listing | undefined => listings.find((l) => l.connection_id === connectionId);
  // What each size sells at on each channel without its own price.
  const defaults = await channelPrices(
    em,
    businessId,
    connections.flatMap(({ connection, channelId }) =>
      variants.map((v) => ({
        variantId: v.id,
        channelId,
        sizeOverrideCents: null,
        listingOverrideCents: listingOf(connection.id)?.price_override_cents ?? null,
      })),
    ),
  );
  return connections.map(({ connection, settings }, c) => {
    const own = stored.get(connection.id) ?? emptySettings();
    const listing = listingOf(connection.id);
    const listedSizes = new Map((listing?.variants ?? []).map((v) => [v.variant_id, v]));
    return {
      connection,
      listing: listing
        ? { id: listing.id, status: listing.status, last_error: listing.last_error, external_url: listing.external_url }
        : null,
      title: own.overrides.title,
      default_title: listingTitle(connection.platform, product.title),
      sizes: variants.map((variant, i) => {
        const onListing = listedSizes.get(variant.id);
        const price = defaults[c * variants.length + i];
        return {
          variant_id: variant.id,
          size: variant.size,
          sku: variant.sku,
          listed: onListing !== undefined || own.sizes.get(variant.id)?.listed !== false,
          on_listing: onListing !== undefined,
          price_override_cents: onListing ? onListing.price_override_cents : (own.sizes.get(variant.id)?.price_cents ?? null),
          default_price_cents: price?.cents ?? null,
          default_price_source: price?.source ?? null,
        };
      }),
      ebay:
        connection.platform === 'ebay'
          ? {
              category_id: own.overrides.ebayCategoryId,
              default_category_id: ebayCategoryOf(settings, product.category),
              condition: own.overrides.condition,
              default_condition: conditionOf(product),
              aspects: own.overrides.aspects,
            }
          : null,
    };
  });
}

/** The product's settings on every connected marketplace, eBay first. */
export async function productChannelSettings(em: EntityManager, businessId: string, productId: string): Promise<ProductChannelSettings> {
  const loaded = await loadProduct(em, businessId, productId);
  const connections = await settingsConnections(em, businessId);
  const stored = await storedChannelSettings(em, businessId, productId);
  return { channels: await describeChannels(em, businessId, loaded, connections, stored) };
}

/** One connection's settings as shown, and as stored (the defaults when nothing was saved). */
async function oneChannel(em: EntityManager, businessId: string, productId: string, connectionId: string) {
  const loaded = await loadProduct(em, businessId, productId);
  const connections = await settingsConnections(em, businessId, connectionId);
  const stored = await storedChannelSettings(em, businessId, productId, connectionId);
  const [channel] = await describeChannels(em, businessId, loaded, connections, stored);
  if (!channel) throw new NotFound('This marketplace is not connected');
  return { channel, stored: stored.get(connectionId) ?? emptySettings() };
}

/**
 * Refuses, all at once and each by its field: a size that is not the product's or is named twice,
 * a size on the listing taken off, eBay's fields for another marketplace, an item specific we send
 * ourselves (Brand, the size) or named twice, and an eBay title over 80 characters.
 */
function check(current: ChannelSettings, body: SaveChannelSettingsInput): void {
  const errors: FieldError[] = [];
  const platform = current.connection.platform;
  const name = platformNames[platform];
  if (platform === 'ebay' && body.title !== null && body.title.length > EBAY_TITLE_LENGTH)
    errors.push({ field: 'title', message: `eBay titles are at most ${EBAY_TITLE_LENGTH} characters (this one has ${body.title.length})` });
  const sizes = new Map(current.sizes.map((s) => [s.variant_id, s]));
  const seen = new Set<string>();
  for (const [i, entry] of body.sizes.entries()) {
    const size = sizes.get(entry.variant_id);
    if (!size) errors.push({ field: `sizes.${i}.variant_id`, message: 'This size is not a size of this product' });
    else if (seen.has(entry.variant_id)) errors.push({ field: `sizes.${i}.variant_id`, message: 'This size is in the list twice' });
    else if (!entry.listed && size.on_listing)
      errors.push({
        field: `sizes.${i}.listed`,
        message: `Size ${size.size} is on the ${name} listing and stays on it; end the listing to take the product off ${name}`,
      });
    seen.add(entry.variant_id);
  }
  if (body.ebay !== undefined && platform !== 'ebay')
    errors.push({ field: 'ebay', message: `Category, condition and item specifics are eBay's; ${name} has none` });
  if (body.ebay) {
    // Brand and the size are sent from the product and its sizes (listing-input.ts).
    const reserved = new Map([
      ['brand', "Brand comes from the product's brand"],
      ['size', 'The size comes from each size of the product'],
      ['us shoe size', 'The size comes from each size of the product'],
    ]);
    const names = new Set<string>();
    for (const [i, aspect] of body.ebay.aspects.entries()) {
      const key = aspect.name.toLowerCase();
      const why = reserved.get(key);
      if (why) errors.push({ field: `ebay.aspects.${i}.name`, message: why });
      else if (names.has(key)) errors.push({ field: `ebay.aspects.${i}.name`, message: `${aspect.name} is in the list twice` });
      names.add(key);
    }
  }
  if (errors.length) throw new Invalid(errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
}

const aspectsKey = (aspects: { name: string; values: string[] }[]) => JSON.stringify(aspects.map((a) => [a.name, a.values]));
const sameAspects = (a: { name: string; values: string[] }[], b: { name: string; values: string[] }[]) => aspectsKey(a) === aspectsKey(b);

/**
 * Saves one channel's settings of a product. A size on the listing gets its price there (the
 * listing's price pushes send it); a live listing whose title, eBay details or sizes changed is
 * updated on the marketplace at once. The marketplace's refusal of that update does not undo the
 * save: it is answered as `update_error` (and kept on the listing).
 */
export async function saveChannelSettings(
  deps: SyncDeps,
  businessId: string,
  productId: string,
  connectionId: string,
  body: SaveChannelSettingsInput,
): Promise<ChannelSettingsSaved> {
  const { em } = deps;
  const { channel: current, stored: before } = await oneChannel(em, businessId, productId, connectionId);
  check(current, body);

  const sizeById = new Map(current.sizes.map((s) => [s.variant_id, s]));
  const sizes = new Map<string, StoredSize>();
  // Sizes on the listing keep their price there; only the others' settings are kept here.
  for (const [variantId, size] of before.sizes) if (!sizeById.get(variantId)?.on_listing) sizes.set(variantId, size);
  const listingPrices: { variant_id: string; price_cents: number | null }[] = [];
  const joining: string[] = [];
  for (const entry of body.sizes) {
    const size = sizeById.get(entry.variant_id);
    if (!size) continue;
    if (size.on_listing) {
      if (size.price_override_cents !== entry.price_cents)
        listingPrices.push({ variant_id: entry.variant_id, price_cents: entry.price_cents });
      continue;
    }
    if (entry.listed && !size.listed) joining.push(entry.variant_id);
    if (entry.listed && entry.price_cents === null) sizes.delete(entry.variant_id);
    else sizes.set(entry.variant_id, { listed: entry.listed, price_cents: entry.price_cents });
  }
  const ebay = body.ebay ?? {
    category_id: before.overrides.ebayCategoryId,
    condition: before.overrides.condition,
    aspects: before.overrides.aspects,
  };
  const detailsChanged =
    body.title !== before.overrides.title ||
    ebay.category_id !== before.overrides.ebayCategoryId ||
    ebay.condition !== before.overrides.condition ||
    !sameAspects(ebay.aspects, before.overrides.aspects);

  await em.transactional(async (tx) => {
    const values = {
      title: body.title,
      sizes: JSON.stringify(Object.fromEntries(sizes)),
      ebay_category_id: ebay.category_id,
      ebay_condition: ebay.condition,
      ebay_aspects: JSON.stringify(ebay.aspects),
    };
    await tenantDb(tx, businessId)
      .insertInto('product_channel_settings')
      .values({ id: newId(), connection_id: connectionId, product_id: productId, ...values })
      .onConflict((conflict) => conflict.columns(['connection_id', 'product_id']).doUpdateSet({ ...values, updated_at: sql`now()` }))
      .execute();
    // The listing's own way of repricing a size: stored, price pushes enqueued, listing.changed published.
    if (current.listing && listingPrices.length > 0)
      await updateListing(tx, businessId, current.listing.id, { size_prices: listingPrices });
  });

  let updateError: string | null = null;
  if (current.listing?.status === 'active' && (detailsChanged || joining.length > 0)) {
    try {
      // The same listing again, as it is now set up: sizes that joined are added, the rest is replaced.
      await listProduct(deps, { businessId, connectionId, productId });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      updateError = error.message;
    }
  }
  return { ...(await oneChannel(em, businessId, productId, connectionId)).channel, update_error: updateError };
}
