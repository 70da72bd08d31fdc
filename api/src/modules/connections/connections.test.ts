import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { PlatformConnection } from '@tradepost/shared/schemas/connections.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type EbaySimulator, startEbaySimulator } from '../../../../tests/simulators/ebay/ebay-simulator.ts';
import { type ShopifySimulator, startShopifySimulator } from '../../../../tests/simulators/shopify/shopify-simulator.ts';
import { type SquareSimulator, startSquareSimulator } from '../../../../tests/simulators/square/square-simulator.ts';
import {
  bearer,
  createTestApp,
  databaseSnapshot,
  errorFields,
  registerAndLogin,
  type SignedIn,
  STRONG_PASSWORD,
  TEST_TOKEN_KEY,
  type TestApp,
} from '../../../test/helper.ts';
import { adapterFor, loadConnection } from './adapter-factory.ts';
import { type ConnectionSecrets, openSecrets, sealSecrets } from './connection-secrets.ts';
import { newNonce, signState } from './oauth-state.ts';

// The OAuth round trip of each platform against its simulator, in process: our API (app.inject,
// listening too so the platforms can reach our webhook endpoint) → the simulator's consent page
// (consent 'auto' redirects at once) → our public callback.

let t: TestApp;
let origin: string;
let host: string;
let ebay: EbaySimulator;
let shopify: ShopifySimulator;
let square: SquareSimulator;

beforeAll(async () => {
  // Simulators are allowed here: tests run them on this machine.
  t = await createTestApp({ JOB_LEASE_MS: '2000', SIMULATORS_ENABLED: 'true' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  host = `127.0.0.1:${port}`;
  origin = `http://${host}`;
  // The demo seller has an inventory location and business policies, as a real seller would.
  ebay = await startEbaySimulator({ consent: 'auto', acceptUrl: `${origin}/api/v1/channels/ebay/oauth/callback`, seed: { demo: true } });
  shopify = await startShopifySimulator({ consent: 'auto' });
  square = await startSquareSimulator({ consent: 'auto', redirectUrl: `${origin}/api/v1/channels/square/oauth/callback` });
});

afterAll(async () => {
  await Promise.all([ebay?.close(), shopify?.close(), square?.close()]);
  await t?.close();
});

afterEach(() => {
  // Clock moves of the refresh tests must not leak into the next test.
  ebay.control.setClock(Date.now());
});

const simulatorBody = {
  ebay: () => ({
    environment: 'simulator',
    base_url: ebay.baseUrl,
    app: { client_id: ebay.credentials.clientId, client_secret: ebay.credentials.clientSecret, redirect_uri: ebay.credentials.ruName },
  }),
  shopify: () => ({
    environment: 'simulator',
    base_url: shopify.baseUrl,
    shop_domain: shopify.credentials.shop,
    app: { client_id: shopify.credentials.clientId, client_secret: shopify.credentials.clientSecret },
  }),
  square: () => ({
    environment: 'simulator',
    base_url: square.baseUrl,
    app: { client_id: square.credentials.applicationId, client_secret: square.credentials.applicationSecret },
  }),
} as const;

type Platform = keyof typeof simulatorBody;

const api = (user: SignedIn, path: string) => `/api/v1/businesses/${user.businessId}${path}`;

async function authorize(user: SignedIn, platform: Platform, body: object = simulatorBody[platform]()) {
  const res = await t.app.inject({
    method: 'POST',
    url: api(user, `/connections/${platform}/authorize`),
    headers: { ...bearer(user.token), host },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { authorize_url: string; connection_id: string };
}

/** The platform's consent page with consent given at once: where it sends the browser back. */
async function consentRedirect(authorizeUrl: string): Promise<URL> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (!location) throw new Error(`no redirect from the consent page: ${res.status} ${await res.text()}`);
  return new URL(location);
}

/** Our callback as the browser opens it: answers where we send the browser next. */
async function callback(url: URL): Promise<URL> {
  const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host } });
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location), origin);
}

async function connect(user: SignedIn, platform: Platform) {
  const { authorize_url, connection_id } = await authorize(user, platform);
  const back = await callback(await consentRedirect(authorize_url));
  return { back, connectionId: connection_id };
}

async function connections(user: SignedIn): Promise<PlatformConnection[]> {
  const res = await t.app.inject({ method: 'GET', url: api(user, '/connections'), headers: bearer(user.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PlatformConnection[];
}

async function connectionOf(user: SignedIn, platform: Platform) {
  const entry = (await connections(user)).find((c) => c.platform === platform);
  if (!entry) throw new Error(`no ${platform} entry`);
  return entry;
}

type Row = { status: string; credentials_sealed: string | null; token_expires_at: Date | null; row: string };

async function connectionRow(connectionId: string): Promise<Row> {
  const [row] = await t.orm.em
    .fork()
    .execute<Row[]>(
      'SELECT status, credentials_sealed, token_expires_at, row_to_json(c)::text AS row FROM channel_connections c WHERE id = ?',
      [connectionId],
    );
  if (!row) throw new Error('no connection row');
  return row;
}

async function secretsOf(connectionId: string): Promise<ConnectionSecrets> {
  const row = await connectionRow(connectionId);
  return openSecrets(row.credentials_sealed ?? '', TEST_TOKEN_KEY, connectionId);
}

async function refreshJob(connectionId: string) {
  const [job] = await t.orm.em
    .fork()
    .execute<{ id: string; run_at: Date; status: string }[]>(
      `SELECT id, run_at, status FROM jobs WHERE coalesce_key = ? AND status = 'queued'`,
      [`refresh:${connectionId}`],
    );
  return job ?? null;
}

/** Our side of "time passes": the stored token now expires in `ms`, and its refresh job is due. */
async function tokenExpiresIn(connectionId: string, ms: number) {
  const secrets = await secretsOf(connectionId);
  const expiresAt = new Date(Date.now() + ms).toISOString();
  const next: ConnectionSecrets = { ...secrets, token: secrets.token ? { ...secrets.token, expiresAt } : null };
  const em = t.orm.em.fork();
  await em.execute('UPDATE channel_connections SET credentials_sealed = ?, token_expires_at = ? WHERE id = ?', [
    sealSecrets(next, TEST_TOKEN_KEY, connectionId),
    expiresAt,
    connectionId,
  ]);
  await em.execute(`UPDATE jobs SET run_at = now() WHERE coalesce_key = ? AND status = 'queued'`, [`refresh:${connectionId}`]);
}

/**
 * Connecting schedules the account's first poll 5 s later (sync.first-poll). Run the polls due soon
 * now, so one of an earlier test's accounts does not land between a test's two snapshots.
 */
async function pollsSettled(): Promise<void> {
  await t.orm.em
    .fork()
    .execute(
      `UPDATE jobs SET run_at = now() WHERE status = 'queued' AND coalesce_key LIKE 'reconcile:%' AND run_at < now() + interval '10 seconds'`,
    );
}

describe('OAuth round trip per platform', () => {
  it('connects eBay: account, locations and policies read, token sealed, refresh scheduled', async () => {
    const user = await registerAndLogin(t.app);
    const { back, connectionId } = await connect(user, 'ebay');
    expect(back.pathname).toBe('/sales-channels-management');
    expect(back.searchParams.get('connected')).toBe('ebay');

    const entry = await connectionOf(user, 'ebay');
    const connection = entry.connection;
    expect(connection).toMatchObject({
      id: connectionId,
      status: 'connected',
      environment: 'simulator',
      simulator: true,
      account_name: expect.stringMatching(/\S/),
      api_base_url: ebay.baseUrl,
    });
    expect(connection?.settings.external_locations.length).toBeGreaterThan(0);
    expect(connection?.settings.external_location_id).toBe(connection?.settings.external_locations[0]?.id);
    expect(connection?.token_expires_at).not.toBeNull();
    expect(connection?.settings.ebay).toMatchObject({
      marketplace_id: 'EBAY_US',
      fulfillment_policy_id: expect.stringMatching(/\S/),
      payment_policy_id: expect.stringMatching(/\S/),
      return_policy_id: expect.stringMatching(/\S/),
      // The names the seller gave them on eBay (the simulator's seeded policies), shown instead of the ids.
      fulfillment_policy_name: 'Sim standard shipping',
      payment_policy_name: 'Sim managed payments',
      return_policy_name: 'Sim 30 day returns',
    });
    expect(connection?.settings.setup_needed).toEqual([]);
    // A policy id eBay did not name when connecting has no name: the screens show its id.
    const chosen = await t.app.inject({
      method: 'PATCH',
      url: api(user, `/connections/${connectionId}`),
      headers: bearer(user.token),
      payload: { ebay: { payment_policy_id: '6299999999' } },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().settings.ebay).toMatchObject({
      payment_policy_id: '6299999999',
      payment_policy_name: null,
      fulfillment_policy_name: 'Sim standard shipping',
    });

    // Notifications go to this connection's endpoint, exactly; it answered eBay's challenge.
    expect(connection?.settings.webhook_url).toBe(`${origin}/api/v1/webhooks/ebay/${connectionId}`);
    expect(connection?.last_error).toBeNull();
    const destinations = ebay.control.requests({ method: 'POST', pathIncludes: '/commerce/notification/v1/destination' });
    expect(
      destinations.some(
        (r) => JSON.stringify(r.body).includes(`${origin}/api/v1/webhooks/ebay/${connectionId}`) && r.headers.authorization !== undefined,
      ),
    ).toBe(true);

    // Sealed: neither the token nor the app secret appears anywhere in the row; the sealed value opens to them.
    const secrets = await secretsOf(connectionId);
    const row = await connectionRow(connectionId);
    expect(secrets.token?.accessToken).toMatch(/\S{10}/);
    expect(row.row).not.toContain(secrets.token?.accessToken ?? '-');
    expect(row.row).not.toContain(secrets.token?.refreshToken ?? '-');
    expect(row.row).not.toContain(ebay.credentials.clientSecret);
    expect(secrets.oauthNonce).toBeUndefined();
    // Nor in the API's answer.
    const listed = JSON.stringify(await connections(user));
    expect(listed).not.toContain(secrets.token?.accessToken ?? '-');
    expect(listed).not.toContain(ebay.credentials.clientSecret);

    // The channel sells now, and the token's refresh waits until ten minutes before it expires.
    const [channel] = await t.orm.em
      .fork()
      .execute<{ enabled: boolean }[]>('SELECT enabled FROM sales_channels WHERE id = ?', [entry.channel_id]);
    expect(channel?.enabled).toBe(true);
    const job = await refreshJob(connectionId);
    const expected = new Date(connection?.token_expires_at ?? 0).getTime() - 10 * 60_000;
    expect(Math.abs(new Date(job?.run_at ?? 0).getTime() - expected)).toBeLessThan(60_000);
  });

  it('connects Shopify: hmac checked, expiring token, locations, webhooks at our endpoint, success page', async () => {
    const user = await registerAndLogin(t.app);
    const { back, connectionId } = await connect(user, 'shopify');
    expect(back.pathname).toBe('/shopify-success');
    expect(back.searchParams.get('shop')).toBe(shopify.credentials.shop);

    const { connection } = await connectionOf(user, 'shopify');
    expect(connection).toMatchObject({ status: 'connected', simulator: true, shop_domain: shopify.credentials.shop, last_error: null });
    expect(connection?.account_name).toMatch(/\S/);
    const locations = shopify.control.locations();
    expect(connection?.settings.external_locations.map((l) => l.id).sort()).toEqual(locations.map((l) => l.id).sort());
    expect(connection?.settings.webhook_url).toBe(`${origin}/api/v1/webhooks/shopify/${connectionId}`);

    const secrets = await secretsOf(connectionId);
    expect(secrets.token?.refreshToken).toMatch(/^shprt_/);
    expect((await connectionRow(connectionId)).row).not.toContain(secrets.token?.accessToken ?? '-');
    expect(await refreshJob(connectionId)).not.toBeNull();

    const [business] = await t.orm.em
      .fork()
      .execute<{ shopify_enabled: boolean }[]>('SELECT shopify_enabled FROM businesses WHERE id = ?', [user.businessId]);
    expect(business?.shopify_enabled).toBe(true);
  });

  it('connects Square: merchant and locations, the subscription signature key kept sealed', async () => {
    const user = await registerAndLogin(t.app);
    const { back, connectionId } = await connect(user, 'square');
    expect(back.searchParams.get('connected')).toBe('square');

    const { connection } = await connectionOf(user, 'square');
    expect(connection).toMatchObject({ status: 'connected', account_id: square.credentials.merchantId, last_error: null });
    expect(connection?.settings.external_locations.map((l) => l.id)).toEqual(
      expect.arrayContaining(square.control.locations().map((l) => l.id)),
    );
    expect(connection?.settings.webhook_url).toBe(`${origin}/api/v1/webhooks/square/${connectionId}`);
    const secrets = await secretsOf(connectionId);
    expect(secrets.webhookSignatureKey).toMatch(/\S{8}/);
    expect((await connectionRow(connectionId)).row).not.toContain(secrets.webhookSignatureKey ?? '-');
  });

  it('stays connected when notifications cannot be registered, and says why', async () => {
    const unreachable = await createTestApp(
      { PUBLIC_URL: 'http://127.0.0.1:9', SIMULATORS_ENABLED: 'true' },
      { database: { url: t.databaseUrl } },
    );
    try {
      const user = await registerAndLogin(unreachable.app);
      const start = await unreachable.app.inject({
        method: 'POST',
        url: api(user, '/connections/ebay/authorize'),
        headers: bearer(user.token),
        payload: simulatorBody.ebay(),
      });
      const back = await consentRedirect((start.json() as { authorize_url: string }).authorize_url);
      const res = await unreachable.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
      expect(new URL(String(res.headers.location), origin).searchParams.get('connected')).toBe('ebay');
      const list = await unreachable.app.inject({ method: 'GET', url: api(user, '/connections'), headers: bearer(user.token) });
      const entry = (list.json() as PlatformConnection[]).find((c) => c.platform === 'ebay');
      expect(entry?.connection?.status).toBe('connected');
      expect(entry?.connection?.settings.webhook_url).toBeNull();
      expect(entry?.connection?.last_error).toMatch(
        /notifications could not be registered at http:\/\/127\.0\.0\.1:9\/api\/v1\/webhooks\/ebay\//i,
      );
    } finally {
      await unreachable.close();
    }
  });
});

describe('refused callbacks connect nothing', () => {
  it('refuses a tampered or expired state', async () => {
    const user = await registerAndLogin(t.app);
    const { authorize_url, connection_id } = await authorize(user, 'ebay');
    const back = await consentRedirect(authorize_url);

    const tampered = new URL(back);
    const [payload, signature] = (back.searchParams.get('state') ?? '').split('.');
    const forged = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    forged.e = Date.now() + 3_600_000;
    tampered.searchParams.set('state', `${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`);
    const refused = await callback(tampered);
    expect(refused.pathname).toBe('/sales-channels-management');
    expect(refused.searchParams.get('error')).toMatch(/not recognised or has expired/);

    const secrets = await secretsOf(connection_id);
    const expired = new URL(back);
    expired.searchParams.set(
      'state',
      signState(TEST_TOKEN_KEY, {
        businessId: user.businessId,
        connectionId: connection_id,
        userId: user.userId,
        platform: 'ebay',
        nonce: secrets.oauthNonce ?? newNonce(),
        expiresAt: Date.now() - 1_000,
      }),
    );
    expect((await callback(expired)).searchParams.get('error')).toMatch(/expired/);

    // A valid state for another platform's callback is refused too.
    const crossed = new URL(back);
    crossed.pathname = '/api/v1/channels/square/oauth/callback';
    expect((await callback(crossed)).searchParams.get('error')).toMatch(/not recognised/);

    expect((await connectionRow(connection_id)).status).toBe('pending');
    expect((await secretsOf(connection_id)).token).toBeNull();
    expect((await connectionOf(user, 'ebay')).connection?.status).toBe('pending');

    // The genuine callback still works once, and only once.
    expect((await callback(back)).searchParams.get('connected')).toBe('ebay');
    expect((await callback(back)).searchParams.get('error')).toMatch(/already used/);
  });

  it('refuses a Shopify callback whose hmac does not match', async () => {
    const user = await registerAndLogin(t.app);
    const { authorize_url, connection_id } = await authorize(user, 'shopify');
    const back = await consentRedirect(authorize_url);
    const wrong = new URL(back);
    wrong.searchParams.set('hmac', 'a'.repeat(64));
    const refused = await callback(wrong);
    expect(refused.searchParams.get('error')).toMatch(/signature/i);
    expect((await secretsOf(connection_id)).token).toBeNull();
    expect((await connectionRow(connection_id)).status).toBe('pending');

    // Another shop under the genuine signature is refused as well: the hmac covers the shop.
    const otherShop = new URL(back);
    otherShop.searchParams.set('shop', 'someone-else.myshopify.com');
    expect((await callback(otherShop)).searchParams.get('error')).toMatch(/signature/i);
    expect((await connectionOf(user, 'shopify')).connection?.status).toBe('pending');

    // Signed as Shopify signs (its library's message: sorted, URL-encoded; see shopify-callback.test.ts).
    const signedByShopify = (url: URL) => {
      url.searchParams.delete('hmac');
      const message = new URLSearchParams([...url.searchParams].sort(([a], [b]) => a.localeCompare(b))).toString();
      url.searchParams.set('hmac', createHmac('sha256', shopify.credentials.clientSecret).update(message).digest('hex'));
      return url;
    };
    // A genuine callback replayed after Shopify's 90 seconds is refused.
    const stale = new URL(back);
    stale.searchParams.set('timestamp', String(Math.trunc(Date.now() / 1_000) - 91));
    expect((await callback(signedByShopify(stale))).searchParams.get('error')).toMatch(/not signed within the last 90 seconds/);
    expect((await connectionRow(connection_id)).status).toBe('pending');

    // Forgeries did not use up the genuine callback, and a value Shopify encodes ('=' in a padded host) is signed encoded.
    const padded = new URL(back);
    padded.searchParams.set('host', `${back.searchParams.get('host')}==`);
    expect((await callback(signedByShopify(padded))).pathname).toBe('/shopify-success');
  });

  it('a declined consent leaves nothing connected and says so', async () => {
    const user = await registerAndLogin(t.app);
    const { authorize_url, connection_id } = await authorize(user, 'ebay');
    const back = await consentRedirect(`${authorize_url}&consent=decline`);
    expect(back.searchParams.get('error')).toBe('access_denied');
    const answer = await callback(back);
    expect(answer.searchParams.get('error')).toMatch(/declined/);
    const { connection } = await connectionOf(user, 'ebay');
    expect(connection).toMatchObject({ status: 'disconnected', status_reason: expect.stringMatching(/declined/) });
    expect((await secretsOf(connection_id)).token).toBeNull();
    expect(await refreshJob(connection_id)).toBeNull();
  });
});

describe('authorize input', () => {
  it('refuses an address that is not the right simulator, and simulators in production', async () => {
    const user = await registerAndLogin(t.app);
    await pollsSettled();
    const before = await databaseSnapshot(t.orm);
    const attempt = async (platform: Platform, body: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: api(user, `/connections/${platform}/authorize`),
        headers: { ...bearer(user.token), host },
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(400);
      return (res.json() as { error: { details?: { field: string; message: string }[] } }).error.details ?? [];
    };
    // Our own API answers 404 on /__sim/info: not a simulator.
    expect(await attempt('ebay', { ...simulatorBody.ebay(), base_url: origin })).toEqual([
      { field: 'base_url', message: expect.stringMatching(/No eBay simulator/) },
    ]);
    expect(await attempt('ebay', { ...simulatorBody.ebay(), base_url: square.baseUrl })).toEqual([
      { field: 'base_url', message: expect.stringMatching(/square simulator/) },
    ]);
    expect(await attempt('ebay', { ...simulatorBody.ebay(), environment: 'production' })).toEqual([
      { field: 'base_url', message: expect.stringMatching(/Production uses eBay's own address/) },
    ]);
    expect(await attempt('ebay', { ...simulatorBody.ebay(), base_url: undefined })).toEqual([
      { field: 'base_url', message: 'Base URL is required for a simulator' },
    ]);
    expect(await attempt('shopify', { ...simulatorBody.shopify(), shop_domain: 'example.com' })).toEqual([
      { field: 'shop_domain', message: expect.stringMatching(/myshopify\.com/) },
    ]);
    expect(await attempt('ebay', { environment: 'simulator', base_url: ebay.baseUrl })).toEqual(
      expect.arrayContaining([{ field: 'app.client_id', message: 'Client id is required' }]),
    );
    expect(await attempt('ebay', { ...simulatorBody.ebay(), app: { client_id: 'x', client_secret: 'y' } })).toEqual([
      { field: 'app.redirect_uri', message: 'RuName is required for eBay' },
    ]);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('refuses to start over a connected account until it is disconnected', async () => {
    const user = await registerAndLogin(t.app);
    await connect(user, 'square');
    const res = await t.app.inject({
      method: 'POST',
      url: api(user, '/connections/square/authorize'),
      headers: { ...bearer(user.token), host },
      payload: simulatorBody.square(),
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('addresses a seller gives are called only where allowed', () => {
  // A stand-in for another machine of the network (a database, a cloud metadata service): it
  // answers every call as a Shopify simulator would and counts them. It listens on every address
  // of this machine, so 0.0.0.0 (which Linux routes to this machine) and the machine's network
  // address reach it although neither is loopback.
  let inside: Server;
  let insidePort: number;
  const calls: string[] = [];
  const elsewhere = () => [
    `http://0.0.0.0:${insidePort}`,
    ...Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && !a.internal && a.family === 'IPv4')
      .map((a) => `http://${a?.address}:${insidePort}`),
  ];

  beforeAll(async () => {
    inside = createServer((request, response) => {
      calls.push(`${request.method} ${request.url}`);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ simulator: 'shopify' }));
    });
    await new Promise<void>((resolve) => inside.listen(0, '0.0.0.0', resolve));
    insidePort = (inside.address() as AddressInfo).port;
    // Each of these addresses does reach it: a refusal below is the rule's, not the network's.
    for (const url of elsewhere()) expect((await fetch(`${url}/__sim/info`)).status, url).toBe(200);
    calls.length = 0;
  });
  afterAll(async () => {
    inside.closeAllConnections();
    await new Promise((resolve) => inside.close(resolve));
  });

  const attempt = (app: TestApp['app'], user: SignedIn, platform: Platform, body: object) =>
    app.inject({
      method: 'POST',
      url: api(user, `/connections/${platform}/authorize`),
      headers: { ...bearer(user.token), host },
      payload: body,
    });

  it('with simulators turned off, Simulator is refused naming the environment: nothing called, nothing written', async () => {
    const off = await createTestApp({ SIMULATORS_ENABLED: 'false' }, { database: { url: t.databaseUrl } });
    try {
      const user = await registerAndLogin(off.app);
      await pollsSettled();
      const before = await databaseSnapshot(off.orm);
      const res = await attempt(off.app, user, 'shopify', { ...simulatorBody.shopify(), base_url: `http://127.0.0.1:${insidePort}` });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorFields(res)).toEqual(['environment']);
      expect(res.json().error.message).toMatch(/Simulators are turned off on this server/);
      expect(calls).toEqual([]);
      expect(await databaseSnapshot(off.orm)).toEqual(before);
      // The connect dialog reads this and does not offer a choice the server would refuse.
      const offered = async (app: TestApp['app'], who: SignedIn) => {
        const list = await app.inject({ method: 'GET', url: api(who, '/connections'), headers: { ...bearer(who.token), host } });
        expect(list.statusCode, list.body).toBe(200);
        return new Set(list.json().map((entry: { simulators_available: boolean }) => entry.simulators_available));
      };
      expect(await offered(off.app, user)).toEqual(new Set([false]));
      expect(await offered(t.app, await registerAndLogin(t.app))).toEqual(new Set([true]));
    } finally {
      await off.close();
    }
  });

  it('a simulator must be on this machine: any other address is refused naming its field, nothing called or written', async () => {
    const user = await registerAndLogin(t.app);
    await pollsSettled();
    const before = await databaseSnapshot(t.orm);
    for (const url of [
      ...elsewhere(),
      'http://10.255.255.1',
      'http://169.254.169.254',
      'http://[::ffff:a00:1]:80',
      'http://[fd00::2]:80',
    ]) {
      for (const field of ['base_url', 'auth_base_url'] as const) {
        const res = await attempt(t.app, user, 'shopify', { ...simulatorBody.shopify(), [field]: url });
        expect(res.statusCode, `${field} ${url}: ${res.body}`).toBe(400);
        expect(res.json().error.details, `${field} ${url}`).toEqual([
          { field, message: expect.stringMatching(/must run on this machine/) },
        ]);
      }
    }
    expect(calls).toEqual([]);
    expect(await databaseSnapshot(t.orm)).toEqual(before);

    // A name is judged by what it resolves to: localhost is this machine.
    const byName = await attempt(t.app, user, 'shopify', {
      ...simulatorBody.shopify(),
      base_url: shopify.baseUrl.replace('127.0.0.1', 'localhost'),
    });
    expect(byName.statusCode, byName.body).toBe(200);
  });

  it('a sandbox address must be on the internet: a private or local one is refused before anything is sent', async () => {
    const user = await registerAndLogin(t.app);
    await pollsSettled();
    const before = await databaseSnapshot(t.orm);
    for (const url of [...elsewhere(), `http://127.0.0.1:${insidePort}`, 'http://localhost:9']) {
      const res = await attempt(t.app, user, 'square', { ...simulatorBody.square(), environment: 'sandbox', base_url: url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().error.details, url).toEqual([{ field: 'base_url', message: expect.stringMatching(/must be on the internet/) }]);
    }
    expect(calls).toEqual([]);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('a stored simulator address off this machine is never called: no adapter, no reconnect, disconnect revokes nothing', async () => {
    const user = await registerAndLogin(t.app);
    const { connectionId } = await connect(user, 'square');
    // As a row written before the rule existed (or by hand) would hold it.
    await t.orm.em
      .fork()
      .execute('UPDATE channel_connections SET api_base_url = ? WHERE id = ?', [`http://0.0.0.0:${insidePort}`, connectionId]);
    const connection = await loadConnection(t.orm.em.fork(), user.businessId, connectionId);
    if (!connection) throw new Error('no connection row');
    await expect(adapterFor({ em: t.orm.em.fork(), tokenKey: TEST_TOKEN_KEY }, connection)).rejects.toMatchObject({
      code: 'ADDRESS_REFUSED',
      message: expect.stringMatching(/0\.0\.0\.0/),
    });

    const reconnect = await t.app.inject({
      method: 'POST',
      url: api(user, `/connections/${connectionId}/reconnect`),
      headers: { ...bearer(user.token), host },
    });
    expect(reconnect.statusCode, reconnect.body).toBe(409);
    expect(reconnect.json().error).toMatchObject({ code: 'ADDRESS_REFUSED', message: expect.stringMatching(/must run on this machine/) });

    const res = await t.app.inject({ method: 'DELETE', url: api(user, `/connections/${connectionId}`), headers: bearer(user.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'disconnected', revoked: false });
    expect(calls).toEqual([]);
  });
});

describe('tokens refresh before they expire', () => {
  it('the refresh job saves a new sealed token ten minutes ahead and schedules the next', async () => {
    const user = await registerAndLogin(t.app);
    const { connectionId } = await connect(user, 'ebay');
    const first = await secretsOf(connectionId);

    // Five minutes before expiry on both clocks: ours (the stored expiry) and the platform's.
    ebay.control.advanceClock(7_200_000 - 5 * 60_000);
    await tokenExpiresIn(connectionId, 5 * 60_000);
    await t.app.jobs.drain();

    const next = await secretsOf(connectionId);
    expect(next.token?.accessToken).not.toBe(first.token?.accessToken);
    expect(next.token?.refreshToken).toBe(first.token?.refreshToken);
    expect(new Date(next.token?.expiresAt ?? 0).getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
    expect((await connectionRow(connectionId)).row).not.toContain(next.token?.accessToken ?? '-');

    // Past the old token's end: only the new one opens the Sell APIs.
    ebay.control.advanceClock(10 * 60_000);
    const call = (token: string) =>
      fetch(`${ebay.baseUrl}/sell/inventory/v1/location`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
    expect(await call(first.token?.accessToken ?? '')).toBe(401);
    expect(await call(next.token?.accessToken ?? '')).toBe(200);

    const job = await refreshJob(connectionId);
    expect(new Date(job?.run_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
    expect((await connectionOf(user, 'ebay')).connection?.status).toBe('connected');
  });

  it('a refused refresh marks the connection reconnect needed with the reason; Reconnect restores it', async () => {
    const user = await registerAndLogin(t.app);
    const { connectionId } = await connect(user, 'ebay');
    // eBay refresh tokens last 18 months: past that the platform refuses the refresh.
    ebay.control.advanceClock(600 * 86_400_000);
    await tokenExpiresIn(connectionId, 5 * 60_000);
    await t.app.jobs.drain();

    const { connection } = await connectionOf(user, 'ebay');
    expect(connection?.status).toBe('reconnect_needed');
    expect(connection?.status_reason).toMatch(/refresh refused/);
    expect(await refreshJob(connectionId)).toBeNull();

    const res = await t.app.inject({
      method: 'POST',
      url: api(user, `/connections/${connectionId}/reconnect`),
      headers: { ...bearer(user.token), host },
    });
    expect(res.statusCode, res.body).toBe(200);
    const back = await callback(await consentRedirect((res.json() as { authorize_url: string }).authorize_url));
    expect(back.searchParams.get('connected')).toBe('ebay');
    expect((await connectionOf(user, 'ebay')).connection).toMatchObject({ id: connectionId, status: 'connected', status_reason: null });
  });

  it('two refreshes at once spend a rotating Shopify refresh token once, and both get the new token', async () => {
    const user = await registerAndLogin(t.app);
    const { connectionId } = await connect(user, 'shopify');
    const first = await secretsOf(connectionId);
    const connection = await loadConnection(t.orm.em.fork(), user.businessId, connectionId);
    if (!connection) throw new Error('no connection row');
    // Two jobs (or two API processes) with their own adapter for the same account.
    const [a, b] = await Promise.all([0, 1].map(() => adapterFor({ em: t.orm.em.fork(), tokenKey: TEST_TOKEN_KEY }, connection)));
    const [fromA, fromB] = await Promise.all([a?.refreshCredentials(), b?.refreshCredentials()]);

    expect(fromA?.accessToken).toBe(fromB?.accessToken);
    expect(fromA?.accessToken).not.toBe(first.token?.accessToken);
    const stored = await secretsOf(connectionId);
    expect(stored.token?.accessToken).toBe(fromA?.accessToken);
    expect(stored.token?.refreshToken).not.toBe(first.token?.refreshToken);
    // Shopify refused nothing: the old refresh token was spent once, so the account stays connected.
    expect((await connectionOf(user, 'shopify')).connection).toMatchObject({ status: 'connected', status_reason: null });
  });
});

describe('settings, disconnect and tenancy', () => {
  it('saves settings and refuses bad ones naming the field, writing nothing', async () => {
    const user = await registerAndLogin(t.app);
    const { connectionId } = await connect(user, 'shopify');
    const [location] = await t.orm.em
      .fork()
      .execute<{ id: string }[]>('SELECT id FROM locations WHERE business_id = ? LIMIT 1', [user.businessId]);
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: api(user, `/connections/${connectionId}`), headers: bearer(user.token), payload });

    const external = shopify.control.locations()[1]?.id ?? '';
    const saved = await patch({ sync_enabled: false, quantity_buffer: 2, location_ids: [location?.id], external_location_id: external });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      settings: { sync_enabled: false, quantity_buffer: 2, location_ids: [location?.id], external_location_id: external },
    });

    // The connection's first poll comes 5 s after connecting: let it run before the snapshot, or on a
    // busy machine it lands between the two and looks like a write.
    await t.app.jobs.drain({ withinMs: 6_000 });
    const before = await databaseSnapshot(t.orm);
    const bad = async (payload: object, field: string) => {
      const res = await patch(payload);
      expect(res.statusCode, res.body).toBe(400);
      const details = (res.json() as { error: { details: { field: string }[] } }).error.details;
      expect(details.map((d) => d.field)).toContain(field);
    };
    await bad({ quantity_buffer: 1001 }, 'quantity_buffer');
    await bad({ quantity_buffer: -1, sync_enabled: true }, 'quantity_buffer');
    await bad({ sync_enabled: 'yes' }, 'sync_enabled');
    await bad({ location_ids: ['0190b8c0-0000-7000-8000-000000000000'], quantity_buffer: 5 }, 'location_ids');
    await bad({ external_location_id: 'gid://shopify/Location/999999', sync_enabled: true }, 'external_location_id');
    await bad({ ebay: { payment_policy_id: 'P1' } }, 'ebay');
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('disconnects: revokes where the platform allows, forgets the tokens, turns sync off', async () => {
    const user = await registerAndLogin(t.app);
    const { connectionId } = await connect(user, 'square');
    const token = (await secretsOf(connectionId)).token?.accessToken ?? '';
    const locations = () =>
      fetch(`${square.baseUrl}/v2/locations`, { headers: { authorization: `Bearer ${token}`, 'square-version': '2025-08-20' } }).then(
        (r) => r.status,
      );
    expect(await locations()).toBe(200);

    const res = await t.app.inject({ method: 'DELETE', url: api(user, `/connections/${connectionId}`), headers: bearer(user.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'disconnected', revoked: true, settings: { sync_enabled: false } });
    expect(await locations()).toBe(401);

    const secrets = await secretsOf(connectionId);
    expect(secrets.token).toBeNull();
    expect(secrets.app.clientId).toBe(square.credentials.applicationId);
    expect(secrets.webhookSignatureKey).toBeUndefined();
    expect((await connectionRow(connectionId)).token_expires_at).toBeNull();
    expect(await refreshJob(connectionId)).toBeNull();
  });

  it("answers 404 for another business's connections and 403 to those who may not connect", async () => {
    const owner = await registerAndLogin(t.app);
    const { connectionId } = await connect(owner, 'square');
    const other = await registerAndLogin(t.app);
    const before = await databaseSnapshot(t.orm);
    const calls = [
      { method: 'GET' as const, url: `/api/v1/businesses/${owner.businessId}/connections` },
      { method: 'PATCH' as const, url: api(other, `/connections/${connectionId}`), payload: { quantity_buffer: 3 } },
      { method: 'DELETE' as const, url: api(other, `/connections/${connectionId}`) },
      { method: 'POST' as const, url: api(other, `/connections/${connectionId}/reconnect`) },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: bearer(other.token) });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    expect(await databaseSnapshot(t.orm)).toEqual(before);

    // A staff member sees the connections but cannot change them.
    const invite = await t.app.inject({
      method: 'POST',
      url: api(owner, '/invitations'),
      headers: bearer(owner.token),
      payload: { email: `staff-${Date.now()}@example.com`, role: 'staff' },
    });
    const token = String((invite.json() as { accept_path: string }).accept_path)
      .split('/')
      .pop();
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/v1/invitations/${token}/accept`,
      payload: { password: STRONG_PASSWORD, first_name: 'Sam', last_name: 'Staff' },
    });
    const staff = (accepted.json() as { access_token: string }).access_token;
    const seen = await t.app.inject({ method: 'GET', url: api(owner, '/connections'), headers: bearer(staff) });
    expect(seen.statusCode).toBe(200);
    const change = await t.app.inject({
      method: 'PATCH',
      url: api(owner, `/connections/${connectionId}`),
      headers: bearer(staff),
      payload: { quantity_buffer: 3 },
    });
    expect(change.statusCode).toBe(403);
  });
});
