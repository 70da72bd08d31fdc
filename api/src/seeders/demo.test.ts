import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/helper.ts';
import { DEMO_LOGIN, seedDemo } from './demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the demo business', () => {
  it('is created once on an empty database, with a shop whose every figure agrees with the ledger', async () => {
    expect(await seedDemo(t.orm.em.fork())).toEqual(DEMO_LOGIN);
    expect(await seedDemo(t.orm.em.fork())).toBeNull();

    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/json', payload: DEMO_LOGIN });
    expect(login.statusCode).toBe(200);
    const { access_token: token, user } = login.json();
    const get = async (path: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/businesses/${user.business.id}${path}`, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const products = await get('/products?limit=50&with_total=true');
    expect(products.items).toHaveLength(6);
    // Every demo product comes with its own drawn photo, a real image file, so it can be listed as it is.
    const photos = products.items.map((p: { images: { media_id: string }[] }) => p.images.map((i) => i.media_id));
    expect(photos.every((ids: string[]) => ids.length === 1)).toBe(true);
    expect(new Set(photos.flat()).size).toBe(6);
    const photo = await t.app.inject({ method: 'GET', url: `/api/v1/media/${photos[0][0]}` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(photo.rawPayload).metadata()).width).toBe(800);
    const sales = await get('/sales?limit=20&sort=created_at');
    // The counter's sale and the trade's sale of our item are both in store.
    expect(sales.items.map((s: { channel: { kind: string }; status: string }) => `${s.channel.kind}:${s.status}`).sort()).toEqual([
      'in_store:fulfilled',
      'in_store:fulfilled',
      'manual:open',
      'shopify:open',
    ]);
    expect(await get('/failed-orders')).toHaveLength(1);
    expect(await get('/fulfillments?status=open')).toHaveLength(2);
    const dashboard = await get('/analytics/dashboard');
    expect(dashboard.today.sales).toBe(4);
    expect(dashboard.inventory.units_on_hand).toBeGreaterThan(20);

    const variantIds = products.items.flatMap((p: { variants: { id: string }[] }) => p.variants.map((v) => v.id));
    for (const id of variantIds) {
      const ledger = await get(`/inventory/variants/${id}/ledger`);
      expect(ledger.reconciliation.every((r: { matches: boolean }) => r.matches)).toBe(true);
    }
  });
});
