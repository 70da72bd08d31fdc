import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { type EbaySimulator, startEbaySimulator } from '../../../../tests/simulators/ebay/ebay-simulator.ts';
import { type ShopifySimulator, startShopifySimulator } from '../../../../tests/simulators/shopify/shopify-simulator.ts';
import { type SquareSimulator, startSquareSimulator } from '../../../../tests/simulators/square/square-simulator.ts';
import { bearer, createTestApp, registerAndLogin, type SignedIn, TEST_TOKEN_KEY, type TestApp } from '../../../test/helper.ts';
import { connectSimulator } from '../../../test/marketplace-support.ts';
import { adapterFor, loadConnection } from '../connections/adapter-factory.ts';
import { loadSecrets, saveSecrets } from '../connections/connection-secrets.ts';

// The sync tests' world: the real app listening on a real port (simulators deliver signed
// webhooks to it), the three simulators in process, and a business with stocked products.

export type SyncWorld = {
  t: TestApp;
  owner: SignedIn;
  /** http://127.0.0.1:<port> of the app. */
  base: string;
  ebay: EbaySimulator;
  shopify: ShopifySimulator;
  square: SquareSimulator;
  location: string;
  call: (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    payload?: object,
    who?: SignedIn,
  ) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

export async function startSyncWorld(env: Record<string, string> = {}): Promise<SyncWorld> {
  const mediaDir = mkdtempSync(join(tmpdir(), 'tradepost-sync-media-'));
  const webhookRetry = { baseDelayMs: 5 };
  const [ebay, shopify, square] = await Promise.all([
    startEbaySimulator({ acceptUrl: 'http://127.0.0.1:9/cb', webhookRetry }),
    startShopifySimulator({ webhookRetry }),
    startSquareSimulator({ webhookRetry }),
  ]);
  // No PUBLIC_URL: listing uploads photo bytes to each platform, so no public address is needed.
  const t = await createTestApp({ MEDIA_DIR: mediaDir, ...env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const owner = await registerAndLogin(t.app, { business_name: 'Sync Kicks' });
  const call: SyncWorld['call'] = (method, path, payload, who = owner) =>
    t.app.inject({
      method,
      url: `/api/v1/businesses/${who.businessId}${path}`,
      headers: bearer(who.token),
      ...(payload ? { payload } : {}),
    });
  const location = (await call('GET', '/locations')).json()[0].id as string;
  return {
    t,
    owner,
    base,
    ebay,
    shopify,
    square,
    location,
    call,
    close: async () => {
      await t.close();
      await Promise.all([ebay.close(), shopify.close(), square.close()]);
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

export type Platform = 'ebay' | 'shopify' | 'square';

/**
 * A connected channel as the connections flow leaves it: tokens from the simulator, the
 * account prepared (eBay policies and location), webhooks registered at the app's own address.
 */
export async function connect(world: SyncWorld, platform: Platform, businessId = world.owner.businessId): Promise<string> {
  const target =
    platform === 'ebay'
      ? ({ platform, sim: world.ebay } as const)
      : platform === 'shopify'
        ? ({ platform, sim: world.shopify } as const)
        : ({ platform, sim: world.square } as const);
  const { connectionId } = await connectSimulator(world.t.orm, businessId, target);
  const em = world.t.orm.em.fork();
  const row = await loadConnection(em, businessId, connectionId);
  if (!row) throw new Error('connection not stored');
  const adapter = await adapterFor({ em, tokenKey: TEST_TOKEN_KEY }, row);
  const account = await adapter.prepareAccount({
    shipFrom: {
      name: 'Sync Kicks warehouse',
      address: { addressLine1: '1 Main St', city: 'Austin', stateOrProvince: 'TX', postalCode: '78701', country: 'US' },
    },
  });
  const url = `${world.base}/api/v1/webhooks/${platform}/${connectionId}`;
  const settings: Record<string, unknown> = { ...row.settings, webhook_url: url };
  if (account.ebay)
    settings.ebay = {
      marketplace_id: account.ebay.marketplaceId,
      merchant_location_key: account.ebay.merchantLocationKey,
      fulfillment_policy_id: account.ebay.fulfillmentPolicyId,
      payment_policy_id: account.ebay.paymentPolicyId,
      return_policy_id: account.ebay.returnPolicyId,
    };
  await em.execute('UPDATE channel_connections SET settings = ?::jsonb WHERE id = ?', [JSON.stringify(settings), connectionId]);
  const secrets = await loadSecrets(em, TEST_TOKEN_KEY, businessId, connectionId);
  if (platform === 'ebay') {
    const verificationToken = `verify-${connectionId.replaceAll('-', '')}`;
    await saveSecrets(em, TEST_TOKEN_KEY, businessId, connectionId, { ...secrets, webhookSignatureKey: verificationToken });
    await adapter.registerWebhooks({ url, verificationToken, alertEmail: 'alerts@sync-kicks.test' });
  } else {
    const { signatureKey } = await adapter.registerWebhooks({ url });
    if (signatureKey) await saveSecrets(em, TEST_TOKEN_KEY, businessId, connectionId, { ...secrets, webhookSignatureKey: signatureKey });
  }
  return connectionId;
}

let photo: Buffer | null = null;
let made = 0;

export type StockedProduct = { id: string; title: string; variants: { id: string; size: string; sku: string }[] };

/** Uploads a plain JPEG (eBay refuses a listing without a photo) and returns its media id. */
export async function uploadPhoto(world: SyncWorld): Promise<string> {
  photo ??= await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2d7d46' } })
    .jpeg()
    .toBuffer();
  const uploaded = await world.t.app.inject({
    method: 'POST',
    url: `/api/v1/businesses/${world.owner.businessId}/media`,
    headers: { ...bearer(world.owner.token), 'content-type': 'image/jpeg' },
    payload: photo,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return uploaded.json().id as string;
}

/** A sneaker with a photo and the given sizes, each stocked with `stock` units at the default location. */
export async function stockedProduct(
  world: SyncWorld,
  stock: number | Record<string, number>,
  sizes = ['9', '10', '11'],
): Promise<StockedProduct> {
  const i = made++;
  const mediaId = await uploadPhoto(world);
  const tag = `${Date.now().toString(36)}${i}`.toUpperCase();
  const created = await world.call('POST', '/products', {
    title: `Air Max 90 Sync ${tag}`,
    brand: 'Nike',
    style_code: `SYNC-${tag}`,
    category: 'sneakers',
    size_format: 'us-men',
    images: [{ media_id: mediaId }],
    variants: sizes.map((size) => ({ size, sku: `AM90-${tag}-${size}`, price_cents: 14_000, barcodes: [] })),
  });
  expect(created.statusCode, created.body).toBe(201);
  const product = created.json() as StockedProduct;
  const lines = product.variants
    .map((v) => ({ v, quantity: typeof stock === 'number' ? stock : (stock[v.size] ?? 0) }))
    .filter(({ quantity }) => quantity > 0)
    .map(({ v, quantity }) => ({ variant_id: v.id, quantity, reason: 'received', unit_cost_cents: 8_000 }));
  if (lines.length) {
    const adjusted = await world.call('POST', '/inventory/adjustments', { location_id: world.location, lines });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
  }
  return product;
}

/** Adds (or with a negative number, removes) units of one size through the ledger. */
export async function adjust(world: SyncWorld, variantId: string, quantity: number): Promise<void> {
  const res = await world.call('POST', '/inventory/adjustments', {
    location_id: world.location,
    lines: [{ variant_id: variantId, quantity, reason: quantity > 0 ? 'received' : 'damaged', unit_cost_cents: 8_000 }],
  });
  expect(res.statusCode, res.body).toBe(201);
}

export async function list(world: SyncWorld, connectionId: string, productId: string) {
  const res = await world.call('POST', '/listings', { connection_id: connectionId, product_id: productId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; status: string; variants: { variant_id: string; pushed_quantity: number | null }[] };
}

/** Each platform's sellable quantity of a SKU, read from the simulator. */
export function platformQuantities(world: SyncWorld, sku: string) {
  const item = world.ebay.control.inventoryItem(sku) as { availability?: { shipToLocationAvailability?: { quantity?: number } } } | null;
  return {
    ebay: item?.availability?.shipToLocationAvailability?.quantity ?? null,
    shopify: world.shopify.control.quantity(sku),
    square: world.square.control.inStock(sku),
  };
}

/** Our available units of a variant, and proof the ledger still equals the levels. */
export async function ourAvailable(world: SyncWorld, variantId: string): Promise<number> {
  const ledger = (await world.call('GET', `/inventory/variants/${variantId}/ledger`)).json() as {
    reconciliation: { level: { available: number }; matches: boolean }[];
  };
  expect(ledger.reconciliation.every((r) => r.matches)).toBe(true);
  return ledger.reconciliation.reduce((sum, r) => sum + r.level.available, 0);
}

/** Waits for the simulators' deliveries, then for every job they caused (and the jobs those caused). */
export async function settle(world: SyncWorld): Promise<void> {
  for (let round = 0; round < 3; round++) {
    await Promise.all([world.ebay.control.settleWebhooks(), world.shopify.control.settleWebhooks(), world.square.control.settleWebhooks()]);
    await world.t.app.jobs.drain({ timeoutMs: 30_000 });
  }
}
