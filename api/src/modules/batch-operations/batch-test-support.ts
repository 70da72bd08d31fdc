import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import type { EbaySimulator } from '../../../../tests/simulators/ebay/ebay-simulator.ts';
import { bearer, type SignedIn } from '../../../test/helper.ts';
import { newId } from '../../db/ids.ts';

// Test set-up for batch operations: products created through the API, then the same SKUs live on
// the eBay simulator (items, published offers) and linked in channel_listings as listing them would.

export type ListedVariant = { variantId: string; productId: string; sku: string; offerId: string };

const SIZES = [
  '7',
  '7.5',
  '8',
  '8.5',
  '9',
  '9.5',
  '10',
  '10.5',
  '11',
  '11.5',
  '12',
  '12.5',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
];

/** `products` products of up to 20 sizes each through POST /products; SKUs `${prefix}-${p}-${size}`. */
export async function createSizedProducts(
  app: FastifyInstance,
  user: SignedIn,
  options: { prefix: string; products: number; sizes: number; priceCents?: number },
): Promise<{ productId: string; variants: { id: string; sku: string; size: string }[] }[]> {
  const created = [];
  for (let p = 0; p < options.products; p++) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/businesses/${user.businessId}/products`,
      headers: bearer(user.token),
      payload: {
        title: `${options.prefix} Runner ${p + 1}`,
        brand: 'Nike',
        style_code: `${options.prefix}-${p + 1}`.slice(0, 40),
        category: 'sneakers',
        size_format: 'us-men',
        variants: SIZES.slice(0, options.sizes).map((size) => ({
          size,
          sku: `${options.prefix}-${p + 1}-${size}`,
          price_cents: options.priceCents ?? 15_000,
        })),
      },
    });
    if (res.statusCode !== 201) throw new Error(`product: ${res.statusCode} ${res.body}`);
    const body = res.json() as { id: string; variants: { id: string; sku: string; size: string }[] };
    created.push({ productId: body.id, variants: body.variants });
  }
  return created;
}

/** The simulator account's business policies on EBAY_US, read through its Account API. */
export async function ebayPolicies(sim: EbaySimulator): Promise<{ fulfillment: string; payment: string; return: string }> {
  const { accessToken } = sim.control.issueUserToken();
  const read = async (path: string, list: string, id: string) => {
    const res = await fetch(`${sim.baseUrl}/sell/account/v1/${path}?marketplace_id=EBAY_US`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const body = (await res.json()) as Record<string, Record<string, string>[]>;
    return body[list]?.[0]?.[id] ?? '';
  };
  return {
    fulfillment: await read('fulfillment_policy', 'fulfillmentPolicies', 'fulfillmentPolicyId'),
    payment: await read('payment_policy', 'paymentPolicies', 'paymentPolicyId'),
    return: await read('return_policy', 'returnPolicies', 'returnPolicyId'),
  };
}

/**
 * Puts every variant on the eBay simulator as an inventory item with a published offer, and
 * records the listing rows (channel_listings per product, channel_listing_variants per size with
 * the adapter's EbayRef) exactly as a completed listing leaves them.
 */
export async function listOnEbaySimulator(
  orm: MikroORM,
  sim: EbaySimulator,
  input: {
    businessId: string;
    connectionId: string;
    products: { productId: string; variants: { id: string; sku: string; size: string }[] }[];
    quantity?: number;
    price?: string;
  },
): Promise<ListedVariant[]> {
  const policies = await ebayPolicies(sim);
  const quantity = input.quantity ?? 3;
  const all = input.products.flatMap((p) => p.variants.map((v) => ({ ...v, productId: p.productId })));
  const seeded = sim.control.seed({
    locations: [{ merchantLocationKey: 'sim-warehouse', name: 'Sim warehouse' }],
    inventoryItems: all.map((v) => ({
      sku: v.sku,
      condition: 'NEW',
      product: {
        title: `Runner ${v.sku}`,
        description: 'Deadstock.',
        imageUrls: ['https://i.ebayimg.com/images/g/test/s-l1600.jpg'],
        aspects: { Brand: ['Nike'], 'US Shoe Size': [v.size] },
      },
      availability: { shipToLocationAvailability: { quantity } },
    })),
    offers: all.map((v) => ({
      sku: v.sku,
      availableQuantity: quantity,
      pricingSummary: { price: { value: input.price ?? '150.00', currency: 'USD' } },
      categoryId: '15709',
      listingPolicies: { fulfillmentPolicyId: policies.fulfillment, paymentPolicyId: policies.payment, returnPolicyId: policies.return },
      merchantLocationKey: 'sim-warehouse',
      listingDuration: 'GTC',
      publish: true,
    })),
  });
  const offerBySku = new Map(seeded.offers.map((o) => [o.sku, o]));
  const em = orm.em.fork();
  const listed: ListedVariant[] = [];
  for (const product of input.products) {
    const listingId = newId();
    await em.execute(
      `INSERT INTO channel_listings (id, business_id, connection_id, product_id, external_id, status, listed_at)
       VALUES (?, ?, ?, ?, ?, 'active', now())`,
      [
        listingId,
        input.businessId,
        input.connectionId,
        product.productId,
        offerBySku.get(product.variants[0]?.sku ?? '')?.listingId ?? null,
      ],
    );
    for (const variant of product.variants) {
      const offer = offerBySku.get(variant.sku);
      if (!offer) throw new Error(`no offer for ${variant.sku}`);
      const ref = { platform: 'ebay', sku: variant.sku, offerId: offer.offerId, groupKey: null, listingId: offer.listingId };
      await em.execute(
        `INSERT INTO channel_listing_variants (id, business_id, listing_id, connection_id, variant_id, external_sku, external_ref,
                                               pushed_quantity, pushed_price_cents, pushed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?::jsonb, ?, 15000, now())`,
        [newId(), input.businessId, listingId, input.connectionId, variant.id, variant.sku, JSON.stringify(ref), quantity],
      );
      listed.push({ variantId: variant.id, productId: product.productId, sku: variant.sku, offerId: offer.offerId });
    }
  }
  return listed;
}

/** The offer's price on the simulator, in cents. */
export function simPriceCents(sim: EbaySimulator, offerId: string): number {
  const offer = sim.control.offer(offerId) as { pricingSummary?: { price?: { value?: string } } } | null;
  return Math.round(Number(offer?.pricingSummary?.price?.value ?? 'NaN') * 100);
}

type BulkElement = { sku: string; offers?: { price?: unknown; availableQuantity?: unknown }[]; shipToLocationAvailability?: unknown };

/**
 * Bulk calls the simulator received that changed prices (or quantities), each with the SKUs it
 * carried. The two are told apart because the sync engine's own quantity pushes (reconciliation
 * after a boot, for example) use the same route.
 */
export function bulkCalls(sim: EbaySimulator, kind: 'price' | 'quantity' = 'price'): string[][] {
  const isKind = (element: BulkElement) =>
    kind === 'price'
      ? (element.offers ?? []).some((offer) => offer.price !== undefined)
      : element.shipToLocationAvailability !== undefined || (element.offers ?? []).some((offer) => offer.availableQuantity !== undefined);
  return sim.control
    .requests({ route: 'POST /sell/inventory/v1/bulk_update_price_quantity' })
    .map((r) => ((r.body as { requests?: BulkElement[] }).requests ?? []).filter(isKind).map((element) => element.sku))
    .filter((skus) => skus.length > 0);
}
