import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  ExternalListing as ExternalListingDto,
  ExternalListingPage,
  ImportListingResult,
  ImportListingsBody,
  ImportListingsResult,
} from '@tradepost/shared/schemas/batch-operations.ts';
import { createProductBodySchema } from '@tradepost/shared/schemas/catalog.ts';
import type { SizeSource } from '@tradepost/shared/schemas/sizes.ts';
import { sql } from 'kysely';
import { newId } from '../../db/ids.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { AppError, Invalid, NotFound } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';
import { addVariant, createProduct } from '../catalog/public.ts';
import { postMovements } from '../inventory/public.ts';
import type { ExternalListing, Platform, VariantRef } from '../marketplaces/public.ts';
import { normaliseSizeString } from '../sizes/public.ts';
import {
  assertConnected,
  connectionAdapter,
  messageOf,
  platformFailure,
  platformNames,
  type SyncConnection,
  type SyncDeps,
  syncConnectionOrFail,
} from '../sync/public.ts';
import { platformConnection } from './marketplace-views.service.ts';

// create-products-from-listings: the listings already on a platform become products (or are linked
// to the products they match), so the sync engine keeps them from then on.

const PAGE_SIZE = 25;

type Listing = ExternalListing<VariantRef>;

type Matched = {
  kind: 'sku' | 'style_code' | 'none';
  productId: string | null;
  productTitle: string | null;
  linked: boolean;
  problem: string | null;
  /** Our variant for each external SKU (lower-cased) found by SKU, SKU mapping or barcode. */
  variantBySku: Map<string, string>;
};

/** A list of strings as one parameter, read back as the table `x` with the one column `value`. */
const jsonValues = (values: string[]) =>
  sql<{ value: string }>`jsonb_array_elements_text(${JSON.stringify([...new Set(values)])}::jsonb)`.as<'x'>(sql`x(value)`);

/**
 * What each listing of a page is to us: a product found by a size's SKU (our SKUs, this channel's
 * SKU mappings, barcodes), else by style code, else nothing (it would be created). Also whether it
 * is already linked and anything that keeps it from being imported.
 */
async function matchListings(em: EntityManager, connection: SyncConnection, listings: Listing[]): Promise<Map<string, Matched>> {
  const db = tenantDb(em, connection.business_id);
  const skus = listings.flatMap((l) => l.variants.map((v) => v.sku.trim()).filter(Boolean));
  const skuHits = await db
    .selectFrom(jsonValues(skus))
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('sku_mappings as m')
          .select(['m.variant_id', sql<number>`1`.as('rank')])
          .where('m.channel_id', '=', connection.channel_id)
          .where((w) => w(w.fn('lower', ['m.external_sku']), '=', w.fn('lower', ['x.value'])))
          .unionAll(
            eb
              .selectFrom('variants as own')
              .select(['own.id as variant_id', sql<number>`2`.as('rank')])
              .where((w) => w(w.fn('lower', ['own.sku']), '=', w.fn('lower', ['x.value']))),
          )
          .as('hit'),
      (join) => join.onTrue(),
    )
    .innerJoin('variants as v', 'v.id', 'hit.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .distinctOn('x.value')
    .select(['x.value as sku', 'v.id as variant_id', 'v.product_id', 'p.title'])
    .orderBy('x.value')
    .orderBy('hit.rank')
    .execute();
  const codes = listings.flatMap((l) => l.variants.map((v) => v.barcode ?? '').filter(Boolean));
  const codeHits = await db
    .selectFrom('barcodes as b')
    .innerJoin('variants as v', 'v.id', 'b.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['b.code', 'v.id as variant_id', 'v.product_id', 'p.title'])
    .where('b.code', 'in', (eb) => eb.selectFrom(jsonValues(codes)).select('x.value'))
    .execute();
  const styleCodes = listings.map((l) => l.styleCode ?? '').filter(Boolean);
  const styleHits = await db
    .selectFrom('products')
    .select((eb) => ['id', 'title', eb.fn<string>('lower', ['style_code']).as('code')])
    .where('condition', '<>', 'pre_owned')
    .where((eb) =>
      eb(
        eb.fn('lower', ['style_code']),
        'in',
        eb.selectFrom(jsonValues(styleCodes)).select((x) => x.fn<string>('lower', ['x.value']).as('value')),
      ),
    )
    .execute();
  const linkedRows = await db
    .selectFrom('channel_listings')
    .select('external_id')
    .where('connection_id', '=', connection.id)
    .where('external_id', 'in', (eb) => eb.selectFrom(jsonValues(listings.map((l) => l.externalId))).select('x.value'))
    .execute();
  const bySku = new Map(skuHits.map((hit) => [hit.sku.toLowerCase(), hit]));
  const byCode = new Map(codeHits.map((hit) => [hit.code, hit]));
  const byStyle = new Map(styleHits.map((hit) => [hit.code, hit]));
  const linked = new Set(linkedRows.map((row) => row.external_id));

  const result = new Map<string, Matched>();
  for (const listing of listings) {
    const variantBySku = new Map<string, string>();
    const products = new Map<string, string>();
    for (const variant of listing.variants) {
      const hit = bySku.get(variant.sku.trim().toLowerCase()) ?? (variant.barcode ? byCode.get(variant.barcode) : undefined);
      if (!hit) continue;
      variantBySku.set(variant.sku.trim().toLowerCase(), hit.variant_id);
      products.set(hit.product_id, hit.title);
    }
    const style = listing.styleCode ? byStyle.get(listing.styleCode.toLowerCase()) : undefined;
    const [first] = products;
    const matched: Matched = first
      ? { kind: 'sku', productId: first[0], productTitle: first[1], linked: false, problem: null, variantBySku }
      : style
        ? { kind: 'style_code', productId: style.id, productTitle: style.title, linked: false, problem: null, variantBySku }
        : { kind: 'none', productId: null, productTitle: null, linked: false, problem: null, variantBySku };
    matched.linked = linked.has(listing.externalId);
    matched.problem = problemOf(listing, products);
    result.set(listing.externalId, matched);
  }
  return result;
}

function problemOf(listing: Listing, products: Map<string, string>): string | null {
  if (listing.variants.length === 0) return 'The listing has nothing to sell';
  const missing = listing.variants.find((v) => v.sku.trim() === '');
  if (missing) return `A size (${missing.size ?? 'unnamed'}) has no SKU: give every size a SKU on the platform first`;
  const seen = new Set<string>();
  for (const variant of listing.variants) {
    const key = variant.sku.trim().toLowerCase();
    if (seen.has(key)) return `SKU ${variant.sku} appears twice in this listing`;
    seen.add(key);
  }
  if (products.size > 1) return `Its sizes belong to different products: ${[...products.values()].join(' and ')}`;
  return null;
}

function presentListing(listing: Listing, matched: Matched | undefined): ExternalListingDto {
  return {
    external_id: listing.externalId,
    title: listing.title,
    brand: listing.brand,
    style_code: listing.styleCode,
    image_url: listing.images[0] ?? null,
    url: listing.url,
    status: listing.status,
    variants: listing.variants.map((v) => ({
      sku: v.sku,
      size: v.size,
      price_cents: v.priceCents,
      quantity: v.quantity,
      barcode: v.barcode,
    })),
    match: {
      kind: matched?.kind ?? 'none',
      product_id: matched?.productId ?? null,
      product_title: matched?.productTitle ?? null,
      linked: matched?.linked ?? false,
    },
    problem: matched?.problem ?? null,
  };
}

async function readPage(deps: SyncDeps, connection: SyncConnection, cursor: string | null) {
  assertConnected(connection);
  const adapter = await connectionAdapter(deps, connection);
  try {
    return await (
      adapter.listListings as (input: { cursor?: string | null; pageSize?: number }) => Promise<{
        listings: Listing[];
        nextCursor: string | null;
      }>
    )({ cursor, pageSize: PAGE_SIZE });
  } catch (error) {
    throw platformFailure(error, connection);
  }
}

/** One page of the platform's listings with what each matches here. Reads only: nothing is written. */
export async function externalListingPage(
  em: EntityManager,
  deps: SyncDeps,
  businessId: string,
  connectionId: string,
  cursor: string | null,
): Promise<ExternalListingPage> {
  const connection = await syncConnectionOrFail(em, businessId, connectionId);
  const page = await readPage(deps, connection, cursor);
  const matches = await matchListings(em, connection, page.listings);
  const summary = await platformConnection(em, businessId, connection.platform);
  if (!summary) throw new NotFound('Connection not found');
  return {
    connection: { ...summary, id: connection.id, platform: connection.platform },
    listings: page.listings.map((listing) => presentListing(listing, matches.get(listing.externalId))),
    cursor,
    next_cursor: page.nextCursor,
  };
}

const sizeSource = (platform: Platform): SizeSource => (platform === 'square' ? 'manual' : platform);

/** Each external size in the product's size run: the normaliser and learned rules; a string nothing reads is queued for the admins. */
async function sizesOf(
  em: EntityManager,
  input: {
    businessId: string;
    platform: Platform;
    formatId: string;
    category: ImportListingsBody['category'];
    listing: Listing;
    /** A listing of one thing without a readable size becomes a one-size product. */
    oneSizeFallback?: boolean;
  },
): Promise<{ sizes: string[]; formatId: string } | { error: string }> {
  const { listing } = input;
  const sizes: string[] = [];
  for (const variant of listing.variants) {
    const raw = variant.size?.trim() ?? '';
    const match = raw
      ? await normaliseSizeString(em, {
          businessId: input.businessId,
          raw,
          formatHint: input.formatId,
          category: input.category,
          source: sizeSource(input.platform),
        })
      : null;
    if (match) {
      sizes.push(match.size);
      continue;
    }
    // A listing of one thing without a size (a cleaning kit, a default variant) is a one-size product.
    if (listing.variants.length === 1 && input.oneSizeFallback !== false) return { sizes: ['OS'], formatId: 'one-size' };
    return {
      error: raw
        ? `Size "${raw}" (SKU ${variant.sku}) is not a size Tradepost can read: it was sent to size matching`
        : `SKU ${variant.sku} has no size`,
    };
  }
  if (new Set(sizes).size !== sizes.length) return { error: 'Two sizes of this listing read as the same size' };
  return { sizes, formatId: input.formatId };
}

type ImportContext = {
  em: EntityManager;
  businessId: string;
  userId: string;
  connection: SyncConnection;
  body: ReturnType<typeof withDefaults>;
  locationId: string;
};

const withDefaults = (body: ImportListingsBody) => ({
  cursor: body.cursor ?? null,
  external_ids: body.external_ids,
  size_format: body.size_format ?? 'us-men',
  category: body.category ?? 'sneakers',
  location_id: body.location_id,
});

const styleCodePattern = /^[A-Za-z0-9 ._/-]{2,40}$/;

/** Links the listing and each of its sizes to our product and variants (and maps SKUs that differ from ours). */
async function linkListing(
  tx: EntityManager,
  context: ImportContext,
  listing: Listing,
  productId: string,
  variantIds: string[],
): Promise<{ mappings: number }> {
  const { connection } = context;
  const db = tenantDb(tx, context.businessId);
  const taken = await db
    .selectFrom('channel_listings')
    .select('external_id')
    .where('connection_id', '=', connection.id)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (taken)
    throw new Invalid(
      `This product is already listed on ${platformNames[connection.platform]} as ${taken.external_id ?? 'another listing'}`,
    );
  const listingId = newId();
  await db
    .insertInto('channel_listings')
    .values({
      id: listingId,
      connection_id: connection.id,
      product_id: productId,
      external_id: listing.externalId,
      external_url: listing.url,
      status: listing.status === 'active' ? 'active' : 'ended',
      listed_at: sql`now()`,
    })
    .execute();
  let mappings = 0;
  for (const [i, variant] of listing.variants.entries()) {
    const variantId = variantIds[i] ?? '';
    const ours = await db.selectFrom('variants').select('sku').where('id', '=', variantId).executeTakeFirst();
    if (ours && ours.sku.toLowerCase() !== variant.sku.trim().toLowerCase()) {
      const added = await db
        .insertInto('sku_mappings')
        .values({ id: newId(), channel_id: connection.channel_id, external_sku: variant.sku.trim(), variant_id: variantId })
        .onConflict((conflict) => conflict.expression(sql`business_id, channel_id, lower(external_sku)`).doNothing())
        .returning('id')
        .execute();
      mappings += added.length;
    }
    await db
      .insertInto('channel_listing_variants')
      .values({
        id: newId(),
        listing_id: listingId,
        connection_id: connection.id,
        variant_id: variantId,
        external_sku: variant.sku.trim(),
        external_ref: JSON.stringify(variant.ref),
        pushed_quantity: variant.quantity,
        pushed_price_cents: variant.priceCents,
        pushed_at: sql`now()`,
        channel_quantity: variant.quantity,
        channel_checked_at: sql`now()`,
      })
      .execute();
  }
  // Linked by import is listed like any other listing: screens showing the product's channels refresh.
  await emit(tx, context.businessId, 'listing.changed', { listing_id: listingId, product_id: productId });
  return { mappings };
}

/** Sizes new to Tradepost start with the platform's quantity, so the first push does not take the listing off sale. */
async function postOpeningStock(
  tx: EntityManager,
  context: ImportContext,
  productId: string,
  lines: { variantId: string; quantity: number }[],
): Promise<void> {
  const stocked = lines.filter((line) => line.quantity > 0 && line.variantId !== '');
  if (stocked.length === 0) return;
  await postMovements(
    tx,
    { businessId: context.businessId, userId: context.userId, reference: { type: 'listing_import', id: productId } },
    stocked.map((line) => ({
      variantId: line.variantId,
      locationId: context.locationId,
      onHand: line.quantity,
      reason: 'adjustment' as const,
      reasonCode: 'listing_import',
    })),
  );
}

async function importOne(context: ImportContext, listing: Listing, matched: Matched): Promise<ImportListingResult> {
  const base = { external_id: listing.externalId, title: listing.title, variants_linked: 0, variants_created: 0, sku_mappings_added: 0 };
  const failed = (message: string, productId: string | null = null): ImportListingResult => ({
    ...base,
    outcome: 'failed',
    product_id: productId,
    message,
  });
  if (matched.linked)
    return { ...base, outcome: 'already_linked', product_id: matched.productId, message: 'Already linked: nothing changed' };
  if (matched.problem) return failed(matched.problem, matched.productId);
  const { businessId } = context;

  try {
    // Sizes are read before the transaction: a size string nothing reads stays queued for size matching even when this row fails.
    if (matched.productId !== null) {
      const productId = matched.productId;
      const db = tenantDb(context.em, businessId);
      const product = await db
        .selectFrom('products')
        .select(['title', 'size_format', 'category'])
        .where('id', '=', productId)
        .$narrowType<{ category: NonNullable<ImportListingsBody['category']> }>()
        .executeTakeFirst();
      const existing = await db.selectFrom('variants').select(['id', 'size']).where('product_id', '=', productId).execute();
      // Each size: ours by SKU, else ours by size (a style-code match), else a new size of the product.
      const plan: ({ variantId: string } | { size: string })[] = [];
      for (const variant of listing.variants) {
        const known = matched.variantBySku.get(variant.sku.trim().toLowerCase());
        if (known) {
          plan.push({ variantId: known });
          continue;
        }
        const read = await sizesOf(context.em, {
          businessId,
          platform: context.connection.platform,
          formatId: product?.size_format ?? context.body.size_format,
          category: product?.category ?? context.body.category,
          listing: { ...listing, variants: [variant] },
          oneSizeFallback: false,
        });
        if ('error' in read) return failed(`${read.error} (${product?.title ?? 'the product'} is in that size run)`, productId);
        const size = read.sizes[0] ?? '';
        const same = existing.find((v) => v.size === size);
        plan.push(same ? { variantId: same.id } : { size });
      }
      return await context.em.transactional(async (tx) => {
        const variantIds: string[] = [];
        const opening: { variantId: string; quantity: number }[] = [];
        for (const [i, step] of plan.entries()) {
          const variant = listing.variants[i];
          if (!variant) continue;
          if ('variantId' in step) {
            variantIds.push(step.variantId);
            continue;
          }
          await addVariant(tx, businessId, productId, {
            size: step.size,
            sku: variant.sku.trim(),
            ...(variant.priceCents > 0 ? { price_cents: variant.priceCents } : {}),
            barcodes: variant.barcode ? [{ code: variant.barcode }] : [],
          });
          const added = await tenantDb(tx, businessId)
            .selectFrom('variants')
            .select('id')
            .where('product_id', '=', productId)
            .where('size', '=', step.size)
            .executeTakeFirst();
          variantIds.push(added?.id ?? '');
          opening.push({ variantId: added?.id ?? '', quantity: variant.quantity });
        }
        const { mappings } = await linkListing(tx, context, listing, productId, variantIds);
        await postOpeningStock(tx, context, productId, opening);
        return {
          ...base,
          outcome: 'linked' as const,
          product_id: productId,
          variants_linked: variantIds.length,
          variants_created: opening.length,
          sku_mappings_added: mappings,
          message: matched.kind === 'style_code' ? `Matched ${product?.title ?? 'a product'} by style code` : null,
        };
      });
    }

    const read = await sizesOf(context.em, {
      businessId,
      platform: context.connection.platform,
      formatId: context.body.size_format,
      category: context.body.category,
      listing,
    });
    if ('error' in read) return failed(read.error);
    const parsed = createProductBodySchema.safeParse({
      title: listing.title.slice(0, 200),
      ...(listing.brand ? { brand: listing.brand.slice(0, 80) } : {}),
      ...(listing.styleCode && styleCodePattern.test(listing.styleCode) ? { style_code: listing.styleCode } : {}),
      ...(listing.description ? { description: listing.description.slice(0, 10_000) } : {}),
      category: context.body.category,
      size_format: read.formatId,
      variants: listing.variants.map((variant, i) => ({
        size: read.sizes[i],
        sku: variant.sku.trim(),
        ...(variant.priceCents > 0 ? { price_cents: variant.priceCents } : {}),
        barcodes: variant.barcode ? [{ code: variant.barcode }] : [],
      })),
    });
    if (!parsed.success) return failed(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
    return await context.em.transactional(async (tx) => {
      const productId = await createProduct(tx, businessId, parsed.data);
      const created = await tenantDb(tx, businessId)
        .selectFrom('variants')
        .select(['id', 'sku'])
        .where('product_id', '=', productId)
        .execute();
      const idBySku = new Map(created.map((v) => [v.sku.toLowerCase(), v.id]));
      const variantIds = listing.variants.map((v) => idBySku.get(v.sku.trim().toLowerCase()) ?? '');
      await linkListing(tx, context, listing, productId, variantIds);
      await postOpeningStock(
        tx,
        context,
        productId,
        listing.variants.map((variant, i) => ({ variantId: variantIds[i] ?? '', quantity: variant.quantity })),
      );
      return {
        ...base,
        outcome: 'created' as const,
        product_id: productId,
        variants_created: variantIds.length,
        variants_linked: variantIds.length,
        message: null,
      };
    });
  } catch (error) {
    const details =
      error instanceof AppError && error.details?.length ? error.details.map((d) => `${d.field}: ${d.message}`).join('; ') : null;
    return failed(details ?? messageOf(error), matched.productId);
  }
}

/** The location chosen for opening stock, or else the default one; archived locations take none. */
function openLocation(em: EntityManager, businessId: string, locationId: string | undefined) {
  const open = tenantDb(em, businessId).selectFrom('locations').select('id').where('archived_at', 'is', null);
  if (locationId) return open.where('id', '=', locationId).executeTakeFirst();
  return open.orderBy('is_default', 'desc').orderBy('created_at').limit(1).executeTakeFirst();
}

/**
 * Imports the chosen listings of one page (read again from the platform, so nothing the browser
 * sends becomes a platform reference): each in its own transaction, so one bad listing fails alone
 * and says why. Importing again changes nothing.
 */
export async function importListings(
  em: EntityManager,
  deps: SyncDeps,
  scope: { businessId: string; userId: string },
  connectionId: string,
  rawBody: ImportListingsBody,
): Promise<ImportListingsResult> {
  const body = withDefaults(rawBody);
  const connection = await syncConnectionOrFail(em, scope.businessId, connectionId);
  const location = await openLocation(em, scope.businessId, body.location_id);
  if (!location) throw new NotFound(body.location_id ? 'Location not found' : 'Add a location before importing listings');
  const page = await readPage(deps, connection, body.cursor);
  const wanted = new Set(body.external_ids);
  const chosen = page.listings.filter((listing) => wanted.has(listing.externalId));
  const matches = await matchListings(em, connection, chosen);
  const context: ImportContext = { em, businessId: scope.businessId, userId: scope.userId, connection, body, locationId: location.id };

  const results: ImportListingResult[] = [];
  for (const externalId of body.external_ids) {
    const listing = chosen.find((l) => l.externalId === externalId);
    const matched = listing ? matches.get(externalId) : undefined;
    if (!listing || !matched) {
      results.push({
        external_id: externalId,
        title: externalId,
        outcome: 'failed',
        product_id: null,
        variants_linked: 0,
        variants_created: 0,
        sku_mappings_added: 0,
        message: `Not on this page of ${platformNames[connection.platform]} any more: reload the listings`,
      });
      continue;
    }
    results.push(await importOne(context, listing, matched));
  }
  return {
    results,
    created: results.filter((r) => r.outcome === 'created').length,
    linked: results.filter((r) => r.outcome === 'linked').length,
    failed: results.filter((r) => r.outcome === 'failed').length,
  };
}
