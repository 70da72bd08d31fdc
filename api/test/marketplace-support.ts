import type { MikroORM } from '@mikro-orm/postgresql';
import type { EbaySimulator } from '../../tests/simulators/ebay/ebay-simulator.ts';
import type { ShopifySimulator } from '../../tests/simulators/shopify/shopify-simulator.ts';
import type { SquareSimulator } from '../../tests/simulators/square/square-simulator.ts';
import { newId } from '../src/db/ids.ts';
import type { ConnectionSettings } from '../src/modules/connections/adapter-factory.ts';
import { type ConnectionSecrets, sealSecrets } from '../src/modules/connections/connection-secrets.ts';
import { TEST_TOKEN_KEY } from './helper.ts';

export type Simulated =
  | { platform: 'ebay'; sim: EbaySimulator }
  | { platform: 'shopify'; sim: ShopifySimulator }
  | { platform: 'square'; sim: SquareSimulator };

/**
 * A connected channel as after a completed OAuth round trip, without the browser: tokens issued
 * by the simulator's control API, sealed exactly as the callback seals them. For the sync,
 * listings and batch tests; the OAuth flow itself is tested in the connections module.
 */
export async function connectSimulator(
  orm: MikroORM,
  businessId: string,
  target: Simulated,
  settings: ConnectionSettings = {},
): Promise<{ connectionId: string; channelId: string }> {
  const em = orm.em.fork();
  await em.execute(
    `INSERT INTO sales_channels (id, business_id, kind, name, enabled)
     VALUES (?, ?, ?, ?, true) ON CONFLICT (business_id, kind) DO UPDATE SET enabled = true`,
    [newId(), businessId, target.platform, target.platform],
  );
  const [channel] = await em.execute<{ id: string }[]>('SELECT id FROM sales_channels WHERE business_id = ? AND kind = ?', [
    businessId,
    target.platform,
  ]);
  const channelId = channel?.id ?? '';
  const connectionId = newId();
  let secrets: ConnectionSecrets;
  let shopDomain: string | null = null;
  let authBaseUrl: string | null = null;
  let account: string;
  const expiresIn = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
  switch (target.platform) {
    case 'ebay': {
      const { sim } = target;
      const token = sim.control.issueUserToken();
      secrets = {
        app: { clientId: sim.credentials.clientId, clientSecret: sim.credentials.clientSecret, redirectUri: sim.credentials.ruName },
        token: { accessToken: token.accessToken, refreshToken: token.refreshToken, expiresAt: expiresIn(7200) },
      };
      authBaseUrl = sim.authBaseUrl;
      account = sim.credentials.sellerUsername;
      break;
    }
    case 'shopify': {
      const { sim } = target;
      const token = sim.control.issueToken();
      secrets = {
        app: { clientId: sim.credentials.clientId, clientSecret: sim.credentials.clientSecret, redirectUri: 'http://127.0.0.1:9/cb' },
        token: { accessToken: token.accessToken, refreshToken: token.refreshToken, expiresAt: null },
      };
      shopDomain = sim.credentials.shop;
      account = sim.credentials.shop;
      settings = { external_location_id: sim.control.locations()[0]?.id ?? null, ...settings };
      break;
    }
    case 'square': {
      const { sim } = target;
      secrets = {
        app: {
          clientId: sim.credentials.applicationId,
          clientSecret: sim.credentials.applicationSecret,
          redirectUri: 'http://127.0.0.1:9/cb',
        },
        token: { accessToken: sim.control.issueToken(), refreshToken: null, expiresAt: expiresIn(30 * 86_400) },
      };
      account = sim.credentials.merchantId;
      settings = { external_location_id: sim.control.locations()[0]?.id ?? null, ...settings };
      break;
    }
  }
  await em.execute(
    `INSERT INTO channel_connections (id, business_id, channel_id, platform, environment, api_base_url, auth_base_url, shop_domain,
                                      external_account_id, account_name, status, credentials_sealed, token_expires_at, settings, connected_at)
     VALUES (?, ?, ?, ?, 'simulator', ?, ?, ?, ?, ?, 'connected', ?, ?, ?::jsonb, now())`,
    [
      connectionId,
      businessId,
      channelId,
      target.platform,
      target.sim.baseUrl,
      authBaseUrl,
      shopDomain,
      account,
      account,
      sealSecrets(secrets, TEST_TOKEN_KEY, connectionId),
      secrets.token?.expiresAt ?? null,
      JSON.stringify(settings),
    ],
  );
  return { connectionId, channelId };
}
