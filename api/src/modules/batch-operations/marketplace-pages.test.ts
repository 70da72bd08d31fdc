import type {
  BatchDetail,
  BatchOperation,
  MarketplaceOverview,
  MarketplaceProductDetail,
  MarketplaceProducts,
} from '@tradepost/shared/schemas/batch-operations.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type StockedProduct, type SyncWorld, startSyncWorld, stockedProduct } from '../sync/sync-test-support.ts';

// List, end and relist run as batches through the sync engine's listing service, against the
// simulators; the marketplace pages read what they left.

let world: SyncWorld;
let ebayId: string;
let shopifyId: string;
let stocked: StockedProduct[];
let empty: StockedProduct;

async function runBatch(connectionId: string, operation: 'list' | 'relist' | 'end', productIds: string[]): Promise<BatchDetail> {
  const res = await world.call('POST', '/batch-operations', {
    connection_id: connectionId,
    operation_type: operation,
    items: productIds.map((id) => ({ product_id: id })),
  });
  expect(res.statusCode, res.body).toBe(201);
  await world.t.app.jobs.drain({ timeoutMs: 60_000 });
  return (await world.call('GET', `/batch-operations/${(res.json() as BatchOperation).id}`)).json() as BatchDetail;
}

const offerStatus = (sku: string) => (world.ebay.control.offersForSku(sku)[0] as { status?: string } | undefined)?.status;

beforeAll(async () => {
  world = await startSyncWorld();
  ebayId = await connect(world, 'ebay');
  shopifyId = await connect(world, 'shopify');
  stocked = [await stockedProduct(world, 2), await stockedProduct(world, { '10': 1 })];
  empty = await stockedProduct(world, 0);
}, 60_000);

afterAll(async () => {
  await world?.close();
});

describe('listing batches and the marketplace pages', () => {
  it('a list batch lists each product through the listing service; a product eBay cannot take fails alone with the reason', async () => {
    const batch = await runBatch(
      ebayId,
      'list',
      [...stocked, empty].map((p) => p.id),
    );
    expect(batch.batch).toMatchObject({ status: 'partially_failed', succeeded: 2, failed: 1, operation_type: 'list' });
    expect(batch.items.map((item) => item.status)).toEqual(['succeeded', 'succeeded', 'failed']);
    expect(batch.items[2]?.error).toMatch(/No size .* has stock/);
    expect(batch.items[0]?.label).toBe(stocked[0]?.title);
    for (const variant of stocked[0]?.variants ?? []) expect(offerStatus(variant.sku)).toBe('PUBLISHED');

    const page = (await world.call('GET', '/marketplaces/ebay/products')).json() as MarketplaceProducts;
    expect(page.connection).toMatchObject({ id: ebayId, status: 'connected', environment: 'simulator' });
    expect(page.counts).toMatchObject({ active: 2, ended: 0 });
    expect(page.products.map((p) => p.product_id).sort()).toEqual(stocked.map((p) => p.id).sort());
    const first = page.products.find((p) => p.product_id === stocked[0]?.id);
    expect(first?.listing).toMatchObject({ status: 'active' });
    expect(first?.listing?.external_id).toBeTruthy();
    expect(first?.listed_sizes).toBe(3);
    expect(first?.variants.map((v) => [v.size, v.available, v.listed?.pushed_quantity])).toEqual([
      ['9', 2, 2],
      ['10', 2, 2],
      ['11', 2, 2],
    ]);
    // The second product lists only the size with stock (eBay publishes offers with units only).
    const second = page.products.find((p) => p.product_id === stocked[1]?.id);
    expect(second?.variants.filter((v) => v.listed !== null).map((v) => v.size)).toEqual(['10']);

    const all = (await world.call('GET', '/marketplaces/ebay/products?scope=all&status=not_listed')).json() as MarketplaceProducts;
    expect(all.products.map((p) => p.product_id)).toEqual([empty.id]);
    const searched = (
      await world.call('GET', `/marketplaces/ebay/products?search=${encodeURIComponent(stocked[1]?.variants[1]?.sku ?? '')}`)
    ).json() as MarketplaceProducts;
    expect(searched.products.map((p) => p.product_id)).toEqual([stocked[1]?.id]);
    const paged = (await world.call('GET', '/marketplaces/ebay/products?limit=1')).json() as MarketplaceProducts;
    expect(paged.products).toHaveLength(1);
    const next = (await world.call('GET', `/marketplaces/ebay/products?limit=1&cursor=${paged.next_cursor}`)).json() as MarketplaceProducts;
    expect(next.products).toHaveLength(1);
    expect(next.products[0]?.product_id).not.toBe(paged.products[0]?.product_id);
    expect(next.next_cursor).toBeNull();

    const detail = (await world.call('GET', `/marketplaces/ebay/products/${stocked[0]?.id}`)).json() as MarketplaceProductDetail;
    expect(detail.product.variants.every((v) => v.listed?.external_ref.offerId)).toBe(true);
    expect(detail.recent_sync.some((entry) => entry.operation === 'list' && entry.ok)).toBe(true);
  });

  it('an end batch takes listings off eBay and a relist batch puts them back with the same ids', async () => {
    const before = (await world.call('GET', `/marketplaces/ebay/products/${stocked[0]?.id}`)).json() as MarketplaceProductDetail;
    const ended = await runBatch(ebayId, 'end', [stocked[0]?.id ?? '']);
    expect(ended.batch.status).toBe('completed');
    for (const variant of stocked[0]?.variants ?? []) expect(offerStatus(variant.sku)).toBe('UNPUBLISHED');
    const endedPage = (await world.call('GET', '/marketplaces/ebay/products?status=ended')).json() as MarketplaceProducts;
    expect(endedPage.products.map((p) => p.product_id)).toEqual([stocked[0]?.id]);

    // Ending it again is refused up front; a price change on an ended listing too.
    const again = await world.call('POST', '/batch-operations', {
      connection_id: ebayId,
      operation_type: 'end',
      items: [{ product_id: stocked[0]?.id }],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.details[0].field).toBe('items.0.product_id');
    const price = await world.call('POST', '/batch-operations', {
      connection_id: ebayId,
      operation_type: 'price',
      items: [{ variant_id: stocked[0]?.variants[0]?.id, price_cents: 100 }],
    });
    expect(price.statusCode).toBe(400);

    const relisted = await runBatch(ebayId, 'relist', [stocked[0]?.id ?? '']);
    expect(relisted.batch.status).toBe('completed');
    for (const variant of stocked[0]?.variants ?? []) expect(offerStatus(variant.sku)).toBe('PUBLISHED');
    const after = (await world.call('GET', `/marketplaces/ebay/products/${stocked[0]?.id}`)).json() as MarketplaceProductDetail;
    expect(after.product.listing?.status).toBe('active');
    expect(after.product.variants.map((v) => v.listed?.external_ref.offerId)).toEqual(
      before.product.variants.map((v) => v.listed?.external_ref.offerId),
    );

    // Relisting something never listed is refused, naming the item.
    const never = await world.call('POST', '/batch-operations', {
      connection_id: ebayId,
      operation_type: 'relist',
      items: [{ product_id: empty.id }],
    });
    expect(never.statusCode).toBe(400);
  });

  it('the Shopify overview shows the connection, listings, orders of the channel and recent batches; Square says it is not connected', async () => {
    const listedOnShopify = await runBatch(shopifyId, 'list', [stocked[0]?.id ?? '']);
    expect(listedOnShopify.batch.status).toBe('completed');
    const overview = (await world.call('GET', '/marketplaces/shopify/overview')).json() as MarketplaceOverview;
    expect(overview.connection).toMatchObject({ id: shopifyId, status: 'connected' });
    expect(overview).toMatchObject({ counts: { active: 1 }, listed_variants: 3, units_listed: 6, variant_errors: 0 });
    expect(overview.recent_batches.map((b) => b.id)).toEqual([listedOnShopify.batch.id]);

    // An order of the Shopify channel, through the sales entry point its webhooks use.
    const channels = (await world.call('GET', '/channels')).json() as { id: string; kind: string }[];
    const channel = channels.find((c) => c.kind === 'shopify');
    const imported = await world.call('POST', `/channels/${channel?.id}/orders`, {
      external_order_id: 'gid://shopify/Order/7001',
      lines: [{ sku: stocked[0]?.variants[0]?.sku ?? '', quantity: 1, unit_price_cents: 14_000 }],
      shipping_cents: 1_000,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const withOrder = (await world.call('GET', '/marketplaces/shopify/overview')).json() as MarketplaceOverview;
    // Revenue as the dashboard and the sales list count it: the kept units plus shipping.
    expect(withOrder).toMatchObject({ sales_30d: 1, revenue_30d_cents: 15_000 });
    expect(withOrder.recent_orders).toMatchObject([{ external_order_id: 'gid://shopify/Order/7001', total_cents: 15_000, units: 1 }]);

    const square = (await world.call('GET', '/marketplaces/square/overview')).json() as MarketplaceOverview;
    expect(square.connection).toBeNull();
    expect(square.recent_orders).toEqual([]);
    const squareProducts = (await world.call('GET', '/marketplaces/square/products')).json() as MarketplaceProducts;
    expect(squareProducts).toMatchObject({ connection: null, products: [] });
    expect((await world.call('GET', '/marketplaces/whatnot/products')).statusCode).toBe(400);
    expect((await world.call('GET', `/marketplaces/ebay/products/${'01a20072-0000-7000-8000-000000000003'}`)).statusCode).toBe(404);
  });
});
