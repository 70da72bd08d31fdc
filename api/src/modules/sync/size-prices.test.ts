import type { BatchDetail, BatchOperation } from '@tradepost/shared/schemas/batch-operations.ts';
import type { InventoryControl, Listing, ListingVariant } from '@tradepost/shared/schemas/listings.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseSnapshot, registerAndLogin, type SignedIn } from '../../../test/helper.ts';
import { connect, list, type StockedProduct, type SyncWorld, settle, startSyncWorld, stockedProduct } from './sync-test-support.ts';

// A size's own price on a listing (a reseller repricing size 10 on eBay) survives the automatic
// price pushes that follow a base price or price rule change, until it is cleared.

let w: SyncWorld;
let stranger: SignedIn;
let ebayConnection = '';
let ebayChannel = '';
let shoe: StockedProduct;
let listing: Listing;

const variant = (size: string) => shoe.variants.find((v) => v.size === size)?.id ?? '';
const sku = (size: string) => shoe.variants.find((v) => v.size === size)?.sku ?? '';
/** The price eBay shows for a size, as the simulator holds it. */
const ebayPrice = (size: string) =>
  (w.ebay.control.offersForSku(sku(size))[0] as { pricingSummary: { price: { value: string } } }).pricingSummary.price.value;

/** The listing as the inventory-control matrix shows it. */
async function readListing(): Promise<Listing> {
  const res = await w.call('GET', `/listings/inventory-control?search=${encodeURIComponent(shoe.title)}`);
  expect(res.statusCode, res.body).toBe(200);
  const found = (res.json() as InventoryControl).rows.flatMap((row) => row.listings).find((l) => l.id === listing.id);
  if (!found) throw new Error('listing not in the matrix');
  return found;
}

async function sizeState(size: string): Promise<Pick<ListingVariant, 'price_override_cents' | 'price_cents' | 'price_source'>> {
  const v = (await readListing()).variants.find((x) => x.variant_id === variant(size));
  return {
    price_override_cents: v?.price_override_cents ?? null,
    price_cents: v?.price_cents ?? null,
    price_source: v?.price_source ?? null,
  };
}

async function priceBatch(items: { variant_id: string; price_cents?: number }[]): Promise<BatchDetail> {
  const res = await w.call('POST', '/batch-operations', { connection_id: ebayConnection, operation_type: 'price', items });
  expect(res.statusCode, res.body).toBe(201);
  await settle(w);
  return (await w.call('GET', `/batch-operations/${(res.json() as BatchOperation).id}`)).json() as BatchDetail;
}

const patch = (body: object, who?: SignedIn, listingId = listing.id) => w.call('PATCH', `/listings/${listingId}`, body, who);

beforeAll(async () => {
  w = await startSyncWorld();
  stranger = await registerAndLogin(w.t.app, { business_name: 'Stranger Size Kicks' });
  ebayConnection = await connect(w, 'ebay');
  const channels = (await w.call('GET', '/channels')).json() as { id: string; kind: string }[];
  ebayChannel = channels.find((c) => c.kind === 'ebay')?.id ?? '';
  shoe = await stockedProduct(w, 2, ['9', '10']);
  listing = (await list(w, ebayConnection, shoe.id)) as Listing;
  await settle(w);
}, 60_000);
afterAll(async () => w.close());

describe('a size’s own price on a listing', () => {
  it('a price batch keeps size 10’s price through base price and price rule changes; size 9 follows them', async () => {
    expect([ebayPrice('9'), ebayPrice('10')]).toEqual(['140.00', '140.00']);
    const batch = await priceBatch([{ variant_id: variant('10'), price_cents: 19_900 }]);
    expect(batch.batch).toMatchObject({ status: 'completed', succeeded: 1 });
    expect(ebayPrice('10')).toBe('199.00');
    expect(await sizeState('10')).toEqual({ price_override_cents: 19_900, price_cents: 19_900, price_source: 'size' });

    const changed = await w.call('PATCH', `/products/${shoe.id}`, {
      variants: [
        { id: variant('9'), price_cents: 15_000 },
        { id: variant('10'), price_cents: 15_000 },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await settle(w);
    expect([ebayPrice('9'), ebayPrice('10')]).toEqual(['150.00', '199.00']);
    expect(await sizeState('9')).toEqual({ price_override_cents: null, price_cents: 15_000, price_source: 'product' });

    const rule = await w.call('PUT', `/price-rules/${ebayChannel}`, {
      markup_percent: 10,
      rounding: '.99',
      min_margin_percent: null,
      enabled: true,
    });
    expect(rule.statusCode, rule.body).toBe(200);
    await settle(w);
    expect([ebayPrice('9'), ebayPrice('10')]).toEqual(['165.99', '199.00']);
    expect(await sizeState('9')).toMatchObject({ price_cents: 16_599, price_source: 'rule' });

    // Sending the whole listing again (Update in the matrix) keeps it too.
    await list(w, ebayConnection, shoe.id);
    await settle(w);
    expect([ebayPrice('9'), ebayPrice('10')]).toEqual(['165.99', '199.00']);
  });

  it('the size’s own price wins over the listing’s price', async () => {
    const res = await patch({ price_override_cents: 17_500 });
    expect(res.statusCode, res.body).toBe(200);
    await settle(w);
    expect([ebayPrice('9'), ebayPrice('10')]).toEqual(['175.00', '199.00']);
    expect(await sizeState('9')).toMatchObject({ price_cents: 17_500, price_source: 'listing' });
    expect((await patch({ price_override_cents: null })).statusCode).toBe(200);
    await settle(w);
    expect([ebayPrice('9'), ebayPrice('10')]).toEqual(['165.99', '199.00']);
  });

  it('clearing the size’s price through PATCH makes it follow the rule again', async () => {
    const res = await patch({ size_prices: [{ variant_id: variant('10'), price_cents: null }] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Listing).variants.find((v) => v.variant_id === variant('10'))).toMatchObject({
      price_override_cents: null,
      price_cents: 16_599,
      price_source: 'rule',
    });
    await settle(w);
    expect(ebayPrice('10')).toBe('165.99');
  });

  it('a size price set through PATCH is pushed, and a batch item without a price goes back to the channel’s price', async () => {
    const res = await patch({ size_prices: [{ variant_id: variant('10'), price_cents: 18_800 }] });
    expect(res.statusCode, res.body).toBe(200);
    await settle(w);
    expect(ebayPrice('10')).toBe('188.00');
    expect(ebayPrice('9')).toBe('165.99');

    const batch = await priceBatch([{ variant_id: variant('10') }]);
    expect(batch.batch).toMatchObject({ status: 'completed', succeeded: 1 });
    expect(ebayPrice('10')).toBe('165.99');
    expect(await sizeState('10')).toEqual({ price_override_cents: null, price_cents: 16_599, price_source: 'rule' });
  });

  it('a failed batch item changes nothing', async () => {
    expect((await patch({ size_prices: [{ variant_id: variant('10'), price_cents: 18_800 }] })).statusCode).toBe(200);
    await settle(w);
    // eBay refuses this one element of the bulk call (207 with its own error), as it does a bad price.
    w.ebay.control.failNext({
      route: 'POST /sell/inventory/v1/bulk_update_price_quantity',
      status: 207,
      body: {
        responses: [
          { sku: sku('10'), statusCode: 400, errors: [{ errorId: 25003, category: 'REQUEST', message: 'The price is not valid' }] },
        ],
      },
    });
    const batch = await priceBatch([{ variant_id: variant('10'), price_cents: 17_700 }]);
    w.ebay.control.clearFaults();
    expect(batch.batch).toMatchObject({ status: 'failed', failed: 1 });
    expect(ebayPrice('10')).toBe('188.00');
    expect(await sizeState('10')).toMatchObject({ price_override_cents: 18_800, price_source: 'size' });
  });
});

describe('PATCH size_prices refuses bad input and writes nothing', () => {
  it('names the field of each bad entry', async () => {
    const other = await stockedProduct(w, 1, ['11']);
    await settle(w);
    const cases: { body: object; field: string; message: RegExp }[] = [
      {
        body: { size_prices: [{ variant_id: other.variants[0]?.id, price_cents: 100 }] },
        field: 'size_prices.0.variant_id',
        message: /^This size is not on this listing$/,
      },
      {
        body: { size_prices: [{ variant_id: '00000000-0000-4000-8000-000000000000', price_cents: 100 }] },
        field: 'size_prices.0.variant_id',
        message: /^This size is not on this listing$/,
      },
      {
        body: {
          size_prices: [
            { variant_id: variant('9'), price_cents: 100 },
            { variant_id: variant('9'), price_cents: 200 },
          ],
        },
        field: 'size_prices.1.variant_id',
        message: /twice/,
      },
      {
        body: { size_prices: [{ variant_id: variant('9'), price_cents: -5 }] },
        field: 'size_prices.0.price_cents',
        message: /more than zero/,
      },
      {
        body: { size_prices: [{ variant_id: variant('9'), price_cents: 100_000_001 }] },
        field: 'size_prices.0.price_cents',
        message: /at most/,
      },
      {
        body: { size_prices: [{ variant_id: variant('9'), price_cents: 12.5 }] },
        field: 'size_prices.0.price_cents',
        message: /whole cents/,
      },
      { body: { size_prices: [{ variant_id: 'size-nine', price_cents: 100 }] }, field: 'size_prices.0.variant_id', message: /./ },
      { body: { size_prices: [{ variant_id: variant('9') }] }, field: 'size_prices.0.price_cents', message: /./ },
    ];
    const before = await databaseSnapshot(w.t.orm);
    for (const { body, field, message } of cases) {
      const res = await patch(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const details = (res.json() as { error: { details: { field: string; message: string }[] } }).error.details;
      expect(details, JSON.stringify(body)).toEqual(expect.arrayContaining([{ field, message: expect.stringMatching(message) }]));
    }
    // A good entry next to a bad one is not written either.
    const mixed = await patch({
      size_prices: [
        { variant_id: variant('9'), price_cents: 12_300 },
        { variant_id: other.variants[0]?.id, price_cents: 100 },
      ],
    });
    expect(mixed.statusCode).toBe(400);
    expect(await databaseSnapshot(w.t.orm)).toEqual(before);
  });

  it('another business’s listing is 404, and its sizes are not on ours', async () => {
    const before = await databaseSnapshot(w.t.orm);
    const foreign = await patch({ size_prices: [{ variant_id: variant('9'), price_cents: 100 }] }, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(await databaseSnapshot(w.t.orm)).toEqual(before);
    const theirs = await w.call(
      'POST',
      '/products',
      {
        title: 'Stranger Runner',
        brand: 'Nike',
        category: 'sneakers',
        size_format: 'us-men',
        variants: [{ size: '9', sku: `STR-${Date.now()}`, price_cents: 10_000, barcodes: [] }],
      },
      stranger,
    );
    expect(theirs.statusCode, theirs.body).toBe(201);
    const afterProduct = await databaseSnapshot(w.t.orm);
    const theirVariant = (theirs.json() as StockedProduct).variants[0]?.id;
    const res = await patch({ size_prices: [{ variant_id: theirVariant, price_cents: 100 }] });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: { details: unknown[] } }).error.details).toEqual([
      { field: 'size_prices.0.variant_id', message: 'This size is not on this listing' },
    ]);
    expect(await databaseSnapshot(w.t.orm)).toEqual(afterProduct);
  });
});
