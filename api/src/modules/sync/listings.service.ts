import type { EntityManager } from '@mikro-orm/postgresql';
import type { FieldError } from '@tradepost/shared/schemas/common.ts';
import type { Listing, UpdateListingBody } from '@tradepost/shared/schemas/listings.ts';
import { sql } from 'kysely';
import { newId } from '../../db/ids.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { Invalid, NotFound } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';
import type { VariantRef } from '../marketplaces/public.ts';
import { channelPrices } from './channel-price.ts';
import { channelSettingsFor } from './channel-settings-store.ts';
import { enqueuePricePushes, enqueuePushes } from './enqueue-pushes.ts';
import { buildListingInput, type ProductForListing, type VariantForListing } from './listing-input.ts';
import { lockListingSizes } from './listing-locks.ts';
import { listingPhotos } from './listing-photos.ts';
import { availableAt, pushableQuantity, sellingLocations } from './pushable-quantity.ts';
import { scheduleReconcile } from './reconcile.ts';
import {
  assertConnected,
  connectionAdapter,
  noteConnectionError,
  platformFailure,
  type SyncConnection,
  type SyncDeps,
  syncConnectionOrFail,
} from './sync-connection.ts';
import { messageOf, writeSyncLog } from './sync-log.ts';

export { pushableQuantity } from './pushable-quantity.ts';
export type { SyncDeps } from './sync-connection.ts';

type StoredVariant = Omit<Listing['variants'][number], 'price_cents' | 'price_source'>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Which listings to read: one by id, or those of some products (on one connection, when named). */
export type ListingFilter = { listingId: string } | { productIds: string[]; connectionId?: string | undefined };

/** Listings with their sizes and each size's price now, newest state. */
export async function findListings(em: EntityManager, businessId: string, filter: ListingFilter): Promise<Listing[]> {
  const rows = await tenantDb(em, businessId)
    .selectFrom('channel_listings as l')
    .innerJoin('channel_connections as c', 'c.id', 'l.connection_id')
    .where((eb) => {
      if ('listingId' in filter) return eb('l.id', '=', filter.listingId);
      const { productIds, connectionId } = filter;
      return eb.and([eb('l.product_id', 'in', productIds), ...(connectionId ? [eb('l.connection_id', '=', connectionId)] : [])]);
    })
    .select((eb) => [
      'l.id',
      'l.connection_id',
      'c.channel_id',
      'c.platform',
      'l.product_id',
      'l.status',
      'l.external_id',
      'l.external_url',
      'l.price_override_cents',
      'l.quantity_cap',
      'l.quantity_buffer',
      'l.last_error',
      'l.listed_at',
      'l.ended_at',
      eb.fn
        .coalesce(
          eb
            .selectFrom('channel_listing_variants as v')
            .whereRef('v.listing_id', '=', 'l.id')
            .select(
              sql<StoredVariant[]>`json_agg(json_build_object(
                'variant_id', v.variant_id, 'external_sku', v.external_sku, 'price_override_cents', v.price_override_cents,
                'pushed_quantity', v.pushed_quantity, 'pushed_price_cents', v.pushed_price_cents, 'pushed_at', v.pushed_at,
                'channel_quantity', v.channel_quantity, 'last_error', v.last_error) ORDER BY v.external_sku)`.as('variants'),
            ),
          sql<StoredVariant[]>`'[]'::json`,
        )
        .as('variants'),
    ])
    // CHECK constraints hold platform and status to the listing's values.
    .$narrowType<{ platform: Listing['platform']; status: Listing['status'] }>()
    .orderBy('l.created_at')
    .execute();
  const prices = await channelPrices(
    em,
    businessId,
    rows.flatMap((row) =>
      row.variants.map((v) => ({
        variantId: v.variant_id,
        channelId: row.channel_id,
        sizeOverrideCents: v.price_override_cents,
        listingOverrideCents: row.price_override_cents,
      })),
    ),
  );
  let next = 0;
  return rows.map(({ channel_id: _, ...row }) => ({
    ...row,
    listed_at: iso(row.listed_at),
    ended_at: iso(row.ended_at),
    variants: row.variants.map((v) => {
      const price = prices[next++] ?? { cents: null, source: null };
      return { ...v, pushed_at: iso(v.pushed_at), price_cents: price.cents, price_source: price.source };
    }),
  }));
}

export async function getListing(em: EntityManager, businessId: string, listingId: string): Promise<Listing> {
  const [listing] = await findListings(em, businessId, { listingId });
  if (!listing) throw new NotFound('Listing not found');
  return listing;
}

async function loadProduct(em: EntityManager, businessId: string, productId: string) {
  const db = tenantDb(em, businessId);
  const product = await db
    .selectFrom('products as p')
    .innerJoin('businesses as b', 'b.id', 'p.business_id')
    .where('p.id', '=', productId)
    .select((eb) => [
      'p.id',
      'p.title',
      'p.brand',
      'p.style_code',
      'p.colorway',
      'p.description',
      'p.category',
      'p.condition',
      'p.grade',
      'p.condition_notes',
      eb.ref('p.images').$castTo<ProductForListing['images']>().as('images'),
      'p.status',
      'b.currency',
    ])
    // CHECK constraints hold condition and grade to the product's values.
    .$narrowType<{ condition: ProductForListing['condition']; grade: ProductForListing['grade'] }>()
    .executeTakeFirst();
  if (!product) throw new NotFound('Product not found');
  if (product.status !== 'active')
    throw new Invalid(`Only active products can be listed; this one is ${product.status}`, [
      { field: 'product_id', message: `The product is ${product.status}: make it active first` },
    ]);
  const variants: VariantForListing[] = await db
    .selectFrom('variants as v')
    .where('v.product_id', '=', productId)
    .select((eb) => [
      'v.id',
      'v.size',
      'v.sku',
      eb
        .selectFrom('barcodes as b')
        .whereRef('b.variant_id', '=', 'v.id')
        .where('b.kind', 'in', ['upc', 'ean'])
        .orderBy('b.created_at')
        .limit(1)
        .select('b.code')
        .as('barcode'),
    ])
    .orderBy('v.created_at')
    .orderBy('v.size')
    .execute();
  return { product, variants };
}

/** What a platform should show for a listing, in a browser; null where there is no public page (simulators). */
function externalUrl(connection: SyncConnection, listingId: string): string | null {
  if (connection.environment === 'simulator' || !listingId) return null;
  if (connection.platform === 'ebay')
    return connection.environment === 'sandbox' ? `https://sandbox.ebay.com/itm/${listingId}` : `https://www.ebay.com/itm/${listingId}`;
  if (connection.platform === 'shopify' && connection.shop_domain) {
    const id = listingId.split('/').pop() ?? listingId;
    return `https://${connection.shop_domain}/admin/products/${id}`;
  }
  return null;
}

/**
 * Lists a product (all its sizes, or the chosen ones plus those already listed) on one connected
 * marketplace now: title, photos, condition, sizes, SKUs, barcodes, the channel's price and the
 * pushable quantity per size. Listing it again updates the same listing. The platform's refusal
 * is kept on the listing (status error) and answered with its message (422 refused, 502 unreachable).
 */
type ListProductInput = { businessId: string; connectionId: string; productId: string; variantIds?: string[] | undefined };

export async function listProduct(deps: SyncDeps, input: ListProductInput): Promise<Listing> {
  const attempt = { reachedPlatform: false };
  try {
    return await listOnPlatform(deps, input, attempt);
  } catch (error) {
    // Refused by our own checks (no photo, no policy, no price, no stock to offer): no call was made,
    // yet the seller saw a listing fail, so Sync Health counts it like a call the platform refused.
    if (!attempt.reachedPlatform && error instanceof Invalid)
      await writeSyncLog(deps.em, [
        {
          businessId: input.businessId,
          connectionId: input.connectionId,
          operation: 'list',
          ok: false,
          error: error.message,
          durationMs: 0,
        },
      ]);
    throw error;
  }
}

async function listOnPlatform(deps: SyncDeps, input: ListProductInput, attempt: { reachedPlatform: boolean }): Promise<Listing> {
  const { em } = deps;
  const { businessId } = input;
  const connection = await syncConnectionOrFail(em, businessId, input.connectionId);
  const { product, variants } = await loadProduct(em, businessId, input.productId);
  const unknown = (input.variantIds ?? []).filter((id) => !variants.some((v) => v.id === id));
  if (unknown.length) throw new NotFound('Size not found on this product');
  assertConnected(connection);

  const db = tenantDb(em, businessId);
  const existing = await db
    .selectFrom('channel_listings')
    .where('connection_id', '=', connection.id)
    .where('product_id', '=', product.id)
    .select(['id', 'price_override_cents', 'quantity_cap', 'quantity_buffer'])
    .executeTakeFirst();
  const listed = existing
    ? await db
        .selectFrom('channel_listing_variants')
        .where('listing_id', '=', existing.id)
        .select(['variant_id', 'price_override_cents'])
        .execute()
    : [];
  // The seller's settings for this product here (its page's channel settings): title, eBay's
  // category, condition and item specifics, sizes kept off the channel and sizes' prices until listed.
  const own = await channelSettingsFor(em, businessId, product.id, connection.id);
  const sizePrices = new Map(listed.map((r) => [r.variant_id, r.price_override_cents]));
  const onListing = new Set(sizePrices.keys());
  for (const [variantId, size] of own.sizes)
    if (!onListing.has(variantId) && size.price_cents !== null) sizePrices.set(variantId, size.price_cents);
  // Sizes already on the listing stay on it: Shopify's productSet deletes the variants not sent.
  const wanted = new Set(input.variantIds ?? variants.filter((v) => own.sizes.get(v.id)?.listed !== false).map((v) => v.id));
  for (const row of listed) wanted.add(row.variant_id);
  const chosen = variants.filter((v) => wanted.has(v.id));

  const available = await availableAt(
    em,
    businessId,
    chosen.map((v) => v.id),
    sellingLocations(connection.settings),
  );
  const buffer = existing?.quantity_buffer ?? connection.channel_buffer;
  const prices = await channelPrices(
    em,
    businessId,
    chosen.map((v) => ({
      variantId: v.id,
      channelId: connection.channel_id,
      sizeOverrideCents: sizePrices.get(v.id) ?? null,
      listingOverrideCents: existing?.price_override_cents ?? null,
    })),
  );
  let sized = chosen.map((v, i) => ({
    ...v,
    quantity: pushableQuantity({ available: available.get(v.id) ?? 0, buffer, cap: existing?.quantity_cap ?? null }),
    priceCents: prices[i]?.cents ?? null,
  }));
  // eBay publishes only offers with at least one unit; sizes without stock join when they get some.
  if (connection.platform === 'ebay') {
    sized = sized.filter((v) => v.quantity > 0);
    if (sized.length === 0)
      throw new Invalid('No size of this product has stock to offer on eBay', [
        { field: 'product_id', message: 'No size has stock to offer on eBay (after the buffer)' },
      ]);
  }
  const listingInput = buildListingInput({
    platform: connection.platform,
    product,
    variants: sized,
    settings: connection.settings,
    photos: await listingPhotos(em, businessId, connection.id, product.images ?? []),
    currency: product.currency,
    overrides: own.overrides,
  });

  attempt.reachedPlatform = true;
  const adapter = await connectionAdapter(deps, connection);
  const started = Date.now();
  let result: { listingId: string; variants: VariantRef[] };
  try {
    result = await adapter.upsertListing(listingInput);
  } catch (error) {
    const message = messageOf(error);
    await em.transactional(async (tx) => {
      const listingId = existing?.id ?? newId();
      await tenantDb(tx, businessId)
        .insertInto('channel_listings')
        .values({ id: listingId, connection_id: connection.id, product_id: product.id, status: 'error', last_error: message })
        .onConflict((conflict) =>
          conflict.columns(['connection_id', 'product_id']).doUpdateSet((eb) => ({
            // A live listing stays live: the error is kept beside it.
            status: eb.case().when('channel_listings.status', '=', 'active').then('active').else('error').end(),
            last_error: eb.ref('excluded.last_error'),
            updated_at: sql`now()`,
          })),
        )
        .execute();
      await writeSyncLog(tx, [
        {
          businessId,
          connectionId: connection.id,
          operation: 'list',
          ok: false,
          error: message,
          request: { groupKey: listingInput.groupKey, title: listingInput.title, skus: listingInput.variants.map((v) => v.sku) },
          durationMs: Date.now() - started,
        },
      ]);
      await noteConnectionError(tx, businessId, connection.id, `Listing ${product.title}: ${message}`);
    });
    throw platformFailure(error, connection);
  }

  const listingId = existing?.id ?? newId();
  await em.transactional(async (tx) => {
    const db = tenantDb(tx, businessId);
    await db
      .insertInto('channel_listings')
      .values({
        id: listingId,
        connection_id: connection.id,
        product_id: product.id,
        external_id: result.listingId || null,
        external_url: externalUrl(connection, result.listingId),
        status: 'active',
        last_error: null,
        listed_at: sql`now()`,
      })
      .onConflict((conflict) =>
        conflict.columns(['connection_id', 'product_id']).doUpdateSet((eb) => ({
          external_id: eb.ref('excluded.external_id'),
          external_url: eb.ref('excluded.external_url'),
          status: 'active',
          last_error: null,
          listed_at: eb.fn.coalesce('channel_listings.listed_at', sql<string>`now()`),
          ended_at: null,
          updated_at: sql`now()`,
        })),
      )
      .execute();
    for (const ref of result.variants) {
      const variant = sized.find((v) => v.sku.toLowerCase() === ref.sku.toLowerCase());
      if (!variant) continue;
      await db
        .insertInto('channel_listing_variants')
        .values({
          id: newId(),
          listing_id: listingId,
          connection_id: connection.id,
          variant_id: variant.id,
          external_sku: ref.sku,
          external_ref: JSON.stringify(ref),
          // A size's price set before it was listed becomes its price on the listing (never over one it has).
          price_override_cents: onListing.has(variant.id) ? null : (sizePrices.get(variant.id) ?? null),
          pushed_quantity: variant.quantity,
          pushed_price_cents: variant.priceCents,
          pushed_at: sql`now()`,
        })
        .onConflict((conflict) =>
          conflict.columns(['connection_id', 'variant_id']).doUpdateSet((eb) => ({
            listing_id: eb.ref('excluded.listing_id'),
            external_sku: eb.ref('excluded.external_sku'),
            external_ref: eb.ref('excluded.external_ref'),
            pushed_quantity: eb.ref('excluded.pushed_quantity'),
            pushed_price_cents: eb.ref('excluded.pushed_price_cents'),
            pushed_at: sql`now()`,
            last_error: null,
            last_error_at: null,
          })),
        )
        .execute();
    }
    await writeSyncLog(
      tx,
      sized.map((variant) => ({
        businessId,
        connectionId: connection.id,
        variantId: variant.id,
        operation: 'list' as const,
        ok: true,
        quantity: variant.quantity,
        priceCents: variant.priceCents,
        request: { groupKey: listingInput.groupKey, sku: variant.sku, size: variant.size },
        response: { listingId: result.listingId, ref: result.variants.find((r) => r.sku === variant.sku) ?? null },
        durationMs: Date.now() - started,
      })),
    );
    // A sale between reading the stock and storing the listing is corrected by one more push
    // (it sends nothing when the quantity is unchanged).
    await enqueuePushes(
      tx,
      businessId,
      'quantity',
      sized.map((variant) => variant.id),
    );
    await scheduleReconcile(tx, businessId, connection.id, deps.pollMs);
    await emit(tx, businessId, 'listing.changed', { listing_id: listingId, product_id: product.id });
  });
  return getListing(em, businessId, listingId);
}

/** Takes the listing off the platform (kept there as ended, so relisting keeps its ids) and marks it ended. */
export async function endListing(deps: SyncDeps, input: { businessId: string; listingId: string }): Promise<Listing> {
  const { em } = deps;
  const listing = await getListing(em, input.businessId, input.listingId);
  if (listing.status === 'ended') return listing;
  const connection = await syncConnectionOrFail(em, input.businessId, listing.connection_id);
  const refs = await tenantDb(em, input.businessId)
    .selectFrom('channel_listing_variants')
    .where('listing_id', '=', listing.id)
    .select((eb) => ['variant_id', eb.ref('external_ref').$castTo<VariantRef>().as('external_ref')])
    .execute();
  const started = Date.now();
  if (refs.length > 0) {
    assertConnected(connection);
    const adapter = await connectionAdapter(deps, connection);
    try {
      await (adapter.endListing as (refs: VariantRef[]) => Promise<void>)(refs.map((r) => r.external_ref));
    } catch (error) {
      const message = messageOf(error);
      await em.transactional(async (tx) => {
        await tenantDb(tx, input.businessId)
          .updateTable('channel_listings')
          .set({ last_error: message, updated_at: sql`now()` })
          .where('id', '=', listing.id)
          .execute();
        await writeSyncLog(tx, [
          {
            businessId: input.businessId,
            connectionId: connection.id,
            operation: 'end',
            ok: false,
            error: message,
            durationMs: Date.now() - started,
          },
        ]);
      });
      throw platformFailure(error, connection);
    }
  }
  await em.transactional(async (tx) => {
    await tenantDb(tx, input.businessId)
      .updateTable('channel_listings')
      .set({ status: 'ended', ended_at: sql`now()`, last_error: null, updated_at: sql`now()` })
      .where('id', '=', listing.id)
      .execute();
    await writeSyncLog(
      tx,
      refs.map((r) => ({
        businessId: input.businessId,
        connectionId: connection.id,
        variantId: r.variant_id,
        operation: 'end' as const,
        ok: true,
        request: { sku: r.external_ref.sku },
        durationMs: Date.now() - started,
      })),
    );
    await emit(tx, input.businessId, 'listing.changed', { listing_id: listing.id, product_id: listing.product_id });
  });
  return getListing(em, input.businessId, listing.id);
}

type SizePrice = NonNullable<UpdateListingBody['size_prices']>[number];

/** Every size price names a size of this listing, once; refuses all of them at once, naming each. */
function checkSizePrices(listing: Listing, sizePrices: SizePrice[]): void {
  const onListing = new Set(listing.variants.map((v) => v.variant_id));
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const [i, entry] of sizePrices.entries()) {
    const field = `size_prices.${i}.variant_id`;
    if (!onListing.has(entry.variant_id)) errors.push({ field, message: 'This size is not on this listing' });
    else if (seen.has(entry.variant_id)) errors.push({ field, message: 'This size is in the list twice' });
    seen.add(entry.variant_id);
  }
  if (errors.length) throw new Invalid(errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
}

/**
 * Per-listing overrides and sizes' own prices (a size's price wins over the listing's, see
 * channel-price.ts); the platform hears of them through the usual pushes.
 */
export async function updateListing(em: EntityManager, businessId: string, listingId: string, body: UpdateListingBody): Promise<Listing> {
  const listing = await getListing(em, businessId, listingId);
  const sizePrices = body.size_prices ?? [];
  checkSizePrices(listing, sizePrices);
  const overrides = {
    price_override_cents: body.price_override_cents,
    quantity_cap: body.quantity_cap,
    quantity_buffer: body.quantity_buffer,
  };
  const overridden = Object.values(overrides).some((value) => value !== undefined);
  if (!overridden && sizePrices.length === 0) return listing;
  await em.transactional(async (tx) => {
    const db = tenantDb(tx, businessId);
    const ids = listing.variants.map((v) => v.variant_id);
    if (overridden) {
      // Kysely leaves out the keys whose value is undefined: only the overrides in the body change.
      await db
        .updateTable('channel_listings')
        .set({ ...overrides, updated_at: sql`now()` })
        .where('id', '=', listingId)
        .execute();
      await enqueuePushes(tx, businessId, 'quantity', ids);
    }
    if (sizePrices.length > 0) {
      await lockListingSizes(
        db,
        listing.connection_id,
        sizePrices.map((entry) => entry.variant_id),
      );
      await db
        .updateTable('channel_listing_variants as lv')
        .from(
          sql<SizePrice>`jsonb_to_recordset(${JSON.stringify(sizePrices)}::jsonb)`.as<'x'>(sql`x(variant_id uuid, price_cents integer)`),
        )
        .set((eb) => ({ price_override_cents: eb.ref('x.price_cents') }))
        .where('lv.listing_id', '=', listingId)
        .whereRef('lv.variant_id', '=', 'x.variant_id')
        .execute();
    }
    const repriced = body.price_override_cents !== undefined ? ids : sizePrices.map((entry) => entry.variant_id);
    await enqueuePricePushes(tx, businessId, repriced);
    await emit(tx, businessId, 'listing.changed', { listing_id: listingId, product_id: listing.product_id });
  });
  return getListing(em, businessId, listingId);
}
