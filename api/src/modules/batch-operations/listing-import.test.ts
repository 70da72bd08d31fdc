import type { ExternalListingPage, ImportListingsResult, MarketplaceProducts } from '@tradepost/shared/schemas/batch-operations.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseSnapshot, registerAndLogin, type SignedIn } from '../../../test/helper.ts';
import { connect, ourAvailable, type SyncWorld, startSyncWorld } from '../sync/sync-test-support.ts';
import { ebayPolicies } from './batch-test-support.ts';

// create-products-from-listings against the simulators' demo accounts: what is there already
// becomes products (or is linked to the products it matches), with a result per listing.

let world: SyncWorld;
let ebayId: string;
let shopifyId: string;
let pandaVariant: string;
let dunkStyleVariant: string;

type Product = {
  id: string;
  title: string;
  style_code: string | null;
  size_format: string;
  variants: { id: string; size: string; sku: string; price_cents: number | null }[];
};

async function page(connectionId: string, cursor?: string): Promise<ExternalListingPage> {
  const res = await world.call('GET', `/connections/${connectionId}/external-listings${cursor ? `?cursor=${cursor}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ExternalListingPage;
}

/** The import's answer, and the domain events it announced to the business's other tabs. */
async function importIds(
  connectionId: string,
  externalIds: string[],
  cursor: string | null = null,
): Promise<ImportListingsResult & { announced: string[] }> {
  const res = await world.call('POST', `/connections/${connectionId}/import-listings`, { cursor, external_ids: externalIds });
  expect(res.statusCode, res.body).toBe(200);
  const announced = String(res.headers['x-domain-events'] ?? '').split(',');
  return { ...(res.json() as ImportListingsResult), announced };
}

async function productBySku(sku: string): Promise<Product> {
  const list = (await world.call('GET', `/products?q=${encodeURIComponent(sku)}&limit=5`)).json() as {
    items?: Product[];
    products?: Product[];
  };
  const found = (list.items ?? list.products ?? []).find((p) => p.variants.some((v) => v.sku === sku));
  if (!found) throw new Error(`no product with ${sku}`);
  return found;
}

beforeAll(async () => {
  world = await startSyncWorld();
  ebayId = await connect(world, 'ebay');
  shopifyId = await connect(world, 'shopify');
  world.ebay.control.seed({ demo: true });
  // A listing whose SKU is not ours but whose style code (eBay's MPN) is.
  const policies = await ebayPolicies(world.ebay);
  world.ebay.control.seed({
    inventoryItems: [
      {
        sku: 'EXT-DUNK-RETRO-10',
        condition: 'NEW',
        product: {
          title: 'Nike Dunk Low Retro White Black',
          description: 'Brand new.',
          mpn: 'DD1391-100',
          imageUrls: ['https://i.ebayimg.com/images/g/ext/s-l1600.jpg'],
          aspects: { Brand: ['Nike'], 'US Shoe Size': ['10'] },
        },
        availability: { shipToLocationAvailability: { quantity: 1 } },
      },
    ],
    offers: [
      {
        sku: 'EXT-DUNK-RETRO-10',
        availableQuantity: 1,
        pricingSummary: { price: { value: '120.00', currency: 'USD' } },
        categoryId: '15709',
        listingPolicies: { fulfillmentPolicyId: policies.fulfillment, paymentPolicyId: policies.payment, returnPolicyId: policies.return },
        merchantLocationKey: 'sim-warehouse',
        listingDuration: 'GTC',
        publish: true,
      },
    ],
  });
  world.shopify.control.seed({ demo: true });

  const panda = await world.call('POST', '/products', {
    title: 'Dunk Low Panda (ours)',
    brand: 'Nike',
    category: 'sneakers',
    size_format: 'us-men',
    variants: [{ size: '9', sku: 'SIM-DUNK-PANDA-9', price_cents: 13_000 }],
  });
  expect(panda.statusCode, panda.body).toBe(201);
  pandaVariant = panda.json().variants[0].id;
  const retro = await world.call('POST', '/products', {
    title: 'Dunk Low Retro (ours)',
    brand: 'Nike',
    style_code: 'DD1391-100',
    category: 'sneakers',
    size_format: 'us-men',
    variants: [{ size: '10', sku: 'OUR-DUNK-10', price_cents: 12_000 }],
  });
  expect(retro.statusCode, retro.body).toBe(201);
  dunkStyleVariant = retro.json().variants[0].id;
}, 60_000);

afterAll(async () => {
  await world?.close();
});

describe('create products from listings', () => {
  it('pages through eBay listings showing what each matches, and reading writes nothing', async () => {
    const before = await databaseSnapshot(world.t.orm);
    const first = await page(ebayId);
    expect(await databaseSnapshot(world.t.orm)).toEqual(before);
    expect(first.connection).toMatchObject({ id: ebayId, platform: 'ebay', status: 'connected' });
    const bySku = new Map(first.listings.map((l) => [l.variants[0]?.sku, l]));
    expect([...bySku.keys()].sort()).toEqual(['EXT-DUNK-RETRO-10', 'SIM-AF1-WHITE-11', 'SIM-AJ1-CHI-10', 'SIM-DUNK-PANDA-9']);
    expect(bySku.get('SIM-DUNK-PANDA-9')?.match).toMatchObject({ kind: 'sku', product_title: 'Dunk Low Panda (ours)', linked: false });
    expect(bySku.get('EXT-DUNK-RETRO-10')?.match).toMatchObject({ kind: 'style_code', product_title: 'Dunk Low Retro (ours)' });
    expect(bySku.get('SIM-AJ1-CHI-10')?.match).toMatchObject({ kind: 'none', product_id: null });
    expect(bySku.get('SIM-AJ1-CHI-10')?.variants[0]).toMatchObject({ size: '10', price_cents: 34_999, quantity: 2 });
    expect(first.listings.every((l) => l.problem === null)).toBe(true);
  });

  it('imports: unmatched listings become products with opening stock, matches are linked (with SKU mappings), again changes nothing', async () => {
    const listings = (await page(ebayId)).listings;
    const idOf = (sku: string) => listings.find((l) => l.variants[0]?.sku === sku)?.external_id ?? '';
    const result = await importIds(ebayId, ['SIM-AJ1-CHI-10', 'SIM-AF1-WHITE-11', 'SIM-DUNK-PANDA-9', 'EXT-DUNK-RETRO-10'].map(idOf));
    expect(result).toMatchObject({ created: 2, linked: 2, failed: 0 });
    expect(result.results.map((r) => r.outcome)).toEqual(['created', 'created', 'linked', 'linked']);
    expect(result.results[3]).toMatchObject({ sku_mappings_added: 1, message: expect.stringMatching(/style code/) });
    // Created and linked listings alike are announced, so open product screens show their new channel.
    expect(result.announced).toEqual(expect.arrayContaining(['product.changed', 'listing.changed']));

    const aj1 = await productBySku('SIM-AJ1-CHI-10');
    expect(aj1).toMatchObject({ title: 'Air Jordan 1 Retro High OG Chicago Size 10', size_format: 'us-men' });
    expect(aj1.variants).toMatchObject([{ size: '10', sku: 'SIM-AJ1-CHI-10', price_cents: 34_999 }]);
    expect(await ourAvailable(world, aj1.variants[0]?.id ?? '')).toBe(2);
    // Linked products keep their stock: the platform's count is not ours.
    expect(await ourAvailable(world, pandaVariant)).toBe(0);

    const listed = (await world.call('GET', '/marketplaces/ebay/products')).json() as MarketplaceProducts;
    expect(listed.counts.active).toBe(4);
    const retro = listed.products.find((p) => p.variants.some((v) => v.variant_id === dunkStyleVariant));
    expect(retro?.variants[0]?.listed).toMatchObject({ external_sku: 'EXT-DUNK-RETRO-10', channel_quantity: 1 });
    expect(retro?.variants[0]?.listed?.external_ref).toMatchObject({ platform: 'ebay', sku: 'EXT-DUNK-RETRO-10' });
    const [mapping] = await world.t.orm.em
      .fork()
      .execute<{ variant_id: string }[]>('SELECT variant_id FROM sku_mappings WHERE business_id = ? AND external_sku = ?', [
        world.owner.businessId,
        'EXT-DUNK-RETRO-10',
      ]);
    expect(mapping?.variant_id).toBe(dunkStyleVariant);

    // Shown as linked now; importing again changes nothing.
    const again = await page(ebayId);
    expect(again.listings.every((l) => l.match.linked)).toBe(true);
    const before = await databaseSnapshot(world.t.orm);
    const repeat = await importIds(
      ebayId,
      again.listings.map((l) => l.external_id),
    );
    expect(repeat.results.every((r) => r.outcome === 'already_linked')).toBe(true);
    expect(await databaseSnapshot(world.t.orm)).toEqual(before);
  });

  it('Shopify: a matched product gains its missing sizes, a listing without sizes becomes one-size, bad rows say why', async () => {
    const listings = (await page(shopifyId)).listings;
    const byTitle = new Map(listings.map((l) => [l.title, l]));
    // The AJ1 made from eBay holds size 10: matched by that SKU, 9 and 11 are added.
    expect(byTitle.get('Air Jordan 1 Retro High OG Chicago')?.match.kind).toBe('sku');
    // Panda 9 is ours in one product; its other sizes are new to it.
    expect(byTitle.get('Nike Dunk Low Retro Panda')?.match.kind).toBe('sku');

    const result = await importIds(shopifyId, listings.map((l) => l.external_id).concat(['gid://shopify/Product/does-not-exist']));
    const outcome = new Map(result.results.map((r) => [r.title, r]));
    expect(outcome.get('Air Jordan 1 Retro High OG Chicago')).toMatchObject({ outcome: 'linked', variants_created: 2, variants_linked: 3 });
    expect(outcome.get('Sneaker Cleaning Kit')).toMatchObject({ outcome: 'created', variants_created: 1 });
    expect(outcome.get('gid://shopify/Product/does-not-exist')).toMatchObject({
      outcome: 'failed',
      message: expect.stringMatching(/reload/),
    });
    const aj1 = await productBySku('SIM-AJ1-CHI-10');
    expect(aj1.variants.map((v) => v.size)).toEqual(['9', '10', '11']);
    // New sizes start with Shopify's quantity at our location; the existing size keeps ours.
    const nine = aj1.variants.find((v) => v.size === '9');
    const shopifyNine = byTitle.get('Air Jordan 1 Retro High OG Chicago')?.variants.find((v) => v.sku === 'SIM-AJ1-CHI-9');
    expect(shopifyNine?.quantity).toBeGreaterThan(0);
    expect(await ourAvailable(world, nine?.id ?? '')).toBe(shopifyNine?.quantity);
    expect(await ourAvailable(world, aj1.variants.find((v) => v.size === '10')?.id ?? '')).toBe(2);
    const kit = await productBySku('SIM-CLEAN-KIT');
    expect(kit).toMatchObject({ size_format: 'one-size', variants: [{ size: 'OS', price_cents: 1_999 }] });
  });

  it('bad input answers 400 naming the field, foreign connections 404, and writes nothing', async () => {
    const before = await databaseSnapshot(world.t.orm);
    const empty = await world.call('POST', `/connections/${ebayId}/import-listings`, { external_ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details[0].field).toBe('external_ids');
    const missingLocation = await world.call('POST', `/connections/${ebayId}/import-listings`, {
      external_ids: ['x'],
      location_id: '01a20072-0000-7000-8000-000000000009',
    });
    expect(missingLocation.statusCode).toBe(404);
    expect(await databaseSnapshot(world.t.orm)).toEqual(before);
    const stranger: SignedIn = await registerAndLogin(world.t.app);
    const after = await databaseSnapshot(world.t.orm);
    const foreignRead = await world.call('GET', `/connections/${ebayId}/external-listings`, undefined, stranger);
    expect(foreignRead.statusCode).toBe(404);
    const foreignImport = await world.call('POST', `/connections/${ebayId}/import-listings`, { external_ids: ['x'] }, stranger);
    expect(foreignImport.statusCode).toBe(404);
    expect(await databaseSnapshot(world.t.orm)).toEqual(after);
  });
});
