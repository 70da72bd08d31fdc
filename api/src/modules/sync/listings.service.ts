import type { EntityManager } from '@mikro-orm/postgresql';
import type { FieldError } from '@tradepost/shared/schemas/common.ts';
import type { Listing, UpdateListingBody } from '@tradepost/shared/schemas/listings.ts';
import { newId } from '../../db/ids.ts';
import { Invalid, NotFound } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';
import type { VariantRef } from '../marketplaces/public.ts';
import { channelPrices } from './channel-price.ts';
import { enqueuePricePushes, enqueueQuantityPush } from './enqueue-pushes.ts';
import { buildListingInput, type ProductForListing, type VariantForListing } from './listing-input.ts';
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
type ListingRow = Omit<Listing, 'listed_at' | 'ended_at' | 'variants'> & {
  channel_id: string;
  listed_at: Date | null;
  ended_at: Date | null;
  variants: StoredVariant[];
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Listings with their sizes and each size's price now, newest state; `where` filters channel_listings `l` (business already applied). */
export async function findListings(em: EntityManager, businessId: string, where: string, params: unknown[]): Promise<Listing[]> {
  const rows = await em.execute<ListingRow[]>(
    `SELECT l.id, l.connection_id, c.channel_id, c.platform, l.product_id, l.status, l.external_id, l.external_url, l.price_override_cents,
            l.quantity_cap, l.quantity_buffer, l.last_error, l.listed_at, l.ended_at,
            coalesce((SELECT json_agg(json_build_object(
                       'variant_id', v.variant_id, 'external_sku', v.external_sku, 'price_override_cents', v.price_override_cents,
                       'pushed_quantity', v.pushed_quantity, 'pushed_price_cents', v.pushed_price_cents, 'pushed_at', v.pushed_at,
                       'channel_quantity', v.channel_quantity, 'last_error', v.last_error) ORDER BY v.external_sku)
                        FROM channel_listing_variants v WHERE v.listing_id = l.id), '[]'::json) AS variants
       FROM channel_listings l JOIN channel_connections c ON c.id = l.connection_id
      WHERE l.business_id = ? AND ${where}
      ORDER BY l.created_at`,
    [businessId, ...params],
  );
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
  const [listing] = await findListings(em, businessId, 'l.id = ?', [listingId]);
  if (!listing) throw new NotFound('Listing not found');
  return listing;
}

type ListingState = {
  id: string;
  status: Listing['status'];
  price_override_cents: number | null;
  quantity_cap: number | null;
  quantity_buffer: number | null;
};

async function loadProduct(em: EntityManager, businessId: string, productId: string) {
  const [product] = await em.execute<(ProductForListing & { status: string; currency: string })[]>(
    `SELECT p.id, p.title, p.brand, p.style_code, p.colorway, p.description, p.category, p.condition, p.grade, p.condition_notes,
            p.images, p.status, b.currency
       FROM products p JOIN businesses b ON b.id = p.business_id
      WHERE p.business_id = ? AND p.id = ?`,
    [businessId, productId],
  );
  if (!product) throw new NotFound('Product not found');
  if (product.status !== 'active')
    throw new Invalid(`Only active products can be listed; this one is ${product.status}`, [
      { field: 'product_id', message: `The product is ${product.status}: make it active first` },
    ]);
  const variants = await em.execute<VariantForListing[]>(
    `SELECT v.id, v.size, v.sku,
            (SELECT code FROM barcodes b WHERE b.variant_id = v.id AND b.kind IN ('upc', 'ean') ORDER BY b.created_at LIMIT 1) AS barcode
       FROM variants v WHERE v.business_id = ? AND v.product_id = ?
      ORDER BY v.created_at, v.size`,
    [businessId, productId],
  );
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
export async function listProduct(
  deps: SyncDeps,
  input: { businessId: string; connectionId: string; productId: string; variantIds?: string[] | undefined },
): Promise<Listing> {
  const { em } = deps;
  const { businessId } = input;
  const connection = await syncConnectionOrFail(em, businessId, input.connectionId);
  const { product, variants } = await loadProduct(em, businessId, input.productId);
  const unknown = (input.variantIds ?? []).filter((id) => !variants.some((v) => v.id === id));
  if (unknown.length) throw new NotFound('Size not found on this product');
  assertConnected(connection);

  const [existing] = await em.execute<ListingState[]>(
    'SELECT id, status, price_override_cents, quantity_cap, quantity_buffer FROM channel_listings WHERE business_id = ? AND connection_id = ? AND product_id = ?',
    [businessId, connection.id, product.id],
  );
  const listed = existing
    ? await em.execute<{ variant_id: string; price_override_cents: number | null }[]>(
        'SELECT variant_id, price_override_cents FROM channel_listing_variants WHERE business_id = ? AND listing_id = ?',
        [businessId, existing.id],
      )
    : [];
  const sizePrices = new Map(listed.map((r) => [r.variant_id, r.price_override_cents]));
  // Sizes already on the listing stay on it: Shopify's productSet deletes the variants not sent.
  const wanted = new Set(input.variantIds ?? variants.map((v) => v.id));
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
    publicUrl: deps.publicUrl,
    currency: product.currency,
  });

  const adapter = await connectionAdapter(deps, connection);
  const started = Date.now();
  let result: { listingId: string; variants: VariantRef[] };
  try {
    result = await adapter.upsertListing(listingInput);
  } catch (error) {
    const message = messageOf(error);
    await em.transactional(async (tx) => {
      const listingId = existing?.id ?? newId();
      await tx.execute(
        `INSERT INTO channel_listings (id, business_id, connection_id, product_id, status, last_error)
         VALUES (?, ?, ?, ?, 'error', ?)
         ON CONFLICT (connection_id, product_id) DO UPDATE
           SET status = CASE WHEN channel_listings.status = 'active' THEN 'active' ELSE 'error' END,
               last_error = excluded.last_error, updated_at = now()`,
        [listingId, businessId, connection.id, product.id, message],
      );
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
      await noteConnectionError(tx, connection.id, `Listing ${product.title}: ${message}`);
    });
    throw platformFailure(error, connection);
  }

  const listingId = existing?.id ?? newId();
  await em.transactional(async (tx) => {
    await tx.execute(
      `INSERT INTO channel_listings (id, business_id, connection_id, product_id, external_id, external_url, status, last_error, listed_at)
       VALUES (?, ?, ?, ?, ?, ?, 'active', NULL, now())
       ON CONFLICT (connection_id, product_id) DO UPDATE
         SET external_id = excluded.external_id, external_url = excluded.external_url, status = 'active', last_error = NULL,
             listed_at = coalesce(channel_listings.listed_at, now()), ended_at = NULL, updated_at = now()`,
      [listingId, businessId, connection.id, product.id, result.listingId || null, externalUrl(connection, result.listingId)],
    );
    for (const ref of result.variants) {
      const variant = sized.find((v) => v.sku.toLowerCase() === ref.sku.toLowerCase());
      if (!variant) continue;
      await tx.execute(
        `INSERT INTO channel_listing_variants (id, business_id, listing_id, connection_id, variant_id, external_sku, external_ref,
                                               pushed_quantity, pushed_price_cents, pushed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, now())
         ON CONFLICT (connection_id, variant_id) DO UPDATE
           SET listing_id = excluded.listing_id, external_sku = excluded.external_sku, external_ref = excluded.external_ref,
               pushed_quantity = excluded.pushed_quantity, pushed_price_cents = excluded.pushed_price_cents, pushed_at = now(),
               last_error = NULL, last_error_at = NULL`,
        [newId(), businessId, listingId, connection.id, variant.id, ref.sku, JSON.stringify(ref), variant.quantity, variant.priceCents],
      );
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
    for (const variant of sized) await enqueueQuantityPush(tx, businessId, variant.id);
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
  const refs = await em.execute<{ variant_id: string; external_ref: VariantRef }[]>(
    'SELECT variant_id, external_ref FROM channel_listing_variants WHERE business_id = ? AND listing_id = ?',
    [input.businessId, listing.id],
  );
  const started = Date.now();
  if (refs.length > 0) {
    assertConnected(connection);
    const adapter = await connectionAdapter(deps, connection);
    try {
      await (adapter.endListing as (refs: VariantRef[]) => Promise<void>)(refs.map((r) => r.external_ref));
    } catch (error) {
      const message = messageOf(error);
      await em.transactional(async (tx) => {
        await tx.execute('UPDATE channel_listings SET last_error = ?, updated_at = now() WHERE id = ?', [message, listing.id]);
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
    await tx.execute(`UPDATE channel_listings SET status = 'ended', ended_at = now(), last_error = NULL, updated_at = now() WHERE id = ?`, [
      listing.id,
    ]);
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
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const key of ['price_override_cents', 'quantity_cap', 'quantity_buffer'] as const) {
    if (body[key] === undefined) continue;
    sets.push(`${key} = ?`);
    params.push(body[key]);
  }
  if (sets.length === 0 && sizePrices.length === 0) return listing;
  await em.transactional(async (tx) => {
    const ids = listing.variants.map((v) => v.variant_id);
    if (sets.length > 0) {
      await tx.execute(`UPDATE channel_listings SET ${sets.join(', ')}, updated_at = now() WHERE business_id = ? AND id = ?`, [
        ...params,
        businessId,
        listingId,
      ]);
      for (const id of ids) await enqueueQuantityPush(tx, businessId, id);
    }
    if (sizePrices.length > 0)
      await tx.execute(
        `UPDATE channel_listing_variants lv SET price_override_cents = x.price_cents
           FROM jsonb_to_recordset(?::jsonb) AS x(variant_id uuid, price_cents integer)
          WHERE lv.business_id = ? AND lv.listing_id = ? AND lv.variant_id = x.variant_id`,
        [JSON.stringify(sizePrices), businessId, listingId],
      );
    const repriced = body.price_override_cents !== undefined ? ids : sizePrices.map((entry) => entry.variant_id);
    await enqueuePricePushes(tx, businessId, repriced);
    await emit(tx, businessId, 'listing.changed', { listing_id: listingId, product_id: listing.product_id });
  });
  return getListing(em, businessId, listingId);
}
