import type { ChannelSettings, ChannelSettingsSaved, ProductChannelSettings } from '@tradepost/shared/schemas/channel-settings.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseSnapshot, errorFields, joinAs, registerAndLogin, type SignedIn } from '../../../test/helper.ts';
import { connect, list, type StockedProduct, type SyncWorld, settle, startSyncWorld, stockedProduct } from './sync-test-support.ts';

// A product's settings on each connected marketplace, from its configure page (issue #17): what is
// saved comes back, reaches eBay when the product is listed, and a change to a live listing reaches
// eBay at once (a size's price through the listing's price push, a title through the listing update).

let w: SyncWorld;
let stranger: SignedIn;
let ebayConnection = '';
let shopifyConnection = '';
let shoe: StockedProduct;

const variant = (size: string) => shoe.variants.find((v) => v.size === size)?.id ?? '';
const sku = (size: string) => shoe.variants.find((v) => v.size === size)?.sku ?? '';
type EbayOffer = { pricingSummary: { price: { value: string } }; categoryId: string };
const ebayOffer = (size: string) => w.ebay.control.offersForSku(sku(size))[0] as EbayOffer | undefined;
const ebayItem = (size: string) =>
  w.ebay.control.inventoryItem(sku(size)) as { condition: string; product: { title: string; aspects: Record<string, string[]> } } | null;

const path = (productId = shoe.id) => `/products/${productId}/channel-settings`;
async function read(): Promise<ProductChannelSettings> {
  const res = await w.call('GET', path());
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductChannelSettings;
}
const channel = async (connectionId: string): Promise<ChannelSettings> => {
  const found = (await read()).channels.find((c) => c.connection.id === connectionId);
  if (!found) throw new Error('channel not shown');
  return found;
};
const save = (connectionId: string, body: object, who?: SignedIn, productId = shoe.id) =>
  w.call('PUT', `${path(productId)}/${connectionId}`, body, who);

const ebayBody = {
  title: 'Nike Air Max 90 Infrared — size run',
  sizes: [] as { variant_id: string; listed: boolean; price_cents: number | null }[],
  ebay: { category_id: '95672', condition: 'new_other', aspects: [{ name: 'Color', values: ['White', 'Infrared'] }] },
};

beforeAll(async () => {
  w = await startSyncWorld();
  stranger = await registerAndLogin(w.t.app, { business_name: 'Stranger Channel Kicks' });
  ebayConnection = await connect(w, 'ebay');
  shopifyConnection = await connect(w, 'shopify');
  shoe = await stockedProduct(w, 2, ['9', '10', '11']);
}, 60_000);
afterAll(async () => w.close());

describe('a product’s channel settings', () => {
  it('shows each connected marketplace with its defaults until something is saved', async () => {
    const { channels } = await read();
    expect(channels.map((c) => c.connection.platform)).toEqual(['ebay', 'shopify']);
    const ebay = channels[0] as ChannelSettings;
    expect(ebay).toMatchObject({ listing: null, title: null, default_title: shoe.title });
    expect(ebay.ebay).toEqual({ category_id: null, default_category_id: '15709', condition: null, default_condition: 'new', aspects: [] });
    expect(
      ebay.sizes.map((s) => [s.size, s.listed, s.on_listing, s.price_override_cents, s.default_price_cents, s.default_price_source]),
    ).toEqual([
      ['9', true, false, null, 14_000, 'product'],
      ['10', true, false, null, 14_000, 'product'],
      ['11', true, false, null, 14_000, 'product'],
    ]);
    expect(channels[1]?.ebay).toBeNull();
    // A business without marketplaces gets none.
    const empty = await w.call('GET', path((await stockedProductOf(stranger)).id), undefined, stranger);
    expect(empty.json()).toEqual({ channels: [] });
  });

  it('saved before listing, the title, eBay details, a size kept off and a size’s price are what eBay gets', async () => {
    const saved = await save(ebayConnection, {
      ...ebayBody,
      sizes: [
        { variant_id: variant('9'), listed: true, price_cents: 15_000 },
        { variant_id: variant('11'), listed: false, price_cents: null },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { update_error: updateError, ...answer } = saved.json() as ChannelSettingsSaved;
    expect(updateError).toBeNull();
    expect(await channel(ebayConnection)).toEqual(answer);
    expect(answer).toMatchObject({
      title: ebayBody.title,
      ebay: { category_id: '95672', condition: 'new_other', aspects: ebayBody.ebay.aspects },
    });
    expect(answer.sizes.map((s) => [s.size, s.listed, s.price_override_cents])).toEqual([
      ['9', true, 15_000],
      ['10', true, null],
      ['11', false, null],
    ]);
    // Shopify's settings are its own.
    expect((await channel(shopifyConnection)).title).toBeNull();

    const listing = await list(w, ebayConnection, shoe.id);
    await settle(w);
    expect(listing.variants.map((v) => v.variant_id).sort()).toEqual([variant('9'), variant('10')].sort());
    expect(ebayItem('11')).toBeNull();
    expect(ebayItem('9')).toMatchObject({ condition: 'NEW_OTHER', product: { title: ebayBody.title } });
    // The seller's item specifics go beside ours (Brand and the size).
    expect(ebayItem('9')?.product.aspects).toMatchObject({ Color: ['White', 'Infrared'], Brand: [expect.any(String)] });
    expect(ebayOffer('9')).toMatchObject({ categoryId: '95672', pricingSummary: { price: { value: '150.00' } } });
    expect(ebayOffer('10')?.pricingSummary.price.value).toBe('140.00');
    // Size 9's price now lives on the listing.
    const after = await channel(ebayConnection);
    expect(after.listing?.status).toBe('active');
    expect(after.sizes.map((s) => [s.size, s.on_listing, s.price_override_cents])).toEqual([
      ['9', true, 15_000],
      ['10', true, null],
      ['11', false, null],
    ]);
  });

  it('on a live listing, a size’s new price reaches eBay through the listing’s price push', async () => {
    const res = await save(ebayConnection, {
      ...ebayBody,
      sizes: [
        { variant_id: variant('9'), listed: true, price_cents: 15_000 },
        { variant_id: variant('10'), listed: true, price_cents: 19_900 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ChannelSettingsSaved).update_error).toBeNull();
    await settle(w);
    expect(ebayOffer('10')?.pricingSummary.price.value).toBe('199.00');
    expect(ebayOffer('9')?.pricingSummary.price.value).toBe('150.00');
    expect((await channel(ebayConnection)).sizes.find((s) => s.size === '10')).toMatchObject({
      on_listing: true,
      price_override_cents: 19_900,
    });
  });

  it('on a live listing, a new title reaches eBay, and a size listed again joins the listing', async () => {
    const renamed = await save(ebayConnection, { ...ebayBody, title: 'Air Max 90 Infrared' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((renamed.json() as ChannelSettingsSaved).update_error).toBeNull();
    expect(ebayItem('10')?.product.title).toBe('Air Max 90 Infrared');

    const joined = await save(ebayConnection, {
      ...ebayBody,
      title: 'Air Max 90 Infrared',
      sizes: [{ variant_id: variant('11'), listed: true, price_cents: null }],
    });
    expect(joined.statusCode, joined.body).toBe(200);
    await settle(w);
    expect(ebayOffer('11')?.pricingSummary.price.value).toBe('140.00');
    expect(ebayOffer('10')?.pricingSummary.price.value).toBe('199.00');
  });

  it('refuses what cannot be saved, naming each field, and writes nothing', async () => {
    await settle(w);
    const before = await databaseSnapshot(w.t.orm);
    const cases: [string, object, string[]][] = [
      [ebayConnection, { ...ebayBody, title: 'x'.repeat(81) }, ['title']],
      [ebayConnection, { ...ebayBody, ebay: { ...ebayBody.ebay, category_id: 'sneakers' } }, ['ebay.category_id']],
      [ebayConnection, { ...ebayBody, ebay: { ...ebayBody.ebay, condition: 'mint' } }, ['ebay.condition']],
      [
        ebayConnection,
        { ...ebayBody, ebay: { ...ebayBody.ebay, aspects: [{ name: 'Brand', values: ['Adidas'] }] } },
        ['ebay.aspects.0.name'],
      ],
      [ebayConnection, { ...ebayBody, ebay: { ...ebayBody.ebay, aspects: [{ name: 'Color', values: [] }] } }, ['ebay.aspects.0.values']],
      [ebayConnection, { ...ebayBody, sizes: [{ variant_id: variant('9'), listed: true, price_cents: 0 }] }, ['sizes.0.price_cents']],
      [ebayConnection, { ...ebayBody, sizes: [{ variant_id: variant('10'), listed: false, price_cents: null }] }, ['sizes.0.listed']],
      [
        ebayConnection,
        { ...ebayBody, sizes: [{ variant_id: stranger.businessId, listed: true, price_cents: null }] },
        ['sizes.0.variant_id'],
      ],
      [shopifyConnection, { title: null, ebay: ebayBody.ebay }, ['ebay']],
    ];
    for (const [connectionId, body, fields] of cases) {
      const res = await save(connectionId, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorFields(res), JSON.stringify(body)).toEqual(fields);
    }
    expect(await databaseSnapshot(w.t.orm)).toEqual(before);
  });

  it('answers 404 for another business’s product or connection, and 403 to the fulfillment role', async () => {
    const theirs = await stockedProductOf(stranger);
    expect((await save(ebayConnection, ebayBody, undefined, theirs.id)).statusCode).toBe(404);
    expect((await w.call('GET', path(theirs.id))).statusCode).toBe(404);
    expect((await save(ebayConnection, ebayBody, stranger, theirs.id)).statusCode).toBe(404);
    const packer = await joinAs(w.t.app, w.owner, 'fulfillment');
    await settle(w);
    const before = await databaseSnapshot(w.t.orm);
    expect((await w.call('GET', path(), undefined, packer)).statusCode).toBe(403);
    expect((await save(ebayConnection, { ...ebayBody, title: 'Packed' }, packer)).statusCode).toBe(403);
    expect(await databaseSnapshot(w.t.orm)).toEqual(before);
  });
});

/** A product of another business, created through its own API. */
async function stockedProductOf(who: SignedIn): Promise<{ id: string }> {
  const res = await w.call(
    'POST',
    '/products',
    {
      title: 'Samba OG Cloud White',
      brand: 'adidas',
      category: 'sneakers',
      size_format: 'us-men',
      variants: [{ size: '9', sku: `SAMBA-${Date.now().toString(36)}`, price_cents: 10_000, barcodes: [] }],
    },
    who,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}
