import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, list, type SyncWorld, settle, startSyncWorld, uploadPhoto } from '../sync/sync-test-support.ts';

// A pre-owned item's price lives on its one variant. Changing it must reach the marketplaces that
// list it, exactly as a catalog product's price does (it once did not: the change never left us).

let w: SyncWorld;
let ebayConnection = '';

beforeAll(async () => {
  w = await startSyncWorld();
  ebayConnection = await connect(w, 'ebay');
}, 60_000);
afterAll(async () => w.close());

async function publishedItem(priceCents: number): Promise<{ id: string; sku: string }> {
  const created = await w.call('POST', '/preowned', {
    title: 'Air Jordan 1 Retro High OG Chicago (pre-owned)',
    brand: 'Jordan',
    style_code: 'DZ5485-612',
    size_format: 'us-men',
    size: '10',
    grade: 'excellent',
    condition_notes: 'Worn twice, original box.',
    images: [{ media_id: await uploadPhoto(w) }],
    price_cents: priceCents,
    unit_cost_cents: 18_000,
    location_id: w.location,
    publish: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: string; sku: string };
}

const ebayPrice = (sku: string) =>
  (w.ebay.control.offersForSku(sku)[0] as { pricingSummary: { price: { value: string } } } | undefined)?.pricingSummary.price.value;

describe('a pre-owned item listed on a marketplace', () => {
  it('sends its new price to the marketplace when the price changes', async () => {
    const item = await publishedItem(32_000);
    await list(w, ebayConnection, item.id);
    await settle(w);
    expect(ebayPrice(item.sku)).toBe('320.00');

    const changed = await w.call('PATCH', `/preowned/${item.id}`, { price_cents: 29_500 });
    expect(changed.statusCode, changed.body).toBe(200);
    await settle(w);
    expect(ebayPrice(item.sku)).toBe('295.00');
  });

  it('sends nothing when a change leaves the price as it was', async () => {
    const item = await publishedItem(30_000);
    await list(w, ebayConnection, item.id);
    await settle(w);
    const pricePushes = async () =>
      (await w.t.orm.em.fork().execute<{ n: number }[]>(`SELECT count(*)::int AS n FROM jobs WHERE kind = 'sync.push_price'`))[0]?.n;
    const before = await pricePushes();
    const renamed = await w.call('PATCH', `/preowned/${item.id}`, { condition_notes: 'Worn three times, original box.' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await settle(w);
    expect(await pricePushes()).toBe(before);
    expect(ebayPrice(item.sku)).toBe('300.00');
  });
});
