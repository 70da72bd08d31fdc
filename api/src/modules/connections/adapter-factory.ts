import type { EntityManager } from '@mikro-orm/postgresql';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import type { AdapterConfig, FetchFn, MarketplaceAdapter, Platform, SquareRef } from '../marketplaces/public.ts';
import {
  createEbayAdapter,
  createShopifyAdapter,
  createSquareAdapter,
  type EbayAdapter,
  PlatformError,
  type ShopifyAdapter,
} from '../marketplaces/public.ts';
import { databaseTokenStore, loadSecrets } from './connection-secrets.ts';
import { type AddressRule, addressProblem, guardedFetch } from './outbound-address.ts';
import { addressRuleOf } from './platform-targets.ts';

export type ConnectionRow = {
  id: string;
  business_id: string;
  channel_id: string;
  platform: Platform;
  environment: 'production' | 'sandbox' | 'simulator';
  api_base_url: string;
  auth_base_url: string | null;
  shop_domain: string | null;
  status: 'pending' | 'connected' | 'reconnect_needed' | 'disconnected';
  settings: ConnectionSettings;
};

/** Per-connection settings kept in `channel_connections.settings` (sync on/off and the buffer live on the channel). */
export type ConnectionSettings = {
  /** Our locations whose available stock this channel sells; empty or absent: all of them. */
  location_ids?: string[];
  /** The platform's location our stock is set at (Shopify location gid, Square location id). */
  external_location_id?: string | null;
  /** eBay: business policies and the inventory location key listings use. */
  ebay?: {
    marketplace_id?: string;
    merchant_location_key?: string;
    fulfillment_policy_id?: string;
    payment_policy_id?: string;
    return_policy_id?: string;
    category_id?: string;
    /** The account's policies' names by id, as eBay answered when it was connected (the screens show them). */
    policy_names?: Record<string, string>;
  };
  /** The account's locations as the platform listed them when it was connected (for the pickers and checks). */
  external_locations?: { id: string; name: string }[];
  /** Where the platform sends notifications, exactly as registered (Square signs over it). */
  webhook_url?: string | null;
  /** What the seller must still set up on the platform before listings can go live (from prepareAccount). */
  setup_needed?: string[];
};

export type AnyAdapter = EbayAdapter | ShopifyAdapter | MarketplaceAdapter<SquareRef>;

export type AdapterDeps = {
  /** An EntityManager outside any business transaction: token refreshes must persist even if the caller rolls back. */
  em: EntityManager;
  tokenKey: Buffer;
  fetch?: FetchFn;
  sleep?: (ms: number) => Promise<void>;
};

/** The columns of a ConnectionRow, for every read of one. */
export const connectionColumns = [
  'id',
  'business_id',
  'channel_id',
  'platform',
  'environment',
  'api_base_url',
  'auth_base_url',
  'shop_domain',
  'status',
  'settings',
] as const satisfies readonly (keyof DB['channel_connections'])[];

export const CONNECTION_COLUMNS = connectionColumns.join(', ');

export async function loadConnection(em: EntityManager, businessId: string, connectionId: string): Promise<ConnectionRow | null> {
  const row = await tenantDb(em, businessId)
    .selectFrom('channel_connections')
    .where('id', '=', connectionId)
    .select(connectionColumns)
    // CHECK constraints hold platform, environment and status to ConnectionRow's values; settings is this area's to write.
    .$castTo<ConnectionRow>()
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The rule the connection's stored address is held to whenever the server calls it (see
 * outbound-address.ts), checked now: a simulator's address on another machine, stored before the
 * rule existed or written into the row by hand, is never called. Null: the platform's own hosts.
 */
export async function connectionAddressRule(
  connection: Pick<ConnectionRow, 'platform' | 'environment' | 'api_base_url' | 'shop_domain'>,
): Promise<AddressRule | null> {
  const rule = addressRuleOf({
    platform: connection.platform,
    environment: connection.environment,
    apiBaseUrl: connection.api_base_url,
    shopDomain: connection.shop_domain,
  });
  const problem = rule ? await addressProblem(connection.api_base_url, rule) : null;
  if (problem) throw new PlatformError(null, 'ADDRESS_REFUSED', `This connection's address is refused: ${problem}`, false);
  return rule;
}

/** The adapter for one connection: its base URLs, its app credentials and a token store over the sealed row. */
export async function adapterFor(deps: AdapterDeps, connection: ConnectionRow): Promise<AnyAdapter> {
  const rule = await connectionAddressRule(connection);
  const secrets = await loadSecrets(deps.em, deps.tokenKey, connection.business_id, connection.id);
  const store = databaseTokenStore(deps.em, deps.tokenKey, connection.business_id, connection.id);
  const config: AdapterConfig = {
    baseUrl: connection.api_base_url,
    clientId: secrets.app.clientId,
    clientSecret: secrets.app.clientSecret,
    redirectUri: secrets.app.redirectUri,
    ...(connection.auth_base_url ? { authBaseUrl: connection.auth_base_url } : {}),
    ...(connection.shop_domain ? { shopDomain: connection.shop_domain } : {}),
    ...(secrets.webhookSignatureKey ? { webhookSignatureKey: secrets.webhookSignatureKey } : {}),
    // Every call to an address a seller chose connects only where its rule allows, checked again per socket.
    ...(deps.fetch ? { fetch: deps.fetch } : rule ? { fetch: guardedFetch(rule) } : {}),
    ...(deps.sleep ? { sleep: deps.sleep } : {}),
  };
  switch (connection.platform) {
    case 'ebay':
      return createEbayAdapter(config, store);
    case 'shopify':
      // A new authorization asks for an expiring offline token (required of public apps, reference §2.2);
      // an existing token keeps the kind it was issued as.
      return createShopifyAdapter({ ...config, expiringTokens: secrets.token ? secrets.token.refreshToken != null : true }, store);
    case 'square':
      return createSquareAdapter(config, store);
  }
}
