import type { InventoryControl, Listing } from '@tradepost/shared/schemas/listings.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalog } from '../../seeders/demo-catalog.ts';
import { adjust, connect, list, type SyncWorld, startSyncWorld } from './sync-test-support.ts';

// Issue #17: a reseller on a laptop has no public https address. Listing uploads each photo's bytes
// to the platform (reference §5b), so the demo business lists on all three simulators as it is.

let w: SyncWorld;
const connections = { ebay: '', shopify: '', square: '' };
const EBAY_UPLOAD = 'POST /commerce/media/v1_beta/image/create_image_from_file';

type Product = { id: string; title: string; images: { media_id: string }[]; variants: { id: string; sku: string; size: string }[] };

beforeAll(async () => {
  w = await startSyncWorld();
  await seedDemoCatalog(w.t.orm.em.fork(), w.owner.businessId, w.owner.userId);
  connections.ebay = await connect(w, 'ebay');
  connections.shopify = await connect(w, 'shopify');
  connections.square = await connect(w, 'square');
});
afterAll(async () => w.close());

async function demoProduct(search: string): Promise<Product> {
  const found = await w.call('GET', `/products?q=${encodeURIComponent(search)}`);
  expect(found.statusCode, found.body).toBe(200);
  const product = (found.json() as { items: Product[] }).items.find((p) => p.title.includes(search));
  if (!product) throw new Error(`no demo product ${search}`);
  return product;
}

async function ourPhoto(mediaId: string): Promise<Buffer> {
  const res = await w.t.app.inject({ method: 'GET', url: `/api/v1/media/${mediaId}` });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('listing with no public address (issue #17)', () => {
  it('lists a demo product with its photo on eBay, Shopify and Square, uploading the photo once per platform', async () => {
    expect(w.t.config.PUBLIC_URL).toBeUndefined();
    expect(w.t.config.MEDIA_BASE_URL).toBeUndefined();
    const product = await demoProduct('Chicago');
    expect(product.images).toHaveLength(1);
    const bytes = await ourPhoto(product.images[0]?.media_id ?? '');

    const listings: Record<string, Listing> = {};
    for (const platform of ['ebay', 'shopify', 'square'] as const) {
      listings[platform] = (await list(w, connections[platform], product.id)) as Listing;
      expect(listings[platform]).toMatchObject({ status: 'active', last_error: null });
    }

    // Each platform holds our bytes and shows its own copy on the listing.
    const item = w.ebay.control.inventoryItem(listings.ebay?.variants[0]?.external_sku ?? '') as { product: { imageUrls: string[] } };
    expect(item.product.imageUrls).toHaveLength(1);
    expect(item.product.imageUrls[0]).toMatch(/^https:\/\//);
    expect(w.ebay.control.photo(item.product.imageUrls[0] ?? '')?.data.equals(bytes)).toBe(true);
    const [media] = w.shopify.control.productMedia(listings.shopify?.external_id ?? '');
    expect(media?.status).toBe('READY');
    expect(w.shopify.control.photo(media?.url ?? '')?.data.equals(bytes)).toBe(true);
    const squareItem = w.square.control.catalogObject(listings.square?.external_id ?? '') as { item_data: { image_ids: string[] } };
    const image = w.square.control.catalogObject(squareItem.item_data.image_ids[0] ?? '') as { image_data: { url: string } };
    expect(w.square.control.photo(image.image_data.url)?.data.equals(bytes)).toBe(true);

    // Listing again sends the same copies: nothing is uploaded twice.
    for (const platform of ['ebay', 'shopify', 'square'] as const) await list(w, connections[platform], product.id);
    expect(w.ebay.control.requests({ route: EBAY_UPLOAD })).toHaveLength(1);
    expect(w.shopify.control.requests({ pathIncludes: '/staged-uploads' })).toHaveLength(1);
    expect(w.square.control.requests({ route: 'POST /v2/catalog/images' })).toHaveLength(1);
    expect(w.shopify.control.productMedia(listings.shopify?.external_id ?? '').map((m) => m.id)).toEqual([media?.id]);
  });

  it('an upload the platform fails is the listing’s error, nothing is listed, and listing again works', async () => {
    const product = await demoProduct('Panda');
    w.ebay.control.failNext({ route: EBAY_UPLOAD, status: 503, count: 4 });
    const failed = await w.call('POST', '/listings', { connection_id: connections.ebay, product_id: product.id });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.message).toMatch(/^eBay did not answer properly: a photo could not be uploaded, so nothing was listed/);
    expect(product.variants.map((v) => w.ebay.control.inventoryItem(v.sku))).toEqual(product.variants.map(() => null));
    const matrix = (
      await w.call('GET', `/listings/inventory-control?connection_id=${connections.ebay}&search=Panda`)
    ).json() as InventoryControl;
    expect(matrix.rows[0]?.listings[0]).toMatchObject({
      status: 'error',
      last_error: expect.stringMatching(/photo could not be uploaded/),
    });

    expect((await list(w, connections.ebay, product.id)).status).toBe('active');
  });

  it('refuses eBay for a product with no photo, saying where to add one, and writes nothing', async () => {
    const created = await w.call('POST', '/products', {
      title: 'Photo-less Runner',
      brand: 'Nike',
      category: 'sneakers',
      size_format: 'us-men',
      variants: [{ size: '10', sku: 'NOPHOTO-10', price_cents: 9_000, barcodes: [] }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json() as Product;
    await adjust(w, product.variants[0]?.id ?? '', 2);
    const refused = await w.call('POST', '/listings', { connection_id: connections.ebay, product_id: product.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual([
      { field: 'images', message: "eBay needs at least one photo of the product: add one under Photos on the product's page" },
    ]);
    const matrix = (
      await w.call('GET', `/listings/inventory-control?connection_id=${connections.ebay}&search=Photo-less`)
    ).json() as InventoryControl;
    expect(matrix.rows[0]?.listings).toEqual([]);
    // Shopify and Square take a product without photos.
    expect((await list(w, connections.shopify, product.id)).status).toBe('active');
  });
});
